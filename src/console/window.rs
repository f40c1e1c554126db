//! The desktop window (feature `gui`): shows frames at the PAL rate and turns PC key presses
//! into G7000 keys.
//!
//! A left click on the board points at its square (`ConsoleCommand::PointAt`: a piece,
//! then its target).
//!
//! Keys the window keeps for itself (the G7000 has none of them): F1 the help page, F2 a
//! screenshot (`c7010 play` writes it), Alt+Enter full screen, F12
//! the debugger panel (while it is open: F10 next, F11 step, F12 continue), Escape back to
//! the game from a help page, else quit.
//!
//! Aspect: the 8245's pixel clock (7.094 MHz) gives PAL pixels about 1.04 times as wide as
//! tall for a 243-line (non-interlaced) picture, so square pixels are within 4% of the real
//! shape. We show each frame pixel as a `scale` x `scale` square: sharp, integer scaling,
//! no resampling blur, and a picture 4% narrower than a TV's.
//!
//! The window is resizable and goes full screen with Alt+Enter (`full_screen`, through the
//! window manager): each frame is drawn at the largest whole scale that fits, centred
//! (`window_layout`). The debugger panel (F12, [`super::debug_panel`]) is drawn inside the
//! same window, the picture making room for it, so the window never moves or changes size
//! on its own and fits a 1280 x 800 screen at the default scale.

use minifb::{Scale, ScaleMode, WindowOptions};

use super::debug_panel::draw_panel;
use super::keyboard::G7000Key;
pub use super::window_input::WindowInput;
use super::window_input::{KeyQueue, KeyReader};
use super::window_layout::{Arrangement, arrange};
use crate::vdc::palette::rgb;
use crate::vdc::{Frame, HEIGHT, WIDTH};

/// Largest accepted scale factor.
pub const MAX_SCALE: usize = 8;

/// Frames per second the window paces itself to: the PAL rate is 49.70 Hz and minifb
/// takes whole frames per second.
pub const FRAMES_PER_SECOND: usize = 50;

/// The window's title.
const TITLE: &str = "c7010 - Videopac C7010 chess module";

/// The colour around the picture when the window is larger than it (0RGB).
const SURROUND: u32 = 0;

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
    /// The window's inner size at the last frame drawn.
    width: usize,
    height: usize,
    buffer: Vec<u32>,
    /// The key events minifb reported (its input callback), read at each frame.
    queue: KeyQueue,
    reader: KeyReader,
    input: WindowInput,
    open: bool,
    /// The left mouse button was down at the last update (a press is read on its edge).
    mouse_down: bool,
    /// What the window shows now, and how many frames ago it was drawn: an unchanged
    /// picture is not drawn again (an idle console then costs almost nothing), except once
    /// in [`FRAMES_PER_SECOND`] frames, for a window the desktop has covered and uncovered.
    shown: Option<(Frame, Option<Vec<String>>)>,
    frames_since_drawn: u32,
    pictures_drawn: u64,
}

