//! `c7010 play` (also what `c7010` with no subcommand runs): the main job. One [`Console`]
//! with the module plugged in, shown in a window (minifb) or, with `--tui` or where no
//! window can be opened, as text in the terminal.
//!
//! The terminal front end reads lines from stdin on a thread of its own, so the console
//! keeps its 50 Hz frames (clocks, the module thinking) while nothing is typed. A move typed
//! while the module thinks waits until it has moved; when stdin is not a terminal (a script)
//! every line waits so, and at the end of the input the console lets the module finish its
//! move, then quits. The screen is printed again when
//! anything but the clocks changes; on a terminal it replaces the previous one.
//!
//! Every way out (quit, the end of the input, Ctrl-C, SIGTERM, the terminal or the window
//! closed, a failure) appends the game to the `--pgn` database; a `--pgn` that cannot be
//! written is refused before the game, and games that could not be written at the end are
//! printed on stderr and make the exit status a failure.
//!
//! In the window, F12 pauses the module and opens the debugger panel
//! (`console::debug_panel`): the panel borrows the console's engine's machine
//! (`Console::engine_machine`) for each of its keys; F12 again lets the console run on.

use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context;

use super::stop_signals::StopSignals;
use c7010::console::terminal::{TerminalOptions, render_with};
use c7010::console::{Colour, Console, ConsoleOptions, LineOutcome, ScreenState, Speed};
use c7010::debugger::DebugInfo;
use c7010::engine::guest::GuestEngine;
use c7010::engine::{Engine, EngineChoice, RefEngine};
use c7010::machine::PAL_FRAME_SECONDS;

/// The human's colour on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// Play White (move first).
    White,
    /// Play Black.
    Black,
}

/// Arguments of `c7010 play`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Use the terminal even where a window could be opened (type `help` there for its
    /// commands: moves, level, undo, go, new, setup, flip, speed, pause, ponder, pgn, save,
    /// load, quit).
    #[arg(long)]
    tui: bool,
    /// Window size: each frame pixel becomes SCALE x SCALE screen pixels (1-8).
    #[arg(long, default_value_t = DEFAULT_SCALE, value_parser = parse_scale)]
    scale: usize,
    /// The engine [default: guest, or the reference with a note if the guest ROM cannot play].
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
    /// A guest ROM image instead of the built-in one.
    #[arg(long)]
    rom: Option<PathBuf>,
    /// Level 1-6 (otherwise the console asks): the module's time a move at speed 1X, 1 about
    /// 2 min, 2 10 s, 3 30 s, 4 1 min, 5 150 s, 6 until told (M, or `go` in the terminal).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    level: Option<u8>,
    /// Your colour (otherwise the console asks: PLAY WHITE? YES/NO).
    #[arg(long, value_enum)]
    colour: Option<ColourChoice>,
    /// Append each game to this PGN file when it ends or is left (new game, quit, Ctrl-C).
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Start from this position.
    #[arg(long)]
    fen: Option<String>,
    /// No sound in the window (built with the feature `sound`; without it there is none).
    #[arg(long)]
    mute: bool,
    /// The module thinks on your time, on the reply it expects, and keeps that thought when
    /// you play it (K in the window, `ponder` in the terminal turn it on and off).
    #[arg(long)]
    ponder: bool,
}

/// `--scale`: 1 to 8.
fn parse_scale(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=8).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not a scale from 1 to 8")),
    }
}

/// The window's default scale (1080 x 729 screen pixels).
const DEFAULT_SCALE: usize = 3;

/// Host time a frame at speed MAX may spend on the module (the rest of the 20 ms goes to
/// drawing).
const MAX_SPEED_BUDGET: Duration = Duration::from_millis(15);

/// Run `c7010 play`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let scale = if args.scale == 0 {
        DEFAULT_SCALE
    } else {
        args.scale
    };
    if let Some(path) = &args.pgn {
        c7010::files::check_writable(path).context("--pgn")?;
    }
    let engine = make_engine(&args)?;
    if args.ponder && !engine.has_clock() {
        eprintln!("--ponder: the reference engine answers at once; only the module ponders");
    }
    let options = ConsoleOptions {
        colour: args.colour.map(|c| match c {
            ColourChoice::White => Colour::White,
            ColourChoice::Black => Colour::Black,
        }),
        level: args.level,
        fen: args.fen.clone(),
        pgn: args.pgn.clone(),
        resume_file: resume_file(),
        ponder: args.ponder,
        ..ConsoleOptions::default()
    };
    let mut console = Console::new(engine, options).context("cannot start the console")?;
    let stop = StopSignals::install().context("cannot catch Ctrl-C")?;
    // A bug that panics in a front end still goes through `finish`: the game is kept.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if args.tui {
            run_terminal(&mut console, &stop)
        } else {
            let debug = Debuggable {
                info: debug_info(&args),
            };
            let window = WindowOptions {
                scale,
                mute: args.mute,
            };
            run_window_or_terminal(&mut console, window, debug, &stop)
        }
    }))
    .unwrap_or_else(|_| Err(anyhow::anyhow!("the front end failed (a bug: see above)")));
    finish(&mut console, result, &stop)
}

