//! Piece codes, Gambiet style: one byte per square.
//!
//! Low nibble = material value with bit 0 set for "occupied" (pawn 1, knight 3, bishop 3,
//! rook 5, queen 9, king 15), bits 4-6 = kind (1..6), bit 7 = colour (set = black).
//! An empty square is 0x00 and a border square of the mailbox is 0xFF (kind 7), so one
//! `AND 0x0F` gives the value and one `BIT 7` gives the colour on the Z80.

/// Empty square.
pub const EMPTY: u8 = 0x00;
/// Border square of the 10x12 mailbox (never a piece: kind 7).
pub const OFF: u8 = 0xFF;
/// Colour bit: set for black pieces (and for the side-to-move byte when black is to move).
pub const BLACK: u8 = 0x80;
/// Colour value of white.
pub const WHITE: u8 = 0x00;

/// White pawn (black = `PAWN | BLACK`).
pub const PAWN: u8 = 0x11;
/// White knight.
pub const KNIGHT: u8 = 0x23;
/// White bishop.
pub const BISHOP: u8 = 0x33;
/// White rook.
pub const ROOK: u8 = 0x45;
/// White queen.
pub const QUEEN: u8 = 0x59;
/// White king.
pub const KING: u8 = 0x6F;

/// Kind numbers (bits 4-6 of a piece code).
pub const K_PAWN: u8 = 1;
/// Knight kind.
pub const K_KNIGHT: u8 = 2;
/// Bishop kind.
pub const K_BISHOP: u8 = 3;
/// Rook kind.
pub const K_ROOK: u8 = 4;
/// Queen kind.
pub const K_QUEEN: u8 = 5;
/// King kind.
pub const K_KING: u8 = 6;

/// Kind of a piece code (1..6, 0 for empty, 7 for the border).
#[inline]
pub fn kind(code: u8) -> u8 {
    (code >> 4) & 7
}

/// Value nibble of a piece code (1, 3, 3, 5, 9, 15; 0 for empty).
#[inline]
pub fn value(code: u8) -> u8 {
    code & 0x0F
}

/// True when the code is a piece (not empty, not border).
#[inline]
pub fn is_piece(code: u8) -> bool {
    code != EMPTY && code != OFF
}

/// White piece code of a kind (1..6).
pub fn code_of_kind(k: u8) -> u8 {
    match k {
        K_PAWN => PAWN,
        K_KNIGHT => KNIGHT,
        K_BISHOP => BISHOP,
        K_ROOK => ROOK,
        K_QUEEN => QUEEN,
        _ => KING,
    }
}

/// FEN letter of a piece code (upper case white, lower case black).
pub fn letter(code: u8) -> char {
    let c = match kind(code) {
        K_PAWN => 'P',
        K_KNIGHT => 'N',
        K_BISHOP => 'B',
        K_ROOK => 'R',
        K_QUEEN => 'Q',
        _ => 'K',
    };
    if code & BLACK != 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// Piece code of a FEN letter, `None` for anything else.
pub fn from_letter(c: char) -> Option<u8> {
    let white = match c.to_ascii_uppercase() {
        'P' => PAWN,
        'N' => KNIGHT,
        'B' => BISHOP,
        'R' => ROOK,
        'Q' => QUEEN,
        'K' => KING,
        _ => return None,
    };
    Some(if c.is_ascii_lowercase() {
        white | BLACK
    } else {
        white
    })
}
