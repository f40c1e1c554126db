//! The one place a [`ConsoleCommand`] is carried out, whichever front end it came from: the
//! window's and the page's keys and pointer, the terminal's lines, the RetroArch core's pad.
//! A key goes to the handler of what the console asks (`keys.rs`), which turns the game's
//! command keys back into commands; a square pointed at is `pointing.rs`.

use super::{Console, LineOutcome, Phase};
use crate::console::command::ConsoleCommand;
use crate::console::game::Game;
use crate::console::keyboard::G7000Key;
use crate::console::screen::PieceKind;
use crate::console::setup::SetupEditor;
use crate::engine::Level;

impl Console {
    /// Carries out one command; [`LineOutcome::Quit`] once the player asked to leave.
    pub fn apply(&mut self, command: ConsoleCommand) -> LineOutcome {
        use ConsoleCommand::*;
        match command {
            Nothing if self.phase == Phase::ChooseLevel => self.press(G7000Key::Enter),
            Nothing => {}
            Key(key) => self.press(key),
            PointAt { x, y } => self.point_at_pixel(x, y),
            Point(square) => self.point(square),
            MoveCursor(step) => self.view.move_cursor(step, self.human),
            PointCursor => self.point_cursor(),
            Move {
                from,
                to,
                promotion,
            } => self.enter_whole_move(from, to, promotion),
            Text(text) => return self.type_move_or_answer(&text),
            EditorText(text) => self.type_in_editor(&text),
            LeaveEditor => {
                if matches!(self.phase, Phase::Setup(_)) {
                    self.phase = Phase::Play;
                }
            }
            Quit => {
                self.quit = true;
                self.write_pgn_on_quit();
                return LineOutcome::Quit;
            }
            Help => self.toggle_help(),
            Flip => self.view.flip(),
            Pause => self.toggle_pause(),
            Speed(speed) => self.set_speed(speed.unwrap_or_else(|| self.clocks.speed().next())),
            Ponder(None) => self.toggle_ponder(),
            Ponder(Some(on)) => self.ponder_as_told(on),
            Pgn(path) => self.save_pgn(path),
            SaveGame => self.save_game(),
            LoadGame => self.load_game(),
            Level(level) => self.level_told(level),
            Setup(Some(fen)) => self.setup_fen(&fen),
            // The game's own commands wait until the question on the status line is
            // answered (and mean nothing to the position editor, which reads its keys).
            game_command => match self.phase {
                Phase::Play => self.apply_in_game(game_command),
                Phase::Setup(_) => {}
                _ => self.refuse_at_question(),
            },
        }
        LineOutcome::Done
    }

    /// A command of the game itself, while the game is shown.
    fn apply_in_game(&mut self, command: ConsoleCommand) {
        use ConsoleCommand::*;
        match command {
            AskLevel => self.phase = Phase::ChangeLevel,
            TakeBack => self.take_back(),
            // Thinking on the player's time: there is no move of the module to make now.
            MoveNow if self.pondering() => self.view.say("IT IS YOUR MOVE".into()),
            MoveNow if self.table.thinking() => {
                let heard = self.table.move_now();
                self.hear_all(heard);
            }
            // Not thinking although it is its move (after a refusal): set the engine up
            // again and let it think.
            MoveNow => self.resync_engine(),
            AskNewGame => self.phase = Phase::ConfirmNew,
            NewGame => self.new_game(Game::default()),
            Setup(None) if self.thinking() => self.view.say("WAIT FOR MY MOVE".into()),
            Setup(None) => {
                self.end_ponder();
                self.view.clear_input();
                self.phase = Phase::Setup(Box::new(SetupEditor::new(self.table.game().board())));
            }
            other => debug_assert!(false, "{other:?} is not a command of the game"),
        }
    }

    /// A whole move (typed as text): in the game it is entered as ENTER enters a typed one;
    /// while a question is asked it is refused (typed as keys, its digits would answer the
    /// question: A1-A8 is level 1), and the question stays.
    fn enter_whole_move(&mut self, from: usize, to: usize, promotion: Option<PieceKind>) {
        match self.phase {
            Phase::Play => {
                self.view.clear_input();
                self.human_move(from, to, promotion);
            }
            Phase::Setup(_) => {}
            _ => self.refuse("ANSWER THE QUESTION FIRST".into()),
        }
    }

    /// A command of the game typed while a question is asked (`PLAY WHITE?`, `LEVEL?`,
    /// `NEW GAME?`, `PROMOTE TO?`): said, and the question stays.
    fn refuse_at_question(&mut self) {
        self.view.say("ANSWER THE QUESTION FIRST".into());
    }

    /// `level N`: at `LEVEL?` the answer, else the level from now on.
    fn level_told(&mut self, level: Level) {
        if self.phase == Phase::ChooseLevel {
            self.press(G7000Key::Digit(level.get()));
        } else {
            self.change_level(level);
        }
    }

    /// A line in the position editor: a placement (`Ke1`, `ke8`, `.e4`).
    fn type_in_editor(&mut self, line: &str) {
        if let Phase::Setup(editor) = &mut self.phase
            && let Err(why) = editor.type_text(line)
        {
            self.view.say(why.to_string());
        }
    }
}
