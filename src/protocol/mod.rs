//! The host side of the latch protocol (`docs/protocol.md`): the only way the rest of the
//! crate talks to the guest.
//!
//! Three layers, one file each:
//! - [`endpoint`]: the alternating-bit endpoint that moves *units* (one latch byte: sequence
//!   bit, acknowledgement bit, 6-bit payload) through the two latches without loss or doubling;
//! - [`frame`]: messages as units (`SOM`, type, length, payload, check, as nibbles);
//! - [`message`]: the commands and events themselves, typed.
//!
//! [`module`] puts them together as the host's end of the link, and [`supervisor`] keeps
//! what the module owes the host and decides when its silence is a failure.

pub mod endpoint;
pub mod frame;
pub mod message;
pub mod module;
pub mod supervisor;

pub use endpoint::Endpoint;
pub use frame::{Deframer, FrameError, frame_units};
pub use message::{Command, DecodeError, Event, GameEnd, Move, MoveFlags, Refusal, WirePosition};
pub use module::{Module, ModuleError};
pub use supervisor::{Stall, Supervisor};
