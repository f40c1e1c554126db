//! The guest ROM as an artefact: the committed image with its symbols, and a harness that
//! calls one guest routine at a time for the differential tests (guest routine vs the
//! reference on the same input).
//!
//! Playing chess goes only through the latch protocol ([`crate::protocol`]): [`session`]
//! wraps it in typed calls for the rest of the crate. The harness is for tests and the
//! debugger, which may look at and set RAM.

pub mod answer;
pub mod games;
pub mod harness;
pub mod image;
pub mod session;
pub mod thought_reader;
pub mod wire;

pub use harness::{CallError, Harness};
pub use image::{GuestImage, ImageError};
pub use session::{GuestSession, SessionError};
