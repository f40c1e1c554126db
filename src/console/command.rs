//! What a front end asks of the console, typed once at the edge: a G7000 key, a square
//! pointed at (a click, a tap, a pad's cursor), a line's command word, a move typed as text.
//! Every front end turns its input into a [`ConsoleCommand`] and the console carries it out
//! in one place, `Console::apply` (as the debugger's `DebugCommand` is carried out by its
//! session): the window's keys and clicks, the terminal's lines, the page's keys, buttons
//! and pointer, the RetroArch core's pad and pointer.
//!
//! The terminal's words ([`ConsoleCommand::from_line`]) and the G7000's command keys in the
//! game ([`ConsoleCommand::of_game_key`]) name the same commands: `T` and `undo` are both
//! [`ConsoleCommand::TakeBack`].

use std::path::PathBuf;

use super::controller::Speed;
use super::keyboard::G7000Key;
use super::screen::{PieceKind, typed_move};
use crate::engine::Level;

/// One thing asked of the console.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConsoleCommand {
    /// Nothing (an empty line; at `LEVEL?` it keeps the level, as ENTER does).
    Nothing,
    /// A G7000 key pressed: what it does depends on what the console asks (a letter of a
    /// move, an answer, a command key in the game: [`ConsoleCommand::of_game_key`]).
    Key(G7000Key),
    /// A point of the picture (frame pixels, 360 x 243, from the top left): the square
    /// under it through the layout the screen is drawn with, the board turned or not.
    PointAt {
        /// Pixel column.
        x: usize,
        /// Pixel line.
        y: usize,
    },
    /// A square pointed at (0 = a1 ... 63 = h8), `None` off the board: in the game the
    /// first square chooses a piece of the player's, the second is its target, and the
    /// move is entered as if typed; the same square again, or off the board, cancels.
    Point(Option<usize>),
    /// The pad's cursor moved one square on the screen (up is up on the screen, the board
    /// turned or not); the first step shows it.
    MoveCursor(Step),
    /// The pad's A: points at the square under the cursor.
    PointCursor,
    /// A whole move given by its squares (`e2-e4`, `e2e4`, `E7-E8Q` typed): entered as
    /// ENTER enters a move typed with the keys, with the same checks, refusals and
    /// promotion question.
    Move {
        /// The square moved from (0 = a1 ... 63 = h8).
        from: usize,
        /// The square moved to.
        to: usize,
        /// The piece a pawn becomes, when named; a promotion without one asks for it.
        promotion: Option<PieceKind>,
    },
    /// A move in SAN or an answer typed as text: `Nf3`, `O-O`, `3`.
    Text(String),
    /// A line for the position editor (`Ke1`, `ke8`, `.e4`).
    EditorText(String),
    /// Leave the position editor without playing its position.
    LeaveEditor,
    /// Ask for a new level (`L`: the status line asks `NEW LEVEL?`).
    AskLevel,
    /// Play at this level from now on (`level N`; at `LEVEL?` it answers the question).
    Level(Level),
    /// Take back the player's last move and the module's reply (`T`, `undo`).
    TakeBack,
    /// Make the module move now (`M`, `go`).
    MoveNow,
    /// Ask whether to start a new game (`R`: `NEW GAME? YES/NO`).
    AskNewGame,
    /// A new game at once (`new`).
    NewGame,
    /// The position editor (`S`, `setup`), or a new game from this FEN (`setup FEN`).
    Setup(Option<String>),
    /// Turn the board round (`=`, `flip`).
    Flip,
    /// The module's speed; `None`: the next one (`+`, `speed`).
    Speed(Option<Speed>),
    /// Pause, or go on (SPACE, `pause`).
    Pause,
    /// Pondering on, off, or (`None`) the other way (`K`, `ponder`).
    Ponder(Option<bool>),
    /// The help pages (`?`, `help`).
    Help,
    /// Append the game to the PGN: the `--pgn` file or `c7010.pgn` (`P`), or this file
    /// (`pgn FILE`).
    Pgn(Option<PathBuf>),
    /// Write the saved game and module (`W`, `save`).
    SaveGame,
    /// Open them (`O`, `load`).
    LoadGame,
    /// Leave (`quit`; the window's Escape and close).
    Quit,
}

/// A step of the pad's cursor on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Towards the left.
    Left,
    /// Towards the right.
    Right,
}

/// A line's word that is not a command and not a move: said back to the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// `level` with no level 1-6 after it.
    #[error("{0}")]
    Level(String),
    /// `speed` with a word that is not a speed.
    #[error("SPEEDS ARE 1 2 8 MAX")]
    Speed,
    /// `ponder` with a word other than on or off.
    #[error("PONDER ON OR PONDER OFF")]
    Ponder,
}

impl ConsoleCommand {
    /// The command a G7000 key gives in the game (not while a question is asked, a move
    /// is typed or the position editor is open: those read keys as their own), if any.
    pub fn of_game_key(key: G7000Key) -> Option<ConsoleCommand> {
        use ConsoleCommand::*;
        Some(match key {
            G7000Key::Letter('L') => AskLevel,
            G7000Key::Letter('T') => TakeBack,
            G7000Key::Letter('M') => MoveNow,
            G7000Key::Letter('R') => AskNewGame,
            G7000Key::Letter('S') => Setup(None),
            G7000Key::Letter('K') => Ponder(None),
            G7000Key::Letter('P') => Pgn(None),
            G7000Key::Letter('W') => SaveGame,
            G7000Key::Letter('O') => LoadGame,
            G7000Key::Equals => Flip,
            G7000Key::Plus => Speed(None),
            G7000Key::Space => Pause,
            G7000Key::Question => Help,
            _ => return None,
        })
    }

