//! Host-to-module commands and their payloads, `GO`'s long form with its checks included.

use super::DecodeError;
use super::type_byte;
use super::wire::{Move, WirePosition, push_move, read_move, read_u32};

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
    /// The root moves that draw, as a bitmap over the root list (the legal moves in
    /// generation order): bit `i % 8` of byte `i / 8` marks entry `i`; at most
    /// [`GoLong::MAX_DRAW_BYTES`] bytes, so every root move can be marked.
    pub draws: Vec<u8>,
}

/// Why a long GO cannot be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GoLongError {
    /// A draw bitmap longer than the module's root list.
    #[error("a draw bitmap of {0} bytes: the module takes at most 19 (150 root moves)")]
    TooManyDraws(usize),
    /// A flag bit the protocol does not define.
    #[error("GO flags 0x{0:02X}: only bit 0 is defined")]
    BadFlags(u8),
}

impl GoLong {
    /// Longest draw bitmap the module takes: a bit for each of the 150 root moves its move
    /// list holds (the reference's `DRAW_BYTES` is the same; `tests/protocol` checks it).
    pub const MAX_DRAW_BYTES: usize = 19;
    /// The budget that thinks until stopped.
    pub const UNTIL_STOPPED: u32 = u32::MAX;
    /// Flag bit 0: send the root list after every pass.
    pub const ROOTS_EVERY_PASS: u8 = 0x01;

    /// A long GO, or why the module would refuse it.
    pub fn new(budget: u32, flags: u8, draws: Vec<u8>) -> Result<GoLong, GoLongError> {
        if draws.len() > Self::MAX_DRAW_BYTES {
            return Err(GoLongError::TooManyDraws(draws.len()));
        }
        if flags & !Self::ROOTS_EVERY_PASS != 0 {
            return Err(GoLongError::BadFlags(flags));
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
        p.extend_from_slice(&self.draws);
    }

    /// The long form's payload (6 bytes or more): what the module checks, in its order.
    fn decode(p: &[u8]) -> Result<GoLong, DecodeError> {
        let n = p[5] as usize;
        if p.len() != 6 + n {
            return Err(DecodeError::BadLength {
                kind: type_byte::GO,
                len: p.len(),
            });
        }
        if n > Self::MAX_DRAW_BYTES || p[4] & !Self::ROOTS_EVERY_PASS != 0 {
            return Err(DecodeError::BadArgument(type_byte::GO));
        }
        Ok(GoLong {
            budget: read_u32(p),
            flags: p[4],
            draws: p[6..].to_vec(),
        })
    }
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
