//! The host side of the latch protocol.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

mod link;
