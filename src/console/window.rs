//! The desktop window (feature `gui`): shows frames at the PAL rate and turns PC key presses
//! into G7000 keys.
//!
//! Aspect: the 8245's pixel clock (7.094 MHz) gives PAL pixels about 1.04 times as wide as
//! tall for a 243-line (non-interlaced) picture, so square pixels are within 4% of the real
//! shape. We show each frame pixel as a `scale` x `scale` square: sharp, integer scaling,
//! no resampling blur, and a picture 4% narrower than a TV's.

use minifb::{Key, KeyRepeat, Scale, ScaleMode, WindowOptions};

use super::keyboard::{G7000Key, pc::g7000_key};
use crate::vdc::palette::rgb;
use crate::vdc::{Frame, HEIGHT, WIDTH};

/// Largest accepted scale factor.
pub const MAX_SCALE: usize = 8;

/// Frames per second the window paces itself to: the PAL rate is 49.70 Hz and minifb
/// takes whole frames per second.
pub const FRAMES_PER_SECOND: usize = 50;

/// Why the window could not be opened or used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WindowError {
    /// No X display is configured (`DISPLAY` is unset or empty): use the terminal instead.
    #[error("no display: DISPLAY is not set (use the terminal front end)")]
    NoDisplay,
    /// The scale factor is 0 or too large.
    #[error("scale must be between 1 and {MAX_SCALE}, got {0}")]
    BadScale(usize),
    /// The window system refused (no X server, no libX11, ...).
    #[error("cannot open a window: {0}")]
    Open(String),
}

/// What happened since the last frame.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WindowInput {
    /// G7000 keys pressed, in order.
    pub keys: Vec<G7000Key>,
    /// F1 was pressed (toggle the help page).
    pub help: bool,
}

/// An open window showing G7000 frames.
pub struct Window {
    inner: minifb::Window,
    scale: usize,
    buffer: Vec<u32>,
    input: WindowInput,
    open: bool,
}

impl std::fmt::Debug for Window {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Window")
            .field("scale", &self.scale)
            .field("open", &self.open)
            .finish_non_exhaustive()
    }
}

impl Window {
    /// Opens a window of 360 x 243 frame pixels, each shown `scale` x `scale` screen pixels.
    pub fn open(scale: usize) -> Result<Window, WindowError> {
        if scale == 0 || scale > MAX_SCALE {
            return Err(WindowError::BadScale(scale));
        }
        if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
            && std::env::var_os("WAYLAND_DISPLAY").is_none()
        {
            return Err(WindowError::NoDisplay);
        }
        let options = WindowOptions {
            scale: Scale::X1,
            scale_mode: ScaleMode::Stretch,
            ..WindowOptions::default()
        };
        let mut inner = minifb::Window::new(
            "c7010 - Videopac C7010 chess module",
            WIDTH * scale,
            HEIGHT * scale,
            options,
        )
        .map_err(|e| WindowError::Open(e.to_string()))?;
        inner.set_target_fps(FRAMES_PER_SECOND);
        Ok(Window {
            inner,
            scale,
            buffer: vec![0; WIDTH * HEIGHT * scale * scale],
            input: WindowInput::default(),
            open: true,
        })
    }

    /// The window's inner size in screen pixels.
    pub fn size(&self) -> (usize, usize) {
        (WIDTH * self.scale, HEIGHT * self.scale)
    }

    /// Shows a frame (paced to [`FRAMES_PER_SECOND`]) and collects key presses.
    /// Returns whether the window is still open: `false` after Escape, the close button or
    /// a failed update.
    pub fn present(&mut self, frame: &Frame) -> bool {
        if !self.open {
            return false;
        }
        self.scale_into_buffer(frame);
        let (w, h) = self.size();
        if self.inner.update_with_buffer(&self.buffer, w, h).is_err() {
            self.open = false;
            return false;
        }
        self.collect_keys();
        self.open = self.inner.is_open() && !self.inner.is_key_down(Key::Escape);
        self.open
    }

    /// The G7000 keys pressed since the last call.
    pub fn keys(&mut self) -> Vec<G7000Key> {
        std::mem::take(&mut self.input.keys)
    }

    /// Whether F1 (help) was pressed since the last call.
    pub fn help_requested(&mut self) -> bool {
        std::mem::take(&mut self.input.help)
    }

    /// Runs the display loop: each tick, `step` gets the input since the last tick and
    /// returns the frame to show (`None` ends the loop). Ends when the window closes.
    pub fn run(&mut self, mut step: impl FnMut(&WindowInput) -> Option<Frame>) {
        let mut input = WindowInput::default();
        while let Some(frame) = step(&input) {
            if !self.present(&frame) {
                break;
            }
            input = std::mem::take(&mut self.input);
        }
    }

    fn collect_keys(&mut self) {
        let shift =
            self.inner.is_key_down(Key::LeftShift) || self.inner.is_key_down(Key::RightShift);
        for key in self.inner.get_keys_pressed(KeyRepeat::No) {
            if key == Key::F1 {
                self.input.help = true;
            } else if let Some(k) = g7000_key(key, shift) {
                self.input.keys.push(k);
            }
        }
    }

    fn scale_into_buffer(&mut self, frame: &Frame) {
        let s = self.scale;
        let row_len = WIDTH * s;
        for y in 0..HEIGHT {
            let row = &mut self.buffer[y * s * row_len..(y * s + 1) * row_len];
            for (x, &p) in frame.pixels()[y * WIDTH..(y + 1) * WIDTH]
                .iter()
                .enumerate()
            {
                row[x * s..(x + 1) * s].fill(rgb(p));
            }
            for k in 1..s {
                self.buffer.copy_within(
                    y * s * row_len..(y * s + 1) * row_len,
                    (y * s + k) * row_len,
                );
            }
        }
    }
}
