//! The wire forms of the crate's chess types, in one place: the reference's moves and boards
//! as the latch protocol carries them (`docs/protocol.md` section 2: squares `a1 = 0`, piece
//! codes `1..6` with `8` for black) and back, and UCI text as a wire move. Both
//! [`super::GuestSession`] and the playing engine ([`crate::engine::guest`]) convert here.

use std::fmt;

use crate::protocol::{Move as WireMove, WirePosition};
use crate::reference::board::{Board, file_of, rank_of, square};
use crate::reference::notation::UciText;
use crate::reference::piece::{BLACK, EMPTY, code_of_kind, kind};
use crate::reference::{self, legal_moves};

/// What does not convert: move text that is not UCI, a position the module described that
/// is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WireError {
    /// Move text that is not UCI (`e2e4`, `e7e8q`).
    BadMoveText(String),
    /// The module described a position that is not one (QUERY).
    BadState(String),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::BadMoveText(t) => write!(f, "{t:?} is not a move in UCI notation"),
            WireError::BadState(why) => write!(f, "the module's position is impossible: {why}"),
        }
    }
}

impl std::error::Error for WireError {}

/// Wire square (`a1 = 0`) of a mailbox square.
fn wire_square(sq: u8) -> u8 {
    rank_of(sq) * 8 + file_of(sq)
}

/// A reference move on the wire.
pub fn wire_move(mv: &reference::Move) -> WireMove {
    WireMove {
        from: wire_square(mv.from),
        to: wire_square(mv.to),
        promo: mv.flags & reference::moves::PROMO_MASK,
    }
}

/// Root moves of `board` that draw (`Game::draw_moves`) as GO's long form carries them: a
/// bitmap over the root list (`reference::search::draw_bits`).
pub fn wire_draws(board: &Board, draws: &[reference::Move]) -> Vec<u8> {
    reference::search::draw_bits(board, draws)
}

/// The legal move of `board` that a wire move stands for, `None` when there is none (the
/// module's move is always checked this way before the host plays it).
pub fn legal_move_of_wire(board: &Board, mv: WireMove) -> Option<reference::Move> {
    legal_moves(board)
        .as_slice()
        .iter()
        .copied()
        .find(|m| wire_move(m) == mv)
}

/// The legal moves a wire line (a principal variation) stands for, played one after the
/// other from `board`, up to the first that is not legal there.
pub fn legal_line_of_wire(board: &Board, line: &[WireMove]) -> Vec<reference::Move> {
    let mut board = board.clone();
    let mut moves = Vec::new();
    for &wire in line {
        let Some(m) = legal_move_of_wire(&board, wire) else {
            break;
        };
        board.make(m);
        moves.push(m);
    }
    moves
}

/// UCI text as a wire move, checked only for its shape (the module judges legality).
pub fn parse_uci(text: &str) -> Result<WireMove, WireError> {
    let u = UciText::parse(text).ok_or_else(|| WireError::BadMoveText(text.to_string()))?;
    Ok(WireMove {
        from: wire_square(u.from),
        to: wire_square(u.to),
        promo: u.promo,
    })
}

/// A reference board as a `SETUP` payload.
pub fn wire_position(board: &Board) -> WirePosition {
    let mut squares = [0u8; 64];
    for (i, s) in squares.iter_mut().enumerate() {
        let code = board.sq[square(i as u8 % 8, i as u8 / 8) as usize];
        *s = if code == EMPTY {
            0
        } else {
            kind(code) | if code & BLACK != 0 { 8 } else { 0 }
        };
    }
    WirePosition {
        squares,
        side: u8::from(board.side == BLACK),
        castling: board.castling,
        ep: (board.ep != 0).then(|| wire_square(board.ep)),
        halfmove: board.halfmove,
        fullmove: board.fullmove,
    }
}

/// A `STATE` position as a reference board (material and kings recounted).
pub fn board_from_wire(p: &WirePosition) -> Result<Board, WireError> {
    let mut b = Board::empty();
    for (i, &w) in p.squares.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let k = w & 7;
        if !(1..=6).contains(&k) || w > 14 {
            return Err(WireError::BadState(format!("piece code {w} on square {i}")));
        }
        let colour = if w & 8 != 0 { BLACK } else { 0 };
        b.put(square(i as u8 % 8, i as u8 / 8), code_of_kind(k) | colour);
    }
    b.side = match p.side {
        0 => 0,
        1 => BLACK,
        s => return Err(WireError::BadState(format!("side {s}"))),
    };
    b.castling = p.castling;
    b.ep = match p.ep {
        None => 0,
        Some(s) if s < 64 => square(s % 8, s / 8),
        Some(s) => return Err(WireError::BadState(format!("en-passant square {s}"))),
    };
    b.halfmove = p.halfmove;
    b.fullmove = p.fullmove;
    b.recount();
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wire_move_finds_its_legal_move_promotion_included() {
        let b = Board::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for text in ["a7a8q", "a7b8n", "e1d2"] {
            let m = legal_move_of_wire(&b, parse_uci(text).unwrap()).unwrap();
            assert_eq!(m.uci(), text);
        }
        // A shape the rules refuse: no such move.
        assert_eq!(legal_move_of_wire(&b, parse_uci("e1e3").unwrap()), None);
        // A promotion without its piece is not the promotion.
        assert_eq!(legal_move_of_wire(&b, parse_uci("a7a8").unwrap()), None);
    }

    #[test]
    fn a_wire_line_stops_at_its_first_illegal_move() {
        let b = Board::startpos();
        let wire: Vec<WireMove> = ["e2e4", "e7e5", "e4e5", "g1f3"]
            .iter()
            .map(|t| parse_uci(t).unwrap())
            .collect();
        let line: Vec<String> = legal_line_of_wire(&b, &wire)
            .iter()
            .map(|m| m.uci())
            .collect();
        assert_eq!(line, ["e2e4", "e7e5"]);
    }

    #[test]
    fn squares_and_positions_go_on_the_wire_as_the_protocol_says() {
        let b = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 7").unwrap();
        let w = wire_position(&b);
        assert_eq!(w.squares[4], 6, "white king on e1");
        assert_eq!(w.squares[60], 6 | 8, "black king on e8");
        assert_eq!(w.squares[0], 4, "white rook on a1");
        assert_eq!(w.squares[35], 1 | 8, "black pawn on d5");
        assert_eq!(w.ep, Some(43), "d6");
        assert_eq!((w.side, w.castling, w.fullmove), (0, 0b0011, 7));
        let e1g1 = reference::parse_uci(&b, "e1g1").unwrap();
        assert_eq!(wire_move(&e1g1).to_string(), "e1g1");
    }
}
