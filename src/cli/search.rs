//! `c7010 search`: search one position and print move, score, positions, passes, PV and the
//! analysis line of every completed pass.

use super::perft::{Engine, require_ref};
use c7010::reference::{Board, PassInfo, Search, levels};
use std::time::Instant;

/// Arguments of `c7010 search`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Engine that searches.
    #[arg(long, value_enum, default_value_t = Engine::Ref)]
    engine: Engine,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Level 1-6 (a position budget each).
    #[arg(long, conflicts_with = "budget")]
    level: Option<u8>,
    /// Budget of positions evaluated.
    #[arg(long)]
    budget: Option<u32>,
}

/// Budget from `--level` / `--budget` (level 2 when neither is given).
pub fn budget_of(level: Option<u8>, budget: Option<u32>) -> anyhow::Result<u32> {
    Ok(match (level, budget) {
        (_, Some(b)) => b,
        (Some(l), None) => levels::budget(l)?,
        (None, None) => levels::budget(2)?,
    })
}

/// Render a score: pawns with two decimals, or "mate N" (N in moves).
pub fn score_text(score: i16) -> String {
    use c7010::reference::search::MATE;
    if score.abs() >= MATE - 100 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        if score > 0 {
            format!("mate {moves}")
        } else {
            format!("mated {moves}")
        }
    } else {
        format!("{:+.2}", score as f64 / 16.0)
    }
}

fn pv_text(pv: &[c7010::reference::Move]) -> String {
    pv.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" ")
}

/// Run `c7010 search`.
pub fn run(args: Args) -> anyhow::Result<()> {
    require_ref(args.engine)?;
    let board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let budget = budget_of(args.level, args.budget)?;
    let start = Instant::now();
    let mut search = Search::new(&board);
    let result = search.think(budget, &mut |p: &PassInfo| {
        println!(
            "pass {} depth {} score {} ({}) positions {} pv {}",
            p.pass,
            p.depth,
            score_text(p.score),
            p.score,
            p.positions,
            pv_text(p.pv)
        );
    });
    let secs = start.elapsed().as_secs_f64();
    match result.best {
        Some(m) => println!("bestmove {m}"),
        None => println!(
            "bestmove (none): {}",
            if result.score == 0 {
                "stalemate"
            } else {
                "mated"
            }
        ),
    }
    println!("score {} ({})", score_text(result.score), result.score);
    println!("positions {}", result.positions);
    println!("passes {}", result.passes);
    println!("pv {}", pv_text(result.pv()));
    println!(
        "time {secs:.3} s native, {:.0} positions/s",
        result.positions as f64 / secs.max(1e-9)
    );
    Ok(())
}
