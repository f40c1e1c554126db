//! The values messages carry: a move, its flags and a position, with their byte layout.

use std::fmt;

/// A move on the wire: `from`, `to` (squares `0..64`, `a1 = 0`) and a promotion piece kind
/// (`2` knight .. `5` queen, `0` none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promo: u8,
}

impl fmt::Display for Move {
    /// UCI notation: `e2e4`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |s: u8| format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1);
        write!(f, "{}{}", sq(self.from), sq(self.to))?;
        match self.promo {
            2 => write!(f, "n"),
            3 => write!(f, "b"),
            4 => write!(f, "r"),
            5 => write!(f, "q"),
            _ => Ok(()),
        }
    }
}

/// Flags the module attaches to a move it accepted or played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveFlags(pub u8);

impl MoveFlags {
    pub const CAPTURE: u8 = 0x01;
    pub const CHECK: u8 = 0x02;
    pub const MATE: u8 = 0x04;
    pub const PROMOTION: u8 = 0x08;
    pub const CASTLING: u8 = 0x10;
    pub const EN_PASSANT: u8 = 0x20;
    pub const STALEMATE: u8 = 0x40;
    pub const BOOK: u8 = 0x80;

    /// True when every bit of `flag` is set.
    pub fn has(self, flag: u8) -> bool {
        self.0 & flag == flag
    }
}

/// A position on the wire: the `SETUP` payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WirePosition {
    /// `a1..h8`: `0` empty, `1..=6` white P N B R Q K, `9..=14` black.
    pub squares: [u8; 64],
    /// `0` white to move, `1` black.
    pub side: u8,
    /// Bit 0 K, 1 Q, 2 k, 3 q.
    pub castling: u8,
    /// En-passant target square, if any.
    pub ep: Option<u8>,
    pub halfmove: u8,
    pub fullmove: u16,
}

impl WirePosition {
    pub(super) const LEN: usize = 64 + 6;

    pub(super) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.squares);
        out.push(self.side);
        out.push(self.castling);
        out.push(self.ep.unwrap_or(0xFF));
        out.push(self.halfmove);
        out.extend_from_slice(&self.fullmove.to_le_bytes());
    }

    pub(super) fn decode(b: &[u8]) -> Self {
        let mut squares = [0; 64];
        squares.copy_from_slice(&b[..64]);
        WirePosition {
            squares,
            side: b[64],
            castling: b[65],
            ep: (b[66] != 0xFF).then_some(b[66]),
            halfmove: b[67],
            fullmove: u16::from_le_bytes([b[68], b[69]]),
        }
    }
}

pub(super) fn push_move(out: &mut Vec<u8>, m: &Move) {
    out.extend_from_slice(&[m.from, m.to, m.promo]);
}

pub(super) fn read_move(b: &[u8]) -> Move {
    Move {
        from: b[0],
        to: b[1],
        promo: b[2],
    }
}

pub(super) fn read_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}
