//! Chess piece shapes for a chip without chess glyphs.
//!
//! Each piece is an 8 x 8 bitmap (bit 7 = leftmost dot), 8 pixels wide and 16 lines tall on
//! screen. The VDC's character pointer is a ROM row address, so the display kernel shows a
//! bitmap row by row: for every row it starts a character at a ROM row holding exactly that
//! pattern and shows it for those 2 lines only. Every pattern used here occurs somewhere in
//! our character ROM (letters, ball, arrows, man, ramp and block provide them; a test checks
//! it), so one character per piece per line suffices and a
//! full rank of 8 pieces fits the chip's 12 characters and 4 quads with room for text.

use super::screen::PieceKind;

/// Rows of each piece shape, top to bottom.
pub type Shape = [u8; 8];

/// Parses a shape drawn with `#` for dots.
const fn shape(rows: [&str; 8]) -> Shape {
    let mut out = [0u8; 8];
    let mut r = 0;
    while r < 8 {
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

/// Pawn: a ball on a collar and a foot.
pub const PAWN: Shape = shape([
    "........", "...##...", "..####..", "..####..", "...##...", "..####..", ".######.", ".######.",
]);
/// Knight: a horse's head looking left, ear up, muzzle out.
pub const KNIGHT: Shape = shape([
    "..##....", ".####...", ".#####..", "######..", "...###..", "..####..", ".######.", ".######.",
]);
/// Bishop: a mitre with a slit.
pub const BISHOP: Shape = shape([
    "...##...", "..####..", "..##.#..", "..####..", "...##...", "...##...", ".######.", ".######.",
]);
/// Rook: battlements on a tower.
pub const ROOK: Shape = shape([
    ".#.##.#.", ".######.", "..####..", "..####..", "..####..", "..####..", ".######.", ".######.",
]);
/// Queen: a ball over a crown with three points.
pub const QUEEN: Shape = shape([
    "...##...", ".#.##.#.", ".######.", "..####..", "...##...", "..####..", ".######.", ".######.",
]);
/// King: a cross on top.
pub const KING: Shape = shape([
    "...##...", ".######.", "...##...", ".######.", "..####..", "..####..", ".######.", ".######.",
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
