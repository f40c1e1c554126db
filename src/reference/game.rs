//! A game of chess and how it stands: the starting position, the moves played (with their
//! SAN), the position now, check, mate, stalemate and the draws the laws name (the
//! fifty-move rule, insufficient material, threefold repetition).
//!
//! These are the rules every front end and the guest's game runner share; the console adds
//! only its notation and its screen.

use super::board::{square, square_name};
use super::generate::gen_pseudo;
use super::piece::{BLACK, K_BISHOP, K_KING, K_KNIGHT, WHITE, kind};
use super::{Board, FenError, Move, legal_moves, to_san};

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameState {
    /// The side to move has legal moves and is not in check.
    Playing,
    /// The side to move is in check and has legal moves.
    Check,
    /// The side to move is checkmated: the other side won.
    Checkmate,
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Fifty moves by each side without a capture or a pawn move: a draw.
    FiftyMoves,
    /// Neither side can mate (kings alone, or king and one minor piece against a king).
    InsufficientMaterial,
    /// The same position (pieces, side to move, castling rights, en-passant square) for the
    /// third time: a draw, claimed for the side to move.
    Repetition,
}

impl GameState {
    /// True when no more moves can be played.
    pub fn is_over(self) -> bool {
        !matches!(self, GameState::Playing | GameState::Check)
    }
}

/// Why a move cannot be played. Squares are the reference board's (mailbox) squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the from square.
    #[error("no piece on {}", square_name(*.0))]
    NoPiece(u8),
    /// The piece on the from square belongs to the other side.
    #[error("not the mover's piece on {}", square_name(*.0))]
    NotYourPiece(u8),
    /// The piece moves that way but the move would leave its own king attacked.
    #[error("the king would be in check")]
    KingInCheck,
    /// The piece does not move that way.
    #[error("the piece cannot go there")]
    CannotGoThere,
    /// The move is legal, but the position after it gives more legal moves than the
    /// module's root list holds (`validate::check_moves`).
    #[error("it would leave {0} legal moves to answer: the module's root list holds at most 150")]
    TooManyMoves(usize),
}

/// Refuses a legal move `mv` of `b` after which the side to move has more legal moves than
/// the module's root list holds (`validate::check_moves`).
pub fn check_move_fits(b: &Board, mv: Move) -> Result<(), IllegalMove> {
    let mut after = b.clone();
    after.make(mv);
    match super::validate::check_moves(&after) {
        Err(super::PositionError::TooManyMoves(n)) => Err(IllegalMove::TooManyMoves(n)),
        _ => Ok(()),
    }
}

