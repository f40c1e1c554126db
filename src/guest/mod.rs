//! The guest ROM as an artefact: the committed image with its symbols, and a harness that
//! calls one guest routine at a time for the differential tests (guest routine vs the
//! reference on the same input).
//!
//! Playing chess never goes through here: the console talks to the guest only through the
//! latch protocol ([`crate::protocol`]). The harness is for tests and the debugger, which
//! may look at and set RAM.

pub mod harness;
pub mod image;

pub use harness::{CallError, Harness};
pub use image::{GuestImage, ImageError};
