//! The console's view of a game: the reasons a typed move is refused (in status-line
//! words), the moves in console notation, and the pieces as the screen shows them.
//!
//! The game and its rules are the reference's [`Game`]; the console never asks the engine
//! whether a move is legal, so the picture and the PGN stay right whatever engine plays.

use crate::reference::board::{file_of, rank_of, square, square_name};
use crate::reference::game::IllegalMove;
pub use crate::reference::game::{Game, GameState};
use crate::reference::moves::PROMO_MASK;
use crate::reference::piece::{
    BLACK, K_BISHOP, K_KING, K_KNIGHT, K_PAWN, K_QUEEN, K_ROOK, WHITE, kind,
};
use crate::reference::{Board, Move};

use super::screen::{Colour, Piece, PieceKind};

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
    /// The move would leave more legal moves to answer than the module's list holds.
    #[error("{0} REPLIES: AT MOST 150")]
    TooManyMoves(usize),
}

impl From<IllegalMove> for MoveRefusal {
    fn from(why: IllegalMove) -> MoveRefusal {
        let name = |sq: u8| square_name(sq).to_ascii_uppercase();
        match why {
            IllegalMove::GameOver => MoveRefusal::GameOver,
            IllegalMove::NoPiece(sq) => MoveRefusal::NoPiece(name(sq)),
            IllegalMove::NotYourPiece(sq) => MoveRefusal::NotYourPiece(name(sq)),
            IllegalMove::KingInCheck => MoveRefusal::KingInCheck,
            IllegalMove::CannotGoThere => MoveRefusal::CannotGoThere,
            IllegalMove::TooManyMoves(n) => MoveRefusal::TooManyMoves(n),
        }
    }
}

/// Finds the legal move of `game` from `from` to `to` (0 = a1 ... 63 = h8) with the given
/// promotion piece, or says why there is none.
pub fn find_move(
    game: &Game,
    from: usize,
    to: usize,
    promotion: Option<PieceKind>,
) -> Result<Move, MoveRefusal> {
    let candidates = game.legal_moves_between(mailbox(from), mailbox(to))?;
    let wanted = promotion.map_or(0, promotion_code);
    if wanted == 0 && candidates.iter().all(|m| m.flags & PROMO_MASK != 0) {
        return Err(MoveRefusal::NeedsPromotion);
    }
    candidates
        .into_iter()
        .find(|m| m.flags & PROMO_MASK == wanted)
        .ok_or(MoveRefusal::CannotGoThere)
}

/// The side to move in `game`.
pub fn side_to_move(game: &Game) -> Colour {
    colour_of(game.board().side)
}

/// The moves of `game` in console notation (`E2-E4`, `E4xD5`, `E7-E8Q`, `O-O`), with `+`
/// after a check and `#` after mate, for the screen.
pub fn console_moves(game: &Game) -> Vec<String> {
    let mut texts = MoveTexts::default();
    texts.follow(game);
    texts.texts
}

/// A game's moves in console notation, kept as its moves are played: each move is written
/// once, when it is new (its check mark needs the legal replies, a whole move generation),
/// not again at every frame; a move taken back drops its text, and another start position
/// writes the list afresh.
#[derive(Debug, Clone, Default)]
pub struct MoveTexts {
    /// The start position the texts are of.
    start: Option<Board>,
    /// The moves written, and the position after them.
    moves: Vec<Move>,
    board: Option<Board>,
    texts: Vec<String>,
    /// Texts written so far, all told.
    written: usize,
}

impl MoveTexts {
    /// Brings the texts in step with `game` (only what changed is written) and gives them.
    pub fn follow(&mut self, game: &Game) -> &[String] {
        let played = game.moves();
        let same_start = self.start.as_ref() == Some(game.start());
        let kept = match same_start {
            true => self
                .moves
                .iter()
                .zip(played)
                .take_while(|(a, b)| a == b)
                .count(),
            false => 0,
        };
        if !same_start || kept < self.moves.len() {
            // A new start, or moves taken back or replaced: from the start again.
            self.start = Some(game.start().clone());
            self.board = Some(game.start().clone());
            self.moves.clear();
            self.texts.clear();
        }
        let board = self.board.get_or_insert_with(|| game.start().clone());
        for &m in &played[self.moves.len()..] {
            let mut text = console_notation(board, m);
            board.make(m);
            text.push_str(check_mark(board));
            self.texts.push(text);
            self.moves.push(m);
            self.written += 1;
        }
        &self.texts
    }

    /// How many move texts were written since the start, all told (each move once until
    /// it is taken back).
    pub fn written(&self) -> usize {
        self.written
    }
}

/// The half-move of the game that `game`'s first move is, counted from White's first move
/// (0): from its start position's move number and side to move.
pub fn first_ply(game: &Game) -> usize {
    let start = game.start();
    (usize::from(start.fullmove.max(1)) - 1) * 2 + usize::from(start.side == BLACK)
}

/// `#` when the side to move is mated, `+` when it is in check, else nothing.
fn check_mark(board: &Board) -> &'static str {
    match (
        board.in_check(),
        crate::reference::legal_moves(board).is_empty(),
    ) {
        (true, true) => "#",
        (true, false) => "+",
        _ => "",
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
    if let Some(k) = piece_kind(m.flags & PROMO_MASK) {
        s.push(k.letter());
    }
    s
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
            find_move(&g, sq("e3"), sq("e4"), None),
            Err(MoveRefusal::NoPiece("E3".into()))
        );
        assert_eq!(
            find_move(&g, sq("e7"), sq("e5"), None),
            Err(MoveRefusal::NotYourPiece("E7".into()))
        );
        assert_eq!(
            find_move(&g, sq("e2"), sq("e5"), None),
            Err(MoveRefusal::CannotGoThere)
        );
        let pinned = Game::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            find_move(&pinned, sq("e2"), sq("d3"), None),
            Err(MoveRefusal::KingInCheck)
        );
    }

    #[test]
    fn promotion_needs_a_piece() {
        let g = Game::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(
            find_move(&g, sq("e7"), sq("e8"), None),
            Err(MoveRefusal::NeedsPromotion)
        );
        let m = find_move(&g, sq("e7"), sq("e8"), Some(PieceKind::Knight)).unwrap();
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
            console_moves(&g),
            ["E4xD5", "O-O-O", "O-O", "C8-B8", "H7-H8Q"]
        );
    }
}
