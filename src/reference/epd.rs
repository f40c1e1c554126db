//! EPD records (test suites): a position and its operations, of which `bm` (best moves),
//! `am` (avoid moves), `id` and `moves` are used. Moves in `bm`/`am` are SAN, in the
//! position the record ends in; `moves` (this crate's own operation) gives the game that
//! led there: UCI moves played from the record's FEN, so repetitions and the fifty-move
//! rule count (`c7010 verify`: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! moves g1f3 g8f6 f3g1; id "shuffle";`).

use super::board::Board;
use super::fen::FenError;
use super::moves::Move;
use super::notation::{MoveTextError, parse_san, parse_uci};

/// Why an EPD line was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EpdError {
    /// The position part is not valid.
    #[error("bad EPD position: {0}")]
    Fen(#[from] FenError),
    /// A `bm`/`am` move is not legal or not SAN, or a `moves` move not legal UCI.
    #[error("bad EPD move: {0}")]
    Move(#[from] MoveTextError),
}

/// One parsed EPD line.
#[derive(Debug, Clone)]
pub struct EpdRecord {
    /// Where the record's game starts: its FEN.
    pub start: Board,
    /// The `moves` operation: the game from `start` to `board` (empty without it).
    pub moves: Vec<Move>,
    /// The position (after `moves`).
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
        start: board.clone(),
        moves: Vec::new(),
        board,
        best: Vec::new(),
        avoid: Vec::new(),
        id: None,
    };
    // The game first: `bm` and `am` are moves of the position it reaches.
    let ops: Vec<&str> = rest.split(';').collect();
    for op in &ops {
        let mut words = op.split_whitespace();
        if words.next() == Some("moves") {
            for w in words {
                let m = parse_uci(&record.board, w)?;
                record.board.make(m);
                record.moves.push(m);
            }
        }
    }
    for op in ops {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_operation_is_the_game_before_the_position() {
        let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
                    moves g1f3 g8f6 f3g1; bm Ng8; id \"shuffle\";";
        let rec = parse_epd(line).unwrap();
        assert_eq!(rec.start, Board::startpos());
        assert_eq!(rec.moves.len(), 3);
        assert_eq!(rec.id.as_deref(), Some("shuffle"));
        // `bm` is read in the position after the moves; Ng8 repeats the start.
        assert_eq!(rec.best[0].uci(), "f6g8");
        let draws = crate::reference::game::draw_moves(&rec.start, &rec.moves);
        assert_eq!(draws, rec.best);
        assert!(parse_epd("8/8/8/8/8/8/8/K6k w - - moves a1a3;").is_err());
    }
}
