//! The keys, one handler per phase of the console ([`Phase`]): the colour and level
//! questions, the game (moves typed as `E2-E4` and the command keys), the promotion piece,
//! the confirmations and the position editor.

use super::{Console, Phase};
use crate::console::command::ConsoleCommand;
use crate::console::game::{Game, MoveRefusal};
use crate::console::keyboard::G7000Key;
use crate::console::screen::{Colour, PieceKind, move_squares, typed_move};
use crate::engine::Level;

impl Console {
    /// One G7000 key press: the help page takes it if shown, else the phase's handler.
    pub fn press(&mut self, key: G7000Key) {
        self.view.clear_message();
        if self.view.help_shown() {
            self.view.press_in_help(key);
            return;
        }
        if self.clocks.paused() {
            self.press_paused(key);
            return;
        }
        match self.phase {
            Phase::ChooseColour => self.press_choosing_colour(key),
            Phase::ChooseLevel => self.press_choosing_level(key),
            Phase::ChangeLevel => self.press_changing_level(key),
            Phase::ConfirmNew => self.press_confirming_new(key),
            Phase::Promotion { from, to } => self.press_promoting(key, from, to),
            Phase::Setup(_) => self.press_in_setup(key),
            Phase::Play => self.press_in_game(key),
        }
    }

    /// Paused: SPACE goes on, `?` shows the help; other keys wait for the pause's end.
    fn press_paused(&mut self, key: G7000Key) {
        match key {
            G7000Key::Space => self.toggle_pause(),
            G7000Key::Question => self.toggle_help(),
            _ => {}
        }
    }

    /// `PLAY WHITE? YES/NO`: YES plays White, NO Black (the board turns to the player).
    fn press_choosing_colour(&mut self, key: G7000Key) {
        match key {
            G7000Key::Yes | G7000Key::No => {
                self.human = if key == G7000Key::Yes {
                    Colour::White
                } else {
                    Colour::Black
                };
                self.phase = if self.options.level.is_none() {
                    Phase::ChooseLevel
                } else {
                    Phase::Play
                };
                self.view.set_flipped(self.human == Colour::Black);
                self.start_engine_if_its_turn();
            }
            G7000Key::Question => self.toggle_help(),
            _ => {}
        }
    }

    /// `LEVEL? 1-6` before the game: a digit sets the level, ENTER keeps it.
    fn press_choosing_level(&mut self, key: G7000Key) {
        match key {
            G7000Key::Digit(d) if Level::new(d).is_ok() => {
                self.change_level(Level::new(d).unwrap_or_default());
                self.phase = Phase::Play;
                self.start_engine_if_its_turn();
            }
            G7000Key::Enter => {
                self.phase = Phase::Play;
                self.start_engine_if_its_turn();
            }
            G7000Key::Question => self.toggle_help(),
            _ => {}
        }
    }

    /// `NEW LEVEL? 1-6` after `L`: a digit sets it; any key goes back to the game.
    fn press_changing_level(&mut self, key: G7000Key) {
        // Back in the game first: a thought on the player's time begins again in it.
        self.phase = Phase::Play;
        if let G7000Key::Digit(d) = key
            && let Ok(level) = Level::new(d)
        {
            self.change_level(level);
        }
    }

    /// `NEW GAME? YES/NO` after `R`: YES starts a new game; any key goes back.
    fn press_confirming_new(&mut self, key: G7000Key) {
        self.phase = Phase::Play;
        if key == G7000Key::Yes {
            self.new_game(Game::default());
        }
    }

    /// `PROMOTE TO?` for the move `from`-`to`: Q R B, or NO (the N key) for a knight;
    /// CLEAR gives the move up.
    fn press_promoting(&mut self, key: G7000Key, from: usize, to: usize) {
        let piece = match key {
            G7000Key::Letter('Q') => Some(PieceKind::Queen),
            G7000Key::Letter('R') => Some(PieceKind::Rook),
            G7000Key::Letter('B') => Some(PieceKind::Bishop),
            G7000Key::No | G7000Key::Letter('N') => Some(PieceKind::Knight),
            _ => None,
        };
        match piece {
            Some(p) => {
                self.phase = Phase::Play;
                self.human_move(from, to, Some(p));
            }
            None if key == G7000Key::Clear => self.phase = Phase::Play,
            None => {}
        }
    }

    /// The position editor: YES plays the position set up, CLEAR with nothing typed leaves
    /// (NO is the knight here), other keys go to the editor.
    fn press_in_setup(&mut self, key: G7000Key) {
        let Phase::Setup(editor) = &mut self.phase else {
            return;
        };
        match key {
            G7000Key::Yes => match editor.finish() {
                Ok(board) => {
                    self.phase = Phase::Play;
                    self.new_game(Game::new(board));
                }
                Err(why) => self.view.say(why.to_string()),
            },
            G7000Key::Clear if editor.input().is_empty() => self.phase = Phase::Play,
            other => {
                if let Err(why) = editor.press(other) {
                    self.view.say(why.to_string());
                }
            }
        }
    }

    /// A key during the game: a letter or digit of a move being typed, else the game's
    /// command keys (`ConsoleCommand::of_game_key`), carried out by `apply`.
    fn press_in_game(&mut self, key: G7000Key) {
        use G7000Key::*;
        let typing = !self.view.input().is_empty();
        match key {
            Letter(c @ 'A'..='H') if !self.has_two_squares() => self.type_char(c),
            Digit(d @ 1..=8) if typing => self.type_char((b'0' + d) as char),
            Minus | Times if typing => self.type_char(if key == Minus { '-' } else { 'x' }),
            Letter(c @ ('Q' | 'R' | 'B' | 'N')) if self.has_two_squares() => self.type_char(c),
            No if self.has_two_squares() => self.type_char('N'),
            Clear => self.view.clear_input(),
            Enter if typing => self.enter_move(),
            _ => {
                if let Some(command) = ConsoleCommand::of_game_key(key) {
                    self.apply(command);
                }
            }
        }
    }

    fn has_two_squares(&self) -> bool {
        move_squares(self.view.input()).is_some()
    }

    fn type_char(&mut self, c: char) {
        self.view.type_char(c);
    }

    /// ENTER after a typed move.
    fn enter_move(&mut self) {
        let text = self.view.take_input();
        let Some((from, to, promotion)) = typed_move(&text) else {
            self.view.say(MoveRefusal::NotAMove.to_string());
            return;
        };
        self.human_move(from, to, promotion);
    }
}
