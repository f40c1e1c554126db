//! The opening book, read from the assembled ROM image at label `BOOK` (source:
//! `asm/book.asm`), so the guest and the reference share one copy of the data.
//!
//! Format: the book's lines merged into a tree of moves (lines that start alike share those
//! moves), written in pre-order, one byte a move:
//! - bits 0-5: the move's index in the list of legal moves of its position, in generation
//!   order (`legal_moves` here, MOVLIST in the guest: the two are equal, tests/guest/movegen.rs);
//! - bit 7 (`GOES_ON`): the line goes on, the replies to this move follow;
//! - bit 6 (`LAST`): the last move of its list (the moves played in one position).
//!
//! The first list holds the moves of the initial position; the book ends with it.
//! Lookup: after the game's moves, the book's move is the first of the list the game has
//! reached (the first line, in book order, that starts with the game's moves and goes on).

use super::board::Board;
use super::generate::legal_moves;
use super::moves::Move;

/// Node flag: the line goes on after this move (its replies follow).
pub const GOES_ON: u8 = 0x80;
/// Node flag: the last move of its list.
pub const LAST: u8 = 0x40;
/// The bits of a node that hold the move's index in the legal-move list.
pub const INDEX: u8 = 0x3F;
/// The deepest line the reader accepts (plies); a deeper one is damaged data.
pub const MAX_PLIES: usize = 40;

/// Why a byte image does not hold a valid book at the given address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The address is outside the image.
    #[error("book address {0:#06x} is outside the {1}-byte image")]
    Address(usize, usize),
    /// The image ends inside the book (a list whose last move is missing).
    #[error("the book runs off the end of the image")]
    Truncated,
    /// A move index beyond the legal moves of its position.
    #[error("book byte {value:#04x} at offset {offset}: move {index} of {legal} legal moves")]
    BadIndex {
        /// Offset from the book's start.
        offset: usize,
        /// The byte found.
        value: u8,
        /// Its move index.
        index: usize,
        /// The number of legal moves in that position.
        legal: usize,
    },
    /// A line longer than [`MAX_PLIES`].
    #[error("book line at offset {0} is deeper than {MAX_PLIES} plies")]
    TooDeep(usize),
}

/// One move of the book tree.
#[derive(Debug, Clone, Copy)]
struct Node {
    mv: Move,
    /// Index of the first reply (the next node) when the line goes on.
    replies: Option<usize>,
    /// Index of the next move of the same list.
    sibling: Option<usize>,
}

/// A validated, decoded book read from a ROM image.
#[derive(Debug, Clone)]
pub struct Book {
    nodes: Vec<Node>,
}

impl Book {
    /// Find, decode and validate the book at `addr` in `image`: every index must name a
    /// legal move of the position its line reaches.
    pub fn from_image(image: &[u8], addr: usize) -> Result<Book, BookError> {
        if addr >= image.len() {
            return Err(BookError::Address(addr, image.len()));
        }
        let data = &image[addr..];
        let mut nodes = Vec::new();
        read_list(data, &mut nodes, &Board::startpos(), 0)?;
        Ok(Book { nodes })
    }

    /// Size of the book in bytes (one a move).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a book without moves (never, for one read from an image).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of lines (moves after which the line does not go on).
    pub fn lines(&self) -> usize {
        self.nodes.iter().filter(|n| n.replies.is_none()).count()
    }

    /// The book move (from, to) after `history` (moves from the initial position), if any.
    pub fn next(&self, history: &[Move]) -> Option<(u8, u8)> {
        self.next_move(history).map(|m| (m.from, m.to))
    }

    /// The book move after `history` as a legal move of the position it reaches.
    fn next_move(&self, history: &[Move]) -> Option<Move> {
        let mut list = Some(0).filter(|_| !self.nodes.is_empty());
        for m in history {
            let mut at = list;
            list = None;
            while let Some(i) = at {
                let node = &self.nodes[i];
                if node.mv == *m {
                    list = node.replies;
                    break;
                }
                at = node.sibling;
            }
            list?;
        }
        list.map(|i| self.nodes[i].mv)
    }

    /// The book move as a legal move of `board`, the position reached by `history`.
    pub fn probe(&self, board: &Board, history: &[Move]) -> Option<Move> {
        let m = self.next_move(history)?;
        legal_moves(board).as_slice().contains(&m).then_some(m)
    }
}

/// Decode the list that starts at `nodes.len()` (its bytes from `data[nodes.len()]`, as the
/// tree is in pre-order), for the position `board`, `depth` plies into its line.
fn read_list(
    data: &[u8],
    nodes: &mut Vec<Node>,
    board: &Board,
    depth: usize,
) -> Result<(), BookError> {
    if depth >= MAX_PLIES {
        return Err(BookError::TooDeep(nodes.len()));
    }
    let legal = legal_moves(board);
    let mut previous: Option<usize> = None;
    loop {
        let offset = nodes.len();
        let value = *data.get(offset).ok_or(BookError::Truncated)?;
        let index = usize::from(value & INDEX);
        let mv = *legal.as_slice().get(index).ok_or(BookError::BadIndex {
            offset,
            value,
            index,
            legal: legal.len(),
        })?;
        if let Some(p) = previous {
            nodes[p].sibling = Some(offset);
        }
        previous = Some(offset);
        nodes.push(Node {
            mv,
            replies: None,
            sibling: None,
        });
        if value & GOES_ON != 0 {
            nodes[offset].replies = Some(offset + 1);
            let mut after = board.clone();
            after.make(mv);
            read_list(data, nodes, &after, depth + 1)?;
        }
        if value & LAST != 0 {
            return Ok(());
        }
    }
}
