//! FEN in and out, with a typed error for every way a FEN can be wrong (never a panic); a
//! FEN that reads must also pass [`Board::validate`], the rule for every position from outside.

use super::board::*;
use super::piece::*;
use super::validate::PositionError;

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
    /// En-passant field is not `-` or a square on rank 3/6 matching the side to move.
    #[error("FEN en-passant field {0:?} is not '-' or a square on the right rank")]
    BadEnPassant(String),
    /// Half-move clock or full-move number is not a number in range.
    #[error("FEN move counter {0:?} is not a number in range")]
    BadCounter(String),
    /// The position breaks the rule every position from outside obeys (`validate.rs`).
    #[error(transparent)]
    Position(#[from] PositionError),
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
        b.place_pieces(fields[0])?;
        b.side = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            s => return Err(FenError::BadSide(s.to_string())),
        };
        b.castling = castling_rights(fields[2])?;
        // A square no double step can have made (the capture would remove a piece) is
        // dropped, as the set-up editor does: every way in shares this parse.
        let ep = en_passant(fields[3], b.side)?;
        b.ep = Some(ep)
            .filter(|&ep| ep != 0 && b.double_step_made(ep))
            .unwrap_or(0);
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
        b.validate()?;
        Ok(b)
    }

    /// FEN's first field: eight ranks from the 8th down, each exactly eight files.
    fn place_pieces(&mut self, placement: &str) -> Result<(), FenError> {
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
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
                        self.put(square(file as u8, rank), code);
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
        Ok(())
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

/// FEN's castling field: `-` or each of `KQkq` at most once.
fn castling_rights(text: &str) -> Result<u8, FenError> {
    let mut rights = 0;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let bit = match c {
            'K' => WK,
            'Q' => WQ,
            'k' => BK,
            'q' => BQ,
            _ => return Err(FenError::BadCastling(text.to_string())),
        };
        if rights & bit != 0 {
            return Err(FenError::BadCastling(text.to_string()));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// FEN's en-passant field: `-` (0), or a square on the 6th rank with white to move, the
/// 3rd with black.
fn en_passant(text: &str, side: u8) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let bad = || FenError::BadEnPassant(text.to_string());
    let t: Vec<char> = text.chars().collect();
    if t.len() != 2 || !('a'..='h').contains(&t[0]) {
        return Err(bad());
    }
    let rank = match (t[1], side) {
        ('6', WHITE) => 5u8,
        ('3', BLACK) => 2u8,
        _ => return Err(bad()),
    };
    Ok(square(t[0] as u8 - b'a', rank))
}
