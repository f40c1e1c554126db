//! Chess piece shapes for a chip without chess glyphs.
//!
//! Each piece is an 8 x 11 bitmap (bit 7 = leftmost dot), 8 pixels wide and 22 lines tall on
//! screen, nearly its square's height. (Wider pieces cannot be had: a rank of 8 pieces two
//! characters wide is 16 characters on a line, and with the panel text beside the board
//! that is more than the chip's 12 characters and 4 quads can show.) The VDC's character pointer is a ROM row address, so the display kernel shows a
//! bitmap row by row: for every row it starts a character at a ROM row holding exactly that
//! pattern and shows it for those 2 lines only. Every pattern used here occurs somewhere in
//! our character ROM (letters, ball, arrows, man, ramp and block provide them; a test checks
//! it), so one character per piece per line suffices and a
//! full rank of 8 pieces fits the chip's 12 characters and 4 quads with room for text.

use super::screen::PieceKind;

/// Rows in a piece shape: 11 rows of 2 lines, 22 of a square's 24 lines.
pub const SHAPE_ROWS: usize = 11;

/// Rows of each piece shape, top to bottom.
pub type Shape = [u8; SHAPE_ROWS];

/// Parses a shape drawn with `#` for dots.
const fn shape(rows: [&str; SHAPE_ROWS]) -> Shape {
    let mut out = [0u8; SHAPE_ROWS];
    let mut r = 0;
    while r < SHAPE_ROWS {
        let b = rows[r].as_bytes();
        let mut i = 0;
        while i < b.len() && i < 8 {
            if b[i] == b'#' {
                out[r] |= 0x80 >> i;
            }
            i += 1;
        }
        r += 1;
    }
    out
}

// Each shape stands on the same two-row base, so a rank reads as one line of men; above it
// each has its own outline, as wide as a character (8 dots), the smallest the pawn.

/// Pawn: a ball on a collar, the smallest man.
pub const PAWN: Shape = shape([
    "........", "........", "...##...", "..####..", "..####..", "...##...", "..####..", "...##...",
    ".######.", "########", "########",
]);
/// Knight: a horse's head looking left, ear up, muzzle out, the neck going down right.
pub const KNIGHT: Shape = shape([
    "..##....", ".####...", ".#####..", "######..", "#######.", "...###..", "..####..", "..####..",
    ".######.", "########", "########",
]);
/// Bishop: a mitre with a slit, on a narrow waist.
pub const BISHOP: Shape = shape([
    "...##...", "..####..", "..##.#..", ".######.", ".######.", "..####..", "...##...", "..####..",
    ".######.", "########", "########",
]);
/// Rook: battlements on a straight tower.
pub const ROOK: Shape = shape([
    ".##..##.", "########", ".######.", "..####..", "..####..", "..####..", "..####..", "..####..",
    ".######.", "########", "########",
]);
/// Queen: a ball over a crown with three points.
pub const QUEEN: Shape = shape([
    "...##...", ".#.##.#.", ".######.", ".######.", "..####..", "...##...", "..####..", "..####..",
    ".######.", "########", "########",
]);
/// King: a cross on top, the tallest man.
pub const KING: Shape = shape([
    "...##...", ".######.", "...##...", "..####..", ".######.", ".######.", "..####..", "..####..",
    ".######.", "########", "########",
]);

/// The shape of a piece kind.
pub fn shape_of(kind: PieceKind) -> &'static Shape {
    match kind {
        PieceKind::Pawn => &PAWN,
        PieceKind::Knight => &KNIGHT,
        PieceKind::Bishop => &BISHOP,
        PieceKind::Rook => &ROOK,
        PieceKind::Queen => &QUEEN,
        PieceKind::King => &KING,
    }
}
