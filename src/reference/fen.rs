//! FEN in and out, with a typed error for every way a FEN can be wrong (never a panic).

use super::board::*;
use super::piece::*;

/// Why a FEN string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Fewer than 4 space-separated fields (board, side, castling, en passant).
    #[error("FEN needs at least 4 fields (board side castling en-passant), found {0}")]
    TooFewFields(usize),
    /// More than 6 fields.
    #[error("FEN has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
    /// The board field does not have 8 ranks.
    #[error("FEN board has {0} ranks, expected 8")]
    RankCount(usize),
    /// A rank does not describe exactly 8 files.
    #[error("FEN rank {rank} describes {files} files, expected 8")]
    FileCount {
        /// Rank number 1..8.
        rank: u8,
        /// Files described.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("FEN board has an unexpected character {0:?}")]
    BadPiece(char),
    /// Side to move is not `w` or `b`.
    #[error("FEN side to move must be 'w' or 'b', found {0:?}")]
    BadSide(String),
    /// Castling field is not `-` or a set of `KQkq`.
    #[error("FEN castling field {0:?} is not '-' or letters from KQkq")]
    BadCastling(String),
    /// A castling right whose king and rook are not on their home squares.
    #[error("FEN castling right {0} needs the king and rook on their home squares")]
    CastlingWithoutPieces(char),
    /// En-passant field is not `-` or a square on rank 3/6 matching the side to move.
    #[error("FEN en-passant field {0:?} is not '-' or a square on the right rank")]
    BadEnPassant(String),
    /// Half-move clock or full-move number is not a number in range.
    #[error("FEN move counter {0:?} is not a number in range")]
    BadCounter(String),
    /// Not exactly one king of each colour.
    #[error("FEN needs exactly one king of each colour")]
    KingCount,
    /// A pawn on the first or last rank.
    #[error("FEN has a pawn on the first or last rank")]
    PawnOnBackRank,
    /// The side that is not to move is in check (its king could be captured).
    #[error("FEN position is illegal: the side not to move is in check")]
    OppositeCheck,
}

impl Board {
    /// Parse a FEN (the two move counters may be left out: they default to 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(FenError::TooFewFields(fields.len()));
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let mut b = Board::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut kings = [0u8; 2];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(FenError::BadPiece(c));
                    }
                    file += d as usize;
                } else {
                    let code = from_letter(c).ok_or(FenError::BadPiece(c))?;
                    if file < 8 {
                        if kind(code) == K_PAWN && (rank == 0 || rank == 7) {
                            return Err(FenError::PawnOnBackRank);
                        }
                        if kind(code) == K_KING {
                            kings[Board::colour_index(code & BLACK)] += 1;
                        }
                        b.put(square(file as u8, rank), code);
                    }
                    file += 1;
                }
                if file > 8 {
                    break;
                }
            }
            if file != 8 {
                return Err(FenError::FileCount {
                    rank: rank + 1,
                    files: file,
                });
            }
        }
        if kings != [1, 1] {
            return Err(FenError::KingCount);
        }
        b.side = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            s => return Err(FenError::BadSide(s.to_string())),
        };
        b.castling = 0;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let (bit, king_sq, rook_sq, colour) = match c {
                    'K' => (WK, 25u8, 28u8, WHITE),
                    'Q' => (WQ, 25, 21, WHITE),
                    'k' => (BK, 95, 98, BLACK),
                    'q' => (BQ, 95, 91, BLACK),
                    _ => return Err(FenError::BadCastling(fields[2].to_string())),
                };
                if b.castling & bit != 0 {
                    return Err(FenError::BadCastling(fields[2].to_string()));
                }
                if b.sq[king_sq as usize] != KING | colour
                    || b.sq[rook_sq as usize] != ROOK | colour
                {
                    return Err(FenError::CastlingWithoutPieces(c));
                }
                b.castling |= bit;
            }
        }
        b.ep = 0;
        if fields[3] != "-" {
            let bad = || FenError::BadEnPassant(fields[3].to_string());
            let t: Vec<char> = fields[3].chars().collect();
            if t.len() != 2 || !('a'..='h').contains(&t[0]) {
                return Err(bad());
            }
            let rank = match (t[1], b.side) {
                ('6', WHITE) => 5u8,
                ('3', BLACK) => 2u8,
                _ => return Err(bad()),
            };
            b.ep = square(t[0] as u8 - b'a', rank);
        }
        if fields.len() > 4 {
            b.halfmove = fields[4]
                .parse::<u8>()
                .map_err(|_| FenError::BadCounter(fields[4].to_string()))?;
        }
        if fields.len() > 5 {
            b.fullmove = fields[5]
                .parse::<u16>()
                .map_err(|_| FenError::BadCounter(fields[5].to_string()))?;
        }
        if b.left_in_check_of(b.side ^ BLACK) {
            return Err(FenError::OppositeCheck);
        }
        Ok(b)
    }

    fn left_in_check_of(&self, colour: u8) -> bool {
        self.attacked(self.king[Board::colour_index(colour)], colour ^ BLACK)
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            let mut gap = 0;
            for file in 0..8u8 {
                let c = self.sq[square(file, rank) as usize];
                if c == EMPTY {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    s.push((b'0' + gap) as char);
                    gap = 0;
                }
                s.push(letter(c));
            }
            if gap > 0 {
                s.push((b'0' + gap) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == WHITE { " w " } else { " b " });
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, c) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & bit != 0 {
                s.push(c);
            }
        }
        s.push(' ');
        if self.ep == 0 {
            s.push('-');
        } else {
            s.push_str(&square_name(self.ep));
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }
}
