//! The `c7010` command line. Each subcommand lives in its own file under `src/cli/`.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "c7010",
    version,
    about = "The Philips Videopac C7010 chess module, back to life"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<CliCommand>,
}

#[derive(Subcommand)]
// A subcommand of `c7010` (not the latch protocol's `protocol::Command`, nor a debugger command).
enum CliCommand {
    /// Play chess against the module (window where there is a display, terminal otherwise).
    Play(cli::play::Args),
    /// Assemble Z80 source into a ROM image, listing, symbols and source map.
    Asm(cli::asm::Args),
    /// Run a bare ROM on the module machine until HALT and print the result.
    Exec(cli::exec::Args),
    /// Count leaf nodes of the move-generation tree (perft).
    Perft(cli::perft::Args),
    /// Search one position and print the move, score (from the side to move's view, not
    /// White's as on the console: each score names the side), positions, passes and PV.
    Search(cli::search::Args),
    /// Run an EPD test suite (bm/am) and print solved/total.
    Solve(cli::solve::Args),
    /// Render a frame of the console to PNG.
    Screenshot(cli::screenshot::Args),
    /// Benchmarks: emulator speed, reference engine speed.
    Bench(cli::bench::Args),
    /// Guest vs reference on every position of a suite: diffs, summary, resource figures.
    Verify(cli::verify::Args),
    /// Whole games, guest against reference through the latch protocol, every move checked.
    Games(cli::games::Args),
    /// Debug the module: breakpoints by symbol and source line, registers, RAM, board.
    Debug(cli::debug::Args),
    /// Serve the module as a UCI engine for chess GUIs (stdin/stdout).
    Uci(cli::uci::Args),
    /// Serve the module as an xboard/WinBoard (CECP v2) engine (stdin/stdout).
    Xboard(cli::xboard::Args),
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line a person reads (with its causes, each once), never a backtrace.
            eprintln!("c7010: error: {}", cli::error_text::error_text(&e));
            ExitCode::FAILURE
        }
    }
}

/// `c7010` alone is `c7010 play`: its arguments read by clap from the words `c7010 play`, so
/// the defaults are the ones `play --help` shows (one source of them: the `#[arg]` lines).
fn play_with_its_defaults() -> CliCommand {
    match Cli::parse_from(["c7010", "play"]).command {
        Some(command) => command,
        None => unreachable!("`c7010 play` names the play subcommand"),
    }
}

/// Rust ignores SIGPIPE, so `c7010 ... | head` would panic on the next print; a command-line
/// tool should end quietly instead, as C tools do.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is always valid.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or_else(play_with_its_defaults) {
        CliCommand::Play(a) => cli::play::run(a),
        CliCommand::Games(a) => cli::games::run(a),
        CliCommand::Asm(a) => cli::asm::run(a),
        CliCommand::Exec(a) => cli::exec::run(a),
        CliCommand::Perft(a) => cli::perft::run(a),
        CliCommand::Search(a) => cli::search::run(a),
        CliCommand::Solve(a) => cli::solve::run(a),
        CliCommand::Screenshot(a) => cli::screenshot::run(a),
        CliCommand::Bench(a) => cli::bench::run(a),
        CliCommand::Verify(a) => cli::verify::run(a),
        CliCommand::Debug(a) => cli::debug::run(a),
        CliCommand::Uci(a) => cli::uci::run(a),
        CliCommand::Xboard(a) => cli::xboard::run(a),
    }
}
