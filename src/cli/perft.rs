//! `c7010 perft`: count the leaves of the legal move tree of a position.

use c7010::reference::{Board, perft};
use std::time::Instant;

/// Which engine answers: the native reference or the Z80 guest on the emulated module.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The native Rust reference engine.
    #[default]
    Ref,
    /// The Z80 guest running on the emulated module.
    Guest,
}

/// Fail clearly for an engine that does not exist yet.
pub fn require_ref(engine: Engine) -> anyhow::Result<()> {
    match engine {
        Engine::Ref => Ok(()),
        Engine::Guest => anyhow::bail!("--engine guest is not built yet; use --engine ref"),
    }
}

/// Arguments of `c7010 perft`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Engine that counts.
    #[arg(long, value_enum, default_value_t = Engine::Ref)]
    engine: Engine,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    depth: u8,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// Run `c7010 perft`.
pub fn run(args: Args) -> anyhow::Result<()> {
    require_ref(args.engine)?;
    let mut board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let start = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (m, n) in perft::divide(&mut board, args.depth) {
            println!("{m}: {n}");
            total += n;
        }
        total
    } else {
        perft::perft(&mut board, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {} = {total}", args.depth);
    println!(
        "time {secs:.3} s, {:.0} nodes/s",
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
