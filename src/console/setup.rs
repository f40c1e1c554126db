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
use crate::reference::Board;

/// Why the editor refused a key or a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// What was typed is not a piece and a square.
    #[error("TYPE PIECE+SQUARE: KE1")]
    NotAPlacement,
    /// Each side needs exactly one king.
    #[error("ONE KING EACH PLEASE")]
    Kings,
    /// A pawn on the first or last rank.
    #[error("NO PAWNS ON RANK 1 OR 8")]
    PawnOnEdge,
    /// The side not to move is in check.
    #[error("SIDE NOT TO MOVE IN CHECK")]
    WrongCheck,
    /// The side to move has no legal move or the position does not read back.
    #[error("IMPOSSIBLE POSITION")]
    Impossible,
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

    /// Checks the position and returns it as a board (castling allowed where king and rook
    /// stand on their first squares).
    pub fn finish(&self) -> Result<Board, SetupError> {
        let count = |p: Piece| self.board.iter().filter(|&&s| s == Some(p)).count();
        if count((Colour::White, PieceKind::King)) != 1
            || count((Colour::Black, PieceKind::King)) != 1
        {
            return Err(SetupError::Kings);
        }
        let edge = (0..8).chain(56..64);
        if edge
            .into_iter()
            .any(|i| matches!(self.board[i], Some((_, PieceKind::Pawn))))
        {
            return Err(SetupError::PawnOnEdge);
        }
        let fen = |side: Colour| {
            format!(
                "{} {} {} - 0 1",
                self.placement_field(),
                if side == Colour::White { 'w' } else { 'b' },
                self.castling_field()
            )
        };
        // The side that just "moved" must not be in check: look at it as if it were to move.
        if Board::from_fen(&fen(other(self.side))).is_ok_and(|b| b.in_check()) {
            return Err(SetupError::WrongCheck);
        }
        let board = Board::from_fen(&fen(self.side)).map_err(|_| SetupError::Impossible)?;
        Ok(board)
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
        assert_eq!(e.finish(), Err(SetupError::Kings));
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
        assert_eq!(e.finish(), Err(SetupError::WrongCheck));
        assert_eq!(e.type_text("Z9"), Err(SetupError::NotAPlacement));
        e.type_text(".e7").unwrap();
        e.type_text("Pa8").unwrap();
        assert_eq!(e.finish(), Err(SetupError::PawnOnEdge));
    }
}
