//! The window front end's frame: what one 50 Hz frame of the window does with the keys it
//! read, around one [`Console`]. Left clicks point at squares; F1 help (its pages in turn), Escape (out of the help, else
//! quit), the G7000 keys, F2 a screenshot (its file named on
//! the status line for a while), F12 the debugger panel (the console paused, the panel
//! borrowing the engine's machine for each action), the sounds. [`WindowFront::frame`] is
//! the whole of it, so tests drive it without a window; [`run_window`] puts it in one.

use std::path::PathBuf;

use super::debug_panel::{DebugPanel, PanelAction};
use super::display_list::LayoutError;
use super::render::render_screen;
use super::sounds::{Cues, Effect};
use super::terminal_loop::MAX_SPEED_BUDGET;
use super::window::{Window, WindowError, WindowView};
use super::window_input::WindowInput;
use super::{Console, ConsoleCommand, ScreenState};
use crate::debugger::DebugInfo;
use crate::vdc::Frame;

use super::window_layout::DEFAULT_SCALE;

/// Plays a frame's sounds (the audio device, or nothing).
pub type SoundOut = Box<dyn FnMut(&[Effect])>;

/// The window's sounds: the frame's effects played (feature `sound`, unless `--mute`). The
/// device is opened at the first sound, so a session that never gets a window never touches
/// it; without a device the game goes on silently, as a console without a speaker.
pub fn sound_out(mute: bool) -> SoundOut {
    #[cfg(feature = "sound")]
    if !mute {
        let mut out: Option<Option<super::audio::AudioOut>> = None;
        return Box::new(move |effects| {
            if effects.is_empty() {
                return;
            }
            // Without a device one line says so and the game goes on silently.
            let device = out.get_or_insert_with(|| {
                super::audio::AudioOut::open()
                    .inspect_err(|e| eprintln!("c7010: {e}: playing on without sound"))
                    .ok()
            });
            if let Some(device) = device {
                effects.iter().for_each(|&e| device.play(e));
            }
        });
    }
    let _ = mute;
    Box::new(|_| {})
}

/// Frames a notice stays on the status line: 3 seconds.
pub const NOTICE_FRAMES: u32 = 150;

/// What the window keeps from frame to frame besides the console.
pub struct WindowFront {
    /// Where the debugger panel finds the ROM's names and source lines.
    debug: DebugInfo,
    paused: Option<Paused>,
    notice: Notice,
    cues: Cues,
    /// Where F2 writes its screenshots.
    screenshot_dir: PathBuf,
    /// Escape was pressed in the game (not on a help page): the window closes.
    quit: bool,
}

impl WindowFront {
    /// A window front for the ROM `debug` describes; F2 writes to `screenshot_dir`.
    pub fn new(debug: DebugInfo, screenshot_dir: PathBuf) -> WindowFront {
        WindowFront {
            debug,
            paused: None,
            notice: Notice::default(),
            cues: Cues::default(),
            screenshot_dir,
            quit: false,
        }
    }

    /// True while F12's panel is open (the console does not run).
    pub fn paused(&self) -> bool {
        self.paused.is_some()
    }

    /// True once Escape was pressed outside the help pages: the window is to close.
    pub fn quits(&self) -> bool {
        self.quit
    }

    /// One frame: the keys read (`input`), the console run for the frame's time, and the
    /// picture with the panel; the sounds the frame makes (a click per key, a beep when the
    /// module has moved).
    pub fn frame(
        &mut self,
        console: &mut Console,
        input: &WindowInput,
    ) -> Result<(WindowView, Vec<Effect>), LayoutError> {
        if input.debug {
            self.toggle_panel(console);
        }
        // Escape: from a help page back to the game ("ANY KEY BACK TO THE GAME"), else quit.
        if input.quit && (self.paused.is_some() || !console.leave_help()) {
            self.quit = true;
        }
        // Paused: no emulated time passes, the picture stays, G7000 keys and F1 are ignored.
        let mut effects = Vec::new();
        match &mut self.paused {
            Some(p) => p.act(console, &input.debug_actions),
            None => {
                if input.help {
                    console.help_key();
                }
                // A key or a click answers what the status line asks now: a notice (F2's
                // file name) gives the line back at once.
                if !input.keys.is_empty() || !input.clicks.is_empty() {
                    self.notice = Notice::default();
                }
                for &key in &input.keys {
                    console.apply(ConsoleCommand::Key(key));
                }
                for &click in &input.clicks {
                    console.apply(match click {
                        Some((x, y)) => ConsoleCommand::PointAt { x, y },
                        None => ConsoleCommand::Point(None),
                    });
                }
                console.run_frame(MAX_SPEED_BUDGET);
                let game = console.game();
                let human_to_move = super::game::side_to_move(game) == console.human();
                effects = self
                    .cues
                    .effects(input.keys.len(), game.moves().len(), human_to_move);
            }
        }
        let mut screen = console.screen();
        self.notice.show(&mut screen);
        let frame = render_screen(&screen)?;
        if input.screenshot {
            self.notice = Notice::screenshot(&frame, &self.screenshot_dir);
        }
        let view = WindowView {
            frame,
            panel: self.paused.as_ref().map(|p| p.lines.clone()),
        };
        Ok((view, effects))
    }