    /// A line typed in the terminal: a command word (`new`, `level 3`, `undo`, `pgn FILE`,
    /// `setup FEN`, `quit`, ...), else a move or an answer as text. In the position editor
    /// (`editing`) its own words (`done`, `cancel`, `clear`, `side`) and its placements
    /// (`Ke1`) come first.
    pub fn from_line(line: &str, editing: bool) -> Result<ConsoleCommand, LineError> {
        use ConsoleCommand::*;
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        if editing && !matches!(word.as_str(), "quit" | "exit" | "setup" | "fen" | "") {
            return Ok(match word.as_str() {
                "done" | "yes" | "y" => Key(G7000Key::Yes),
                "cancel" | "no" | "n" => LeaveEditor,
                "clear" => Key(G7000Key::Times),
                "side" => Key(G7000Key::Equals),
                _ => EditorText(line.to_string()),
            });
        }
        Ok(match word.as_str() {
            "" => Nothing,
            "quit" | "exit" => Quit,
            "y" | "yes" => Key(G7000Key::Yes),
            "n" | "no" => Key(G7000Key::No),
            "new" => NewGame,
            "r" => AskNewGame,
            "level" => Level(
                rest.parse::<crate::engine::Level>()
                    .map_err(|e| LineError::Level(e.to_string().to_uppercase()))?,
            ),
            "undo" | "takeback" | "back" => TakeBack,
            "flip" => Flip,
            "help" | "?" => Help,
            "pause" => Pause,
            "ponder" => Ponder(match rest.to_ascii_lowercase().as_str() {
                "" => None,
                "on" => Some(true),
                "off" => Some(false),
                _ => return Err(LineError::Ponder),
            }),
            "turbo" => Speed(Some(super::Speed::Max)),
            "speed" if rest.is_empty() => Speed(None),
            "speed" => Speed(Some(super::Speed::from_word(rest).ok_or(LineError::Speed)?)),
            "go" | "now" => MoveNow,
            "save" => SaveGame,
            "load" => LoadGame,
            "pgn" => Pgn((!rest.is_empty()).then(|| PathBuf::from(rest))),
            "setup" | "fen" => Setup((!rest.is_empty()).then(|| rest.to_string())),
            _ => match typed_move(line) {
                Some((from, to, promotion)) => Move {
                    from,
                    to,
                    promotion,
                },
                None => Text(line.to_string()),
            },
        })
    }

    /// True for what acts at once while the module thinks (or the game is paused); every
    /// other line waits for the module's move, so a script means the same at any speed.
    pub fn acts_at_once(&self) -> bool {
        use ConsoleCommand::*;
        matches!(
            self,
            Quit | MoveNow | Help | Flip | Speed(_) | Pause | Ponder(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_and_its_key_are_one_command() {
        let word = |w| ConsoleCommand::from_line(w, false).unwrap();
        let key = |k| ConsoleCommand::of_game_key(k).unwrap();
        assert_eq!(word("undo"), key(G7000Key::Letter('T')));
        assert_eq!(word("go"), key(G7000Key::Letter('M')));
        assert_eq!(word("flip"), key(G7000Key::Equals));
        assert_eq!(word("speed"), key(G7000Key::Plus));
        assert_eq!(word("PAUSE"), key(G7000Key::Space));
        assert_eq!(word("setup"), key(G7000Key::Letter('S')));
        assert_eq!(word("r"), key(G7000Key::Letter('R')));
        assert_eq!(ConsoleCommand::of_game_key(G7000Key::Letter('E')), None);
    }

    #[test]
    fn words_with_arguments_are_read_or_refused() {
        let word = |w| ConsoleCommand::from_line(w, false);
        assert_eq!(
            word("level 3"),
            Ok(ConsoleCommand::Level(Level::new(3).unwrap()))
        );
        assert!(matches!(word("level 9"), Err(LineError::Level(_))));
        assert_eq!(word("speed 3"), Err(LineError::Speed));
        assert_eq!(word("ponder maybe"), Err(LineError::Ponder));
        assert_eq!(word("ponder OFF"), Ok(ConsoleCommand::Ponder(Some(false))));
        assert_eq!(
            word("setup 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(ConsoleCommand::Setup(Some(
                "8/8/8/8/8/8/8/K1k5 w - - 0 1".into()
            )))
        );
        assert_eq!(
            word(" e2-e4 "),
            Ok(ConsoleCommand::Move {
                from: 12,
                to: 28,
                promotion: None
            })
        );
        assert_eq!(
            word("b7b8n"),
            Ok(ConsoleCommand::Move {
                from: 49,
                to: 57,
                promotion: Some(PieceKind::Knight)
            })
        );
        assert_eq!(word("Nf3"), Ok(ConsoleCommand::Text("Nf3".into())));
    }

    #[test]
    fn the_editor_reads_its_own_words_first() {
        let edit = |w| ConsoleCommand::from_line(w, true).unwrap();
        assert_eq!(edit("n"), ConsoleCommand::LeaveEditor);
        assert_eq!(edit("done"), ConsoleCommand::Key(G7000Key::Yes));
        assert_eq!(edit("Ke1"), ConsoleCommand::EditorText("Ke1".into()));
        assert_eq!(edit("quit"), ConsoleCommand::Quit);
    }

    #[test]
    fn only_what_cannot_wait_acts_while_the_module_thinks() {
        assert!(ConsoleCommand::MoveNow.acts_at_once());
        assert!(ConsoleCommand::Quit.acts_at_once());
        assert!(!ConsoleCommand::TakeBack.acts_at_once());
        assert!(!ConsoleCommand::Text("Nf3".into()).acts_at_once());
        assert!(
            !ConsoleCommand::from_line("e2e4", false)
                .unwrap()
                .acts_at_once()
        );
    }
}
