//! The terminal's typed lines: command words (`new`, `level 3`, `undo`, `pgn FILE`, `setup
//! FEN`, `quit`, ...), moves in the console's notation or SAN, and answers (`y`, `n`, a
//! digit), which mostly end up as the same G7000 keys the window delivers.

use crate::engine::Level;
use std::path::PathBuf;

use super::{Console, Phase, Speed};
use crate::console::game::{Game, MoveRefusal, side_to_move};
use crate::console::keyboard::G7000Key;
use crate::console::screen::move_squares;
use crate::console::setup::{SetupEditor, position_text};
use crate::reference::{Board, FenError, parse_san};

/// What a typed line did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineOutcome {
    /// Carry on.
    Done,
    /// The module is still thinking and the line must wait for its move: offer it again.
    Wait,
    /// The user asked to quit.
    Quit,
}

impl Console {
    /// A line typed in the terminal: a command word, or a move (`e2-e4`, `e2e4`, `Nf3`), or
    /// answers (`y`, `n`, a digit), which go in as G7000 keys.
    pub fn type_line(&mut self, line: &str) -> LineOutcome {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        // While the module thinks only these act at once; anything else (a move, a take
        // back, a new level) waits for its move, so a script means the same at any speed.
        let at_once = [
            "quit", "exit", "go", "now", "help", "?", "flip", "turbo", "speed", "pause", "ponder",
        ];
        let acts_at_once = at_once.contains(&word.as_str());
        // Paused, nothing else happens: the line is dropped (a script cannot wait for a
        // move that a pause holds back).
        if self.clocks.paused() && !acts_at_once {
            self.view.say("PAUSED: TYPE PAUSE TO GO ON".into());
            return LineOutcome::Done;
        }
        if self.thinking() && !acts_at_once {
            return LineOutcome::Wait;
        }
        self.view.clear_message();
        // A typed line leaves the help (the terminal shows both pages at once).
        if word != "help" && word != "?" {
            self.view.hide_help();
        }
        if matches!(self.phase, Phase::Setup(_))
            && !matches!(word.as_str(), "quit" | "exit" | "setup" | "fen" | "")
        {
            self.type_in_editor(&word, line);
            return LineOutcome::Done;
        }
        self.type_word(&word, rest, line)
    }

    /// A line in the position editor: its words, or squares and pieces for it.
    fn type_in_editor(&mut self, word: &str, line: &str) {
        match word {
            "done" | "yes" | "y" => self.press(G7000Key::Yes),
            "cancel" | "no" | "n" => self.phase = Phase::Play,
            "clear" => self.press(G7000Key::Times),
            "side" => self.press(G7000Key::Equals),
            _ => {
                if let Phase::Setup(editor) = &mut self.phase
                    && let Err(why) = editor.type_text(line)
                {
                    self.view.say(why.to_string());
                }
            }
        }
    }

    /// A line's command word (`word`, lower case, with the `rest` of the line), else the
    /// line as a move or an answer.
    fn type_word(&mut self, word: &str, rest: &str, line: &str) -> LineOutcome {
        match word {
            // ENTER: at `LEVEL?` it keeps the level.
            "" if self.phase == Phase::ChooseLevel => self.press(G7000Key::Enter),
            "" => {}
            "quit" | "exit" => {
                self.quit = true;
                self.write_pgn_on_quit();
                return LineOutcome::Quit;
            }
            "y" | "yes" => self.press(G7000Key::Yes),
            "n" | "no" => self.press(G7000Key::No),
            "new" => {
                self.press(G7000Key::Letter('R'));
                self.press(G7000Key::Yes);
            }
            // `R` as on the keyboard: the status line asks NEW GAME? YES/NO.
            "r" => self.press(G7000Key::Letter('R')),
            "level" => match rest.parse::<Level>() {
                Ok(level) if matches!(self.phase, Phase::ChooseLevel) => {
                    self.press(G7000Key::Digit(level.get()))
                }
                Ok(level) => self.change_level(level),
                Err(e) => self.view.say(e.to_string().to_uppercase()),
            },
            "undo" | "takeback" | "back" => self.press(G7000Key::Letter('T')),
            "flip" => self.view.flip(),
            "help" | "?" => self.toggle_help(),
            "pause" => self.toggle_pause(),
            "ponder" => match rest.to_ascii_lowercase().as_str() {
                "" => self.toggle_ponder(),
                "on" => self.ponder_as_told(true),
                "off" => self.ponder_as_told(false),
                _ => self.view.say("PONDER ON OR PONDER OFF".into()),
            },
            "speed" | "turbo" => self.type_speed(word, rest),
            "go" | "now" => self.press(G7000Key::Letter('M')),
            "save" => self.save_game(),
            "load" => self.load_game(),
            "pgn" => {
                let path = (!rest.is_empty()).then(|| PathBuf::from(rest));
                self.save_pgn(path);
            }
            "setup" | "fen" if !rest.is_empty() => self.setup_fen(rest),
            "setup" => self.press(G7000Key::Letter('S')),
            _ => return self.type_move_or_answer(line),
        }
        LineOutcome::Done
    }

