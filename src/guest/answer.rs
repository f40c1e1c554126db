//! A search's answer in the wire's terms, as either engine gives it (the guest through the
//! latch protocol, the reference through its pass hook), and the differences between two.
//! `c7010 verify` compares them position by position, `c7010 games` move by move.

use super::session::{BestMove, GuestSession, SessionError, WireInfo};
use super::wire::{wire_draws, wire_move};
use crate::protocol::{self, Decided, GoLong, Pass, Refusal};
use crate::reference::{self, Board, PassInfo, Search, SearchResult};

/// One completed pass, as both engines report it (the PV as wire moves; no root list: the
/// comparison is of the lines).
pub type Line = Pass<protocol::Move>;

impl Line {
    /// The guest's INFO line.
    pub fn from_guest(info: &WireInfo) -> Line {
        Line {
            root: Vec::new(),
            ..info.clone()
        }
    }

    /// The reference's pass, as the guest would send it.
    pub fn from_reference(pass: &PassInfo) -> Line {
        Line {
            pass: pass.pass,
            score: pass.score,
            positions: pass.positions,
            pv: pass.pv.iter().map(wire_move).collect(),
            root: Vec::new(),
        }
    }
}

/// A whole search, as both engines report it: its passes and its decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The INFO lines, one per completed pass.
    pub lines: Vec<Line>,
    /// The move (`None` when the side to move has none) and what the search says of it.
    pub decided: Decided<protocol::Move>,
}

impl Answer {
    /// No move: the side to move is mated or stalemated. The guest then reports only that
    /// the game is over, so nothing else is compared.
    pub fn none() -> Answer {
        Answer {
            lines: vec![],
            decided: Decided::none(),
        }
    }

    /// The guest's BESTMOVE after its INFO `lines`.
    pub fn from_guest(best: &BestMove, lines: Vec<Line>) -> Answer {
        Answer {
            lines,
            decided: best.decided(),
        }
    }

    /// The reference's result after the passes its hook heard (`lines`).
    pub fn from_reference(result: &SearchResult, lines: Vec<Line>) -> Answer {
        match result.best {
            Some(m) => Answer {
                lines,
                decided: Decided {
                    best: Some(wire_move(&m)),
                    score: result.score,
                    positions: result.positions,
                    passes: result.passes,
                    book: result.book,
                },
            },
            None => Answer::none(),
        }
    }
}

/// The guest's answer for `board` with `budget` and the root moves `draws` that draw (SETUP,
/// GO's long form through the latch protocol) and the T-states it took. With no legal move
/// the guest refuses GO with GAME_OVER, which counts as "no move".
pub fn guest_answer(
    session: &mut GuestSession,
    board: &Board,
    draws: &[reference::Move],
    budget: u32,
) -> Result<(Answer, u64), SessionError> {
    session.setup(board)?;
    let mut lines = vec![];
    let go = GoLong::new(budget, 0, wire_draws(board, draws))
        .expect("a bitmap of at most 19 bytes: validated positions have at most 150 moves");
    match session.go_long(go, |i| lines.push(Line::from_guest(i))) {
        Ok(best) => Ok((Answer::from_guest(&best, lines), best.t_states)),
        Err(SessionError::Refused(Refusal::GameOver)) => Ok((Answer::none(), 0)),
        Err(e) => Err(e),
    }
}

/// The reference's answer for `board` with `budget` and the root moves `draws` that draw (no
/// book: a set-up position).
pub fn reference_answer(board: &Board, draws: &[reference::Move], budget: u32) -> Answer {
    let mut lines = vec![];
    let result = Search::new(board)
        .with_draws(draws)
        .think(budget, &mut |p| lines.push(Line::from_reference(p)));
    Answer::from_reference(&result, lines)
}

/// Differences between the guest's and the reference's answers, two text lines for each
/// INFO line that differs and two for a different decision; empty when they agree.
pub fn differences(guest: &Answer, reference: &Answer) -> Vec<String> {
    let mut out = vec![];
    let show = |l: &Line| {
        let pv: Vec<String> = l.pv.iter().map(|m| m.to_string()).collect();
        format!(
            "pass {} score {} positions {} pv {}",
            l.pass,
            l.score,
            l.positions,
            pv.join(" ")
        )
    };
    let n = guest.lines.len().max(reference.lines.len());
    for i in 0..n {
        let (g, r) = (guest.lines.get(i), reference.lines.get(i));
        if g != r {
            let text = |l: Option<&Line>| l.map(show).unwrap_or_else(|| "(none)".into());
            out.push(format!("  info {}: guest {}", i + 1, text(g)));
            out.push(format!("  info {}: ref   {}", i + 1, text(r)));
        }
    }
    if guest.decided != reference.decided {
        let summary = |a: &Answer| {
            let a = &a.decided;
            let mv = a.best.map_or("none".to_string(), |m| m.to_string());
            let book = if a.book { " (book)" } else { "" };
            format!(
                "bestmove {mv}{book} score {} positions {} passes {}",
                a.score, a.positions, a.passes
            )
        };
        out.push(format!("  guest {}", summary(guest)));
        out.push(format!("  ref   {}", summary(reference)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_different_line_move_or_book_flag_is_reported() {
        let b = Board::from_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").unwrap();
        let want = reference_answer(&b, &[], 2000);
        assert!(!want.lines.is_empty(), "a pass completes");
        assert!(differences(&want, &want).is_empty());
        let mut other = want.clone();
        other.lines[0].positions += 1;
        assert_eq!(differences(&other, &want).len(), 2);
        let mut other = want.clone();
        other.decided.best = None;
        assert_eq!(differences(&other, &want).len(), 2);
        let mut other = want.clone();
        other.decided.book = true;
        assert_eq!(differences(&other, &want).len(), 2);
    }
}
