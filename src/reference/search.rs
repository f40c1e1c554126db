//! SEARCH, the Gambiet way: ANALYS (once per move: positional tables, root list by GEN +
//! EVAL) -> DEPTH (pick the move to explore, forward pruning) -> EXMOVE (make) -> NODE (GEN +
//! EVAL of the new position) -> CLIMB (unmake, backward alpha-beta) ... -> NEXPAS (next pass
//! one full move deeper: 3, 5, 7, 9, 11 plies) while the position budget lasts.
//!
//! Written as the guest runs it: one explicit loop over a ply stack (no recursion), one move
//! stack shared by all plies with fixed-size entries, i16 scores, a u32 positions counter.

use super::board::*;
use super::book::Book;
use super::exchange::{exchange, opponent_gain};
use super::generate::{gen_pseudo, legal_moves};
use super::moves::*;
use super::piece::BLACK;
use super::positional::{MAX_POSITIONAL, Positional};

/// Score of a mate delivered at the root; a mate found n plies deep scores `MATE - n`.
pub const MATE: i16 = 30000;
/// Bound beyond every score.
pub const INF: i16 = 32000;
/// Deepest pass (plies): passes go 3, 5, 7, 9, 11 while the budget lasts (plies 0-10 in 2 KB).
pub const MAX_DEPTH: usize = 11;
/// Plies whose nodes keep a PV: a node at ply n keeps at most `PV_PLIES - n` moves (the
/// guest's triangle in PVTAB), and a node at ply `PV_PLIES` or deeper keeps none, so the
/// PV a pass reports is at most 8 moves long whatever its depth.
pub const PV_PLIES: usize = 8;
/// Moves a PV row holds (one more than the longest PV, as the guest's rows are laid out).
const PV_MAX: usize = PV_PLIES + 1;
/// Entries of the move stack shared by all plies (7 bytes each in the guest).
pub const MOVE_CAP: usize = 150;
/// "No final evaluation yet" at a node.
const NONE: i16 = i16::MIN;
/// Bytes of GO's draw bitmap: one bit for each root-list entry, so every legal move of a
/// root the module takes can be marked (the guest keeps the bitmap in PVTAB while the root
/// list is built).
pub const DRAW_BYTES: usize = MOVE_CAP.div_ceil(8);

/// One move-stack entry: the move, its state, its order key and its maximum evaluation.
/// Guest layout (7 bytes): from, to, flags (bit 6 = done, bit 7 = gives check; bits 4 and 5
/// both set = a draw move, a pair no real move has), key lo/hi, max lo/hi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The move.
    pub mv: Move,
    /// Explored or pruned in this pass.
    pub done: bool,
    /// The move gives check: DEPTH never drops it (mates must not be pruned away).
    pub check: bool,
    /// A root move the host listed as drawing the game ([`Search::with_draws`]): its key and
    /// maximum are 0 and each pass values it 0 without exploring it.
    pub draw: bool,
    /// Order key: the minimum evaluation on a fresh list; the final evaluation once the
    /// move is explored; at the root a pruned move keeps its maximum evaluation here.
    pub key: i16,
    /// Maximum evaluation (for forward pruning).
    pub max: i16,
}

/// Minimum and maximum evaluation of one move, from the mover's view, in units (pawn 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEval {
    /// The move.
    pub mv: Move,
    /// Material + positional - the opponent's best exchange gain.
    pub min: i16,
    /// `min` + the mover's own best exchange gain.
    pub max: i16,
    /// The move gives check.
    pub check: bool,
}

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

/// What the engine reports after each completed pass (the guest sends it to the console).
#[derive(Debug)]
pub struct PassInfo<'a> {
    /// Pass number, 1 = three plies.
    pub pass: u8,
    /// Depth of the pass in plies.
    pub depth: u8,
    /// Final evaluation of the best move (side to move's view).
    pub score: i16,
    /// Positions evaluated so far.
    pub positions: u32,
    /// Principal variation.
    pub pv: &'a [Move],
    /// The root list as the pass left it, in its order (the guest sends it as `ROOT`
    /// events when GO's flag bit 0 asks): only the best move's key is exact; the others
    /// are upper bounds (fail-soft), a pruned move's is its maximum, a draw move's 0.
    pub root: &'a [Entry],
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// Move to play; `None` when the side to move is mated or stalemated.
    pub best: Option<Move>,
    /// Final evaluation of `best` (side to move's view, units, pawn 16; mate = 30000 - plies).
    pub score: i16,
    /// Positions evaluated (EVAL calls) in the whole search.
    pub positions: u32,
    /// Passes completed.
    pub passes: u8,
    /// True when the move came from the opening book.
    pub book: bool,
    pv: [Move; PV_MAX],
    pv_len: u8,
}