/// A game: where it started, what was played, where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    sans: Vec<String>,
    /// How the game stands, judged whenever the position changes: the console asks at
    /// every emulated frame, and the judgement replays the game for repetitions.
    state: GameState,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Board::startpos())
    }
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Board) -> Game {
        let mut game = Game {
            board: start.clone(),
            start,
            moves: Vec::new(),
            sans: Vec::new(),
            state: GameState::Playing,
        };
        game.state = game.judge();
        game
    }

    /// A new game from a FEN string.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::new(Board::from_fen(fen)?))
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// True when the game started from the usual initial position.
    pub fn from_initial_position(&self) -> bool {
        self.start == Board::startpos()
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position after the first `plies` moves (all of them when there are fewer).
    pub fn board_after(&self, plies: usize) -> Board {
        let mut board = self.start.clone();
        for &m in self.moves.iter().take(plies) {
            board.make(m);
        }
        board
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played in SAN (`e4`, `Nf3`, `exd8=Q#`).
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// True when White is to move.
    pub fn white_to_move(&self) -> bool {
        self.board.side == WHITE
    }

    /// Plays a legal move; refuses anything else with the reason.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.state().is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(self.why_illegal(mv.from, mv.to));
        }
        self.push(mv)
    }

    /// Plays `mv`, known legal here, if the position after it fits the module's root list.
    fn push(&mut self, mv: Move) -> Result<(), IllegalMove> {
        check_move_fits(&self.board, mv)?;
        self.sans.push(to_san(&self.board, mv));
        self.board.make(mv);
        self.moves.push(mv);
        self.state = self.judge();
        Ok(())
    }

    /// Plays a move legal in the position whatever the game's state: a chess GUI may play
    /// on after a draw by rule that nobody claimed, and an engine's decision is its own.
    pub fn play_unjudged(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(match legal_moves(&self.board).is_empty() {
                true => IllegalMove::GameOver,
                false => self.why_illegal(mv.from, mv.to),
            });
        }
        self.push(mv)
    }

    /// The legal moves from `from` to `to` (mailbox squares): several for a promotion, none
    /// when the move is illegal (with the reason) or the game is over.
    pub fn legal_moves_between(&self, from: u8, to: u8) -> Result<Vec<Move>, IllegalMove> {
        if self.state().is_over() {
            return Err(IllegalMove::GameOver);
        }
        let moves: Vec<Move> = legal_moves(&self.board)
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if moves.is_empty() {
            return Err(self.why_illegal(from, to));
        }
        moves
            .iter()
            .try_for_each(|&m| check_move_fits(&self.board, m))?;
        Ok(moves)
    }

    /// Takes back up to `plies` moves; returns how many were taken back.
    pub fn take_back(&mut self, plies: usize) -> usize {
        let n = plies.min(self.moves.len());
        self.moves.truncate(self.moves.len() - n);
        self.sans.truncate(self.moves.len());
        let mut board = self.start.clone();
        for &m in &self.moves {
            board.make(m);
        }
        self.board = board;
        self.state = self.judge();
        n
    }

    /// How the game stands now.
    pub fn state(&self) -> GameState {
        self.state
    }

    /// How the game stands in the position now (what [`Game::state`] keeps).
    fn judge(&self) -> GameState {
        let b = &self.board;
        let no_moves = legal_moves(b).is_empty();
        match (no_moves, b.in_check()) {
            (true, true) => GameState::Checkmate,
            (true, false) => GameState::Stalemate,
            _ if b.halfmove >= 100 => GameState::FiftyMoves,
            _ if insufficient_material(b) => GameState::InsufficientMaterial,
            _ if self.repetitions() >= 3 => GameState::Repetition,
            (false, true) => GameState::Check,
            (false, false) => GameState::Playing,
        }
    }

    /// How often the position now has stood on the board in this game, counting now (1 for
    /// a new position). Positions count as equal with the same pieces, side to move,
    /// castling rights and en-passant square. The game is replayed from its start, so
    /// [`Game::state`] keeps the verdict and this runs once a move, not at every frame.
    pub fn repetitions(&self) -> usize {
        let now = &self.board;
        let mut board = self.start.clone();
        let mut count = usize::from(same_position(&board, now));
        for &m in &self.moves {
            board.make(m);
            count += usize::from(same_position(&board, now));
        }
        count
    }

    /// The legal moves that end the game in a draw by the rules GO tells the module about:
    /// [`draw_moves`] of this game.
    pub fn draw_moves(&self) -> Vec<Move> {
        draw_moves(&self.start, &self.moves)
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        match self.state() {
            GameState::Checkmate if self.white_to_move() => "0-1",
            GameState::Checkmate => "1-0",
            GameState::Playing | GameState::Check => "*",
            _ => "1/2-1/2",
        }
    }

    /// Says why there is no legal move from `from` to `to` (mailbox squares).
    fn why_illegal(&self, from: u8, to: u8) -> IllegalMove {
        let b = &self.board;
        let code = b.sq[from as usize];
        if code == 0 || code == 0xFF {
            return IllegalMove::NoPiece(from);
        }
        if code & BLACK != b.side {
            return IllegalMove::NotYourPiece(from);
        }
        let mut pseudo = false;
        gen_pseudo(b, &mut |m| pseudo |= m.from == from && m.to == to);
        if pseudo {
            IllegalMove::KingInCheck
        } else {
            IllegalMove::CannotGoThere
        }
    }
}

