//! The one rule for a position that comes from outside a game (FEN, EPD, the set-up editor,
//! a saved game, UCI, xboard, the debugger, the module's SETUP): [`Board::validate`].
//!
//! It refuses what the guest cannot hold or play from: anything but one king a side, a pawn
//! on rank 1 or 8, castling rights without their king and rook at home, an en-passant square
//! on the wrong rank, the side not to move in check (its king could be taken), and material
//! no game can reach in the respects that bound the guest's memory: more than 8 pawns or 16
//! pieces a side, or more pieces beyond the initial set (1 queen, 2 rooks, 2 knights, one
//! bishop on each colour of square) than that side has missing pawns to have promoted. The
//! material part is shakmaty's `TOO_MUCH_MATERIAL` (tests/reference/validate.rs holds the
//! two together). A side with at most 16
//! pieces has at most 15 that are not its king, which is what EXCH's candidate lists hold
//! (`MLIST`/`SLIST`, 15 entries each: docs/engine.md). Legal moves keep the rule (a
//! promotion trades a pawn for at most one extra piece), so every position of a game from
//! an accepted one is accepted too, in all these respects. The guest's CSETUP
//! (asm/match.asm) refuses exactly the same positions ([`Board::validate_setup`],
//! tests/guest/setup_rule.rs).
//!
//! One more rule bounds the search, not the lists: at most `MOVE_CAP` (150) legal moves for
//! the side to move ([`check_moves`]), so that the root list holds every one. Legal moves
//! can break it (any move changes the other side's mobility), so `Game` refuses a move into such
//! a position too (`game::IllegalMove::TooManyMoves`), and so does `parse_uci`.

use super::board::*;
use super::generate::legal_moves;
use super::piece::*;
use super::search::MOVE_CAP;

/// Why a position was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A mailbox byte of the 64 squares that is neither empty nor a piece.
    #[error("square {square} holds {code:#04x}, which is not a piece")]
    BadCode {
        /// Square name.
        square: String,
        /// The byte found.
        code: u8,
    },
    /// The side-to-move byte is neither white nor black.
    #[error("side to move {0:#04x} is neither white nor black")]
    BadSide(u8),
    /// Not exactly one king of a colour.
    #[error("{} has {} kings, needs exactly one", colour_name(*.colour), .kings)]
    KingCount {
        /// The colour ([`WHITE`] or [`BLACK`]).
        colour: u8,
        /// Kings found.
        kings: u8,
    },
    /// A pawn on the first or last rank.
    #[error("a pawn on {0}: pawns never stand on rank 1 or 8")]
    PawnOnBackRank(String),
    /// More than 8 pawns of one colour.
    #[error("{} has {} pawns, at most 8", colour_name(*.colour), .pawns)]
    TooManyPawns {
        /// The colour.
        colour: u8,
        /// Pawns found.
        pawns: u8,
    },
    /// More than 16 pieces (pawns and king included) of one colour.
    #[error("{} has {} pieces, at most 16", colour_name(*.colour), .pieces)]
    TooManyPieces {
        /// The colour.
        colour: u8,
        /// Pieces found.
        pieces: u8,
    },
    /// More pieces beyond the initial set than missing pawns could have become.
    #[error(
        "{} has {} beyond 1 queen, 2 rooks, 2 knights and a bishop on each colour of \
         square, but only {} to have promoted",
        colour_name(*.colour), counted(*.promoted, "piece"), counted(*.missing, "missing pawn")
    )]
    TooManyPromoted {
        /// The colour.
        colour: u8,
        /// Pieces beyond the initial set.
        promoted: u8,
        /// Pawns missing from 8.
        missing: u8,
    },
    /// A castling right whose king and rook are not on their home squares.
    #[error("castling right {0} needs the king and rook on their home squares")]
    CastlingWithoutPieces(char),
    /// Castling bits beyond the four rights.
    #[error("castling rights {0:#04x} have bits beyond KQkq")]
    BadCastling(u8),
    /// An en-passant square not on rank 6 (white to move) or rank 3 (black to move).
    #[error("en-passant square {0} is not on rank 6 (white to move) or 3 (black to move)")]
    BadEnPassant(String),
    /// The side not to move is in check.
    #[error("{} is in check but it is {}'s move", colour_name(*.0), colour_name(*.0 ^ BLACK))]
    OppositeCheck(u8),
    /// More legal moves for the side to move than the module's root list holds.
    #[error(
        "{0} legal moves for the side to move: the module's root list holds at most {max}",
        max = MOVE_CAP
    )]
    TooManyMoves(usize),
}

