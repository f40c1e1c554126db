//! `c7010 perft`: count the leaves of the legal move tree of a position, with the native
//! reference or with the Z80 guest on the emulated module (through the latch protocol).

use anyhow::Context;
use c7010::engine::EngineChoice;
use c7010::guest::{GuestImage, GuestSession};
use c7010::machine::{DEFAULT_CLOCK_HZ, seconds_of};
use c7010::reference::{Board, legal_moves, perft};
use std::time::Instant;

/// Arguments of `c7010 perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that counts.
    #[arg(long, value_enum, default_value_t = EngineChoice::Ref)]
    engine: EngineChoice,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies (the guest counts to depth 6; with --divide, 7).
    #[arg(long)]
    depth: u8,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// Run `c7010 perft`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.engine == EngineChoice::Guest {
        return run_guest(&args);
    }
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

/// `--engine guest`: the Z80 guest counts on the emulated module, through the latch
/// protocol (SETUP, then PERFT; for `--divide` MOVE, PERFT, TAKEBACK per root move).
fn run_guest(args: &Args) -> anyhow::Result<()> {
    let board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let mut session =
        GuestSession::boot(&GuestImage::builtin()).context("starting the emulated module")?;
    session
        .setup(&board)
        .context("the module refused the position")?;
    let start = Instant::now();
    let (total, t_states) = if args.divide {
        let (mut total, mut t_states) = (0u64, 0u64);
        for m in legal_moves(&board).as_slice() {
            session.play(m).with_context(|| format!("playing {m}"))?;
            let n = session
                .perft(args.depth.saturating_sub(1))
                .with_context(|| format!("perft below {m}"))?;
            session.take_back()?;
            println!("{m}: {}", n.count);
            total += u64::from(n.count);
            t_states += n.t_states;
        }
        (total, t_states)
    } else {
        let n = session
            .perft(args.depth)
            .context("the guest counts to depth 5 at most")?;
        (u64::from(n.count), n.t_states)
    };
    let secs = start.elapsed().as_secs_f64();
    let emulated = seconds_of(t_states, DEFAULT_CLOCK_HZ);
    println!("perft {} = {total}", args.depth);
    println!(
        "emulated {t_states} T-states, {emulated:.3} s at {:.6} MHz, {:.0} nodes per emulated second",
        DEFAULT_CLOCK_HZ / 1e6,
        total as f64 / emulated.max(1e-9)
    );
    println!("host time {secs:.3} s");
    Ok(())
}
