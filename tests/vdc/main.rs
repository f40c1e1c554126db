//! The Intel 8244 video model: registers, the character set, frames.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

mod charset_frame;
mod chip;
mod sound;
