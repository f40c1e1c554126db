//! The commands (host to module) and events (module to host) of the latch protocol, typed,
//! with their wire encoding (`docs/protocol.md` section 2). Both directions encode and decode,
//! so the host can be tested against a model of the guest and the other way round.

//!
//! One topic per file: `message/type_byte.rs` (the type bytes), `message/wire.rs` (moves,
//! flags and positions as bytes), `message/command.rs`, `message/event.rs`.

use std::fmt;

mod command;
mod event;
pub mod type_byte;
mod wire;

pub use command::{Command, GoLong, GoLongError};
pub use event::{Event, GameEnd, Refusal};
pub use wire::{Move, MoveFlags, WirePosition};

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
            Command::GoLong(GoLong::new(u32::MAX, 1, vec![0x21, 0x80]).unwrap()),
            Command::GoLong(GoLong::new(7, 0, vec![0xFF; 19]).unwrap()),
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
        let go = GoLong::new(0x0102_0304, 1, vec![0x21, 0x80]).unwrap();
        assert_eq!(
            Command::GoLong(go).encode(),
            (0x04, vec![4, 3, 2, 1, 1, 2, 0x21, 0x80])
        );
        // The encoder's side: what the module would refuse is not built.
        assert_eq!(
            GoLong::new(1, 0, vec![1; 20]),
            Err(GoLongError::TooManyDraws(20))
        );
        assert_eq!(GoLong::new(1, 2, vec![]), Err(GoLongError::BadFlags(2)));
        // The decoder's side, as the module answers: a length other than 0, 4 or 6 + n
        // is a bad message, n above 19 or a flag above bit 0 a bad argument.
        let bad_length = |len| Err(DecodeError::BadLength { kind: 0x04, len });
        assert_eq!(Command::decode(0x04, &[0, 0, 0, 0, 0, 1]), bad_length(6));
        assert_eq!(
            Command::decode(0x04, &[0, 0, 0, 0, 0, 0, 1, 2]),
            bad_length(8)
        );
        assert_eq!(Command::decode(0x04, &[0, 0, 0, 0, 0]), bad_length(5));
        let mut twenty = vec![0, 0, 0, 0, 0, 20];
        twenty.extend_from_slice(&[1; 20]);
        assert_eq!(
            Command::decode(0x04, &twenty),
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
                decided: crate::protocol::Decided {
                    best: Some(mv),
                    score: -1234,
                    positions: 70_000,
                    passes: 3,
                    book: true,
                },
                flags: MoveFlags(MoveFlags::BOOK),
            },
            Event::Info(crate::protocol::Pass {
                pass: 2,
                score: 32,
                positions: 999,
                pv: vec![mv, mv],
                root: Vec::new(),
            }),
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
