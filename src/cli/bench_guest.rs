//! `c7010 bench guest`: the guest's search speed in positions evaluated per emulated second
//! at the module's 4.433619 MHz (GO through the latch protocol on middle-game positions),
//! the host's emulation speed, the emulated time each level's budget takes, and the ROM,
//! RAM and stack figures.

use anyhow::Context;
use c7010::assembler::symbols::{SymbolKind, parse_symbol_file};
use c7010::guest::GuestImage;
use c7010::guest::image::{BUILTIN_MAP, BUILTIN_SYMBOLS};
use c7010::guest::session::GuestSession;
use c7010::machine::{DEFAULT_CLOCK_HZ, seconds_of};
use c7010::reference::Board;
use c7010::reference::levels::LEVEL_BUDGETS;
use std::time::Instant;

use super::verify::resource_line;

/// Middle-game positions (from Gambiet-era test games and the WAC suite).
pub(super) const POSITIONS: [&str; 6] = [
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
    /// Also print where the T-states went: the labels of the committed ROM's symbol file
    /// that took the most time, and the share of each source file.
    #[arg(long)]
    profile: bool,
    /// Also play each of levels 1-5 on the same positions and print the emulated time a
    /// move takes at its budget (the guest's speed falls as the search goes deeper, so one
    /// rate does not give every level's time).
    #[arg(long)]
    levels: bool,
}

/// Positions evaluated and T-states of a GO with `budget` on every bench position, printing
/// one line each when `verbose`.
fn go_all(s: &mut GuestSession, budget: u32, verbose: bool) -> anyhow::Result<(u64, u64)> {
    let (mut positions, mut t_states) = (0u64, 0u64);
    for fen in POSITIONS {
        let board = Board::from_fen(fen)?;
        s.setup(&board).with_context(|| fen.to_string())?;
        let best = s.go(Some(budget), |_| {})?;
        positions += u64::from(best.positions);
        t_states += best.t_states;
        if verbose {
            println!(
                "{fen}: {} positions in {:.2} emulated s",
                best.positions,
                seconds_of(best.t_states, DEFAULT_CLOCK_HZ)
            );
        }
    }
    Ok((positions, t_states))
}

/// Run `c7010 bench guest`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.budget == 0 {
        anyhow::bail!("--budget must be at least 1");
    }
    let image = GuestImage::builtin();
    let mut s = GuestSession::boot(&image)?;
    s.module_mut().machine_mut().set_profiling(args.profile);
    let start = Instant::now();
    let (positions, t_states) = go_all(&mut s, args.budget, true)?;
    let host = start.elapsed().as_secs_f64();
    let emulated = seconds_of(t_states, DEFAULT_CLOCK_HZ);
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
    println!(
        "{}",
        resource_line(&image.rom, &s.module().machine().stats())
    );
    if let Some(profile) = s.module().machine().profile() {
        print_profile(profile, positions);
    }
    if args.levels {
        s.module_mut().machine_mut().set_profiling(false); // the levels are not profiled
        for (i, &budget) in LEVEL_BUDGETS.iter().enumerate().take(5) {
            let (p, t) = go_all(&mut s, budget, false)?;
            let seconds = seconds_of(t, DEFAULT_CLOCK_HZ);
            println!(
                "level {}: {budget} positions: {:.1} emulated s a move on average, {:.0} \
                 positions per emulated second",
                i + 1,
                seconds / POSITIONS.len() as f64,
                p as f64 / seconds
            );
        }
    }
    Ok(())
}

/// The profile by label (each address counts for the nearest label at or below it) and by
/// source file, in T-states per position evaluated and as a share of all.
fn print_profile(profile: &[u64], positions: u64) {
    let mut labels: Vec<(u16, String)> = parse_symbol_file(BUILTIN_SYMBOLS)
        .unwrap_or_default()
        .into_iter()
        .filter(|s| s.kind == SymbolKind::Label)
        .map(|s| (s.value, s.name))
        .collect();
    labels.sort();
    let total: u64 = profile.iter().sum::<u64>().max(1);
    let per_position = |t: u64| t as f64 / positions.max(1) as f64;
    let mut by_label: Vec<(u64, &str)> = Vec::new();
    for (i, (start, name)) in labels.iter().enumerate() {
        let end = labels.get(i + 1).map_or(profile.len(), |l| l.0 as usize);
        let t: u64 = profile[(*start as usize).min(end)..end].iter().sum();
        if t > 0 {
            by_label.push((t, name));
        }
    }
    by_label.sort_by(|a, b| b.cmp(a));
    println!(
        "\nprofile: {total} T-states, {:.0} per position",
        per_position(total)
    );
    println!("{:<12} {:>10} {:>6}", "label", "T/position", "share");
    for (t, name) in by_label.iter().take(40) {
        println!(
            "{name:<12} {:>10.0} {:>5.1}%",
            per_position(*t),
            100.0 * *t as f64 / total as f64
        );
    }
    let mut by_file: Vec<(u64, &str)> = Vec::new();
    for line in BUILTIN_MAP.lines().filter(|l| !l.starts_with(';')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [address, length, _, file] = fields[..] else {
            continue;
        };
        let (Ok(address), Ok(length)) =
            (usize::from_str_radix(address, 16), length.parse::<usize>())
        else {
            continue;
        };
        let t: u64 = profile[address.min(profile.len())..(address + length).min(profile.len())]
            .iter()
            .sum();
        match by_file.iter_mut().find(|(_, f)| *f == file) {
            Some(entry) => entry.0 += t,
            None => by_file.push((t, file)),
        }
    }
    by_file.sort_by(|a, b| b.cmp(a));
    println!("\n{:<20} {:>10} {:>6}", "file", "T/position", "share");
    for (t, file) in by_file {
        println!(
            "{file:<20} {:>10.0} {:>5.1}%",
            per_position(t),
            100.0 * t as f64 / total as f64
        );
    }
}