/// The legal moves of the position reached by `moves` from `start` that end the game in a
/// draw by the rules GO tells the module about (`docs/protocol.md`, "Protocol 2"), in
/// move-generation order, all of them (GO carries them as a bitmap over the root list:
/// `search::draw_bits`; a full list once left a won game drawn): a move that reaches a position the game
/// has already had (same pieces, side to move, castling rights and en-passant square: the
/// first repetition already counts), or after which the half-move clock reaches 100 and
/// the move does not mate. The moves must be legal (they are replayed unchecked).
pub fn draw_moves(start: &Board, moves: &[Move]) -> Vec<Move> {
    // The positions since the last capture or pawn move: none before one can come back.
    let mut board = start.clone();
    let mut earlier = vec![board.clone()];
    for &m in moves {
        board.make(m);
        if board.halfmove == 0 {
            earlier.clear();
        }
        earlier.push(board.clone());
    }
    let mut draws = Vec::new();
    for &m in legal_moves(&board).as_slice() {
        let mut after = board.clone();
        after.make(m);
        let repeats = || earlier.iter().any(|b| same_position(b, &after));
        // Only a move that reaches the clock's 100 needs to know whether it mates.
        let fifty =
            || after.halfmove >= 100 && !(after.in_check() && legal_moves(&after).is_empty());
        if repeats() || fifty() {
            draws.push(m);
        }
    }
    draws
}

/// Positions count as equal with the same pieces, side to move, castling rights and
/// en-passant square.
fn same_position(a: &Board, b: &Board) -> bool {
    a.sq == b.sq && a.side == b.side && a.castling == b.castling && a.ep == b.ep
}

