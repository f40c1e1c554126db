//! The video model: an Intel 8244/8245-style display controller, registers in, frame out.
//!
//! What the G7000 shows comes only from these registers: 12 characters, 4 quads, 4 sprites,
//! a 9 x 8 grid of bars, background and grid colours. [`Vdc::write`] programs it,
//! [`Vdc::render_lines`] draws a band of lines into a [`Frame`] (360 x 243 palette indices),
//! and rewriting registers between bands shows more objects than the chip has, as real
//! cartridges did. See `docs/vdc.md` for the register table and the character set.

pub mod charset;
pub mod chip;
pub mod frame;
pub mod geometry;
pub mod palette;
pub mod png;
pub mod registers;
mod render;
pub mod sound;

pub use chip::{Vdc, VdcError};
pub use frame::{Frame, HEIGHT, WIDTH};
pub use palette::ColourIndex;
