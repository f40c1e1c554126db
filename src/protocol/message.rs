//! The commands (host to module) and events (module to host) of the latch protocol, typed,
//! with their wire encoding (`docs/protocol.md` section 2). Both directions encode and decode,
//! so the host can be tested against a model of the guest and the other way round.

use std::fmt;

/// The message type bytes (`docs/protocol.md` section 2): the one place the encoder, the
/// decoder and the debugger's `go` read them from. Commands (host to module) are `0x01..`,
/// events (module to host) `0x40..`.
pub mod type_byte {
    /// `NEW`: a new game.
    pub const NEW: u8 = 0x01;
    /// `SETUP`: a position.
    pub const SETUP: u8 = 0x02;
    /// `MOVE`: the opponent's move.
    pub const MOVE: u8 = 0x03;
    /// `GO`: think (an optional 4-byte budget in positions).
    pub const GO: u8 = 0x04;
    /// `MOVENOW`: stop thinking and play.
    pub const MOVE_NOW: u8 = 0x05;
    /// `LEVEL`: the playing level.
    pub const LEVEL: u8 = 0x06;
    /// `TAKEBACK`: undo a move.
    pub const TAKE_BACK: u8 = 0x07;
    /// `PERFT`: count the move tree.
    pub const PERFT: u8 = 0x08;
    /// `QUERY`: report the state.
    pub const QUERY: u8 = 0x09;
    /// `READY`: the module has booted.
    pub const READY: u8 = 0x40;
    /// `OK`: a command done.
    pub const OK: u8 = 0x41;
    /// `ERROR`: a command refused.
    pub const ERROR: u8 = 0x42;
    /// `ACCEPTED`: the opponent's move taken.
    pub const ACCEPTED: u8 = 0x43;
    /// `BESTMOVE`: the module's move.
    pub const BEST_MOVE: u8 = 0x44;
    /// `INFO`: a finished pass of the search.
    pub const INFO: u8 = 0x45;
    /// `GAMEOVER`: mate, stalemate or another end.
    pub const GAME_OVER: u8 = 0x46;
    /// `PERFT`: a count.
    pub const PERFT_COUNT: u8 = 0x47;
    /// `STATE`: the position, check and level.
    pub const STATE: u8 = 0x48;
    /// `ROOT`: one root move and its key after a pass (GO flag bit 0).
    pub const ROOT: u8 = 0x49;
}

/// A move on the wire: `from`, `to` (squares `0..64`, `a1 = 0`) and a promotion piece kind
/// (`2` knight .. `5` queen, `0` none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promo: u8,
}

impl fmt::Display for Move {
    /// UCI notation: `e2e4`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |s: u8| format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1);
        write!(f, "{}{}", sq(self.from), sq(self.to))?;
        match self.promo {
            2 => write!(f, "n"),
            3 => write!(f, "b"),
            4 => write!(f, "r"),
            5 => write!(f, "q"),
            _ => Ok(()),
        }
    }
}

/// Flags the module attaches to a move it accepted or played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveFlags(pub u8);

impl MoveFlags {
    pub const CAPTURE: u8 = 0x01;
    pub const CHECK: u8 = 0x02;
    pub const MATE: u8 = 0x04;
    pub const PROMOTION: u8 = 0x08;
    pub const CASTLING: u8 = 0x10;
    pub const EN_PASSANT: u8 = 0x20;
    pub const STALEMATE: u8 = 0x40;
    pub const BOOK: u8 = 0x80;

    /// True when every bit of `flag` is set.
    pub fn has(self, flag: u8) -> bool {
        self.0 & flag == flag
    }
}

/// A position on the wire: the `SETUP` payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WirePosition {
    /// `a1..h8`: `0` empty, `1..=6` white P N B R Q K, `9..=14` black.
    pub squares: [u8; 64],
    /// `0` white to move, `1` black.
    pub side: u8,
    /// Bit 0 K, 1 Q, 2 k, 3 q.
    pub castling: u8,
    /// En-passant target square, if any.
    pub ep: Option<u8>,
    pub halfmove: u8,
    pub fullmove: u16,
}

impl WirePosition {
    const LEN: usize = 64 + 6;

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.squares);
        out.push(self.side);
        out.push(self.castling);
        out.push(self.ep.unwrap_or(0xFF));
        out.push(self.halfmove);
        out.extend_from_slice(&self.fullmove.to_le_bytes());
    }

    fn decode(b: &[u8]) -> Self {
        let mut squares = [0; 64];
        squares.copy_from_slice(&b[..64]);
        WirePosition {
            squares,
            side: b[64],
            castling: b[65],
            ep: (b[66] != 0xFF).then_some(b[66]),
            halfmove: b[67],
            fullmove: u16::from_le_bytes([b[68], b[69]]),
        }
    }
}

