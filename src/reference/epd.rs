//! EPD records (test suites): a position and its operations, of which `bm` (best moves),
//! `am` (avoid moves) and `id` are used. Moves in `bm`/`am` are SAN.

use super::board::Board;
use super::fen::FenError;
use super::moves::Move;
use super::notation::{MoveTextError, parse_san};

/// Why an EPD line was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EpdError {
    /// The position part is not valid.
    #[error("bad EPD position: {0}")]
    Fen(#[from] FenError),
    /// A `bm`/`am` move is not legal or not SAN.
    #[error("bad EPD move: {0}")]
    Move(#[from] MoveTextError),
}

/// One parsed EPD line.
#[derive(Debug, Clone)]
pub struct EpdRecord {
    /// The position.
    pub board: Board,
    /// Best moves (any one solves).
    pub best: Vec<Move>,
    /// Moves to avoid.
    pub avoid: Vec<Move>,
    /// The `id` operation, if any.
    pub id: Option<String>,
}

/// Parse one EPD line (a plain FEN line is accepted too, with no operations).
pub fn parse_epd(line: &str) -> Result<EpdRecord, EpdError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let mut fen_end = tokens.len().min(4);
    // Optional half-move and full-move counters right after the four fields.
    while fen_end < tokens.len().min(6) && tokens[fen_end].parse::<u16>().is_ok() {
        fen_end += 1;
    }
    let board = Board::from_fen(&tokens[..fen_end].join(" "))?;
    let rest = tokens[fen_end..].join(" ");
    let mut record = EpdRecord {
        board,
        best: Vec::new(),
        avoid: Vec::new(),
        id: None,
    };
    for op in rest.split(';') {
        let mut words = op.split_whitespace();
        let Some(code) = words.next() else { continue };
        match code {
            "bm" | "am" => {
                for w in words {
                    let m = parse_san(&record.board, w)?;
                    if code == "bm" {
                        record.best.push(m);
                    } else {
                        record.avoid.push(m);
                    }
                }
            }
            "id" => {
                record.id = Some(
                    words
                        .collect::<Vec<_>>()
                        .join(" ")
                        .trim_matches('"')
                        .to_string(),
                );
            }
            _ => {}
        }
    }
    Ok(record)
}