/// Where an unfinished game waits for the next start: `c7010/last-game.state` in the XDG
/// state directory (`$XDG_STATE_HOME`, else `~/.local/state`). Without a home, or where the
/// directory cannot be made, nothing is kept and one line says so.
fn resume_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_STATE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    let dir = base.join("c7010");
    match std::fs::create_dir_all(&dir) {
        Ok(()) => Some(dir.join("last-game.state")),
        Err(e) => {
            eprintln!(
                "c7010: an unfinished game will not be kept for the next start ({}: {e})",
                dir.display()
            );
            None
        }
    }
}

/// Every way out: the game goes to the `--pgn` database; games that could not be written
/// are printed on stderr (nothing is lost) and make the exit a failure; after a signal the
/// program ends with the usual status 128 + its number.
fn finish(
    console: &mut Console,
    result: anyhow::Result<()>,
    stop: &StopSignals,
) -> anyhow::Result<()> {
    console.write_pgn_on_quit();
    if let Err(why) = console.keep_for_next_start() {
        eprintln!(
            "c7010: the game is not kept for the next start: {}",
            why.to_lowercase()
        );
    }
    if let Some((path, games)) = console.unwritten_pgn() {
        if let Err(e) = &result {
            eprintln!("c7010: error: {e:#}");
        }
        eprintln!(
            "c7010: {} game{} could not be written to {}; here {}:\n",
            games.len(),
            if games.len() == 1 { "" } else { "s" },
            path.display(),
            if games.len() == 1 {
                "it is"
            } else {
                "they are"
            }
        );
        eprint!("{}", games.join("\n"));
        anyhow::bail!("the PGN was not written to {}", path.display());
    }
    if let Some(signal) = stop.received() {
        result?;
        std::process::exit(128 + signal);
    }
    result
}

/// What the debugger panel knows about the ROM played. (Without the window, feature `gui`,
/// nothing reads it.)
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
struct Debuggable {
    info: DebugInfo,
}

/// The debug information of the ROM played: the built-in one's, or the `.sym`, `.map` and
/// `.lst` beside `--rom` (a malformed one is reported and the panel goes without names).
fn debug_info(args: &Args) -> DebugInfo {
    match &args.rom {
        None => DebugInfo::builtin(),
        Some(path) => DebugInfo::beside(path).unwrap_or_else(|e| {
            eprintln!("c7010: the debugger panel will show no names ({e})");
            DebugInfo::default()
        }),
    }
}

/// The engine the arguments ask for. Without `--engine`, a guest ROM that cannot play yet
/// gives way to the reference engine with one line saying so.
fn make_engine(args: &Args) -> anyhow::Result<Box<dyn Engine>> {
    if args.engine == Some(EngineChoice::Ref) {
        return Ok(Box::new(RefEngine::new()));
    }
    let guest = match &args.rom {
        Some(path) => {
            let rom = c7010::files::read(path, c7010::files::ROM_IMAGE)?;
            GuestEngine::boot(&rom)
        }
        None => GuestEngine::builtin(),
    }
    .and_then(|mut g| g.check_plays().map(|()| g));
    match (guest, args.engine) {
        (Ok(g), _) => Ok(Box::new(g)),
        (Err(e), Some(EngineChoice::Guest)) => {
            Err(anyhow::anyhow!("the guest engine cannot play: {e}"))
        }
        (Err(e), _) => {
            eprintln!("c7010: the guest engine cannot play ({e}); playing the reference engine");
            Ok(Box::new(RefEngine::new()))
        }
    }
}

/// How the window is opened. (Without the window, feature `gui`, nothing reads it.)
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
struct WindowOptions {
    scale: usize,
    mute: bool,
}

