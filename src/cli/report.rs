//! The one printer of the counting commands (`perft`, `search`, `solve`): a pass, a
//! decision, a count and the time it took, the same lines whichever engine answered.
//!
//! Scores are the engine's, from the side to move's view (+ is good for the side to move),
//! and every score printed names that side (`+0.31 for Black`): the console shows White's
//! view, and a reader must never have to guess which one a number is in.

use c7010::engine::{Decision, Engine, Info};
use c7010::reference::piece::WHITE;
use c7010::reference::score::{self, Score};
use c7010::reference::{Board, Move, pass_plies};
use std::time::Instant;

/// The side to move of `board`, whose view every score of a search of it is in.
pub fn side_to_move(board: &Board) -> &'static str {
    if board.side == WHITE {
        "White"
    } else {
        "Black"
    }
}

/// A score: pawns with two decimals, or "mate N" / "mated N" (N in moves).
pub fn score_text(score: i16) -> String {
    match Score::of_units(score) {
        Score::MatePlies(plies) if plies > 0 => format!("mate {}", score::mate_moves(plies)),
        Score::MatePlies(plies) => format!("mated {}", -score::mate_moves(plies)),
        Score::Units(units) => format!("{:+.2}", f64::from(units) / 16.0),
    }
}

/// A score with the side whose view it is in and its engine units, named as such:
/// `+0.31 for White (5 units of 16 a pawn)`.
/// A mate has no units to show: `mate 2 for Black`.
pub fn scored(score: i16, side: &str) -> String {
    match Score::of_units(score) {
        Score::Units(_) => format!(
            "{} for {side} ({score} units of 16 a pawn)",
            score_text(score)
        ),
        Score::MatePlies(_) => format!("{} for {side}", score_text(score)),
    }
}

fn line_text(line: &[Move]) -> String {
    line.iter().map(Move::uci).collect::<Vec<_>>().join(" ")
}

/// A completed pass: `pass 2 depth 4 score +0.31 for White (5 units of 16 a pawn) positions
/// 1234 pv e2e4 ...`
/// (`depth`: the plies the pass searched, [`pass_plies`]).
pub fn pass_line(info: &Info, side: &str) -> String {
    format!(
        "pass {} depth {} score {} positions {} pv {}",
        info.pass,
        pass_plies(info.pass),
        scored(info.score, side),
        info.positions,
        line_text(&info.pv)
    )
}

/// The decision's lines: `book move` when the book answered, the move, its score, the
/// positions, the passes and the line, which is the last pass's when that pass ended on
/// the move played (else the move alone and why).
pub fn decision_lines(d: &Decision, last_line: &[Move], side: &str) -> Vec<String> {
    let mut out = Vec::new();
    if d.book {
        out.push("book move".to_string());
    }
    let Some(best) = d.best else {
        out.push("bestmove (none)".to_string());
        return out;
    };
    out.push(format!("bestmove {best}"));
    out.push(format!("score {}", scored(d.score, side)));
    out.push(format!("positions {}", d.positions));
    out.push(format!("passes {}", d.passes));
    out.push(match last_line.first() {
        Some(first) if *first == best => format!("pv {}", line_text(last_line)),
        _ if d.book => format!("pv {best} (the book's move: nothing searched)"),
        None => format!("pv {best} (no pass completed: lines are told per pass)"),
        Some(_) => format!("pv {best} (found by a pass cut short, which tells no line)"),
    });
    out
}

/// What a position without a legal move is: `bestmove (none): mated` or `stalemate`.
pub fn no_move_line(board: &Board) -> String {
    let what = if board.in_check() {
        "mated"
    } else {
        "stalemate"
    };
    format!("bestmove (none): {what}")
}

/// The time a count or a search took: the engine's emulated time when it runs on a clock
/// (the module), the host's otherwise (the reference, which has none).
pub struct Timer {
    host: Instant,
    t_states: u64,
}

impl Timer {
    /// Starts timing `engine` now.
    pub fn start(engine: &dyn Engine) -> Timer {
        Timer {
            host: Instant::now(),
            t_states: engine.t_states(),
        }
    }

    /// The time line for `count` `unit` (nodes, positions) done since the start:
    /// `emulated time 8.021 s (35562394 T-states at 4.433619 MHz), 1110 nodes per emulated
    /// second; host 0.412 s`, or `time 0.003 s native, 2967333 nodes per second`.
    pub fn line(&self, engine: &dyn Engine, count: u64, unit: &str) -> String {
        let host = self.host.elapsed().as_secs_f64();
        match engine.clock_hz().filter(|_| engine.has_clock()) {
            Some(hz) => {
                let t_states = engine.t_states() - self.t_states;
                let emulated = t_states as f64 / hz;
                format!(
                    "emulated time {emulated:.3} s ({t_states} T-states at {:.6} MHz), {:.0} \
                     {unit} per emulated second; host {host:.3} s",
                    hz / 1e6,
                    count as f64 / emulated.max(1e-9)
                )
            }
            None => format!(
                "time {host:.3} s native, {:.0} {unit} per second",
                count as f64 / host.max(1e-9)
            ),
        }
    }
}
