//! EVAL at a node: GEN's pseudo-legal moves, each made, tested for legality and valued by
//! material, the clamped positional change and the exchange analysis (in full where the
//! list is kept, as far as the node's best needs at the leaves of the pass).

use super::{Entry, INF, MATE, MOVE_CAP, MoveEval, NONE, Search};
use crate::reference::exchange::{exchange, opponent_gain};
use crate::reference::generate::gen_pseudo;
use crate::reference::moves::{Move, MoveList};
use crate::reference::piece::{BLACK, EMPTY};
use crate::reference::positional::MAX_POSITIONAL;

impl Search {
    /// Material plus the clamped positional change against the root, from the mover's view,
    /// of the position after a move (the board as it is now, the mover's opponent to move),
    /// given the node's positional sum plus the move's delta (white's view): the minimum
    /// evaluation before the opponent's exchange gain is taken off, so also a bound on it.
    fn material_and_positional(&self, pos_after: i16) -> i16 {
        let white_moved = self.board.side == BLACK;
        let mut mat = self.board.material;
        let mut rel = pos_after - self.root_pos;
        if !white_moved {
            mat = -mat;
            rel = -rel;
        }
        mat + rel.clamp(-MAX_POSITIONAL, MAX_POSITIONAL)
    }

    /// EVAL: minimum and maximum evaluation of a pseudo-legal move at a node whose
    /// white-view positional sum is `pos`; `None` when the move is illegal. Also tells
    /// whether the move gives check.
    fn eval_move(&mut self, m: Move, pos: i16) -> Option<(i16, i16, bool)> {
        let pd = self.tables.delta(&self.board, m);
        let u = self.board.make(m);
        if self.board.left_in_check() {
            self.board.unmake(m, u);
            return None;
        }
        self.positions = self.positions.wrapping_add(1);
        let (opp, own) = exchange(&self.board);
        let min = self.material_and_positional(pos + pd) - opp;
        let check = self.board.in_check();
        self.board.unmake(m, u);
        Some((min, min + own, check))
    }

    /// EVAL at a leaf of the pass, where a move's minimum only decides whether it beats the
    /// node's best minimum so far (`best`, `NONE` before the first legal move) and its
    /// maximum and check flag are never asked for: `None` when the move is illegal, else
    /// the exact minimum when it beats `best`, or a value no higher than `best`. The
    /// opponent's gain is at least 0, so material plus positional is a bound: at or below
    /// `best` the exchange analysis is skipped, and otherwise it stops as soon as the gain
    /// is large enough to keep the move at or below `best`. Once `best` has reached `cut`
    /// (see [`Search::leaf_cutoff`]) nothing about the move matters but its legality.
    /// Counted as a position all the same: the search it serves is exactly the one full
    /// evaluation gives.
    fn eval_leaf(&mut self, m: Move, pos: i16, best: i16, cut: i16) -> Option<i16> {
        let past_cut = best >= cut; // NONE never is: cut >= -INF
        let pd = if past_cut {
            0
        } else {
            self.tables.delta(&self.board, m)
        };
        let u = self.board.make(m);
        if self.board.left_in_check() {
            self.board.unmake(m, u);
            return None;
        }
        self.positions = self.positions.wrapping_add(1);
        let min = if past_cut {
            best
        } else {
            let bound = self.material_and_positional(pos + pd);
            if bound <= best {
                bound
            } else {
                // Without a best yet (NONE) the limit saturates: no gain reaches it.
                bound - opponent_gain(&self.board, bound.saturating_sub(best))
            }
        };
        self.board.unmake(m, u);
        Some(min)
    }

    /// The leaf list of the child of node `n` (its value goes back as `-v` to `n`, whose
    /// best so far is `plies[n].best`): once the child's best minimum reaches the negated
    /// best of `n`, the child cannot become `n`'s new best, whatever its remaining moves
    /// are worth, so their exact minima change nothing (`n` is never the root, whose keys
    /// are read after the pass). `INF` when `n` has no best yet.
    fn leaf_cutoff(&self, n: usize) -> i16 {
        match self.plies[n].best {
            NONE => INF,
            b => -b,
        }
    }