#[cfg(feature = "gui")]
fn run_window_or_terminal(
    console: &mut Console,
    options: WindowOptions,
    debug: Debuggable,
    stop: &StopSignals,
) -> anyhow::Result<()> {
    use c7010::console::render::render_screen;
    use c7010::console::window::{Window, WindowView};
    let mut window = match Window::open(options.scale) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("c7010: no window ({e}); using the terminal instead");
            return run_terminal(console, stop);
        }
    };
    let mut failure = None;
    let mut paused: Option<Paused> = None;
    let mut notice = Notice::default();
    let mut sound = Sound::open(options.mute);
    window.run(|input| {
        if stop.received().is_some() {
            return None;
        }
        if input.debug {
            // F12 again: the console runs its engine's machine on from where the panel left it.
            paused = match paused {
                None => Some(Paused::start(console, &debug)),
                Some(_) => {
                    // The time the panel was open goes on no clock.
                    console.resume_after_stall();
                    None
                }
            };
        }
        // Paused: no emulated time passes, the picture stays, G7000 keys and F1 are ignored.
        match &mut paused {
            Some(p) => p.act(console, &input.debug_actions),
            None => {
                if input.help {
                    console.toggle_help();
                }
                for &key in &input.keys {
                    console.press(key);
                }
                console.run_frame(MAX_SPEED_BUDGET);
                sound.after_frame(console, input.keys.len());
            }
        }
        let mut screen = console.screen();
        notice.show(&mut screen);
        match render_screen(&screen) {
            Ok(frame) => {
                if input.screenshot {
                    notice = Notice::screenshot(&frame);
                }
                Some(WindowView {
                    frame,
                    panel: paused.as_ref().map(|p| p.lines.clone()),
                })
            }
            Err(e) => {
                failure = Some(e);
                None
            }
        }
    });
    match failure {
        Some(e) => Err(anyhow::anyhow!("cannot draw the screen: {e}")),
        None => Ok(()),
    }
}

/// A line the window shows on the status line for a while instead of the console's (the
/// screenshot's file name).
#[cfg(feature = "gui")]
#[derive(Default)]
struct Notice {
    text: String,
    frames_left: u32,
}

#[cfg(feature = "gui")]
impl Notice {
    /// Frames a notice stays: 3 seconds.
    const FRAMES: u32 = 150;

