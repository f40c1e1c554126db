//! Pointing at the board (a click in the window, a tap on the page, the pad's cursor in
//! RetroArch): the square pointed at is typed as the keys would type it. The first square
//! chooses a piece of the player's (its name is typed, `E2`, and the board shows it as
//! chosen); the second is the target, and the move is entered as ENTER enters a typed one,
//! with the same checks, refusals, messages and promotion question. The chosen square
//! again, or a point off the board, cancels; another piece of the player's is chosen
//! instead. In the position editor a square completes the placement being typed (`K`, then
//! the square: `K E 1 ENTER`).

use super::{Console, Phase};
use crate::console::game::MoveRefusal;
use crate::console::keyboard::G7000Key;
use crate::console::layout::square_at;
use crate::console::screen::{chosen_square, square_text};

impl Console {
    /// A point of the picture (frame pixels): the square under it, or off the board.
    pub(super) fn point_at_pixel(&mut self, x: usize, y: usize) {
        self.point(square_at(x, y, self.view.flipped()));
    }

    /// The pad's A: the square under its cursor (shown from the first press on).
    pub(super) fn point_cursor(&mut self) {
        let square = self.view.show_cursor(self.human);
        self.point(Some(square));
    }

    /// A square pointed at (`None`: off the board). A help page is left as by a key; a
    /// question on the status line is answered with keys, not squares.
    pub(super) fn point(&mut self, square: Option<usize>) {
        self.view.clear_message();
        if self.view.hide_help() || self.clocks.paused() {
            return;
        }
        match (&self.phase, square) {
            (Phase::Play, Some(square)) => self.point_in_game(square),
            (Phase::Play, None) => self.view.clear_input(),
            (Phase::Setup(_), Some(square)) => self.point_in_editor(square),
            // Off the board the promotion is given up, as CLEAR gives it up.
            (Phase::Promotion { .. }, None) => self.press(G7000Key::Clear),
            _ => {}
        }
    }

    /// A square in the game: chooses a piece of the player's, or is the chosen piece's
    /// target (entered as a typed move is), or cancels the choice (the same square again).
    fn point_in_game(&mut self, square: usize) {
        let chosen = chosen_square(self.view.input());
        let piece = self.screen_piece(square);
        let own = piece.is_some_and(|(colour, _)| colour == self.human);
        match chosen {
            Some(from) if from == square => self.view.clear_input(),
            _ if own => {
                self.view.clear_input();
                square_text(square)
                    .chars()
                    .for_each(|c| self.view.type_char(c));
            }
            Some(from) => {
                self.view.clear_input();
                self.human_move(from, square, None);
            }
            // Nothing chosen and no piece of the player's here: what ENTER would say of a
            // move typed from this square, said at once.
            None => {
                self.view.clear_input();
                let name = square_text(square);
                self.refuse(
                    match piece {
                        Some(_) => MoveRefusal::NotYourPiece(name),
                        None => MoveRefusal::NoPiece(name),
                    }
                    .to_string(),
                );
            }
        }
    }

    /// A square in the position editor: typed after the piece (or `.`) being typed, then
    /// entered.
    fn point_in_editor(&mut self, square: usize) {
        let name = square_text(square);
        let keys = name
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => G7000Key::Digit(d as u8),
                None => G7000Key::Letter(c),
            })
            .chain([G7000Key::Enter]);
        for key in keys {
            self.press(key);
        }
    }

    /// The piece the game has on `square` (a1 = 0).
    fn screen_piece(&self, square: usize) -> Option<crate::console::screen::Piece> {
        crate::console::game::placement_of(self.table.game().board())[square]
    }
}
