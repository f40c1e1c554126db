//! Where the picture and the debugger panel go in the window, whatever its size (the window
//! is resizable and can go full screen; the F12 panel is drawn inside it, so the window
//! never changes size or place on its own).
//!
//! The picture is always shown at a whole scale (each frame pixel a square of screen
//! pixels: sharp, no resampling), as large as fits, centred on a black surround. With the
//! panel open the picture makes room: it takes the largest whole scale that leaves the
//! panel at least [`PANEL_MIN_COLUMNS`] characters, at the window's left, and the panel
//! fills the rest of the width. At the default scale 3 (1080 x 729, which fits a 1280 x 800
//! screen with its title bar) the paused picture is 360 x 243 and the panel 88 columns.

use super::debug_panel::{PANEL_COLUMNS, panel_height, panel_width};
use crate::vdc::{HEIGHT, WIDTH};

/// The window's default scale (1080 x 729 screen pixels); F2's screenshots are taken at it.
pub const DEFAULT_SCALE: usize = 3;

/// Characters a line of the panel keeps at least (the registers line, a disassembly line
/// with its bytes and operands; longer lines are wrapped).
pub const PANEL_MIN_COLUMNS: usize = 64;

/// Text lines the panel shows at most.
pub const PANEL_ROWS: usize = 46;

/// Where things go in a window of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrangement {
    /// Screen pixels per frame pixel (at least 1; the picture is cut if the window is
    /// smaller than one frame).
    pub scale: usize,
    /// The picture's top-left corner in the window.
    pub picture_at: (usize, usize),
    /// The panel's left edge and its glyph scale, when it is shown.
    pub panel: Option<(usize, usize)>,
}

impl Arrangement {
    /// The frame pixel under window pixel (`x`, `y`) (a mouse click), `None` outside the
    /// picture: the window's scale and offset taken off, for the console's one mapping
    /// from the picture to squares (`layout::square_at`).
    pub fn frame_point(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let (x0, y0) = self.picture_at;
        let fx = x.checked_sub(x0)? / self.scale;
        let fy = y.checked_sub(y0)? / self.scale;
        (fx < WIDTH && fy < HEIGHT).then_some((fx, fy))
    }
}

/// Arranges a window of `width` x `height` pixels, with or without the panel.
pub fn arrange(width: usize, height: usize, with_panel: bool) -> Arrangement {
    let fit = |w: usize| (w / WIDTH).min(height / HEIGHT).max(1);
    if !with_panel {
        let scale = fit(width);
        let x = width.saturating_sub(WIDTH * scale) / 2;
        let y = height.saturating_sub(HEIGHT * scale) / 2;
        return Arrangement {
            scale,
            picture_at: (x, y),
            panel: None,
        };
    }
    let scale = fit(width.saturating_sub(min_panel_width(1)));
    let left = WIDTH * scale;
    // Doubled text where the window has room for a whole doubled panel.
    let glyph_scale =
        if width.saturating_sub(left) >= panel_width(2) && height >= panel_height(PANEL_ROWS, 2) {
            2
        } else {
            1
        };
    Arrangement {
        scale,
        picture_at: (0, 0),
        panel: Some((left.min(width), glyph_scale)),
    }
}

/// Width of a panel of [`PANEL_MIN_COLUMNS`] characters at `glyph_scale`.
pub fn min_panel_width(glyph_scale: usize) -> usize {
    panel_width(glyph_scale) * PANEL_MIN_COLUMNS / PANEL_COLUMNS
}
