//! The game record the console keeps: the starting position, the moves played (with their
//! SAN), the position now, and how the game stands (check, mate, stalemate, draws).
//!
//! The rules come from the reference engine's [`Board`]; the console never asks the engine
//! whether a move is legal, so the picture and the PGN stay right whatever engine plays.

use crate::reference::moves::gen_pseudo;
use crate::reference::piece::{BLACK, WHITE};
use crate::reference::{Board, FenError, Move, legal_moves, to_san};

use super::screen::{Colour, Piece, PieceKind};
use crate::reference::board::{file_of, rank_of, square};
use crate::reference::piece::{K_BISHOP, K_KING, K_KNIGHT, K_PAWN, K_QUEEN, K_ROOK, kind};

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

/// Why the user's move was refused, in words short enough for the status line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    /// The text is not a move (two squares like `E2-E4`).
    #[error("TYPE A MOVE AS E2-E4")]
    NotAMove,
    /// Nothing stands on the from square.
    #[error("NO PIECE ON {0}")]
    NoPiece(String),
    /// The piece on the from square belongs to the other side.
    #[error("NOT YOUR PIECE ON {0}")]
    NotYourPiece(String),
    /// The piece moves that way but the move would leave its own king attacked.
    #[error("KING WOULD BE IN CHECK")]
    KingInCheck,
    /// The piece does not move that way.
    #[error("PIECE CANNOT GO THERE")]
    CannotGoThere,
    /// The move reaches the last rank and needs a promotion piece.
    #[error("PROMOTE TO Q R B OR N")]
    NeedsPromotion,
    /// The game is over.
    #[error("THE GAME IS OVER")]
    GameOver,
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

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played in SAN (`e4`, `Nf3`, `exd8=Q#`).
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        colour_of(self.board.side)
    }

    /// Plays a legal move; refuses anything else with the reason.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveRefusal> {
        if self.state().is_over() {
            return Err(MoveRefusal::GameOver);
        }
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(self.refusal(mv.from, mv.to));
        }
        self.sans.push(to_san(&self.board, mv));
        self.board.make(mv);
        self.moves.push(mv);
        self.state = self.judge();
        Ok(())
    }

    /// Finds the legal move from `from` to `to` (0 = a1 ... 63 = h8) with the given
    /// promotion piece, or says why there is none.
    pub fn find_move(
        &self,
        from: usize,
        to: usize,
        promotion: Option<PieceKind>,
    ) -> Result<Move, MoveRefusal> {
        if self.state().is_over() {
            return Err(MoveRefusal::GameOver);
        }
        let (from, to) = (mailbox(from), mailbox(to));
        let candidates: Vec<Move> = legal_moves(&self.board)
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if candidates.is_empty() {
            return Err(self.refusal(from, to));
        }
        let wanted = promotion.map_or(0, promotion_code);
        if wanted == 0 && candidates.iter().all(|m| m.flags & 0x07 != 0) {
            return Err(MoveRefusal::NeedsPromotion);
        }
        candidates
            .into_iter()
            .find(|m| m.flags & 0x07 == wanted)
            .ok_or(MoveRefusal::CannotGoThere)
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
        let same = |b: &Board| {
            b.sq == now.sq && b.side == now.side && b.castling == now.castling && b.ep == now.ep
        };
        let mut board = self.start.clone();
        let mut count = usize::from(same(&board));
        for &m in &self.moves {
            board.make(m);
            count += usize::from(same(&board));
        }
        count
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        match self.state() {
            GameState::Checkmate => match self.side_to_move() {
                Colour::White => "0-1",
                Colour::Black => "1-0",
            },
            GameState::Playing | GameState::Check => "*",
            _ => "1/2-1/2",
        }
    }

    /// The moves in console notation (`E2-E4`, `E4xD5`, `E7-E8Q`, `O-O`) for the screen.
    pub fn console_moves(&self) -> Vec<String> {
        let mut board = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let text = console_notation(&board, m);
                board.make(m);
                text
            })
            .collect()
    }

    /// The board as the screen shows it (a1 = 0).
    pub fn placement(&self) -> [Option<Piece>; 64] {
        placement_of(&self.board)
    }

    /// Says why there is no legal move from `from` to `to` (mailbox squares).
    fn refusal(&self, from: u8, to: u8) -> MoveRefusal {
        let b = &self.board;
        let code = b.sq[from as usize];
        let name = crate::reference::board::square_name(from).to_ascii_uppercase();
        if code == 0 || code == 0xFF {
            return MoveRefusal::NoPiece(name);
        }
        if code & BLACK != b.side {
            return MoveRefusal::NotYourPiece(name);
        }
        let mut pseudo = false;
        gen_pseudo(b, &mut |m| pseudo |= m.from == from && m.to == to);
        if pseudo {
            MoveRefusal::KingInCheck
        } else {
            MoveRefusal::CannotGoThere
        }
    }
}

/// The colour of the side byte (`WHITE`/`BLACK`) of the reference board.
pub fn colour_of(side: u8) -> Colour {
    if side == WHITE {
        Colour::White
    } else {
        Colour::Black
    }
}

/// The mailbox square of a screen square (a1 = 0).
fn mailbox(sq: usize) -> u8 {
    square((sq % 8) as u8, (sq / 8) as u8)
}

