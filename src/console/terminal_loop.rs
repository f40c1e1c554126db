//! The terminal front end's loop: lines in, screens out, around one [`Console`].
//!
//! Lines come from a channel (the binary reads stdin on a thread of its own), so the console
//! keeps its 50 Hz frames (clocks, the module thinking) while nothing is typed. A move typed
//! while the module thinks waits until it has moved; in a script (stdin not a terminal)
//! every line waits so, and at the end of the input the console lets the module finish its
//! move, then quits. The screen is printed again when anything but the clocks changes; on a
//! terminal it replaces the previous one.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::terminal::{TerminalOptions, render_with};
use super::{Console, LineOutcome, ScreenState, Speed};
use crate::machine::PAL_FRAME_SECONDS;

/// The longest the terminal waits for a line while the module does not think: the clocks
/// are shown again at least this often, and an idle console sleeps (a line wakes it at once).
pub const IDLE_WAIT: Duration = Duration::from_millis(100);

/// Host time a frame at speed MAX may spend on the module (the rest of the 20 ms goes to
/// showing it).
pub const MAX_SPEED_BUDGET: Duration = Duration::from_millis(15);

/// How the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The player quit, or the script's input ended and the module had moved.
    Quit,
    /// A signal asked the program to stop.
    Stopped,
}

/// The terminal front end: where its screens go and how its lines are taken.
pub struct TerminalLoop<W: Write> {
    screen: TerminalScreen<W>,
    input: TerminalInput,
}

impl<W: Write> TerminalLoop<W> {
    /// A loop printing to `out`: `tty` overwrites the screen in place (and counts the clocks
    /// as a change); `scripted` input waits for the module's move before each line, quit
    /// included, so a script means the same at any speed.
    pub fn new(out: W, tty: bool, scripted: bool) -> TerminalLoop<W> {
        TerminalLoop {
            screen: TerminalScreen {
                out,
                options: TerminalOptions { colour: tty },
                tty,
                shown: None,
                banner: None,
            },
            input: TerminalInput {
                pending: VecDeque::new(),
                end_of_input: false,
                scripted,
            },
        }
    }

    /// Runs until the player quits, the input ends or `stopped` says so: 50 frames a second
    /// while the module thinks (none of them slept at speed MAX), a frame at each line or
    /// [`IDLE_WAIT`] else. `lines` gives `None` at the end of the input.
    pub fn run(
        &mut self,
        console: &mut Console,
        lines: &mpsc::Receiver<Option<String>>,
        stopped: &dyn Fn() -> bool,
    ) -> io::Result<Ended> {
        self.screen.show_if_changed(console)?;
        loop {
            let started = Instant::now();
            if stopped() {
                // The game first: after SIGHUP the terminal may be gone.
                console.write_pgn_on_quit();
                let _ = self.screen.print(console);
                return Ok(Ended::Stopped);
            }
            if let Some(ended) = self.step(console, lines)? {
                return Ok(ended);
            }
            self.input
                .take(lines, wait_after_frame(console, started.elapsed()));
        }
    }

    /// One frame: the lines that came, then the console's frame and its screen; `Some`
    /// when the loop ends.
    pub fn step(
        &mut self,
        console: &mut Console,
        lines: &mpsc::Receiver<Option<String>>,
    ) -> io::Result<Option<Ended>> {
        self.input.take(lines, Duration::ZERO);
        if self.input.type_lines(console, &mut self.screen)? == LineOutcome::Quit {
            self.screen.print(console)?;
            return Ok(Some(Ended::Quit));
        }
        if self.input.end_of_input && self.input.pending.is_empty() {
            // A script that ends paused lets the module finish its move.
            if console.paused() {
                console.toggle_pause();
            }
            if !console.thinking() {
                console.write_pgn_on_quit();
                self.screen.print(console)?;
                return Ok(Some(Ended::Quit));
            }
        }
        console.run_frame(MAX_SPEED_BUDGET);
        self.screen.show_if_changed(console)?;
        Ok(None)
    }

