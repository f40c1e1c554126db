//! The position editor (`S` in the game): pieces are placed with keys, and the result is
//! checked before a game starts from it.
//!
//! Keys: a piece letter (`P` `R` `B` `Q` `K`, and `NO` for the knight, as the G7000 has no
//! N key), a square and ENTER place a piece of the colour being placed (`K E 1 ENTER`);
//! `.` and a square and ENTER empty the square; `+` switches the colour being placed; `=`
//! switches the side to move; `×` empties the board; CLEAR erases what was typed, and with
//! nothing typed leaves the editor; YES starts the game from the position. In the terminal
//! a line like `Ke1` (capital: White) or `ke8` (small: Black) or `.e4` does the same, with
//! `clear` (empty board), `side`, `done` and `cancel`; `setup FEN` pastes a whole position.

use super::keyboard::G7000Key;
use super::screen::{Colour, Piece, PieceKind, move_squares};
use crate::reference::validate::colour_name;
use crate::reference::{Board, FenError, PositionError};

/// Why the editor refused a key or a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// What was typed is not a piece and a square.
    #[error("TYPE PIECE+SQUARE: KE1")]
    NotAPlacement,
    /// The position breaks the rule for positions from outside (`Board::validate`).
    #[error("{}", position_text(.0))]
    Position(PositionError),
    /// The position does not read back.
    #[error("IMPOSSIBLE POSITION")]
    Impossible,
}

/// Why a position was refused, in the console's words: at most 26 characters, so that it
/// fits the status line (`layout::STATUS_WIDTH`).
pub fn position_text(why: &PositionError) -> String {
    let colour = |c: &u8| colour_name(*c).to_uppercase();
    match why {
        PositionError::KingCount { .. } => "ONE KING EACH PLEASE".into(),
        PositionError::PawnOnBackRank(_) => "NO PAWNS ON RANK 1 OR 8".into(),
        PositionError::TooManyPawns { colour: c, pawns } => {
            format!("{} HAS {pawns} PAWNS", colour(c))
        }
        PositionError::TooManyPieces { colour: c, pieces } => {
            format!("{} HAS {pieces} PIECES", colour(c))
        }
        PositionError::TooManyPromoted { colour: c, .. } => {
            format!("{}: TOO MANY PROMOTIONS", colour(c))
        }
        PositionError::OppositeCheck(_) => "SIDE NOT TO MOVE IN CHECK".into(),
        PositionError::CastlingWithoutPieces(_) | PositionError::BadCastling(_) => {
            "NO CASTLING THERE".into()
        }
        PositionError::BadEnPassant(_) => "NO EN PASSANT THERE".into(),
        PositionError::BadCode { .. } | PositionError::BadSide(_) => "IMPOSSIBLE POSITION".into(),
        PositionError::TooManyMoves(n) => format!("{n} MOVES: AT MOST 150"),
    }
}

/// The editor's board and what is being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupEditor {
    board: [Option<Piece>; 64],
    side: Colour,
    placing: Colour,
    input: String,
}

impl SetupEditor {
    /// An editor starting from `board`'s pieces and side to move.
    pub fn new(board: &Board) -> SetupEditor {
        SetupEditor {
            board: super::game::placement_of(board),
            side: super::game::colour_of(board.side),
            placing: Colour::White,
            input: String::new(),
        }
    }

    /// The pieces as placed so far (a1 = 0).
    pub fn placement(&self) -> [Option<Piece>; 64] {
        self.board
    }

    /// The side that will move first.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// What is being typed.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The status line while editing.
    pub fn status(&self) -> String {
        let colour = match self.placing {
            Colour::White => "WHITE",
            Colour::Black => "BLACK",
        };
        format!("SET UP {colour}: YES=PLAY")
    }

    /// One key.
    pub fn press(&mut self, key: G7000Key) -> Result<(), SetupError> {
        use G7000Key::*;
        match key {
            Plus => self.placing = other(self.placing),
            Equals => self.side = other(self.side),
            Times => self.board = [None; 64],
            Clear => self.input.clear(),
            Enter => {
                let text = std::mem::take(&mut self.input);
                self.place(&text, self.placing)?;
            }
            No if self.input.is_empty() => self.input.push('N'),
            other_key => {
                if let Some(c) = other_key.typed_char()
                    && self.input.len() < 3
                {
                    self.input.push(c);
                }
            }
        }
        Ok(())
    }

    /// A typed line of the terminal: `Ke1` (White), `ke8` (Black), `.e4` (empty).
    pub fn type_text(&mut self, text: &str) -> Result<(), SetupError> {
        let text = text.trim();
        let colour = match text.chars().next() {
            Some(c) if c.is_ascii_lowercase() => Colour::Black,
            _ => Colour::White,
        };
        self.place(text, colour)
    }

    /// Places (or removes with `.`) a piece: `K` + square.
    fn place(&mut self, text: &str, colour: Colour) -> Result<(), SetupError> {
        let mut chars = text.chars();
        let first = chars.next().ok_or(SetupError::NotAPlacement)?;
        let square: String = chars.collect();
        let (sq, _) =
            move_squares(&format!("{square}{square}")).ok_or(SetupError::NotAPlacement)?;
        if square.len() != 2 {
            return Err(SetupError::NotAPlacement);
        }
        self.board[sq] = if first == '.' {
            None
        } else {
            Some((
                colour,
                PieceKind::from_letter(first).ok_or(SetupError::NotAPlacement)?,
            ))
        };
        Ok(())
    }