/// Host-to-module commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    New,
    Setup(Box<WirePosition>),
    Move(Move),
    /// Think and play; an explicit budget in positions overrides the level's.
    Go {
        budget: Option<u32>,
    },
    /// GO's long form (protocol 2): a budget, flags and the root moves that draw.
    GoLong(GoLong),
    MoveNow,
    Level(u8),
    TakeBack,
    Perft(u8),
    Query,
}

/// GO's long form (`docs/protocol.md`, "Protocol 2"): budget, flags, then the root moves that
/// end the game in a draw. Build it with [`GoLong::new`], which refuses what the module
/// would refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoLong {
    /// Budget in positions; [`GoLong::UNTIL_STOPPED`] thinks until `MOVENOW`.
    pub budget: u32,
    /// Bit 0: the root list after every pass; bits 1-7 are 0.
    pub flags: u8,
    /// Root moves `[from, to]` (wire squares) that draw, at most [`GoLong::MAX_DRAWS`].
    pub draws: Vec<[u8; 2]>,
}

/// Why a long GO cannot be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GoLongError {
    /// More draw moves than the module keeps.
    #[error("{0} draw moves: the module takes at most 8")]
    TooManyDraws(usize),
    /// A flag bit the protocol does not define.
    #[error("GO flags 0x{0:02X}: only bit 0 is defined")]
    BadFlags(u8),
    /// A square outside 0-63.
    #[error("draw move with square {0}: squares are 0-63")]
    BadSquare(u8),
}

impl GoLong {
    /// Most draw moves the module takes (`MAX_DRAWS` of the reference search).
    pub const MAX_DRAWS: usize = crate::reference::search::MAX_DRAWS;
    /// The budget that thinks until stopped.
    pub const UNTIL_STOPPED: u32 = u32::MAX;
    /// Flag bit 0: send the root list after every pass.
    pub const ROOTS_EVERY_PASS: u8 = 0x01;

    /// A long GO, or why the module would refuse it.
    pub fn new(budget: u32, flags: u8, draws: Vec<[u8; 2]>) -> Result<GoLong, GoLongError> {
        if draws.len() > Self::MAX_DRAWS {
            return Err(GoLongError::TooManyDraws(draws.len()));
        }
        if flags & !Self::ROOTS_EVERY_PASS != 0 {
            return Err(GoLongError::BadFlags(flags));
        }
        if let Some(&sq) = draws.iter().flatten().find(|&&sq| sq >= 64) {
            return Err(GoLongError::BadSquare(sq));
        }
        Ok(GoLong {
            budget,
            flags,
            draws,
        })
    }

    fn encode(&self, p: &mut Vec<u8>) {
        p.extend_from_slice(&self.budget.to_le_bytes());
        p.push(self.flags);
        p.push(self.draws.len() as u8);
        self.draws.iter().for_each(|d| p.extend_from_slice(d));
    }

    /// The long form's payload (6 bytes or more): what the module checks, in its order.
    fn decode(p: &[u8]) -> Result<GoLong, DecodeError> {
        let n = p[5] as usize;
        if p.len() != 6 + 2 * n {
            return Err(DecodeError::BadLength {
                kind: type_byte::GO,
                len: p.len(),
            });
        }
        if n > Self::MAX_DRAWS || p[4] & !Self::ROOTS_EVERY_PASS != 0 {
            return Err(DecodeError::BadArgument(type_byte::GO));
        }
        Ok(GoLong {
            budget: read_u32(p),
            flags: p[4],
            draws: p[6..].chunks(2).map(|d| [d[0], d[1]]).collect(),
        })
    }
}

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
    BestMove {
        mv: Move,
        flags: MoveFlags,
        score: i16,
        positions: u32,
        passes: u8,
    },
    Info {
        pass: u8,
        score: i16,
        positions: u32,
        pv: Vec<Move>,
    },
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