impl SearchResult {
    /// Principal variation (starts with `best`).
    pub fn pv(&self) -> &[Move] {
        &self.pv[..self.pv_len as usize]
    }

    /// A result for a book move.
    pub fn from_book(mv: Move) -> SearchResult {
        let mut pv = [Move::default(); PV_MAX];
        pv[0] = mv;
        SearchResult {
            best: Some(mv),
            score: 0,
            positions: 0,
            passes: 0,
            book: true,
            pv,
            pv_len: 1,
        }
    }
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
        }
    }

    /// The root moves that end the game in a draw (they repeat a position of the game or
    /// let the fifty-move rule end it: `Game::draw_moves`), all of them: they become GO's
    /// bitmap over the root list ([`draw_bits`]), so a move not legal here marks nothing.
    /// Each scores exactly 0 (no contempt) wherever the root takes a move's value: its key
    /// and maximum in the root list, its value in every pass (it is not explored, its PV is
    /// the move alone), so the move played before any pass and the pruning of the root see
    /// 0 too.
    pub fn with_draws(self, draws: &[Move]) -> Search {
        let bits = draw_bits(&self.board, draws);
        self.with_draw_bits(&bits)
    }

    /// The draw moves as GO carries them: bit `i % 8` of byte `i / 8` marks the root list's
    /// entry `i` (the legal moves in generation order); bytes past [`DRAW_BYTES`] are ignored.
    pub fn with_draw_bits(mut self, bits: &[u8]) -> Search {
        for (slot, b) in self.draws.iter_mut().zip(bits) {
            *slot = *b;
        }
        self
    }

    /// Marks the draw moves in the root list just built (the guest: NODEHK's DRWFIX).
    fn mark_draws(&mut self) {
        let count = self.plies[0].count as usize;
        for (i, e) in self.entries[..count].iter_mut().enumerate() {
            if self.draws[i / 8] & (1 << (i % 8)) != 0 {
                e.draw = true;
                e.key = 0;
                e.max = 0;
            }
        }
    }

    /// Evaluate every move at the leaves in full, as at the other nodes, instead of only
    /// as far as the node's best minimum needs (`Search::eval_leaf`). The results are the
    /// same either way; tests use this to prove it.
    pub fn with_eager_leaves(mut self) -> Search {
        self.lazy_leaves = false;
        self
    }

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

    /// GEN + EVAL at node `n`: stores the list on the move stack when `store` (until it is
    /// full), returns (legal moves, best minimum evaluation, overflowed).
    fn gen_eval(&mut self, n: usize, store: bool) -> (u8, i16, bool) {
        let cut = if n > 1 { self.leaf_cutoff(n - 1) } else { INF };
        let mut pseudo = MoveList::default();
        gen_pseudo(&self.board, &mut |m| pseudo.push_pseudo(m));
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
            if store {
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
    fn no_move_value(&self, n: usize) -> i16 {
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

    /// DEPTH: the next move to explore at node `n`, or `None` when the node is finished
    /// (all moves done, or a cutoff). Drops moves whose maximum is below the node's best,
    /// except checks.
    fn select(&mut self, n: usize) -> Option<u16> {
        let p = self.plies[n];
        if p.best != NONE && p.best >= p.beta {
            return None;
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

    /// One pass to `depth` plies. Returns false when the budget ran out (board restored).
    fn pass(&mut self, depth: usize) -> bool {
        let root = &mut self.plies[0];
        root.alpha = -INF;
        root.beta = INF;
        root.best = NONE;
        self.pv_len[0] = 0;
        for i in 0..self.plies[0].count as usize {
            self.entries[i].done = false;
        }
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
            // NODE: generate the new position's list.
            let store = c < depth - 1;
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
        let mut depth = 3;
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
            depth += 2;
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

/// GO's draw bitmap for the root moves `draws` of `b` ([`Search::with_draw_bits`]): bit
/// `i % 8` of byte `i / 8` set when the `i`-th legal move of `b` in generation order (the
/// root list's order) is one of them; only as many bytes as the last set bit needs. A move
/// that is not legal in `b` sets nothing.
pub fn draw_bits(b: &Board, draws: &[Move]) -> Vec<u8> {
    let mut bits = Vec::new();
    for (i, m) in legal_moves(b).as_slice().iter().enumerate() {
        if draws.iter().any(|d| d.from == m.from && d.to == m.to) {
            bits.resize(bits.len().max(i / 8 + 1), 0);
            bits[i / 8] |= 1 << (i % 8);
        }
    }
    bits
}

/// Convenience: search `b` with a position budget, no pass hook.
pub fn search(b: &Board, budget: u32) -> SearchResult {
    Search::new(b).think(budget, &mut |_| {})
}

/// Convenience: minimum and maximum evaluations of every legal move of `b`.
pub fn evaluate_moves(b: &Board) -> Vec<MoveEval> {
    Search::new(b).root_evals()
}