    /// A line shown above every screen (why the game is in the terminal): unlike stderr,
    /// the screen's redrawing cannot wipe it out, and it leaves the status line to the game.
    pub fn with_banner(mut self, banner: &str) -> TerminalLoop<W> {
        self.screen.banner = Some(banner.to_string());
        self
    }

    /// What was printed (tests read it back).
    pub fn output(&self) -> &W {
        &self.screen.out
    }
}

/// How long the terminal waits for a line after a frame: the rest of the PAL frame while
/// the module thinks (nothing at speed MAX), [`IDLE_WAIT`] while it does not or is paused.
/// The player's time is real time whatever the speed.
pub fn wait_after_frame(console: &Console, spent: Duration) -> Duration {
    if !console.thinking() || console.paused() {
        return IDLE_WAIT;
    }
    if console.speed() == Speed::Max {
        return Duration::ZERO;
    }
    Duration::from_secs_f64(PAL_FRAME_SECONDS).saturating_sub(spent)
}

/// The lines typed and not yet taken by the console.
struct TerminalInput {
    pending: VecDeque<String>,
    end_of_input: bool,
    scripted: bool,
}

impl TerminalInput {
    /// Takes the lines that came, waiting up to `wait` for the first one.
    fn take(&mut self, lines: &mpsc::Receiver<Option<String>>, wait: Duration) {
        let first = if wait.is_zero() {
            lines.try_recv().map_err(|_| ())
        } else {
            lines.recv_timeout(wait).map_err(|_| ())
        };
        for message in first
            .into_iter()
            .chain(std::iter::from_fn(|| lines.try_recv().ok()))
        {
            match message {
                Some(line) => self.pending.push_back(line),
                None => self.end_of_input = true,
            }
        }
    }

    /// Gives the console the lines it takes now, showing each line's effect.
    fn type_lines<W: Write>(
        &mut self,
        console: &mut Console,
        screen: &mut TerminalScreen<W>,
    ) -> io::Result<LineOutcome> {
        while let Some(line) = self.pending.front() {
            if self.scripted && console.thinking() && !console.paused() {
                break;
            }
            match console.type_line(line) {
                LineOutcome::Wait => break,
                LineOutcome::Done => {
                    self.pending.pop_front();
                    // Each line's effect is shown, even if the next line follows at once.
                    screen.show_if_changed(console)?;
                }
                LineOutcome::Quit => return Ok(LineOutcome::Quit),
            }
        }
        Ok(LineOutcome::Done)
    }
}

/// The terminal's screen: printed again when it changed. On a terminal the clocks count as
/// a change (they run as a wall clock does); in a script's output they do not (a screen a
/// second would bury the moves).
struct TerminalScreen<W: Write> {
    out: W,
    options: TerminalOptions,
    tty: bool,
    shown: Option<ScreenState>,
    banner: Option<String>,
}

impl<W: Write> TerminalScreen<W> {
    /// Prints the screen if it changed since it was last printed.
    fn show_if_changed(&mut self, console: &Console) -> io::Result<()> {
        let mut screen = console.screen();
        if !self.tty {
            screen.white_clock = 0;
            screen.black_clock = 0;
        }
        if self.shown.as_ref() != Some(&screen) {
            self.print(console)?;
            self.shown = Some(screen);
        }
        Ok(())
    }

    /// Prints the console screen; on a terminal it overwrites the previous one line by
    /// line (no flicker), clearing what is left of each line and below.
    fn print(&mut self, console: &Console) -> io::Result<()> {
        let mut text = render_with(&console.screen(), self.options);
        if let Some(banner) = &self.banner {
            text = format!("{banner}\n{text}");
        }
        if self.tty {
            let mut framed = String::from("\x1b[H");
            for line in text.lines() {
                framed.push_str(line);
                framed.push_str("\x1b[K\n");
            }
            framed.push_str("\x1b[J");
            write!(self.out, "{framed}")?;
        } else {
            writeln!(self.out, "{text}")?;
        }
        self.out.flush()
    }
}