impl std::fmt::Debug for Window {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Window")
            .field("size", &(self.width, self.height))
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
            width,
            height,
            buffer: vec![0; width * height],
            input: WindowInput::default(),
            open: true,
            mouse_down: false,
            shown: None,
            frames_since_drawn: 0,
            pictures_drawn: 0,
        })
    }

    /// How many times a picture was drawn into the window: a frame that did not change is
    /// not drawn again, except once a second.
    pub fn pictures_drawn(&self) -> u64 {
        self.pictures_drawn
    }

    /// The window's inner size in screen pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Shows a frame (paced to [`FRAMES_PER_SECOND`]) and collects key presses.
    /// Returns whether the window is still open: `false` after the close button or a failed
    /// update (Escape is read as a key: [`WindowInput::quit`]).
    pub fn present(&mut self, frame: &Frame) -> bool {
        self.present_with_panel(frame, None)
    }

    /// Shows a frame and, if `panel` is given, the debugger panel's lines beside it, in
    /// the window as it is now (the user may have resized it).
    pub fn present_with_panel(&mut self, frame: &Frame, panel: Option<&[String]>) -> bool {
        if !self.open {
            return false;
        }
        let (width, height) = self.inner.get_size();
        let (width, height) = (width.max(1), height.max(1));
        let same_picture = self
            .shown
            .as_ref()
            .is_some_and(|(shown_frame, shown_panel)| {
                shown_frame == frame && shown_panel.as_deref() == panel
            });
        self.frames_since_drawn += 1;
        if same_picture
            && (width, height) == (self.width, self.height)
            && self.frames_since_drawn < FRAMES_PER_SECOND as u32
        {
            // Events and pacing only: the picture on the screen is already this one.
            self.inner.update();
            return self.after_update();
        }
        self.frames_since_drawn = 0;
        self.pictures_drawn += 1;
        self.shown = Some((frame.clone(), panel.map(<[String]>::to_vec)));
        if (width, height) != (self.width, self.height) {
            self.width = width;
            self.height = height;
            self.buffer = vec![SURROUND; width * height];
        }
        self.buffer.fill(SURROUND);
        let arrangement = arrange(width, height, panel.is_some());
        self.draw_picture(frame, &arrangement);
        if let (Some(lines), Some((left, glyph_scale))) = (panel, arrangement.panel) {
            draw_panel(lines, &mut self.buffer, width, left, glyph_scale);
        }
        if self
            .inner
            .update_with_buffer(&self.buffer, width, height)
            .is_err()
        {
            self.open = false;
            return false;
        }
        self.after_update()
    }

    /// Reads the key events and the mouse of the update just done; whether the window is
    /// still open.
    fn after_update(&mut self) -> bool {
        self.reader.read(&self.queue.take(), &mut self.input);
        self.read_mouse();
        if std::mem::take(&mut self.input.full_screen)
            && let Err(e) = super::full_screen::toggle(&self.inner)
        {
            eprintln!("c7010: no full screen ({e})");
        }
        // Escape is the front's to read (it leaves a help page before it quits).
        self.open = self.inner.is_open();
        self.open
    }

    /// A left button press (read on its edge: minifb gives the button's state at each
    /// update, not its events, so a press and release within one 20 ms frame is not seen;
    /// a person's click lasts longer), at the frame pixel under it.
    fn read_mouse(&mut self) {
        let down = self.inner.get_mouse_down(minifb::MouseButton::Left);
        let pressed = down && !self.mouse_down;
        self.mouse_down = down;
        if !pressed {
            return;
        }
        let at = self.inner.get_mouse_pos(minifb::MouseMode::Discard);
        let arrangement = arrange(self.width, self.height, false);
        let point = at.and_then(|(x, y)| arrangement.frame_point(x as usize, y as usize));
        self.input.clicks.push(point);
    }

    /// The G7000 keys pressed since the last call.
    pub fn keys(&mut self) -> Vec<G7000Key> {
        std::mem::take(&mut self.input.keys)
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

    /// The frame at the arrangement's scale and place; what does not fit is cut.
    fn draw_picture(&mut self, frame: &Frame, arrangement: &Arrangement) {
        let s = arrangement.scale;
        let (x0, y0) = arrangement.picture_at;
        let width = self.width;
        let visible = (WIDTH * s).min(width.saturating_sub(x0));
        for y in 0..HEIGHT * s {
            let Some(row) = self.buffer.get_mut((y0 + y) * width..(y0 + y + 1) * width) else {
                break;
            };
            let source = &frame.pixels()[(y / s) * WIDTH..(y / s + 1) * WIDTH];
            for (x, pixel) in row[x0..x0 + visible].iter_mut().enumerate() {
                *pixel = rgb(source[x / s]);
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
        // The buffer is made the window's size at each frame; until then (a resize under
        // way) it is shown as it is rather than stretched.
        scale_mode: ScaleMode::UpperLeft,
        resize: true,
        ..WindowOptions::default()
    };
    let mut inner = minifb::Window::new(TITLE, width, height, options)?;
    inner.set_target_fps(FRAMES_PER_SECOND);
    inner.set_input_callback(Box::new(queue.clone()));
    Ok(inner)
}
