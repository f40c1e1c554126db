//! `c7010 solve`: run an EPD suite (bm/am) and print solved/total.
//!
//! A position without `bm` or `am` has no right or wrong answer: it is not judged (not
//! searched, not counted in the total, named on its own line), so that it cannot inflate
//! the score; a suite in which no position can be judged is an error.
//!
//! Either engine searches at a table, each position a new game searched out of the opening
//! book.

use super::engines::{self, think};
use super::search::budget_of;
use c7010::engine::{EngineChoice, Table};
use c7010::reference::epd::parse_epd;
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, legal_moves};
use std::path::PathBuf;

/// Arguments of `c7010 solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that solves.
    #[arg(long, value_enum, default_value_t = EngineChoice::Ref)]
    engine: EngineChoice,
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
    /// Print every position that was not solved: the move played and the move expected.
    #[arg(long)]
    verbose: bool,
}

/// Run `c7010 solve`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let budget = budget_of(args.level, args.budget)?;
    let mut table = engines::start(args.engine, None)?;
    let text = c7010::files::read_text(&args.suite, c7010::files::SUITE)?;
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let bar = indicatif::ProgressBar::new(lines.len() as u64);
    let (mut solved, mut total, mut positions) = (0usize, 0usize, 0u64);
    let mut not_judged = 0usize;
    for (n, line) in lines.iter().enumerate() {
        bar.inc(1);
        let rec = match parse_epd(line) {
            Ok(r) => r,
            Err(e) => {
                bar.suspend(|| println!("line {}: skipped: {e}", n + 1));
                continue;
            }
        };
        if rec.best.is_empty() && rec.avoid.is_empty() {
            not_judged += 1;
            bar.suspend(|| println!("line {}: not judged: no bm or am operation", n + 1));
            continue;
        }
        total += 1;
        let (best, evaluated) = engine_move(&mut table, &rec.board, budget)?;
        positions += evaluated as u64;
        // bm: one of the moves; am: none of them; both: both.
        let ok = best.is_some_and(|m| {
            (rec.best.is_empty() || rec.best.contains(&m)) && !rec.avoid.contains(&m)
        });
        if ok {
            solved += 1;
        } else if args.verbose {
            bar.suspend(|| {
                println!(
                    "{}: played {}{}",
                    rec.id.as_deref().unwrap_or(line),
                    best.map(|m| m.uci()).unwrap_or_else(|| "none".into()),
                    expected(&rec.best, &rec.avoid)
                )
            });
        }
    }
    bar.finish_and_clear();
    let suite = args.suite.display();
    match (total, not_judged) {
        (0, 0) => anyhow::bail!("no position in {suite} could be read"),
        (0, _) => anyhow::bail!("nothing to judge in {suite}: no position has bm or am"),
        _ => {}
    }
    let unjudged = match not_judged {
        0 => String::new(),
        n => format!("; {n} not judged (no bm or am)"),
    };
    println!(
        "solved {solved}/{total} (budget {budget} positions, {positions} evaluated{unjudged})"
    );
    Ok(())
}

/// The engine's move for `board` (set up as a new game, out of the book: a suite's
/// position is searched) and the positions it evaluated; no move where there is none.
fn engine_move(
    table: &mut Table,
    board: &Board,
    budget: u32,
) -> anyhow::Result<(Option<Move>, u32)> {
    if legal_moves(board).is_empty() {
        return Ok((None, 0));
    }
    table.set_game(Game::new(board.clone()));
    let decision = think(table, budget, true, &mut |_| {})?;
    Ok((decision.best, decision.positions))
}

/// What a position asked for, after the move played: `; expected f1f7 (bm)`,
/// `; not g3g7 (am)`, alternatives joined by `or`.
fn expected(best: &[c7010::reference::Move], avoid: &[c7010::reference::Move]) -> String {
    let list = |moves: &[c7010::reference::Move]| {
        moves
            .iter()
            .map(|m| m.uci())
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let mut text = String::new();
    if !best.is_empty() {
        text.push_str(&format!("; expected {} (bm)", list(best)));
    }
    if !avoid.is_empty() {
        text.push_str(&format!("; not {} (am)", list(avoid)));
    }
    text
}
