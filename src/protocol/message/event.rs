//! Module-to-host events and their payloads: what the module says, and why it refused.

use std::fmt;

use super::DecodeError;
use super::type_byte;
use super::wire::{Move, MoveFlags, WirePosition, push_move, read_move, read_u32};
use crate::protocol::pass::{Decided, Pass};

/// Why a command was refused (the `ERROR` event's reason byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    IllegalMove,
    BadPosition,
    NothingToUndo,
    BadMessage,
    UnknownCommand,
    GameOver,
    BadArgument,
    /// A reason code this host does not know.
    Other(u8),
}

impl Refusal {
    fn code(self) -> u8 {
        match self {
            Refusal::IllegalMove => 1,
            Refusal::BadPosition => 2,
            Refusal::NothingToUndo => 3,
            Refusal::BadMessage => 4,
            Refusal::UnknownCommand => 5,
            Refusal::GameOver => 6,
            Refusal::BadArgument => 7,
            Refusal::Other(c) => c,
        }
    }

    fn from_code(c: u8) -> Self {
        match c {
            1 => Refusal::IllegalMove,
            2 => Refusal::BadPosition,
            3 => Refusal::NothingToUndo,
            4 => Refusal::BadMessage,
            5 => Refusal::UnknownCommand,
            6 => Refusal::GameOver,
            7 => Refusal::BadArgument,
            c => Refusal::Other(c),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::IllegalMove => write!(f, "illegal move"),
            Refusal::BadPosition => write!(f, "impossible position"),
            Refusal::NothingToUndo => write!(f, "nothing to take back"),
            Refusal::BadMessage => write!(f, "garbled message"),
            Refusal::UnknownCommand => write!(f, "unknown command"),
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::BadArgument => write!(f, "bad argument"),
            Refusal::Other(c) => write!(f, "refused (reason {c})"),
        }
    }
}

/// Module-to-host events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Ready {
        protocol: u8,
        rom: u8,
    },
    Ok {
        command: u8,
    },
    Error {
        command: u8,
        reason: Refusal,
    },
    Accepted {
        mv: Move,
        flags: MoveFlags,
    },
    /// The search's decision (`BESTMOVE`): the one report of a decision every layer has
    /// (its move always there on the wire, its `book` the flags' bit), and the move's
    /// flags.
    BestMove {
        decided: Decided<Move>,
        flags: MoveFlags,
    },
    /// A pass completed (`INFO`): the one report of a pass every layer has; its root list
    /// comes in the `ROOT` events after it (empty here).
    Info(Pass<Move>),
    GameOver(GameEnd),
    Perft {
        depth: u8,
        count: u32,
    },
    State {
        position: Box<WirePosition>,
        in_check: bool,
        level: u8,
    },
    /// One entry of the root list after a pass (sent after the pass's `INFO` when GO's
    /// flag bit 0 asks): the move and its key, side to move's view (exact for the pass's
    /// best move, an upper bound for the others, exactly 0 for a draw move).
    Root {
        mv: Move,
        key: i16,
    },
}

/// How a game ended, as the module reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is checkmated.
    Checkmate,
    Stalemate,
    Other(u8),
}

impl Event {
    /// Message type byte.
    pub fn kind(&self) -> u8 {
        match self {
            Event::Ready { .. } => type_byte::READY,
            Event::Ok { .. } => type_byte::OK,
            Event::Error { .. } => type_byte::ERROR,
            Event::Accepted { .. } => type_byte::ACCEPTED,
            Event::BestMove { .. } => type_byte::BEST_MOVE,
            Event::Info { .. } => type_byte::INFO,
            Event::GameOver(_) => type_byte::GAME_OVER,
            Event::Perft { .. } => type_byte::PERFT_COUNT,
            Event::State { .. } => type_byte::STATE,
            Event::Root { .. } => type_byte::ROOT,
        }
    }