/// Kings alone, or king and one bishop or knight against a king.
fn insufficient_material(b: &Board) -> bool {
    let mut minors = 0;
    for r in 0..8 {
        for f in 0..8 {
            let code = b.sq[square(f, r) as usize];
            match kind(code) {
                0 | K_KING => {}
                K_BISHOP | K_KNIGHT => minors += 1,
                _ => return false,
            }
        }
    }
    minors <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::parse_uci;

    fn played(fen: Option<&str>, ucis: &[&str]) -> Game {
        let mut g = fen.map_or_else(Game::default, |f| Game::from_fen(f).unwrap());
        for uci in ucis {
            let m = parse_uci(g.board(), uci).unwrap();
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn illegal_moves_name_the_reason() {
        let g = Game::default();
        let (e2, e3, e4, e5, e7) = (
            square(4, 1),
            square(4, 2),
            square(4, 3),
            square(4, 4),
            square(4, 6),
        );
        assert_eq!(g.legal_moves_between(e3, e4), Err(IllegalMove::NoPiece(e3)));
        assert_eq!(
            g.legal_moves_between(e7, e5),
            Err(IllegalMove::NotYourPiece(e7))
        );
        assert_eq!(
            g.legal_moves_between(e2, e5),
            Err(IllegalMove::CannotGoThere)
        );
        assert_eq!(g.legal_moves_between(e2, e4).unwrap().len(), 1);
        assert_eq!(IllegalMove::NoPiece(e3).to_string(), "no piece on e3");
    }

    #[test]
    fn states_and_results() {
        let mut g = played(None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert_eq!(g.state(), GameState::Checkmate);
        assert_eq!(g.result(), "0-1");
        assert_eq!(g.sans().last().unwrap(), "Qh4#");
        let m = parse_uci(&Board::startpos(), "e2e4").unwrap();
        assert_eq!(g.play(m), Err(IllegalMove::GameOver));
        assert_eq!(g.take_back(2), 2);
        assert_eq!(g.state(), GameState::Playing);
        assert_eq!(g.result(), "*");
        let stale = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(stale.state(), GameState::Stalemate);
        assert_eq!(stale.result(), "1/2-1/2");
        let bare = Game::from_fen("7k/8/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(bare.state(), GameState::InsufficientMaterial);
        let fifty = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 100 80").unwrap();
        assert_eq!(fifty.state(), GameState::FiftyMoves);
        let rook = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap();
        assert_eq!(rook.state(), GameState::Playing, "a rook can mate");
    }

    #[test]
    fn threefold_repetition_is_a_draw() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let g = played(None, &shuffle);
        // The start position stands for the second time: no draw yet.
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.state(), GameState::Playing);
        let mut g = played(None, &[shuffle, shuffle].concat());
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.state(), GameState::Repetition);
        assert_eq!(g.result(), "1/2-1/2");
        // Taking a move back leaves the draw (the state is judged again).
        assert_eq!(g.take_back(1), 1);
        assert_eq!(g.state(), GameState::Playing);
        // Same pieces but other castling rights are another position.
        let kings = ["e1f1", "e8f8", "f1e1", "f8e8"];
        let h = played(
            Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            &[kings, kings].concat(),
        );
        assert_eq!(h.repetitions(), 2, "the first position had castling rights");
        assert_eq!(h.state(), GameState::Playing);
    }

    fn ucis(moves: &[Move]) -> Vec<String> {
        moves.iter().map(Move::uci).collect()
    }

    #[test]
    fn a_knight_shuffle_draws_at_the_first_repetition() {
        // After Nf3 Nf6 Ng1: Ng8 brings back the start position (its second time).
        let g = played(None, &["g1f3", "g8f6", "f3g1"]);
        assert_eq!(ucis(&g.draw_moves()), ["f6g8"]);
        // One ply later White's Nf3 would repeat the position after 1. Nf3.
        let g = played(None, &["g1f3", "g8f6", "f3g1", "f6g8"]);
        assert_eq!(ucis(&g.draw_moves()), ["g1f3"]);
        // A pawn move in between: nothing before it can come back.
        let g = played(None, &["g1f3", "g8f6", "f3g1", "e7e6"]);
        assert!(g.draw_moves().is_empty());
    }

    #[test]
    fn a_rook_shuttle_lists_every_way_back() {
        // White's rook a1-a2, black king h8-g8: both Ra1 and (for black) Kh8 return.
        let g = played(
            Some("7k/8/8/8/8/8/8/R3K3 w - - 0 1"),
            &["a1a2", "h8g8", "a2a1", "g8h8", "a1a2"],
        );
        assert_eq!(ucis(&g.draw_moves()), ["h8g8"]);
        let g = played(
            Some("7k/8/8/8/8/8/8/R3K3 w - - 0 1"),
            &["a1a2", "h8g8", "a2a3"],
        );
        // With the rook on a3 no black move gives back an earlier position.
        assert!(g.draw_moves().is_empty());
        // Lost castling rights make another position: the king's way back repeats nothing.
        let g = played(
            Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            &["e1f1", "e8f8"],
        );
        assert!(g.draw_moves().is_empty());
        let g = played(
            Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            &["e1f1", "e8f8", "f1e1", "f8e8", "e1f1"],
        );
        assert_eq!(ucis(&g.draw_moves()), ["e8f8"]);
    }

    #[test]
    fn the_fifty_move_rule_lists_every_quiet_move_but_mate() {
        // Clock 99: every move that is not a capture, a pawn move or mate reaches 100.
        let g = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 99 80").unwrap();
        let draws = ucis(&g.draw_moves());
        assert!(!draws.contains(&"h1h8".to_string()), "Rh8 mates");
        // The rook's 13 quiet moves other than Rh8 and the king's 6: all listed (GO's
        // bitmap takes every root move; a list of 8 once let a won game be drawn).
        assert_eq!(draws.len(), 19, "{draws:?}");
        // Clock 98: nothing yet.
        let g = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 98 80").unwrap();
        assert!(g.draw_moves().is_empty());
        // A capture resets the clock: Kxg2 is not listed, the two king steps are.
        let g = Game::from_fen("7k/8/8/8/8/8/6p1/6K1 w - - 99 80").unwrap();
        let mut draws = ucis(&g.draw_moves());
        draws.sort();
        assert_eq!(draws, ["g1f2", "g1h2"]);
    }
}
