//! `c7010 debug`: the text debugger on the module (commands in `docs/debugger.md`).
//!
//! Commands come from a terminal with line editing and history (rustyline), or from
//! `--script FILE` (one per line; `-` for standard input) so sessions are reproducible.
//! When standard input is not a terminal it is read plainly, line by line. In script mode
//! each command is echoed after the prompt so the output reads as a transcript.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

use anyhow::Context;
use c7010::debugger::{DebugInfo, DebugSession};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;

/// The prompt.
const PROMPT: &str = "(c7010) ";

/// Arguments of `c7010 debug`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// ROM image (default: the built-in ROM). Its .sym, .map and .lst beside it are loaded.
    #[arg(long)]
    rom: Option<PathBuf>,
    /// Run the commands in FILE, one per line (`-` reads them from standard input).
    #[arg(long)]
    script: Option<PathBuf>,
    /// After boot, set up this position through the protocol (SETUP) and stop there.
    #[arg(long)]
    fen: Option<String>,
}

/// Run the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (machine, info) = match &args.rom {
        Some(path) => {
            let rom = c7010::files::read(path, c7010::files::ROM_IMAGE)?;
            let machine = Machine::new(&rom)
                .with_context(|| format!("cannot load ROM {}", path.display()))?;
            (machine, DebugInfo::beside(path)?)
        }
        None => (Machine::new(BUILTIN_ROM)?, DebugInfo::builtin()),
    };
    let mut session = DebugSession::new(machine, info);
    if let Some(fen) = &args.fen {
        print!("{}", session.setup_fen(fen)?);
    } else {
        print!("{}", session.execute("regs").output);
    }
    match &args.script {
        Some(path) if path.as_os_str() == "-" => plain(&mut session, std::io::stdin().lock(), true),
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot open script {}", path.display()))?;
            plain(&mut session, std::io::BufReader::new(file), true)
        }
        None if std::io::stdin().is_terminal() => interactive(&mut session),
        None => plain(&mut session, std::io::stdin().lock(), false),
    }
}

/// Commands from a file or a pipe.
fn plain(session: &mut DebugSession, input: impl BufRead, echo: bool) -> anyhow::Result<()> {
    for line in input.lines() {
        let line = line.context("cannot read a command")?;
        if echo {
            println!("{PROMPT}{line}");
        }
        let reply = session.execute(&line);
        print!("{}", reply.output);
        if reply.quit {
            break;
        }
    }
    Ok(())
}

/// Commands from a terminal, with line editing and history; an empty line repeats the
/// last command (as in gdb), which makes `step` and `next` quick to repeat.
fn interactive(session: &mut DebugSession) -> anyhow::Result<()> {
    let mut editor = rustyline::DefaultEditor::new().context("cannot open the terminal")?;
    let mut last = String::new();
    loop {
        match editor.readline(PROMPT) {
            Ok(line) => {
                let line = if line.trim().is_empty() {
                    last.clone()
                } else {
                    line
                };
                if !line.trim().is_empty() {
                    editor.add_history_entry(line.as_str()).ok();
                }
                let reply = session.execute(&line);
                print!("{}", reply.output);
                last = line;
                if reply.quit {
                    return Ok(());
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(rustyline::error::ReadlineError::Eof) => return Ok(()),
            Err(e) => return Err(e).context("cannot read from the terminal"),
        }
    }
}