    /// F2: the frame to the next free `c7010-NNNN.png` in the current directory, at the
    /// default scale; the notice names the file (or says it failed, the reason on stderr).
    fn screenshot(frame: &c7010::vdc::Frame) -> Notice {
        let text = match c7010::vdc::png::write_numbered_png(
            frame,
            DEFAULT_SCALE,
            std::path::Path::new("."),
        ) {
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
            frames_left: Notice::FRAMES,
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

/// The window's sounds: a beep when the module moves, a click per key (feature `sound`,
/// unless `--mute`); where no sound device opens, one line says so and the game goes on.
#[cfg(feature = "gui")]
struct Sound {
    cues: c7010::console::sounds::Cues,
    #[cfg(feature = "sound")]
    out: Option<c7010::console::audio::AudioOut>,
}

#[cfg(feature = "gui")]
impl Sound {
    fn open(mute: bool) -> Sound {
        #[cfg(feature = "sound")]
        let out = match mute {
            true => None,
            false => c7010::console::audio::AudioOut::open()
                .inspect_err(|e| eprintln!("c7010: no sound ({e})"))
                .ok(),
        };
        #[cfg(not(feature = "sound"))]
        let _ = mute;
        Sound {
            cues: Default::default(),
            #[cfg(feature = "sound")]
            out,
        }
    }

    /// After a frame in which `keys` G7000 keys were pressed.
    fn after_frame(&mut self, console: &Console, keys: usize) {
        let game = console.game();
        let human_to_move = c7010::console::game::side_to_move(game) == console.human();
        let effects = self.cues.effects(keys, game.moves().len(), human_to_move);
        #[cfg(feature = "sound")]
        if let Some(out) = &self.out {
            for effect in effects {
                out.play(effect);
            }
        }
        #[cfg(not(feature = "sound"))]
        let _ = effects;
    }
}

/// The window's paused state: the debugger panel on the guest's machine, or a note when
/// the console plays an engine without one. The machine stays in the console's engine; the
/// panel borrows it for each action.
#[cfg(feature = "gui")]
struct Paused {
    panel: Option<c7010::console::debug_panel::DebugPanel>,
    /// The panel's text, made again after each action (not at every frame).
    lines: Vec<String>,
}

#[cfg(feature = "gui")]
impl Paused {
    /// Pause: the console is not run while the panel is open.
    fn start(console: &mut Console, debug: &Debuggable) -> Paused {
        use c7010::console::debug_panel::DebugPanel;
        let (panel, lines) = match console.engine_machine() {
            Some(machine) => {
                let panel = DebugPanel::open(debug.info.clone());
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
    fn act(&mut self, console: &mut Console, actions: &[c7010::console::debug_panel::PanelAction]) {
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

#[cfg(not(feature = "gui"))]
fn run_window_or_terminal(
    console: &mut Console,
    _options: WindowOptions,
    _debug: Debuggable,
    stop: &StopSignals,
) -> anyhow::Result<()> {
    eprintln!("c7010: built without the window (feature gui); using the terminal");
    run_terminal(console, stop)
}

/// The longest the terminal waits for a line while the module does not think: the clocks
/// are shown again at least this often, and an idle console sleeps (a line wakes it at once).
const IDLE_WAIT: Duration = Duration::from_millis(100);

/// The terminal front end: lines in, screens out; 50 frames a second while the module
/// thinks (none of them slept at speed MAX), a frame at each line or [`IDLE_WAIT`] else.
fn run_terminal(console: &mut Console, stop: &StopSignals) -> anyhow::Result<()> {
    let lines = read_lines();
    let tty = std::io::stdout().is_terminal();
    let mut screen = TerminalScreen {
        out: std::io::stdout(),
        options: TerminalOptions { colour: tty },
        tty,
        shown: None,
    };
    let mut input = TerminalInput {
        pending: VecDeque::new(),
        end_of_input: false,
        // A script (stdin not a terminal) waits for the module's move before each line,
        // quit included, so it means the same at any speed; a person may quit or move at
        // once.
        scripted: !std::io::stdin().is_terminal(),
    };
    screen.show_if_changed(console)?;
    loop {
        let started = Instant::now();
        if stop.received().is_some() {
            // The game first: after SIGHUP the terminal may be gone.
            console.write_pgn_on_quit();
            let _ = screen.print(console);
            return Ok(());
        }
        input.take(&lines, Duration::ZERO);
        if input.type_lines(console, &mut screen)? == LineOutcome::Quit {
            screen.print(console)?;
            return Ok(());
        }
        if input.end_of_input && input.pending.is_empty() {
            // A script that ends paused lets the module finish its move.
            if console.paused() {
                console.toggle_pause();
            }
            if !console.thinking() {
                console.write_pgn_on_quit();
                screen.print(console)?;
                return Ok(());
            }
        }
        console.run_frame(MAX_SPEED_BUDGET);
        screen.show_if_changed(console)?;
        input.take(&lines, wait_after_frame(console, started.elapsed()));
    }
}

/// How long the terminal waits for a line after a frame: the rest of the PAL frame while
/// the module thinks (nothing at speed MAX), [`IDLE_WAIT`] while it does not or is paused.
/// The player's time is real time whatever the speed.
fn wait_after_frame(console: &Console, spent: Duration) -> Duration {
    if !console.thinking() || console.paused() {
        return IDLE_WAIT;
    }
    if console.speed() == Speed::Max {
        return Duration::ZERO;
    }
    Duration::from_secs_f64(PAL_FRAME_SECONDS).saturating_sub(spent)
}

/// Stdin's lines, read on a thread of their own; `None` at the end of the input.
fn read_lines() -> mpsc::Receiver<Option<String>> {
    let (sender, lines) = mpsc::channel::<Option<String>>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(Some(line)).is_err() {
                return;
            }
        }
        let _ = sender.send(None);
    });
    lines
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
    fn type_lines(
        &mut self,
        console: &mut Console,
        screen: &mut TerminalScreen,
    ) -> anyhow::Result<LineOutcome> {
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
struct TerminalScreen {
    out: std::io::Stdout,
    options: TerminalOptions,
    tty: bool,
    shown: Option<ScreenState>,
}

impl TerminalScreen {
    /// Prints the screen if it changed since it was last printed.
    fn show_if_changed(&mut self, console: &Console) -> anyhow::Result<()> {
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
    fn print(&mut self, console: &Console) -> anyhow::Result<()> {
        let text = render_with(&console.screen(), self.options);
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
        self.out.flush()?;
        Ok(())
    }
}