    /// `(type, payload)` as sent.
    pub fn encode(&self) -> (u8, Vec<u8>) {
        let mut p = Vec::new();
        match self {
            Event::Ready { protocol, rom } => p.extend_from_slice(&[*protocol, *rom]),
            Event::Ok { command } => p.push(*command),
            Event::Error { command, reason } => p.extend_from_slice(&[*command, reason.code()]),
            Event::Accepted { mv, flags } => {
                push_move(&mut p, mv);
                p.push(flags.0);
            }
            Event::BestMove { decided, flags } => {
                // No legal move is no BESTMOVE (the module says GAMEOVER): a decision
                // without a move is sent as the null move a1a1.
                let null = Move {
                    from: 0,
                    to: 0,
                    promo: 0,
                };
                push_move(&mut p, &decided.best.unwrap_or(null));
                p.push(flags.0);
                p.extend_from_slice(&decided.score.to_le_bytes());
                p.extend_from_slice(&decided.positions.to_le_bytes());
                p.push(decided.passes);
            }
            Event::Info(pass) => {
                p.push(pass.pass);
                p.extend_from_slice(&pass.score.to_le_bytes());
                p.extend_from_slice(&pass.positions.to_le_bytes());
                let shown = pass.pv.len().min(80);
                p.push(shown as u8);
                pass.pv[..shown].iter().for_each(|m| push_move(&mut p, m));
            }
            Event::GameOver(end) => p.push(match end {
                GameEnd::Checkmate => 1,
                GameEnd::Stalemate => 2,
                GameEnd::Other(c) => *c,
            }),
            Event::Perft { depth, count } => {
                p.push(*depth);
                p.extend_from_slice(&count.to_le_bytes());
            }
            Event::State {
                position,
                in_check,
                level,
            } => {
                position.encode(&mut p);
                p.push(u8::from(*in_check));
                p.push(*level);
            }
            Event::Root { mv, key } => {
                push_move(&mut p, mv);
                p.extend_from_slice(&key.to_le_bytes());
            }
        }
        (self.kind(), p)
    }

    /// Decode an event from its type and payload.
    pub fn decode(kind: u8, p: &[u8]) -> Result<Event, DecodeError> {
        let bad = || DecodeError::BadLength { kind, len: p.len() };
        let need = |n: usize| if p.len() == n { Ok(()) } else { Err(bad()) };
        Ok(match kind {
            type_byte::READY => need(2).map(|_| Event::Ready {
                protocol: p[0],
                rom: p[1],
            })?,
            type_byte::OK => need(1).map(|_| Event::Ok { command: p[0] })?,
            type_byte::ERROR => need(2).map(|_| Event::Error {
                command: p[0],
                reason: Refusal::from_code(p[1]),
            })?,
            type_byte::ACCEPTED => need(4).map(|_| Event::Accepted {
                mv: read_move(p),
                flags: MoveFlags(p[3]),
            })?,
            type_byte::BEST_MOVE => need(11).map(|_| {
                let flags = MoveFlags(p[3]);
                Event::BestMove {
                    decided: Decided {
                        best: Some(read_move(p)),
                        score: i16::from_le_bytes([p[4], p[5]]),
                        positions: read_u32(&p[6..]),
                        passes: p[10],
                        book: flags.has(MoveFlags::BOOK),
                    },
                    flags,
                }
            })?,
            type_byte::INFO => {
                if p.len() < 8 || p.len() != 8 + 3 * p[7] as usize {
                    return Err(bad());
                }
                Event::Info(Pass {
                    pass: p[0],
                    score: i16::from_le_bytes([p[1], p[2]]),
                    positions: read_u32(&p[3..]),
                    pv: p[8..].chunks(3).map(read_move).collect(),
                    root: Vec::new(),
                })
            }
            type_byte::GAME_OVER => need(1).map(|_| {
                Event::GameOver(match p[0] {
                    1 => GameEnd::Checkmate,
                    2 => GameEnd::Stalemate,
                    c => GameEnd::Other(c),
                })
            })?,
            type_byte::PERFT_COUNT => need(5).map(|_| Event::Perft {
                depth: p[0],
                count: read_u32(&p[1..]),
            })?,
            type_byte::STATE => {
                need(WirePosition::LEN + 2)?;
                Event::State {
                    position: Box::new(WirePosition::decode(p)),
                    in_check: p[WirePosition::LEN] != 0,
                    level: p[WirePosition::LEN + 1],
                }
            }
            type_byte::ROOT => need(5).map(|_| Event::Root {
                mv: read_move(p),
                key: i16::from_le_bytes([p[3], p[4]]),
            })?,
            _ => return Err(DecodeError::UnknownType(kind)),
        })
    }
}
