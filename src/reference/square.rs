//! The mailbox's geometry: square indices (21 + file + 10 * rank, a1 = 21, h8 = 98), their
//! files, ranks and names, and the step directions of the pieces in the order the move
//! generator and the guest's GEN use them. The border around the 8x8 squares is the
//! board's (`board.rs`): a step off the board lands on it.

/// Mailbox index of a file (0..7) and rank (0..7).
#[inline]
pub fn square(file: u8, rank: u8) -> u8 {
    21 + file + 10 * rank
}

/// File (0..7) of a mailbox square.
#[inline]
pub fn file_of(sq: u8) -> u8 {
    (sq - 21) % 10
}

/// Rank (0..7) of a mailbox square.
#[inline]
pub fn rank_of(sq: u8) -> u8 {
    (sq - 21) / 10
}

/// Index 0..63 (a1 = 0, h8 = 63) of a mailbox square.
#[inline]
pub fn sq64(sq: u8) -> usize {
    (rank_of(sq) * 8 + file_of(sq)) as usize
}

/// Algebraic name of a mailbox square, e.g. "e4".
pub fn square_name(sq: u8) -> String {
    format!(
        "{}{}",
        (b'a' + file_of(sq)) as char,
        (b'1' + rank_of(sq)) as char
    )
}

/// Rook (orthogonal) step directions.
pub const ROOK_DIRS: [i8; 4] = [10, -10, 1, -1];
/// Bishop (diagonal) step directions.
pub const BISHOP_DIRS: [i8; 4] = [11, 9, -9, -11];
/// Queen and king directions: orthogonal first, then diagonal.
pub const ALL_DIRS: [i8; 8] = [10, -10, 1, -1, 11, 9, -9, -11];
/// Knight jumps.
pub const KNIGHT_JUMPS: [i8; 8] = [21, 19, 12, 8, -8, -12, -19, -21];

/// Step a square by a direction (wrapping arithmetic as on the Z80; the border stops it).
#[inline]
pub fn step(sq: u8, d: i8) -> u8 {
    sq.wrapping_add(d as u8)
}
