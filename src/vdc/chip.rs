//! The VDC itself: 256 registers in, frame lines out.
//!
//! A cartridge (our console) writes registers, then asks for a band of lines to be drawn
//! with the registers as they stand; rewriting registers between bands is how more objects
//! than the chip has reach the screen. Rendering lives in `render.rs`; this file owns the
//! register file, the status and collision registers.

use super::frame::{Frame, HEIGHT};
use super::registers::{COLLISION, STATUS, STATUS_VBLANK};

/// What can go wrong when asking the VDC to draw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VdcError {
    /// The line range is empty backwards or leaves the frame.
    #[error("bad line range {y0}..{y1}: lines must satisfy y0 <= y1 <= {HEIGHT}")]
    BadLineRange {
        /// First line asked for.
        y0: usize,
        /// One past the last line asked for.
        y1: usize,
    },
}

/// An Intel 8244/8245-style video display controller (the subset in `docs/vdc.md`).
#[derive(Clone)]
pub struct Vdc {
    /// The register file as last written (status and collision are kept apart).
    pub(super) regs: [u8; 256],
    /// The next line the beam will draw; `HEIGHT` means vertical blank.
    pub(super) beam: usize,
    /// Object classes watched for collisions (the last value written to 0xA2).
    pub(super) collision_select: u8,
    /// Classes that touched a watched class since the last read of 0xA2.
    pub(super) collisions: u8,
}

impl Default for Vdc {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Vdc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vdc")
            .field("beam", &self.beam)
            .field("control", &self.regs[0xA0])
            .field("colours", &self.regs[0xA3])
            .finish_non_exhaustive()
    }
}

impl Vdc {
    /// A VDC after power-on: all registers 0 (display off, black background), beam at line 0.
    pub fn new() -> Self {
        Vdc {
            regs: [0; 256],
            beam: 0,
            collision_select: 0,
            collisions: 0,
        }
    }

    /// Writes a register. Status (0xA1) is read only; writing 0xA2 selects the collision
    /// classes to watch; every other address is stored as is (unimplemented ones are inert).
    pub fn write(&mut self, reg: u8, value: u8) {
        match reg {
            STATUS => {}
            COLLISION => self.collision_select = value,
            _ => self.regs[reg as usize] = value,
        }
    }

    /// Reads a register. 0xA1 returns the status (bit 3 = vertical blank); 0xA2 returns the
    /// classes that collided with the selected ones since the last read, and clears them.
    pub fn read(&mut self, reg: u8) -> u8 {
        match reg {
            STATUS => self.status(),
            COLLISION => std::mem::take(&mut self.collisions),
            _ => self.regs[reg as usize],
        }
    }

    /// The status register without side effects.
    pub fn status(&self) -> u8 {
        if self.beam >= HEIGHT {
            STATUS_VBLANK
        } else {
            0
        }
    }

    /// Writes a run of registers from `first` on (wrapping at 0xFF).
    pub fn write_block(&mut self, first: u8, values: &[u8]) {
        for (i, &v) in values.iter().enumerate() {
            self.write(first.wrapping_add(i as u8), v);
        }
    }

    /// Draws lines `y0..y1` of `frame` from the registers as they stand now.
    ///
    /// Starting at line 0 begins a new frame (vertical blank ends); reaching [`HEIGHT`]
    /// sets the vertical-blank status bit.
    pub fn render_lines(
        &mut self,
        frame: &mut Frame,
        y0: usize,
        y1: usize,
    ) -> Result<(), VdcError> {
        if y0 > y1 || y1 > HEIGHT {
            return Err(VdcError::BadLineRange { y0, y1 });
        }
        for y in y0..y1 {
            self.render_line(frame, y);
        }
        self.beam = y1;
        Ok(())
    }

    /// Draws a whole frame from the registers as they stand (one band of 243 lines).
    pub fn render_frame(&mut self, frame: &mut Frame) {
        for y in 0..HEIGHT {
            self.render_line(frame, y);
        }
        self.beam = HEIGHT;
    }
}
