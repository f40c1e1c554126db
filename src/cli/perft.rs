//! `c7010 perft`: count the leaves of the legal move tree of a position with either engine
//! (the native reference, or the Z80 guest on the emulated module through the latch
//! protocol), through the engine interface, and print the count and the time it took.

use super::engines;
use super::report::Timer;
use anyhow::Context;
use c7010::engine::{Engine, EngineChoice};
use c7010::reference::{Board, legal_moves};

/// Arguments of `c7010 perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that counts.
    #[arg(long, value_enum, default_value_t = EngineChoice::Ref)]
    engine: EngineChoice,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies (the guest counts to depth 5, as deep as its stack holds; with
    /// --divide, 6).
    #[arg(long)]
    depth: u8,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// Run `c7010 perft`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let mut engine = engines::start(args.engine, None)?;
    engine
        .set_position(&board)
        .context("the engine refused the position")?;
    let timer = Timer::start(engine.as_ref());
    let total = if args.divide {
        divide(engine.as_mut(), &board, args.depth)?
    } else {
        engine.perft(args.depth)?
    };
    println!("perft {} = {total}", args.depth);
    println!("{}", timer.line(engine.as_ref(), total, "nodes"));
    Ok(())
}

/// The count below each root move of `board` (in generation order), printed as it comes
/// (`e2e4: 20`), and their sum: each move played, counted one ply less deep, taken back.
fn divide(engine: &mut dyn Engine, board: &Board, depth: u8) -> anyhow::Result<u64> {
    let mut total = 0;
    for &m in legal_moves(board).as_slice() {
        engine.play(m).with_context(|| format!("playing {m}"))?;
        let n = engine
            .perft(depth.saturating_sub(1))
            .with_context(|| format!("perft below {m}"))?;
        engine
            .take_back()
            .with_context(|| format!("taking {m} back"))?;
        println!("{m}: {n}");
        total += n;
    }
    Ok(total)
}
