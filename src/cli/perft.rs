//! `c7010 perft`: count the leaves of the legal move tree of a position with either engine
//! (the native reference, or the Z80 guest on the emulated module through the latch
//! protocol), through the engine interface, and print the count and the time it took.

use super::engines;
use super::report::Timer;
use anyhow::Context;
use c7010::engine::{EngineChoice, Table};
use c7010::reference::game::Game;
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
    let mut table = engines::start(args.engine, None)?;
    table.set_game(Game::new(board));
    let timer = Timer::start(table.engine());
    let total = if args.divide {
        divide(&mut table, args.depth)?
    } else {
        table.perft(args.depth)?
    };
    println!("perft {} = {total}", args.depth);
    println!("{}", timer.line(table.engine(), total, "nodes"));
    Ok(())
}

/// The count below each root move of the table's position (in generation order), printed
/// as it comes (`e2e4: 20`), and their sum: each move played, counted one ply less deep,
/// taken back.
fn divide(table: &mut Table, depth: u8) -> anyhow::Result<u64> {
    let mut total = 0;
    let moves = legal_moves(table.board());
    for &m in moves.as_slice() {
        table
            .play_unjudged(m)
            .with_context(|| format!("playing {m}"))?;
        let n = table
            .perft(depth.saturating_sub(1))
            .with_context(|| format!("perft below {m}"))?;
        table.take_back(1);
        println!("{m}: {n}");
        total += n;
    }
    Ok(total)
}
