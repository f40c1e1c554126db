//! The desktop window (feature `gui`): shows frames at the PAL rate and turns PC key presses
//! into G7000 keys.
//!
//! Keys the window keeps for itself (the G7000 has none of them): F1 the help page, F12
//! the debugger panel (while it is open: F10 next, F11 step, F12 continue), Escape quit.
//!
//! Aspect: the 8245's pixel clock (7.094 MHz) gives PAL pixels about 1.04 times as wide as
//! tall for a 243-line (non-interlaced) picture, so square pixels are within 4% of the real
//! shape. We show each frame pixel as a `scale` x `scale` square: sharp, integer scaling,
//! no resampling blur, and a picture 4% narrower than a TV's.
//!
//! The debugger panel (F12, [`super::debug_panel`]) goes to the right of the picture: the
//! window is opened again wider while the panel is shown (minifb cannot resize a window,
//! and a stretched buffer would blur the picture), so the picture stays whole and
//! pixel-exact beside the text, where drawing over it would hide most of the board. If
//! the wider window cannot be opened the panel is drawn over the picture's right side.

use minifb::{Scale, ScaleMode, WindowOptions};

use super::debug_panel::{draw_panel, panel_height, panel_width};
use super::keyboard::G7000Key;
pub use super::window_input::WindowInput;
use super::window_input::{KeyQueue, KeyReader};
use crate::vdc::palette::rgb;
use crate::vdc::{Frame, HEIGHT, WIDTH};

/// Largest accepted scale factor.
pub const MAX_SCALE: usize = 8;

/// Frames per second the window paces itself to: the PAL rate is 49.70 Hz and minifb
/// takes whole frames per second.
pub const FRAMES_PER_SECOND: usize = 50;

/// The window's title.
const TITLE: &str = "c7010 - Videopac C7010 chess module";

/// Text lines the debugger panel has room for: a fixed number, so the window does not
/// change size with every step.
const PANEL_ROWS: usize = 46;

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

/// What the window shows in one tick: a frame, and the debugger panel's lines beside it
/// while the panel is open.
#[derive(Clone)]
pub struct WindowView {
    /// The G7000 picture.
    pub frame: Frame,
    /// The debugger panel's text, if it is open.
    pub panel: Option<Vec<String>>,
}

/// An open window showing G7000 frames.
pub struct Window {
    inner: minifb::Window,
    scale: usize,
    /// The window's inner size: the picture's, or wider and perhaps taller with the panel.
    width: usize,
    height: usize,
    buffer: Vec<u32>,
    /// A size the window could not be opened at: not tried again at every frame.
    failed_size: Option<(usize, usize)>,
    /// The key events minifb reported (its input callback), read at each frame.
    queue: KeyQueue,
    reader: KeyReader,
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
        let (width, height) = (WIDTH * scale, HEIGHT * scale);
        let queue = KeyQueue::default();
        let inner =
            open_inner(width, height, &queue).map_err(|e| WindowError::Open(e.to_string()))?;
        Ok(Window {
            inner,
            queue,
            reader: KeyReader::default(),
            scale,
            width,
            height,
            buffer: vec![0; width * height],
            failed_size: None,
            input: WindowInput::default(),
            open: true,
        })
    }

    /// The window's inner size in screen pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Shows a frame (paced to [`FRAMES_PER_SECOND`]) and collects key presses.
    /// Returns whether the window is still open: `false` after Escape, the close button or
    /// a failed update.
    pub fn present(&mut self, frame: &Frame) -> bool {
        self.present_with_panel(frame, None)
    }

    /// Shows a frame and, if `panel` is given, the debugger panel's lines to its right
    /// (the window widens while the panel is shown and narrows again after).
    pub fn present_with_panel(&mut self, frame: &Frame, panel: Option<&[String]>) -> bool {
        if !self.open {
            return false;
        }
        let glyph_scale = self.glyph_scale();
        let picture = (WIDTH * self.scale, HEIGHT * self.scale);
        let wanted = match panel {
            Some(_) => (
                picture.0 + panel_width(glyph_scale),
                picture.1.max(panel_height(PANEL_ROWS, glyph_scale)),
            ),
            None => picture,
        };
        if wanted != self.size() && self.failed_size != Some(wanted) {
            self.reopen(wanted);
        }
        self.scale_into_buffer(frame);
        if let Some(lines) = panel {
            // Beside the picture, or over its right side if the window could not widen.
            let left = picture
                .0
                .min(self.width.saturating_sub(panel_width(glyph_scale)));
            draw_panel(lines, &mut self.buffer, self.width, left, glyph_scale);
        }
        let (w, h) = self.size();
        if self.inner.update_with_buffer(&self.buffer, w, h).is_err() {
            self.open = false;
            return false;
        }
        self.reader.read(&self.queue.take(), &mut self.input);
        self.open = self.inner.is_open() && !self.input.quit;
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
    /// returns what to show (`None` ends the loop). Ends when the window closes.
    pub fn run(&mut self, mut step: impl FnMut(&WindowInput) -> Option<WindowView>) {
        let mut input = WindowInput::default();
        while let Some(view) = step(&input) {
            if !self.present_with_panel(&view.frame, view.panel.as_deref()) {
                break;
            }
            input = std::mem::take(&mut self.input);
        }
    }

    /// The panel's text size: font pixels 1 x 1 up to scale 5, 2 x 2 from 6 on (the panel
    /// then stays readable next to a big picture).
    fn glyph_scale(&self) -> usize {
        if self.scale >= 6 { 2 } else { 1 }
    }

    /// Opens the window again at `width` x `height`; keeps the old one if that fails.
    /// The new window goes where the window system puts it (minifb's `get_position` and
    /// `set_position` do not agree on X11: moving it to the old place drifted it away).
    fn reopen(&mut self, (width, height): (usize, usize)) {
        let Ok(inner) = open_inner(width, height, &self.queue) else {
            self.failed_size = Some((width, height));
            return;
        };
        self.inner = inner;
        self.width = width;
        self.height = height;
        self.buffer = vec![0; width * height];
    }

    fn scale_into_buffer(&mut self, frame: &Frame) {
        let s = self.scale;
        let row_len = self.width;
        let picture_len = WIDTH * s;
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
                    y * s * row_len..y * s * row_len + picture_len,
                    (y * s + k) * row_len,
                );
            }
        }
    }
}

/// A minifb window of `width` x `height` pixels, buffer pixels shown 1:1, paced to
/// [`FRAMES_PER_SECOND`], its key events going to `queue`.
fn open_inner(
    width: usize,
    height: usize,
    queue: &KeyQueue,
) -> Result<minifb::Window, minifb::Error> {
    let options = WindowOptions {
        scale: Scale::X1,
        scale_mode: ScaleMode::Stretch,
        ..WindowOptions::default()
    };
    let mut inner = minifb::Window::new(TITLE, width, height, options)?;
    inner.set_target_fps(FRAMES_PER_SECOND);
    inner.set_input_callback(Box::new(queue.clone()));
    Ok(inner)
}
