//! `c7010 play` (also what `c7010` with no subcommand runs): the main job. One [`Console`]
//! with the module plugged in, shown in a window (`console::window_loop`) or, with `--tui`
//! or where no window can be opened, as text in the terminal (`console::terminal_loop`,
//! stdin read on a thread of its own). This file has the arguments and the start-up.
//!
//! Every way out (quit, the end of the input, Ctrl-C, SIGTERM, the terminal or the window
//! closed, a failure) appends the game to the `--pgn` database; a `--pgn` that cannot be
//! written is refused before the game, and games that could not be written at the end are
//! printed on stderr and make the exit status a failure.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::mpsc;

use anyhow::Context;

use super::stop_signals::StopSignals;
use c7010::console::state_dir;
use c7010::console::terminal_loop::TerminalLoop;
use c7010::console::window_layout::DEFAULT_SCALE;
use c7010::console::{Colour, Console, ConsoleOptions};
use c7010::debugger::DebugInfo;
use c7010::engine::{Engine, EngineChoice, RefEngine};

/// The human's colour on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// Play White (move first).
    White,
    /// Play Black.
    Black,
}

/// Arguments of `c7010 play`.
#[derive(clap::Args, Debug)]
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
    /// No sound in the window.
    #[arg(long)]
    mute: bool,
    /// The module thinks on your time, on the reply it expects, and keeps that thought when
    /// you play it (K in the window, `ponder` in the terminal turn it on and off).
    #[arg(long)]
    ponder: bool,
    /// Keep the game for the next start and go on with the last one even when stdin is a
    /// pipe or a file (a script does neither by default: it would take over a person's game).
    #[arg(long)]
    resume: bool,
}

/// `--scale`: 1 to 8.
fn parse_scale(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=8).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not a scale from 1 to 8")),
    }
}

/// Run `c7010 play`.
pub fn run(args: Args) -> anyhow::Result<()> {
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
        resume_file: resume_file(&args),
        ponder: args.ponder,
        ..ConsoleOptions::default()
    };
    let mut console = Console::new(engine, options).context("cannot start the console")?;
    let stop = StopSignals::install().context("cannot catch Ctrl-C")?;
    // A bug that panics in a front end still goes through `finish`: the game is kept.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if args.tui {
            run_terminal(&mut console, &stop, None)
        } else {
            let debug = debug_info(&args);
            let window = WindowOptions {
                scale: args.scale,
                mute: args.mute,
            };
            run_window_or_terminal(&mut console, window, debug, &stop)
        }
    }))
    .unwrap_or_else(|_| Err(anyhow::anyhow!("the front end failed (a bug: see above)")));
    finish(&mut console, result, &stop)
}

/// True for the terminal fed by a pipe or a file: a script, not a person.
fn scripted(args: &Args) -> bool {
    args.tui && !std::io::stdin().is_terminal()
}

/// Where the game is kept for the next start, if it is (`--resume`, or not a script).
fn resume_file(args: &Args) -> Option<PathBuf> {
    (args.resume || !scripted(args))
        .then(state_dir::resume_file)
        .flatten()
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
        let (n, s, are) = match games.len() {
            1 => (1, "", "it is"),
            n => (n, "s", "they are"),
        };
        let path = path.display();
        eprintln!("c7010: {n} game{s} could not be written to {path}; here {are}:\n");
        eprint!("{}", games.join("\n"));
        anyhow::bail!("the PGN was not written to {path}");
    }
    if let Some(signal) = stop.received() {
        result?;
        std::process::exit(128 + signal);
    }
    result
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
    let rom = match &args.rom {
        Some(path) => Some(c7010::files::read(path, c7010::files::ROM_IMAGE)?),
        None => None,
    };
    let guest = c7010::engine::seat_guest(rom.as_deref());
    match (guest, args.engine) {
        (Ok(g), _) => Ok(Box::new(g)),
        (Err(e), Some(EngineChoice::Guest)) => Err(anyhow::anyhow!("the guest engine: {e}")),
        (Err(e), _) => {
            eprintln!("c7010: the guest engine ({e}); playing the reference engine");
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
    debug: DebugInfo,
    stop: &StopSignals,
) -> anyhow::Result<()> {
    use c7010::console::window_loop::{WindowFront, WindowLoopError, run_window};
    let front = WindowFront::new(debug, PathBuf::from("."));
    let mut sound = c7010::console::window_loop::sound_out(options.mute);
    let stopped = || stop.received().is_some();
    match run_window(console, options.scale, front, &mut sound, &stopped) {
        Ok(()) => Ok(()),
        Err(WindowLoopError::NoWindow(e)) => {
            // Said above the screens too: the terminal's first screen clears what stderr said.
            eprintln!("c7010: no window ({e}); using the terminal instead");
            let banner = format!("No window could be opened here ({e}): playing in the terminal.");
            run_terminal(console, stop, Some(&banner))
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(feature = "gui"))]
fn run_window_or_terminal(
    console: &mut Console,
    _options: WindowOptions,
    _debug: DebugInfo,
    stop: &StopSignals,
) -> anyhow::Result<()> {
    eprintln!("c7010: built without the window (feature gui); using the terminal");
    run_terminal(console, stop, None)
}

/// The terminal front end on stdin and stdout (`console::terminal_loop`).
fn run_terminal(
    console: &mut Console,
    stop: &StopSignals,
    banner: Option<&str>,
) -> anyhow::Result<()> {
    let tty = std::io::stdout().is_terminal();
    // A script (stdin not a terminal) waits for the module's move before each line, quit
    // included, so it means the same at any speed; a person may quit or move at once.
    let scripted = !std::io::stdin().is_terminal();
    let mut front = TerminalLoop::new(std::io::stdout(), tty, scripted);
    if let Some(banner) = banner {
        front = front.with_banner(banner);
    }
    let stopped = || stop.received().is_some();
    front.run(console, &read_lines(), &stopped)?;
    match console.refused_moves() {
        n if scripted && n > 0 => anyhow::bail!("{n} of the script's moves were refused"),
        _ => Ok(()),
    }
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
