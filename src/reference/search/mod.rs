//! SEARCH, the Gambiet way: ANALYS (once per move: positional tables, root list by GEN +
//! EVAL) -> DEPTH (pick the move to explore, forward pruning) -> EXMOVE (make) -> NODE (GEN +
//! EVAL of the new position) -> CLIMB (unmake, backward alpha-beta) ... -> NEXPAS (next pass
//! one ply deeper: 3, 4, 5, ... 11 plies) while the position budget lasts.
//!
//! Written as the guest runs it: one explicit loop over a ply stack (no recursion), one move
//! stack shared by all plies with fixed-size entries, i16 scores, a u32 positions counter.

mod draws;
mod node_eval;
mod result;

pub use draws::{DRAW_BYTES, draw_bits};
pub use result::{Entry, MoveEval, PassInfo, SearchResult};

use super::board::*;
use super::book::Book;
use super::moves::*;
use super::positional::Positional;

/// Score of a mate delivered at the root; a mate found n plies deep scores `MATE - n`.
pub const MATE: i16 = 30000;
/// Bound beyond every score.
pub const INF: i16 = 32000;
/// Deepest pass (plies): passes go 3, 4, 5, ... 11 while the budget lasts (plies 0-10 in 2 KB).
pub const MAX_DEPTH: usize = 11;
/// Depth of the first pass (plies); each pass goes one ply deeper ([`pass_plies`]).
const FIRST_DEPTH: usize = 3;

/// The plies pass `pass` searches (pass 1 = 3 plies, 2 = 4, ... 9 = [`MAX_DEPTH`]).
pub const fn pass_plies(pass: u8) -> u8 {
    pass + FIRST_DEPTH as u8 - 1
}

/// Plies whose nodes keep a PV: a node at ply n keeps at most `PV_PLIES - n` moves (the
/// guest's triangle in PVTAB), and a node at ply `PV_PLIES` or deeper keeps none, so the
/// PV a pass reports is at most 8 moves long whatever its depth.
pub const PV_PLIES: usize = 8;
/// Moves a PV row holds (one more than the longest PV, as the guest's rows are laid out).
const PV_MAX: usize = PV_PLIES + 1;
/// Entries of the move stack shared by all plies (7 bytes each in the guest).
pub const MOVE_CAP: usize = 150;

/// The deepest pass whose lists are filtered as they are stored (`Search::gen_eval`):
/// passes 1 to 3.
pub const FILTER_DEPTH: usize = 5;
/// "No final evaluation yet" at a node.
const NONE: i16 = i16::MIN;
/// `Search::follow` when no node of the pass is on the last pass's line.
const OFF_LINE: u8 = 0xFF;

/// Per-ply record (the guest's PLYTAB, 16 bytes a ply), plies 0-10: a pass of 11 plies
/// evaluates its last list at ply 10 and makes no move there.
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    first: u16,
    count: u8,
    alpha: i16,
    beta: i16,
    best: i16,
    cur: u16,
    undo: Undo,
    pos: i16,
}

/// The search engine's working memory (all fixed size).
pub struct Search {
    board: Board,
    tables: Positional,
    entries: [Entry; MOVE_CAP],
    plies: [Ply; MAX_DEPTH],
    pv: [[Move; PV_MAX]; PV_PLIES + 1],
    pv_len: [u8; MAX_DEPTH + 1],
    positions: u32,
    budget: u32,
    root_pos: i16,
    top: u16,
    lazy_leaves: bool,
    draws: [u8; DRAW_BYTES],
    /// The ply of the node that is on the last pass's line (its PV, row 0 of `pv`) and has
    /// not yet chosen a move, or `OFF_LINE` (the guest's FOLLOW).
    follow: u8,
    /// Follow the last pass's line (`Search::line_move`); off only to measure what it saves.
    line: bool,
    /// This pass filters its lists (its depth is at most `FILTER_DEPTH`).
    filter: bool,
}

impl Search {
    /// Prepare a search of position `b` (runs ANALYS's positional part).
    pub fn new(b: &Board) -> Search {
        let tables = Positional::analyse(b);
        let root_pos = tables.total(b);
        Search {
            board: b.clone(),
            tables,
            entries: [Entry::default(); MOVE_CAP],
            plies: [Ply::default(); MAX_DEPTH],
            pv: [[Move::default(); PV_MAX]; PV_PLIES + 1],
            pv_len: [0; MAX_DEPTH + 1],
            positions: 0,
            budget: u32::MAX,
            root_pos,
            top: 0,
            lazy_leaves: true,
            draws: [0; DRAW_BYTES],
            follow: OFF_LINE,
            line: true,
            filter: false,
        }
    }

    /// Search as the module did before commit 46af447: each pass explores its moves by their
    /// keys only, without the last pass's line first. The guest has no such switch;
    /// `tests/reference/line.rs` uses it to measure what the line saves.
    pub fn without_line(mut self) -> Search {
        self.line = false;
        self
    }

