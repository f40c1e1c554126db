//! `c7010 bench guest`: the guest's search speed in positions evaluated per emulated second
//! at the module's 4.433619 MHz (GO through the latch protocol on middle-game positions),
//! the host's emulation speed, the emulated time each level's budget takes, and the ROM,
//! RAM and stack figures.

use anyhow::Context;
use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::machine::DEFAULT_CLOCK_HZ;
use c7010::reference::Board;
use c7010::reference::levels::LEVEL_BUDGETS;
use std::time::Instant;

use super::verify::resource_line;

/// Middle-game positions (from Gambiet-era test games and the WAC suite).
const POSITIONS: [&str; 6] = [
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN2/PPQ2PPP/R3KB1R w KQ - 0 9",
    "r1bqr1k1/pp3ppp/2nb1n2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1b1r1k1/pp1n1pbp/1qp3p1/3p4/1B1P4/Q3PN2/PP2BPPP/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
];

/// Arguments of `c7010 bench guest`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Position budget of each GO.
    #[arg(long, default_value_t = 1500)]
    budget: u32,
}

/// Run `c7010 bench guest`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.budget == 0 {
        anyhow::bail!("--budget must be at least 1");
    }
    let image = GuestImage::builtin();
    let mut s = GuestSession::boot(&image)?;
    let (mut positions, mut t_states) = (0u64, 0u64);
    let start = Instant::now();
    for fen in POSITIONS {
        let board = Board::from_fen(fen)?;
        s.setup(&board).with_context(|| fen.to_string())?;
        let best = s.go(Some(args.budget), |_| {})?;
        positions += u64::from(best.positions);
        t_states += best.t_states;
        println!(
            "{fen}: {} positions in {:.2} emulated s",
            best.positions,
            best.t_states as f64 / DEFAULT_CLOCK_HZ
        );
    }
    let host = start.elapsed().as_secs_f64();
    let emulated = t_states as f64 / DEFAULT_CLOCK_HZ;
    let rate = positions as f64 / emulated;
    println!(
        "guest: {positions} positions in {emulated:.1} emulated s: {rate:.0} positions per \
         emulated second at {:.6} MHz (target 250; Gambiet/80 ~75 at 1.77 MHz)",
        DEFAULT_CLOCK_HZ / 1e6
    );
    println!(
        "host: {:.1} emulated MHz, {:.1} x real time, {:.0} guest positions per host second",
        t_states as f64 / host / 1e6,
        emulated / host,
        positions as f64 / host
    );
    for (i, budget) in LEVEL_BUDGETS.iter().enumerate().take(5) {
        println!(
            "level {}: {budget} positions = about {:.0} emulated s a move at this rate",
            i + 1,
            *budget as f64 / rate
        );
    }
    println!(
        "{}",
        resource_line(&image.rom, &s.module().machine().stats())
    );
    Ok(())
}