    /// A leaf list's order: GEN's captures (a piece on the destination square), then GEN's
    /// other moves, each in GEN's order (the guest's GENEVAL runs GEN twice, CAPHK and
    /// QUIETHK). A leaf's value is its best minimum, whatever the order, but a capture
    /// usually raises the best early, so more of the later moves' bounds fall at or below
    /// it and skip the exchange analysis (`Search::eval_leaf`): on the six positions of
    /// `c7010 bench guest` at 3,250 positions 48 % fewer leaf exchanges, 15 % fewer
    /// attacker lists (2026-12-03). Only a leaf past its cutoff returns another value,
    /// still at least the cutoff, which its parent does not take either way.
    fn captures_first(&self, pseudo: &MoveList) -> MoveList {
        let mut ordered = MoveList::default();
        for captures in [true, false] {
            for &m in pseudo.as_slice() {
                if (self.board.sq[m.to as usize] != EMPTY) == captures {
                    ordered.push_pseudo(m);
                }
            }
        }
        ordered
    }

    /// GEN + EVAL at node `n`: stores the list on the move stack when `store` (until it is
    /// full), returns (legal moves, best minimum evaluation, overflowed).
    ///
    /// **The filter** (passes 1 to 3, depths 3 to `FILTER_DEPTH`): below the root, a move
    /// whose maximum is below the best minimum the list has shown so far, and which does not
    /// give check, is evaluated and counted but not stored. Forward pruning (`select`) would drop it as
    /// soon as the node's best final value reached that minimum, which its first move
    /// usually does; stored lists are then short, and a 5-ply pass costs about half the
    /// positions. From 6 plies on every move is stored: there the move stack's end
    /// (`MOVE_CAP`) makes a node whose list no longer fits a leaf, which deepens the search
    /// only where lists are short (checks, few pieces), and that did better at levels 1
    /// and 4 than deeper filtered passes (docs/engine.md; commit 8fef744).
    pub(super) fn gen_eval(&mut self, n: usize, store: bool) -> (u8, i16, bool) {
        let cut = if n > 1 { self.leaf_cutoff(n - 1) } else { INF };
        let mut pseudo = MoveList::default();
        gen_pseudo(&self.board, &mut |m| pseudo.push_pseudo(m));
        if !store {
            pseudo = self.captures_first(&pseudo);
        }
        let pos = self.plies[n].pos;
        let first = self.top;
        let mut count = 0u8;
        let mut best = NONE;
        let mut overflow = false;
        for &m in pseudo.as_slice() {
            let evaluated = if store || !self.lazy_leaves {
                self.eval_move(m, pos)
            } else {
                self.eval_leaf(m, pos, best, cut)
                    .map(|min| (min, min, false))
            };
            let Some((min, max, check)) = evaluated else {
                continue;
            };
            count = count.saturating_add(1);
            best = best.max(min);
            // The filter: in passes 1 to 3, below the root, a move whose maximum is below
            // the list's best minimum so far is not stored, unless it gives check.
            let filtered = self.filter && n > 0 && max < best && !check;
            if store && !filtered {
                if (self.top as usize) < MOVE_CAP {
                    self.entries[self.top as usize] = Entry {
                        mv: m,
                        done: false,
                        check,
                        draw: false,
                        key: min,
                        max,
                    };
                    self.top += 1;
                } else {
                    overflow = true;
                }
            }
        }
        if store {
            self.plies[n].first = first;
            self.plies[n].count = (self.top - first) as u8;
        }
        (count, best, overflow)
    }

    /// Value of a node with no legal move: mated (mate distance) or stalemate.
    pub(super) fn no_move_value(&self, n: usize) -> i16 {
        if self.board.in_check() {
            -(MATE - n as i16)
        } else {
            0
        }
    }

    /// The root list with both evaluations, in generation order (ANALYS's GEN + EVAL).
    pub fn root_evals(&mut self) -> Vec<MoveEval> {
        self.top = 0;
        self.plies[0].pos = self.root_pos;
        self.gen_eval(0, true);
        self.entries[..self.top as usize]
            .iter()
            .map(|e| MoveEval {
                mv: e.mv,
                min: e.key,
                max: e.max,
                check: e.check,
            })
            .collect()
    }
}
