//! `c7010 bench ref`: speed of the native reference engine: positions evaluated per second
//! (search on fixed positions) and perft nodes per second.

use c7010::reference::{Board, perft, search};
use std::time::Instant;

/// Arguments of `c7010 bench ref`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Positions evaluated per searched position.
    #[arg(long, default_value_t = 100_000)]
    budget: u32,
    /// Perft depth on the start position (Kiwipete runs one ply less).
    #[arg(long, default_value_t = 5)]
    depth: u8,
}

/// Fixed middle-game and endgame positions for the search benchmark.
const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
];

/// Run `c7010 bench ref`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let start = Instant::now();
    let mut positions = 0u64;
    for fen in POSITIONS {
        let r = search(&Board::from_fen(fen)?, args.budget);
        positions += r.positions as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "search: {positions} positions evaluated in {secs:.3} s = {:.0} positions/s",
        positions as f64 / secs.max(1e-9)
    );
    let module_rate = c7010::reference::levels::POSITIONS_PER_SECOND as f64;
    println!(
        "        {:.0}x the {module_rate:.0} positions/s assumed for the module",
        positions as f64 / secs.max(1e-9) / module_rate
    );
    let mut nodes = 0u64;
    let start = Instant::now();
    nodes += perft::perft(&mut Board::startpos(), args.depth);
    nodes += perft::perft(
        &mut Board::from_fen(POSITIONS[1])?,
        args.depth.saturating_sub(1),
    );
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft:  {nodes} nodes in {secs:.3} s = {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}