/// The most legal moves a position may give the side to move: every one must find a place
/// in the root list (the module's move stack, `MOVE_CAP` entries shared by all plies), or
/// the search would never look at the rest (a position with 158 moves once lost its six
/// mates in one that way). Legal chess allows 218, with promoted pieces no game plays.
pub fn check_moves(b: &Board) -> Result<(), PositionError> {
    match legal_moves(b).len() {
        n if n > MOVE_CAP => Err(PositionError::TooManyMoves(n)),
        _ => Ok(()),
    }
}

/// "white" or "black".
pub fn colour_name(colour: u8) -> &'static str {
    if colour & BLACK == 0 {
        "white"
    } else {
        "black"
    }
}

/// "1 piece", "2 pieces".
fn counted(n: u8, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Pieces of each kind (index = kind 1..6) for one colour; bishops on dark squares (a1's
/// colour) at index 3, on light squares at index [`LIGHT_BISHOPS`].
type KindCounts = [u8; 8];

/// Where [`KindCounts`] keeps the bishops on light squares.
const LIGHT_BISHOPS: usize = 7;

/// How many of each a side has in the initial set (pawns counted apart, kings apart).
const INITIAL_SET: KindCounts = [0, 0, 2, 1, 2, 1, 1, 1];

/// Each castling right, its letter, its king's and its rook's home squares and colour.
const RIGHTS: [(u8, char, u8, u8, u8); 4] = [
    (WK, 'K', 25, 28, WHITE),
    (WQ, 'Q', 25, 21, WHITE),
    (BK, 'k', 95, 98, BLACK),
    (BQ, 'q', 95, 91, BLACK),
];

impl Board {
    /// Checks the position against the rule above, then against [`check_moves`]; the first
    /// broken part is the error.
    pub fn validate(&self) -> Result<(), PositionError> {
        self.validate_setup()?;
        check_moves(self)
    }

    /// The rule above without [`check_moves`]: what the guest's SETUP checks (it generates
    /// no moves; every host front end refuses the crowded positions before they reach it).
    pub fn validate_setup(&self) -> Result<(), PositionError> {
        if self.side != WHITE && self.side != BLACK {
            return Err(PositionError::BadSide(self.side));
        }
        let counts = self.count_kinds()?;
        for (i, colour) in [WHITE, BLACK].into_iter().enumerate() {
            let kings = counts[i][K_KING as usize];
            if kings != 1 {
                return Err(PositionError::KingCount { colour, kings });
            }
        }
        self.check_pawn_ranks()?;
        for (i, colour) in [WHITE, BLACK].into_iter().enumerate() {
            check_material(colour, &counts[i])?;
        }
        self.check_castling()?;
        self.check_en_passant()?;
        let other = self.side ^ BLACK;
        if self.attacked(self.king_square(other), self.side) {
            return Err(PositionError::OppositeCheck(other));
        }
        Ok(())
    }

    /// Pieces of each kind per colour (0 white, 1 black); an unknown byte is an error.
    fn count_kinds(&self) -> Result<[KindCounts; 2], PositionError> {
        let mut counts = [[0u8; 8]; 2];
        for s in playing_squares() {
            let code = self.sq[s as usize];
            if code == EMPTY {
                continue;
            }
            let k = kind(code);
            if !(K_PAWN..=K_KING).contains(&k) || code & !BLACK != code_of_kind(k) {
                return Err(PositionError::BadCode {
                    square: square_name(s),
                    code,
                });
            }
            let light = (file_of(s) + rank_of(s)) % 2 == 1;
            let slot = if k == K_BISHOP && light {
                LIGHT_BISHOPS
            } else {
                k as usize
            };
            counts[Board::colour_index(code & BLACK)][slot] += 1;
        }
        Ok(counts)
    }

    fn check_pawn_ranks(&self) -> Result<(), PositionError> {
        let back = playing_squares().filter(|&s| rank_of(s) == 0 || rank_of(s) == 7);
        for s in back {
            if kind(self.sq[s as usize]) == K_PAWN {
                return Err(PositionError::PawnOnBackRank(square_name(s)));
            }
        }
        Ok(())
    }

    fn check_castling(&self) -> Result<(), PositionError> {
        if self.castling > 0x0F {
            return Err(PositionError::BadCastling(self.castling));
        }
        for (bit, letter, king_sq, rook_sq, colour) in RIGHTS {
            if self.castling & bit != 0
                && (self.sq[king_sq as usize] != KING | colour
                    || self.sq[rook_sq as usize] != ROOK | colour)
            {
                return Err(PositionError::CastlingWithoutPieces(letter));
            }
        }
        Ok(())
    }

    fn check_en_passant(&self) -> Result<(), PositionError> {
        if self.ep == 0 {
            return Ok(());
        }
        let rank = if self.side == WHITE { 5 } else { 2 };
        match playing_squares().find(|&s| s == self.ep) {
            Some(s) if rank_of(s) == rank => Ok(()),
            Some(s) => Err(PositionError::BadEnPassant(square_name(s))),
            None => Err(PositionError::BadEnPassant(format!("byte {}", self.ep))),
        }
    }

    /// True if a pawn of the side not to move can just have passed `ep` (on rank 6 with
    /// White to move, rank 3 with Black) by a double step: `ep` and the square it came from
    /// are empty and the pawn stands in front. Any other square would make an en-passant
    /// capture remove whatever stands there (FEN parsing drops it: `fen.rs`).
    pub fn double_step_made(&self, ep: u8) -> bool {
        let (from, pawn, forward) = if self.side == WHITE {
            (ep + 10, PAWN | BLACK, ep - 10)
        } else {
            (ep - 10, PAWN | WHITE, ep + 10)
        };
        self.sq[ep as usize] == EMPTY
            && self.sq.get(from as usize) == Some(&EMPTY)
            && self.sq.get(forward as usize) == Some(&pawn)
    }

    /// The square of `colour`'s king, from the mailbox (there is exactly one).
    fn king_square(&self, colour: u8) -> u8 {
        playing_squares()
            .find(|&s| self.sq[s as usize] == KING | colour)
            .unwrap_or(0)
    }
}

/// The 64 mailbox squares, a1 to h8.
fn playing_squares() -> impl Iterator<Item = u8> {
    (0..64u8).map(|i| square(i % 8, i / 8))
}

/// The material part of the rule for one colour.
fn check_material(colour: u8, counts: &KindCounts) -> Result<(), PositionError> {
    let pawns = counts[K_PAWN as usize];
    if pawns > 8 {
        return Err(PositionError::TooManyPawns { colour, pawns });
    }
    let pieces: u8 = counts.iter().sum();
    if pieces > 16 {
        return Err(PositionError::TooManyPieces { colour, pieces });
    }
    let promoted: u8 = [K_KNIGHT, K_BISHOP, K_ROOK, K_QUEEN]
        .map(usize::from)
        .into_iter()
        .chain([LIGHT_BISHOPS])
        .map(|slot| counts[slot].saturating_sub(INITIAL_SET[slot]))
        .sum();
    let missing = 8 - pawns;
    if promoted > missing {
        return Err(PositionError::TooManyPromoted {
            colour,
            promoted,
            missing,
        });
    }
    Ok(())
}