/// The promotion bits of a move for a piece kind (0 for pawn or king).
fn promotion_code(k: PieceKind) -> u8 {
    match k {
        PieceKind::Queen => K_QUEEN,
        PieceKind::Rook => K_ROOK,
        PieceKind::Bishop => K_BISHOP,
        PieceKind::Knight => K_KNIGHT,
        PieceKind::Pawn | PieceKind::King => 0,
    }
}

/// The piece kind of a reference piece kind number.
fn piece_kind(k: u8) -> Option<PieceKind> {
    Some(match k {
        K_PAWN => PieceKind::Pawn,
        K_KNIGHT => PieceKind::Knight,
        K_BISHOP => PieceKind::Bishop,
        K_ROOK => PieceKind::Rook,
        K_QUEEN => PieceKind::Queen,
        K_KING => PieceKind::King,
        _ => return None,
    })
}

/// The pieces of a reference board as the screen shows them.
pub fn placement_of(b: &Board) -> [Option<Piece>; 64] {
    let mut out = [None; 64];
    for (i, cell) in out.iter_mut().enumerate() {
        let code = b.sq[mailbox(i) as usize];
        if code != 0 && code != 0xFF {
            *cell = piece_kind(kind(code)).map(|k| (colour_of(code & BLACK), k));
        }
    }
    out
}

/// A move as the console writes it: `E2-E4`, `E4xD5` for a capture (the VDC shows the `x`
/// as the G7000's `×`), `E7-E8Q`, `O-O`.
pub fn console_notation(b: &Board, m: Move) -> String {
    use crate::reference::moves::{CASTLE, EP};
    if m.flags & CASTLE != 0 {
        return if file_of(m.to) > file_of(m.from) {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let name = |sq: u8| format!("{}{}", (b'A' + file_of(sq)) as char, rank_of(sq) + 1);
    let capture = b.sq[m.to as usize] != 0 || m.flags & EP != 0;
    let mut s = format!(
        "{}{}{}",
        name(m.from),
        if capture { 'x' } else { '-' },
        name(m.to)
    );
    if let Some(k) = piece_kind(m.flags & 0x07) {
        s.push(k.letter());
    }
    s
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

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
    }

    #[test]
    fn refusals_name_the_reason() {
        let g = Game::default();
        assert_eq!(
            g.find_move(sq("e3"), sq("e4"), None),
            Err(MoveRefusal::NoPiece("E3".into()))
        );
        assert_eq!(
            g.find_move(sq("e7"), sq("e5"), None),
            Err(MoveRefusal::NotYourPiece("E7".into()))
        );
        assert_eq!(
            g.find_move(sq("e2"), sq("e5"), None),
            Err(MoveRefusal::CannotGoThere)
        );
        let pinned = Game::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            pinned.find_move(sq("e2"), sq("d3"), None),
            Err(MoveRefusal::KingInCheck)
        );
    }

    #[test]
    fn promotion_needs_a_piece() {
        let g = Game::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(
            g.find_move(sq("e7"), sq("e8"), None),
            Err(MoveRefusal::NeedsPromotion)
        );
        let m = g
            .find_move(sq("e7"), sq("e8"), Some(PieceKind::Knight))
            .unwrap();
        assert_eq!(m.uci(), "e7e8n");
    }

    #[test]
    fn console_notation_of_captures_castles_and_promotions() {
        let mut g = Game::from_fen("r3k3/7P/8/3p4/4P3/8/8/4K2R w Kq - 0 1").unwrap();
        for uci in ["e4d5", "e8c8", "e1g1", "c8b8", "h7h8q"] {
            let m = crate::reference::parse_uci(g.board(), uci).unwrap();
            g.play(m).unwrap();
        }
        assert_eq!(
            g.console_moves(),
            ["E4xD5", "O-O-O", "O-O", "C8-B8", "H7-H8Q"]
        );
    }

    #[test]
    fn states_and_results() {
        let mut g = Game::default();
        for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let m = crate::reference::parse_uci(g.board(), uci).unwrap();
            g.play(m).unwrap();
        }
        assert_eq!(g.state(), GameState::Checkmate);
        assert_eq!(g.result(), "0-1");
        assert_eq!(g.sans().last().unwrap(), "Qh4#");
        assert_eq!(g.take_back(2), 2);
        assert_eq!(g.state(), GameState::Playing);
        assert_eq!(g.result(), "*");
        let stale = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(stale.state(), GameState::Stalemate);
        assert_eq!(stale.result(), "1/2-1/2");
        let bare = Game::from_fen("7k/8/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(bare.state(), GameState::InsufficientMaterial);
    }

    #[test]
    fn threefold_repetition_is_a_draw() {
        let mut g = Game::default();
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for uci in shuffle {
            let m = crate::reference::parse_uci(g.board(), uci).unwrap();
            g.play(m).unwrap();
        }
        // The start position stands for the second time: no draw yet.
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.state(), GameState::Playing);
        for uci in shuffle {
            let m = crate::reference::parse_uci(g.board(), uci).unwrap();
            g.play(m).unwrap();
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.state(), GameState::Repetition);
        assert_eq!(g.result(), "1/2-1/2");
        // Taking a move back leaves the draw (the state is judged again).
        assert_eq!(g.take_back(1), 1);
        assert_eq!(g.state(), GameState::Playing);
        // Same pieces but other castling rights are another position.
        let mut h = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        for uci in [
            "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8",
        ] {
            let m = crate::reference::parse_uci(h.board(), uci).unwrap();
            h.play(m).unwrap();
        }
        assert_eq!(h.repetitions(), 2, "the first position had castling rights");
        assert_eq!(h.state(), GameState::Playing);
    }
}