    /// F12: the panel opens (the console pauses) or closes (the console runs on from where
    /// the panel left its machine; the time it was open goes on no clock).
    fn toggle_panel(&mut self, console: &mut Console) {
        self.paused = match self.paused {
            None => Some(Paused::start(console, &self.debug)),
            Some(_) => {
                console.resume_after_stall();
                None
            }
        };
    }
}

/// Why the window loop ended without a game to go on with.
#[derive(Debug, thiserror::Error)]
pub enum WindowLoopError {
    /// No window could be opened (no display): play in the terminal instead.
    #[error("{0}")]
    NoWindow(#[from] WindowError),
    /// The screen could not be drawn (a bug).
    #[error("cannot draw the screen: {0}")]
    Draw(LayoutError),
}

/// Plays `console` in a window at `scale` until it is closed, the player quits or `stopped`
/// says so; `sound` plays the frame's effects.
pub fn run_window(
    console: &mut Console,
    scale: usize,
    mut front: WindowFront,
    sound: &mut SoundOut,
    stopped: &dyn Fn() -> bool,
) -> Result<(), WindowLoopError> {
    let mut window = Window::open(scale)?;
    let mut failure = None;
    window.run(|input| {
        if stopped() {
            return None;
        }
        match front.frame(console, input) {
            Ok(_) if front.quits() => None,
            Ok((view, effects)) => {
                sound(&effects);
                Some(view)
            }
            Err(e) => {
                failure = Some(e);
                None
            }
        }
    });
    failure.map_or(Ok(()), |e| Err(WindowLoopError::Draw(e)))
}

/// A line the window shows on the status line for a while instead of the console's (the
/// screenshot's file name).
#[derive(Default)]
struct Notice {
    text: String,
    frames_left: u32,
}

impl Notice {
    /// F2: the frame to the next free `c7010-NNNN.png` in `dir`, at the default scale; the
    /// notice names the file (or says it failed, the reason on stderr).
    fn screenshot(frame: &Frame, dir: &std::path::Path) -> Notice {
        let text = match crate::vdc::png::write_numbered_png(frame, DEFAULT_SCALE, dir) {
            Ok(path) => format!(
                "SCREENSHOT {}",
                path.file_name().unwrap_or_default().display()
            ),
            Err(e) => {
                eprintln!("c7010: screenshot: {e}");
                "SCREENSHOT FAILED".to_string()
            }
        };
        Notice {
            text,
            frames_left: NOTICE_FRAMES,
        }
    }

    /// Puts the notice on `screen`'s status line while it lasts.
    fn show(&mut self, screen: &mut ScreenState) {
        if self.frames_left > 0 {
            self.frames_left -= 1;
            screen.status = self.text.clone();
        }
    }
}

/// The window's paused state: the debugger panel on the guest's machine, or a note when
/// the console plays an engine without one. The machine stays in the console's engine; the
/// panel borrows it for each action.
struct Paused {
    panel: Option<DebugPanel>,
    /// The panel's text, made again after each action (not at every frame).
    lines: Vec<String>,
}

impl Paused {
    /// Pause: the console is not run while the panel is open.
    fn start(console: &mut Console, debug: &DebugInfo) -> Paused {
        let (panel, lines) = match console.engine_machine() {
            Some(machine) => {
                let panel = DebugPanel::open(debug.clone());
                let lines = panel.lines(machine);
                (Some(panel), lines)
            }
            None => (
                None,
                vec![
                    "DEBUGGER: CONSOLE PAUSED    F12 CONTINUE".to_string(),
                    String::new(),
                    "The reference engine runs on no Z80: nothing to debug.".to_string(),
                ],
            ),
        };
        Paused { panel, lines }
    }

    /// F10/F11 while paused.
    fn act(&mut self, console: &mut Console, actions: &[PanelAction]) {
        let (Some(panel), Some(machine)) = (&mut self.panel, console.engine_machine()) else {
            return;
        };
        if actions.is_empty() {
            return;
        }
        for &action in actions {
            panel.act(machine, action);
        }
        self.lines = panel.lines(machine);
    }
}
