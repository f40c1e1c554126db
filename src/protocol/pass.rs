//! One completed pass of the search, as every layer reports it: the module sends it as an
//! `INFO` message and its `ROOT`s in wire moves ([`GuestSession`](crate::guest::session)),
//! the engines and every front end have it in the reference's moves
//! ([`engine::Info`](crate::engine::Info)), `c7010 verify` compares the two engines' in wire
//! moves. One type, the move its parameter.

/// One completed pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass<M> {
    /// Pass number (1 = three plies); 0 for a line made before any pass completed.
    pub pass: u8,
    /// Score of the pass's best line in engine units (pawn = 16), side to move's view;
    /// mate = 30000 - plies.
    pub score: i16,
    /// Positions evaluated so far.
    pub positions: u32,
    /// Principal variation, starting with the move it would play.
    pub pv: Vec<M>,
    /// The root list after the pass, in the engine's order, when asked for (GO's flag bit
    /// 0; [`Engine::set_multipv`](crate::engine::Engine::set_multipv) above 1); empty
    /// otherwise.
    pub root: Vec<Root<M>>,
}

/// One root move after a pass and what the pass knows of it (MultiPV's lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Root<M> {
    pub mv: M,
    /// Side to move's view, engine units: exact for the pass's best move and for a draw
    /// move (0); for the others an upper bound (fail-soft search, or the static maximum of
    /// a move forward pruning dropped).
    pub key: i16,
    /// A move that ends the game in a draw (repetition, fifty-move rule): exactly 0. The
    /// wire does not say it; the engine marks it from the game's draw moves.
    pub draw: bool,
}

/// How a search ended, as every layer reports it: the module's `BESTMOVE` (wire moves), the
/// engines' decision ([`engine::Decision`](crate::engine::Decision), reference moves), the
/// answers `c7010 verify` compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided<M> {
    /// The move (already played on the engine's board); `None` when there is no legal move.
    pub best: Option<M>,
    /// Its score in engine units, the mover's view.
    pub score: i16,
    /// Positions evaluated in the whole search.
    pub positions: u32,
    /// Passes completed.
    pub passes: u8,
    /// Taken from the opening book.
    pub book: bool,
}

impl<M> Decided<M> {
    /// No legal move: nothing searched.
    pub fn none() -> Decided<M> {
        Decided {
            best: None,
            score: 0,
            positions: 0,
            passes: 0,
            book: false,
        }
    }

    /// The same decision with its move in another form (a wire move as the reference's).
    pub fn with_best<N>(&self, best: Option<N>) -> Decided<N> {
        Decided {
            best,
            score: self.score,
            positions: self.positions,
            passes: self.passes,
            book: self.book,
        }
    }
}
