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