    /// Checks the position with the rule for every position from outside
    /// (`Board::validate`) and returns it as a board (castling allowed where king and rook
    /// stand on their first squares).
    pub fn finish(&self) -> Result<Board, SetupError> {
        let side = if self.side == Colour::White { 'w' } else { 'b' };
        let fen = format!(
            "{} {side} {} - 0 1",
            self.placement_field(),
            self.castling_field()
        );
        match Board::from_fen(&fen) {
            Ok(board) => Ok(board),
            Err(FenError::Position(why)) => Err(SetupError::Position(why)),
            Err(_) => Err(SetupError::Impossible),
        }
    }

    fn placement_field(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file] {
                    None => empty += 1,
                    Some((colour, kind)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(match colour {
                            Colour::White => kind.letter(),
                            Colour::Black => kind.letter().to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    fn castling_field(&self) -> String {
        let at = |sq: usize, p: Piece| self.board[sq] == Some(p);
        let (wk, wr) = (
            (Colour::White, PieceKind::King),
            (Colour::White, PieceKind::Rook),
        );
        let (bk, br) = (
            (Colour::Black, PieceKind::King),
            (Colour::Black, PieceKind::Rook),
        );
        let mut s = String::new();
        if at(4, wk) && at(7, wr) {
            s.push('K');
        }
        if at(4, wk) && at(0, wr) {
            s.push('Q');
        }
        if at(60, bk) && at(63, br) {
            s.push('k');
        }
        if at(60, bk) && at(56, br) {
            s.push('q');
        }
        if s.is_empty() { "-".into() } else { s }
    }
}

fn other(c: Colour) -> Colour {
    match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_place_pieces_and_the_result_is_checked() {
        let mut e = SetupEditor::new(&Board::startpos());
        e.press(G7000Key::Times).unwrap();
        assert_eq!(e.finish().unwrap_err().to_string(), "ONE KING EACH PLEASE");
        for k in [
            G7000Key::Letter('K'),
            G7000Key::Letter('E'),
            G7000Key::Digit(1),
            G7000Key::Enter,
            G7000Key::Plus,
            G7000Key::Letter('K'),
            G7000Key::Letter('E'),
            G7000Key::Digit(8),
            G7000Key::Enter,
            G7000Key::No,
            G7000Key::Letter('D'),
            G7000Key::Digit(6),
            G7000Key::Enter,
        ] {
            e.press(k).unwrap();
        }
        // The black knight on d6 gives no check; White to move.
        let b = e.finish().unwrap();
        assert_eq!(b.to_fen(), "4k3/8/3n4/8/8/8/8/4K3 w - - 0 1");
        e.type_text("Qe7").unwrap();
        // Black's king in check with White to move is impossible.
        e.press(G7000Key::Equals).unwrap();
        e.press(G7000Key::Equals).unwrap();
        assert_eq!(
            e.finish().unwrap_err().to_string(),
            "SIDE NOT TO MOVE IN CHECK"
        );
        assert_eq!(e.type_text("Z9"), Err(SetupError::NotAPlacement));
        e.type_text(".e7").unwrap();
        e.type_text("Pa8").unwrap();
        assert_eq!(
            e.finish().unwrap_err().to_string(),
            "NO PAWNS ON RANK 1 OR 8"
        );
    }

    #[test]
    fn material_no_game_reaches_is_refused_in_words_that_fit() {
        let mut e = SetupEditor::new(&Board::startpos());
        // A ninth white pawn.
        e.type_text("Pa3").unwrap();
        assert_eq!(e.finish().unwrap_err().to_string(), "WHITE HAS 9 PAWNS");
        e.type_text(".a3").unwrap();
        // A second black queen for the b8 knight, beside eight pawns.
        e.type_text(".b8").unwrap();
        e.type_text("qd6").unwrap();
        assert_eq!(
            e.finish().unwrap_err().to_string(),
            "BLACK: TOO MANY PROMOTIONS"
        );
        e.type_text(".d7").unwrap();
        assert!(e.finish().is_ok(), "a pawn gone pays for the queen");
        // Seventeen black pieces: every empty square of ranks 3-6 but one holds a queen.
        for file in "abcdefgh".chars() {
            for rank in 3..=6 {
                e.type_text(&format!("q{file}{rank}")).unwrap();
            }
        }
        assert_eq!(e.finish().unwrap_err().to_string(), "BLACK HAS 46 PIECES");
        // Every refusal fits the status line, with the longest colour and numbers.
        use crate::reference::piece::BLACK;
        let all = [
            PositionError::KingCount {
                colour: BLACK,
                kings: 64,
            },
            PositionError::PawnOnBackRank("a8".into()),
            PositionError::TooManyPawns {
                colour: BLACK,
                pawns: 48,
            },
            PositionError::TooManyPieces {
                colour: BLACK,
                pieces: 63,
            },
            PositionError::TooManyPromoted {
                colour: BLACK,
                promoted: 62,
                missing: 0,
            },
            PositionError::OppositeCheck(BLACK),
            PositionError::CastlingWithoutPieces('q'),
            PositionError::BadCastling(0xFF),
            PositionError::BadEnPassant("e4".into()),
            PositionError::BadCode {
                square: "a1".into(),
                code: 0xFF,
            },
            PositionError::BadSide(7),
        ];
        for why in all {
            let text = position_text(&why);
            assert!(text.len() < crate::console::layout::STATUS_WIDTH, "{text}");
        }
    }
}