    /// Evaluate every move at the leaves in full, as at the other nodes, instead of only
    /// as far as the node's best minimum needs (`Search::eval_leaf`). The results are the
    /// same either way; tests use this to prove it.
    pub fn with_eager_leaves(mut self) -> Search {
        self.lazy_leaves = false;
        self
    }

    /// DEPTH: the next move to explore at node `n`, or `None` when the node is finished
    /// (all moves done, or a cutoff). A node on the last pass's line explores the line's
    /// move first; after it, the undone move with the highest key. Drops moves whose
    /// maximum is below the node's best, except checks.
    fn select(&mut self, n: usize) -> Option<u16> {
        let p = self.plies[n];
        if p.best != NONE && p.best >= p.beta {
            return None;
        }
        if let Some(i) = self.line_move(n) {
            self.entries[i as usize].done = true;
            return Some(i);
        }
        let mut chosen: Option<u16> = None;
        let mut chosen_key = NONE;
        for i in p.first..p.first + p.count as u16 {
            let e = &mut self.entries[i as usize];
            if e.done {
                continue;
            }
            if p.best != NONE && e.max < p.best && !e.check {
                e.done = true;
                if n == 0 {
                    e.key = e.max;
                }
                continue;
            }
            if chosen.is_none() || e.key > chosen_key {
                chosen = Some(i);
                chosen_key = e.key;
            }
        }
        if let Some(i) = chosen {
            self.entries[i as usize].done = true;
        }
        chosen
    }

    /// The entry of the last pass's line at node `n`, when `n` is the line's next node to
    /// choose: the entry of the line's move n (row 0 of the PV, which the pass keeps until
    /// its first root move finishes), found as the guest's LINE finds it (FINDMV). The
    /// child is next on the line when the node takes that move; any other choice at the
    /// node leaves the line. This is the node's first choice: no entry is done yet and the
    /// node has no best to prune by. The move is always in the list (the same position as
    /// in the last pass, listed alike); were it not, the guest would go on with `follow`
    /// as set here, and so does this.
    fn line_move(&mut self, n: usize) -> Option<u16> {
        if self.follow as usize != n {
            self.follow = OFF_LINE;
            return None;
        }
        self.follow = n as u8 + 1;
        if n >= self.pv_len[0] as usize {
            return None;
        }
        let line = self.pv[0][n];
        let p = self.plies[n];
        (p.first..p.first + p.count as u16).find(|&i| self.entries[i as usize].mv == line)
    }

    /// EXMOVE: play entry `i` from node `n`.
    fn exmove(&mut self, n: usize, i: u16) {
        let m = self.entries[i as usize].mv;
        let pd = self.tables.delta(&self.board, m);
        self.plies[n].cur = i;
        self.plies[n].undo = self.board.make(m);
        self.plies[n + 1].pos = self.plies[n].pos + pd;
        self.pv_len[n + 1] = 0;
    }

    /// Take back the move played from node `n`.
    fn takeback(&mut self, n: usize) {
        let m = self.entries[self.plies[n].cur as usize].mv;
        self.board.unmake(m, self.plies[n].undo);
        self.top = self.plies[n].first + self.plies[n].count as u16;
    }

    /// CLIMB's bookkeeping: the move just taken back at node `n` got final evaluation `v`.
    fn child_done(&mut self, n: usize, v: i16) {
        let cur = self.plies[n].cur;
        self.entries[cur as usize].key = v;
        if v > self.plies[n].best {
            self.plies[n].best = v;
            if n >= PV_PLIES {
                return; // no PV this deep: the parent's PV ends with the move to here
            }
            self.pv[n][0] = self.entries[cur as usize].mv;
            let len = self.pv_len[n + 1] as usize;
            for k in 0..len.min(PV_MAX - 1) {
                self.pv[n][k + 1] = self.pv[n + 1][k];
            }
            self.pv_len[n] = (len + 1).min(PV_MAX) as u8;
        }
    }

    /// The check extension: a move that gives check and leads to the pass's last ply
    /// (child `c` = `depth - 1`) gets its child's list kept, so the replies to the check are
    /// searched one ply further, as leaves (their children are never kept: once a line). Not
    /// in the deepest pass, whose last ply is the last record of the ply table.
    fn extends(&self, c: usize, depth: usize, i: u16) -> bool {
        c == depth - 1 && depth < MAX_DEPTH && self.entries[i as usize].check
    }

