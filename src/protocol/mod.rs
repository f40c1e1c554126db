//! The host side of the latch protocol (`docs/protocol.md`): the only way the rest of the
//! crate talks to the guest.
//!
//! Three layers, one file each:
//! - [`endpoint`]: the alternating-bit endpoint that moves *units* (one latch byte: sequence
//!   bit, acknowledgement bit, 6-bit payload) through the two latches without loss or doubling;
//! - [`frame`]: messages as units (`SOM`, type, length, payload, check, as nibbles);
//! - [`message`]: the commands and events themselves, typed.
//!
//! [`pass`] holds the one report of a completed pass and the one of a decision, from the
//! wire to every front end.
//!
//! [`host_end`] is the host's end of the link (endpoint, deframer, handshake), the one both
//! the [`module`] and the debugger use; [`module`] runs the machine with it, and [`supervisor`] keeps
//! what the module owes the host and decides when its silence is a failure.

pub mod endpoint;
pub mod frame;
pub mod host_end;
pub mod message;
pub mod module;
pub mod pass;
pub mod supervisor;

pub use endpoint::Endpoint;
pub use frame::{Deframer, FrameError, frame_units};
pub use host_end::HostEnd;
pub use message::{
    Command, DecodeError, Event, GameEnd, GoLong, GoLongError, Move, MoveFlags, Refusal,
    WirePosition,
};
pub use module::{Module, ModuleError};
pub use pass::{Decided, Pass, Root};
pub use supervisor::{Stall, Supervisor};