    /// `speed 1|2|8|max` sets the module's speed, `speed` alone steps to the next;
    /// `turbo` (the old word) is `speed max`.
    fn type_speed(&mut self, word: &str, rest: &str) {
        let speed = match (word, rest) {
            ("turbo", _) => Some(Speed::Max),
            (_, "") => Some(self.clocks.speed().next()),
            (_, text) => Speed::from_word(text),
        };
        match speed {
            Some(s) => self.set_speed(s),
            None => self.view.say("SPEEDS ARE 1 2 8 MAX".into()),
        }
    }

    /// A line that is not a command word: a digit answer, a move in the console's notation,
    /// or SAN.
    pub(super) fn type_move_or_answer(&mut self, line: &str) -> LineOutcome {
        if let Ok(d) = line.parse::<u8>()
            && d <= 9
        {
            self.press(G7000Key::Digit(d));
            return LineOutcome::Done;
        }
        let asking = matches!(
            self.phase,
            Phase::ChooseColour | Phase::ChooseLevel | Phase::ChangeLevel | Phase::ConfirmNew
        );
        if asking && move_squares(line).is_some() {
            // Typed as keys, a move's digits would answer the question (A1-A8: level 1).
            self.refuse("ANSWER THE QUESTION FIRST".into());
        } else if move_squares(line).is_some() {
            self.view.clear_input();
            for c in line.chars().filter(|c| !c.is_whitespace()) {
                let key = match c.to_ascii_uppercase() {
                    d @ '0'..='9' => G7000Key::Digit(d as u8 - b'0'),
                    '-' => G7000Key::Minus,
                    'X' => G7000Key::Times,
                    l => G7000Key::Letter(l),
                };
                self.press(key);
            }
            self.press(G7000Key::Enter);
        } else if let Ok(mv) = parse_san(self.table.game().board(), line) {
            if asking {
                self.refuse("ANSWER THE QUESTION FIRST".into());
            } else if side_to_move(self.table.game()) == self.human && self.phase == Phase::Play {
                self.play_human(mv);
            } else {
                self.refuse("WAIT FOR MY MOVE".into());
            }
        } else if let Some(why) = self.why_san_is_illegal(line) {
            self.refuse(why);
        } else {
            self.refuse(format!("UNKNOWN: {}", line.to_uppercase()));
        }
        LineOutcome::Done
    }

    /// Why a move written in SAN (`Nf6`, `Ke2`, `Qxf7`, `O-O`) cannot be played here, when
    /// the text is one: the reason the console gives for the same move typed as squares.
    fn why_san_is_illegal(&self, line: &str) -> Option<String> {
        let game = self.table.game();
        let board = game.board();
        let text = line.trim().trim_end_matches(['+', '#', '!', '?']);
        let castle = match text.to_ascii_uppercase().replace('0', "O").as_str() {
            "O-O" => Some(6),
            "O-O-O" => Some(2),
            _ => None,
        };
        let rank = if game.white_to_move() { 0 } else { 7 };
        let (kind, (file, rank)) = match castle {
            Some(file) => (Some('K'), (file, rank)),
            None => san_target(text)?,
        };
        let target = crate::reference::square::square(file, rank);
        let kind = kind.unwrap_or('P');
        // The side's pieces of that kind and why each cannot go there; a piece that can
        // (the text was ambiguous) leaves it unknown. A move that would leave the king in
        // check is the reason most worth telling.
        let mut reasons = Vec::new();
        for sq in 21u8..99 {
            let code = board.sq[sq as usize];
            let ours =
                code != 0 && code != 0xFF && (code & crate::reference::piece::BLACK) == board.side;
            if !ours || crate::reference::piece::letter(code).to_ascii_uppercase() != kind {
                continue;
            }
            match game.legal_moves_between(sq, target) {
                Ok(_) => return None,
                Err(why) => reasons.push(MoveRefusal::from(why)),
            }
        }
        let why = match reasons.iter().find(|r| **r == MoveRefusal::KingInCheck) {
            Some(r) => r.clone(),
            None if game.state().is_over() => MoveRefusal::GameOver,
            None => MoveRefusal::CannotGoThere,
        };
        Some(why.to_string())
    }

    /// `setup FEN` in the terminal: a new game from a pasted position.
    pub(super) fn setup_fen(&mut self, fen: &str) {
        match Board::from_fen(fen) {
            Ok(board) => match SetupEditor::new(&board).finish() {
                Ok(board) => {
                    self.phase = Phase::Play;
                    self.new_game(Game::new(board));
                }
                Err(why) => self.view.say(why.to_string()),
            },
            Err(FenError::Position(why)) => self.view.say(position_text(&why)),
            Err(e) => self.view.say(format!("BAD FEN: {e}").to_uppercase()),
        }
    }
}

/// The piece letter (`None`: a pawn) and the target square (file, rank from 0) of a move
/// written in SAN, if the text has that shape: `Nf6`, `Qxf7`, `Nbd7`, `exd5`, `e4`, `e8=Q`.
fn san_target(text: &str) -> Option<(Option<char>, (u8, u8))> {
    let text = text.split('=').next()?;
    let bytes = text.as_bytes();
    let piece = match bytes.first()? {
        c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => Some(*c as char),
        b'a'..=b'h' => None,
        _ => return None,
    };
    let [.., f, r] = bytes else { return None };
    let square = (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r);
    square.then(|| (piece, (f - b'a', r - b'1')))
}