    /// One pass to `depth` plies. Returns false when the budget ran out (board restored).
    fn pass(&mut self, depth: usize) -> bool {
        let root = &mut self.plies[0];
        root.alpha = -INF;
        root.beta = INF;
        root.best = NONE;
        // Row 0 keeps the last pass's PV until a root move of this pass finishes (then
        // `child_done` overwrites it whole): the pass follows it first, but not in a hunt,
        // where it made level 2 mate fewer of 30 K+Q and K+R against K (22 against 27).
        self.follow = if self.line && self.tables.hunt.is_none() {
            0
        } else {
            OFF_LINE
        };
        for i in 0..self.plies[0].count as usize {
            self.entries[i].done = false;
        }
        self.filter = depth <= FILTER_DEPTH;
        let mut n = 0usize;
        loop {
            let Some(i) = self.select(n) else {
                // CLIMB: node n is finished.
                if n == 0 {
                    return true;
                }
                let v = self.plies[n].best;
                n -= 1;
                self.takeback(n);
                self.child_done(n, -v);
                continue;
            };
            if self.positions >= self.budget {
                self.entries[i as usize].done = false;
                while n > 0 {
                    n -= 1;
                    self.takeback(n);
                }
                return false;
            }
            if self.entries[i as usize].draw {
                // A draw move (only the root has them): value 0, no child, PV the move alone.
                self.plies[n].cur = i;
                self.pv_len[n + 1] = 0;
                self.child_done(n, 0);
                continue;
            }
            self.exmove(n, i);
            let c = n + 1;
            // NODE: generate the new position's list; keep it above the pass's last ply,
            // and at that ply after a check ([`Search::extends`]).
            let store = c < depth - 1 || self.extends(c, depth, i);
            self.top = self.plies[n].first + self.plies[n].count as u16;
            let (count, best_min, overflow) = self.gen_eval(c, store);
            if count == 0 || !store || overflow {
                let v = if count == 0 {
                    self.no_move_value(c)
                } else {
                    best_min
                };
                self.takeback(n);
                self.child_done(n, -v);
                continue;
            }
            let parent = self.plies[n];
            let ply = &mut self.plies[c];
            ply.alpha = -parent.beta;
            ply.beta = -parent.alpha.max(parent.best);
            ply.best = NONE;
            n = c;
        }
    }

    /// Search with a budget of positions evaluated; `hook` hears every completed pass.
    pub fn think(&mut self, budget: u32, hook: &mut dyn FnMut(&PassInfo)) -> SearchResult {
        self.positions = 0;
        self.budget = budget;
        self.top = 0;
        self.plies[0].pos = self.root_pos;
        let (count, _, _) = self.gen_eval(0, true);
        self.mark_draws();
        let mut result = SearchResult {
            best: None,
            score: 0,
            positions: 0,
            passes: 0,
            book: false,
            pv: [Move::default(); PV_MAX],
            pv_len: 0,
        };
        if count == 0 {
            result.score = self.no_move_value(0);
            result.positions = self.positions;
            return result;
        }
        // Before any pass: the move with the highest minimum evaluation.
        let mut first_best = 0usize;
        for i in 0..self.plies[0].count as usize {
            if self.entries[i].key > self.entries[first_best].key {
                first_best = i;
            }
        }
        result.best = Some(self.entries[first_best].mv);
        result.score = self.entries[first_best].key;
        result.pv[0] = self.entries[first_best].mv;
        result.pv_len = 1;
        // It is also the line the first pass follows (row 0 of the PV, as the guest has it).
        self.pv[0][0] = result.pv[0];
        self.pv_len[0] = 1;
        let mut depth = FIRST_DEPTH;
        while depth <= MAX_DEPTH {
            let complete = self.pass(depth);
            // An incomplete pass counts when it finished at least one root move: its
            // first root move is the last pass's best, so its best is at least as sound.
            if self.plies[0].best != NONE {
                result.score = self.plies[0].best;
                result.pv_len = self.pv_len[0];
                result.pv.copy_from_slice(&self.pv[0]);
                result.best = Some(result.pv[0]);
            }
            if !complete {
                break;
            }
            result.passes += 1;
            hook(&PassInfo {
                pass: result.passes,
                depth: depth as u8,
                score: result.score,
                positions: self.positions,
                pv: result.pv(),
                root: &self.entries[..self.plies[0].count as usize],
            });
            if result.score.abs() >= MATE - 100 {
                break;
            }
            // One ply deeper, not Gambiet's full move: a budget then ends less often in a
            // pass it cannot finish (commit be94953: +58 Elo at level 2, docs/engine.md).
            depth += 1;
        }
        result.positions = self.positions;
        result
    }
}

/// ANALYS's first step, then the search: the book move while the game is still in the book
/// (`history` = the moves from the initial position that led to `b`; the book is only asked
/// when `b` is that position), else a search with `budget` in which the root moves `draws`
/// score 0 ([`Search::with_draws`]; the book does not look at them, as GO's book move).
pub fn analys(
    b: &Board,
    history: &[Move],
    book: Option<&Book>,
    draws: &[Move],
    budget: u32,
    hook: &mut dyn FnMut(&PassInfo),
) -> SearchResult {
    if let Some(book) = book {
        let mut replay = Board::startpos();
        for &m in history {
            replay.make(m);
        }
        let consistent = replay.sq == b.sq && replay.side == b.side;
        if consistent && let Some(m) = book.probe(b, history) {
            return SearchResult::from_book(m);
        }
    }
    Search::new(b).with_draws(draws).think(budget, hook)
}

/// Convenience: search `b` with a position budget, no pass hook.
pub fn search(b: &Board, budget: u32) -> SearchResult {
    Search::new(b).think(budget, &mut |_| {})
}

/// Convenience: minimum and maximum evaluations of every legal move of `b`.
pub fn evaluate_moves(b: &Board) -> Vec<MoveEval> {
    Search::new(b).root_evals()
}
