//! The opening book, read from the assembled ROM image at label `BOOK` (source:
//! `asm/book.asm`), so the guest and the reference share one copy of the data.
//!
//! Format: lines of moves from the initial position, each move two bytes (from square, to
//! square, mailbox indices 21..98); a 0 byte ends a line, an empty line ends the book.
//! Lookup: the first line that starts with the game's moves and goes on gives the next move.

use super::board::{Board, file_of, rank_of};
use super::moves::{Move, legal_moves};

/// Why a byte image does not hold a valid book at the given address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The address is outside the image.
    #[error("book address {0:#06x} is outside the {1}-byte image")]
    Address(usize, usize),
    /// The image ends before the book's end marker.
    #[error("the book runs off the end of the image (no end marker)")]
    Unterminated,
    /// A byte that is not a board square where a square is expected.
    #[error("book byte {value:#04x} at offset {offset} is not a board square")]
    BadSquare {
        /// Offset from the book's start.
        offset: usize,
        /// The byte found.
        value: u8,
    },
    /// A line whose move is not legal in the position the line reaches.
    #[error("book line {line}: move {ply} is not legal")]
    Illegal {
        /// Line number, from 1.
        line: usize,
        /// Ply in the line, from 1.
        ply: usize,
    },
}

/// A validated view of the book bytes inside a ROM image.
#[derive(Debug, Clone, Copy)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

fn is_board_square(b: u8) -> bool {
    (21..=98).contains(&b) && (1..=8).contains(&(b % 10))
}

impl<'a> Book<'a> {
    /// Find and validate the book at `addr` in `image` (every line replayed from the initial
    /// position must consist of legal moves).
    pub fn from_image(image: &'a [u8], addr: usize) -> Result<Book<'a>, BookError> {
        if addr >= image.len() {
            return Err(BookError::Address(addr, image.len()));
        }
        let data = &image[addr..];
        let mut i = 0;
        let mut line = 0;
        loop {
            let first = *data.get(i).ok_or(BookError::Unterminated)?;
            if first == 0 {
                let book = Book { bytes: &data[..=i] };
                return Ok(book);
            }
            line += 1;
            let mut board = Board::startpos();
            let mut ply = 0;
            loop {
                let from = *data.get(i).ok_or(BookError::Unterminated)?;
                if from == 0 {
                    i += 1;
                    break;
                }
                let to = *data.get(i + 1).ok_or(BookError::Unterminated)?;
                for (k, v) in [(i, from), (i + 1, to)] {
                    if !is_board_square(v) {
                        return Err(BookError::BadSquare {
                            offset: k,
                            value: v,
                        });
                    }
                }
                ply += 1;
                let m = find_move(&board, from, to).ok_or(BookError::Illegal { line, ply })?;
                board.make(m);
                i += 2;
            }
        }
    }

    /// Size of the book in bytes, end marker included.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True for a book with no lines.
    pub fn is_empty(&self) -> bool {
        self.bytes.len() <= 1
    }

    /// Number of lines.
    pub fn lines(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while self.bytes[i] != 0 {
            while self.bytes[i] != 0 {
                i += 2;
            }
            i += 1;
            n += 1;
        }
        n
    }

    /// The book move (from, to) after `history` (moves from the initial position), if any.
    pub fn next(&self, history: &[Move]) -> Option<(u8, u8)> {
        let b = self.bytes;
        let mut i = 0;
        while b[i] != 0 {
            let mut k = 0;
            let mut matches = true;
            while b[i] != 0 {
                if k == history.len() {
                    if matches {
                        return Some((b[i], b[i + 1]));
                    }
                } else if k < history.len()
                    && (b[i] != history[k].from || b[i + 1] != history[k].to)
                {
                    matches = false;
                }
                k += 1;
                i += 2;
            }
            i += 1;
        }
        None
    }

    /// The book move as a legal move of `board`, the position reached by `history`.
    pub fn probe(&self, board: &Board, history: &[Move]) -> Option<Move> {
        let (from, to) = self.next(history)?;
        find_move(board, from, to)
    }
}

/// The legal move of `board` from `from` to `to` (a promotion would be the queen's).
fn find_move(board: &Board, from: u8, to: u8) -> Option<Move> {
    debug_assert!(file_of(from) < 8 && rank_of(to) < 8);
    legal_moves(board)
        .as_slice()
        .iter()
        .copied()
        .find(|m| m.from == from && m.to == to)
}
