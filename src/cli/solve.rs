//! `c7010 solve`: run an EPD suite (bm/am) and print solved/total.

use super::perft::{Engine, require_ref};
use super::search::budget_of;
use c7010::reference::epd::parse_epd;
use c7010::reference::search;
use std::path::PathBuf;

/// Arguments of `c7010 solve`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Engine that solves.
    #[arg(long, value_enum, default_value_t = Engine::Ref)]
    engine: Engine,
    /// EPD file (one position per line with bm and/or am operations).
    #[arg(long)]
    suite: PathBuf,
    /// Level 1-6 (a position budget each).
    #[arg(long, conflicts_with = "budget")]
    level: Option<u8>,
    /// Budget of positions evaluated per position.
    #[arg(long)]
    budget: Option<u32>,
    /// Only the first N positions.
    #[arg(long)]
    limit: Option<usize>,
    /// Print every position that was not solved.
    #[arg(long)]
    verbose: bool,
}

/// Run `c7010 solve`.
pub fn run(args: Args) -> anyhow::Result<()> {
    require_ref(args.engine)?;
    let budget = budget_of(args.level, args.budget)?;
    let text = std::fs::read_to_string(&args.suite)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.suite.display()))?;
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let bar = indicatif::ProgressBar::new(lines.len() as u64);
    let (mut solved, mut total, mut positions) = (0usize, 0usize, 0u64);
    for (n, line) in lines.iter().enumerate() {
        bar.inc(1);
        let rec = match parse_epd(line) {
            Ok(r) => r,
            Err(e) => {
                bar.suspend(|| println!("line {}: skipped: {e}", n + 1));
                continue;
            }
        };
        total += 1;
        let r = search::search(&rec.board, budget);
        positions += r.positions as u64;
        let ok = r.best.is_some_and(|m| {
            (rec.best.is_empty() || rec.best.contains(&m)) && !rec.avoid.contains(&m)
        });
        if ok {
            solved += 1;
        } else if args.verbose {
            bar.suspend(|| {
                println!(
                    "{}: played {}",
                    rec.id.as_deref().unwrap_or(line),
                    r.best.map(|m| m.uci()).unwrap_or_else(|| "none".into())
                )
            });
        }
    }
    bar.finish_and_clear();
    println!("solved {solved}/{total} (budget {budget} positions, {positions} evaluated)");
    Ok(())
}
