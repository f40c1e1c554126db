//! The terminal's typed lines: each read into a [`ConsoleCommand`] (command words such as
//! `new`, `level 3`, `undo`, `pgn FILE`, `setup FEN`, `quit`) and carried out by `apply`;
//! a move by its squares (`e2-e4`) is a command too ([`ConsoleCommand::Move`]). Here also
//! what a line that is neither is: a digit answer, which goes in as the G7000 key the window
//! delivers, or a move in SAN.

use super::{Console, Phase};
use crate::console::command::ConsoleCommand;
use crate::console::game::{Game, MoveRefusal, side_to_move};
use crate::console::keyboard::G7000Key;
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
    /// A line typed in the terminal, read into a [`ConsoleCommand`] and carried out: a
    /// command word, or a move (`e2-e4`, `e2e4`, `Nf3`), or answers (`y`, `n`, a digit).
    pub fn type_line(&mut self, line: &str) -> LineOutcome {
        let editing = matches!(self.phase, Phase::Setup(_));
        let command = ConsoleCommand::from_line(line, editing);
        // While the module thinks only some commands act at once; anything else (a move, a
        // take back, a new level) waits for its move, so a script means the same at any
        // speed. A line whose word was refused acts at once: it is only said.
        let at_once = command.as_ref().map_or(true, ConsoleCommand::acts_at_once);
        // Paused, nothing else happens: the line is dropped (a script cannot wait for a
        // move that a pause holds back).
        if self.clocks.paused() && !at_once {
            self.view.say("PAUSED: TYPE PAUSE TO GO ON".into());
            return LineOutcome::Done;
        }
        if self.thinking() && !at_once {
            return LineOutcome::Wait;
        }
        self.view.clear_message();
        // A typed line leaves the help (the terminal shows both pages at once).
        if command != Ok(ConsoleCommand::Help) {
            self.view.hide_help();
        }
        match command {
            Ok(command) => self.apply(command),
            Err(why) => {
                self.view.say(why.to_string());
                LineOutcome::Done
            }
        }
    }

    /// A line that is neither a command word nor a move by its squares: a digit answer, or
    /// a move in SAN.
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
        if let Ok(mv) = parse_san(self.table.game().board(), line) {
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