/// A message that does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    UnknownType(u8),
    BadLength {
        kind: u8,
        len: usize,
    },
    /// A value the command does not take (the module answers `BAD_ARGUMENT`).
    BadArgument(u8),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::UnknownType(t) => write!(f, "unknown message type 0x{t:02X}"),
            DecodeError::BadLength { kind, len } => {
                write!(f, "message type 0x{kind:02X} with a payload of {len} bytes")
            }
            DecodeError::BadArgument(kind) => {
                write!(f, "message type 0x{kind:02X} with a value out of range")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

fn push_move(out: &mut Vec<u8>, m: &Move) {
    out.extend_from_slice(&[m.from, m.to, m.promo]);
}

fn read_move(b: &[u8]) -> Move {
    Move {
        from: b[0],
        to: b[1],
        promo: b[2],
    }
}

fn read_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

impl Command {
    /// Message type byte.
    pub fn kind(&self) -> u8 {
        match self {
            Command::New => type_byte::NEW,
            Command::Setup(_) => type_byte::SETUP,
            Command::Move(_) => type_byte::MOVE,
            Command::Go { .. } | Command::GoLong(_) => type_byte::GO,
            Command::MoveNow => type_byte::MOVE_NOW,
            Command::Level(_) => type_byte::LEVEL,
            Command::TakeBack => type_byte::TAKE_BACK,
            Command::Perft(_) => type_byte::PERFT,
            Command::Query => type_byte::QUERY,
        }
    }

    /// `(type, payload)` as sent.
    pub fn encode(&self) -> (u8, Vec<u8>) {
        let mut p = Vec::new();
        match self {
            Command::Setup(pos) => pos.encode(&mut p),
            Command::Move(m) => push_move(&mut p, m),
            Command::Go { budget: Some(n) } => p.extend_from_slice(&n.to_le_bytes()),
            Command::GoLong(go) => go.encode(&mut p),
            Command::Level(n) | Command::Perft(n) => p.push(*n),
            Command::New
            | Command::Go { budget: None }
            | Command::MoveNow
            | Command::TakeBack
            | Command::Query => {}
        }
        (self.kind(), p)
    }

    /// Decode a command from its type and payload.
    pub fn decode(kind: u8, p: &[u8]) -> Result<Command, DecodeError> {
        let need = |n: usize| {
            if p.len() == n {
                Ok(())
            } else {
                Err(DecodeError::BadLength { kind, len: p.len() })
            }
        };
        Ok(match kind {
            type_byte::NEW => need(0).map(|_| Command::New)?,
            type_byte::SETUP => {
                need(WirePosition::LEN)?;
                Command::Setup(Box::new(WirePosition::decode(p)))
            }
            type_byte::MOVE => need(3).map(|_| Command::Move(read_move(p)))?,
            type_byte::GO if p.is_empty() => Command::Go { budget: None },
            type_byte::GO if p.len() >= 6 => Command::GoLong(GoLong::decode(p)?),
            type_byte::GO => need(4).map(|_| Command::Go {
                budget: Some(read_u32(p)),
            })?,
            type_byte::MOVE_NOW => need(0).map(|_| Command::MoveNow)?,
            type_byte::LEVEL => need(1).map(|_| Command::Level(p[0]))?,
            type_byte::TAKE_BACK => need(0).map(|_| Command::TakeBack)?,
            type_byte::PERFT => need(1).map(|_| Command::Perft(p[0]))?,
            type_byte::QUERY => need(0).map(|_| Command::Query)?,
            _ => return Err(DecodeError::UnknownType(kind)),
        })
    }
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
            Event::BestMove {
                mv,
                flags,
                score,
                positions,
                passes,
            } => {
                push_move(&mut p, mv);
                p.push(flags.0);
                p.extend_from_slice(&score.to_le_bytes());
                p.extend_from_slice(&positions.to_le_bytes());
                p.push(*passes);
            }
            Event::Info {
                pass,
                score,
                positions,
                pv,
            } => {
                p.push(*pass);
                p.extend_from_slice(&score.to_le_bytes());
                p.extend_from_slice(&positions.to_le_bytes());
                let shown = pv.len().min(80);
                p.push(shown as u8);
                pv[..shown].iter().for_each(|m| push_move(&mut p, m));
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
            type_byte::BEST_MOVE => need(11).map(|_| Event::BestMove {
                mv: read_move(p),
                flags: MoveFlags(p[3]),
                score: i16::from_le_bytes([p[4], p[5]]),
                positions: read_u32(&p[6..]),
                passes: p[10],
            })?,
            type_byte::INFO => {
                if p.len() < 8 || p.len() != 8 + 3 * p[7] as usize {
                    return Err(bad());
                }
                Event::Info {
                    pass: p[0],
                    score: i16::from_le_bytes([p[1], p[2]]),
                    positions: read_u32(&p[3..]),
                    pv: p[8..].chunks(3).map(read_move).collect(),
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> WirePosition {
        let mut squares = [0u8; 64];
        let back = [4, 2, 3, 5, 6, 3, 2, 4];
        for f in 0..8 {
            squares[f] = back[f];
            squares[8 + f] = 1;
            squares[48 + f] = 9;
            squares[56 + f] = back[f] | 8;
        }
        WirePosition {
            squares,
            side: 0,
            castling: 0x0F,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    #[test]
    fn commands_round_trip() {
        let mv = Move {
            from: 12,
            to: 28,
            promo: 0,
        };
        for c in [
            Command::New,
            Command::Setup(Box::new(start())),
            Command::Move(mv),
            Command::Go { budget: None },
            Command::Go {
                budget: Some(123_456),
            },
            Command::GoLong(GoLong::new(2300, 0, vec![]).unwrap()),
            Command::GoLong(GoLong::new(u32::MAX, 1, vec![[6, 21], [62, 45]]).unwrap()),
            Command::GoLong(GoLong::new(7, 0, vec![[0, 63]; 8]).unwrap()),
            Command::MoveNow,
            Command::Level(6),
            Command::TakeBack,
            Command::Perft(3),
            Command::Query,
        ] {
            let (k, p) = c.encode();
            assert_eq!(Command::decode(k, &p), Ok(c));
        }
    }

    #[test]
    fn go_long_is_laid_out_as_the_protocol_says_and_bad_values_are_refused() {
        let go = GoLong::new(0x0102_0304, 1, vec![[6, 21], [62, 45]]).unwrap();
        assert_eq!(
            Command::GoLong(go).encode(),
            (0x04, vec![4, 3, 2, 1, 1, 2, 6, 21, 62, 45])
        );
        // The encoder's side: what the module would refuse is not built.
        assert_eq!(
            GoLong::new(1, 0, vec![[0, 1]; 9]),
            Err(GoLongError::TooManyDraws(9))
        );
        assert_eq!(GoLong::new(1, 2, vec![]), Err(GoLongError::BadFlags(2)));
        assert_eq!(
            GoLong::new(1, 0, vec![[0, 64]]),
            Err(GoLongError::BadSquare(64))
        );
        // The decoder's side, as the module answers: a length other than 0, 4 or 6 + 2n
        // is a bad message, n above 8 or a flag above bit 0 a bad argument.
        let bad_length = |len| Err(DecodeError::BadLength { kind: 0x04, len });
        assert_eq!(Command::decode(0x04, &[0, 0, 0, 0, 0, 1]), bad_length(6));
        assert_eq!(
            Command::decode(0x04, &[0, 0, 0, 0, 0, 0, 1, 2]),
            bad_length(8)
        );
        assert_eq!(Command::decode(0x04, &[0, 0, 0, 0, 0]), bad_length(5));
        let mut nine = vec![0, 0, 0, 0, 0, 9];
        nine.extend_from_slice(&[1; 18]);
        assert_eq!(
            Command::decode(0x04, &nine),
            Err(DecodeError::BadArgument(0x04))
        );
        assert_eq!(
            Command::decode(0x04, &[0, 0, 0, 0, 2, 0]),
            Err(DecodeError::BadArgument(0x04))
        );
    }

    #[test]
    fn events_round_trip() {
        let mv = Move {
            from: 52,
            to: 60,
            promo: 5,
        };
        for e in [
            Event::Ready {
                protocol: 1,
                rom: 2,
            },
            Event::Ok { command: 6 },
            Event::Error {
                command: 3,
                reason: Refusal::IllegalMove,
            },
            Event::Accepted {
                mv,
                flags: MoveFlags(MoveFlags::PROMOTION | MoveFlags::CHECK),
            },
            Event::BestMove {
                mv,
                flags: MoveFlags(0),
                score: -1234,
                positions: 70_000,
                passes: 3,
            },
            Event::Info {
                pass: 2,
                score: 32,
                positions: 999,
                pv: vec![mv, mv],
            },
            Event::GameOver(GameEnd::Stalemate),
            Event::Perft {
                depth: 3,
                count: 8902,
            },
            Event::State {
                position: Box::new(start()),
                in_check: true,
                level: 2,
            },
            Event::Root { mv, key: -513 },
        ] {
            let (k, p) = e.encode();
            assert_eq!(Event::decode(k, &p), Ok(e));
        }
    }

    #[test]
    fn bad_lengths_and_types_are_errors() {
        assert_eq!(
            Command::decode(0x03, &[1, 2]),
            Err(DecodeError::BadLength { kind: 3, len: 2 })
        );
        assert_eq!(
            Command::decode(0x7E, &[]),
            Err(DecodeError::UnknownType(0x7E))
        );
        assert!(Event::decode(0x45, &[0, 0, 0, 0, 0, 0, 0, 2, 1]).is_err());
        assert!(Event::decode(0x49, &[1, 2, 0, 0]).is_err());
    }

    #[test]
    fn move_text() {
        let m = Move {
            from: 52,
            to: 60,
            promo: 5,
        };
        assert_eq!(m.to_string(), "e7e8q");
    }
}
