//! The view: how the console shows the game (the board's side, the help page, the text
//! being typed) and the texts of the status line, from which [`Console::screen`] fills the
//! [`ScreenState`].

use super::{Console, Phase, Speed};
use crate::console::game::{
    Game, GameState, colour_of, console_moves, console_notation, first_ply, placement_of,
    side_to_move,
};
use crate::console::help::level_time;
use crate::console::keyboard::G7000Key;
use crate::console::screen::{Analysis, Colour, MATE_CENTIPAWNS, ScreenState};
use crate::reference::square::sq64;
use crate::reference::{Board, Move};

/// The window's last help page (0: the keyboard map, 1: the game keys, 2: the window's own
/// keys, 3: the levels and the analysis).
const LAST_HELP_PAGE: u8 = 3;

/// How the console shows the game, apart from the game itself: the side the board is seen
/// from, the help, the typing, the analysis and the answer on the status line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct View {
    /// The board is seen from Black's side.
    pub(super) flipped: bool,
    /// The help page is shown.
    pub(super) help: bool,
    /// Which help page (0: the first).
    pub(super) help_page: u8,
    /// The move being typed (`E2-E4`).
    pub(super) input: String,
    /// The engine's latest analysis.
    pub(super) analysis: Option<Analysis>,
    /// The answer to the last key or line, shown in place of the phase's status text.
    pub(super) message: Option<String>,
}

impl View {
    /// A key while the help is shown: `?` turns to the next page (the keyboard map, the
    /// game keys, the window's keys, the levels and the analysis) and leaves the help after
    /// the last; any other key leaves the help.
    pub(super) fn press_in_help(&mut self, key: G7000Key) {
        if key == G7000Key::Question && self.help_page < LAST_HELP_PAGE {
            self.help_page += 1;
        } else {
            self.help = false;
        }
    }
}

impl Console {
    /// Shows (from its first page) or hides the help (`?` in the game, `help` in the
    /// terminal).
    pub fn toggle_help(&mut self) {
        self.view.help = !self.view.help;
        self.view.help_page = 0;
    }

    /// F1 in the window: shows the help's first page, then turns the pages as `?` does,
    /// and after the last goes back to the game.
    pub fn help_key(&mut self) {
        if self.view.help {
            self.view.press_in_help(G7000Key::Question);
        } else {
            self.toggle_help();
        }
    }

    /// Escape in the window: leaves a help page for the game (as any key does there) and
    /// says so; `false` when no help page is shown (Escape then quits).
    pub fn leave_help(&mut self) -> bool {
        std::mem::replace(&mut self.view.help, false)
    }

    /// What the screen shows now.
    pub fn screen(&self) -> ScreenState {
        // The position editor shows its position alone: no moves (nor last-move marks) and
        // no analysis of the game left.
        let editing = matches!(self.phase, Phase::Setup(_));
        let (board, side) = match &self.phase {
            Phase::Setup(editor) => (editor.placement(), editor.side_to_move()),
            _ => (
                placement_of(self.table.game().board()),
                side_to_move(self.table.game()),
            ),
        };
        ScreenState {
            board,
            side_to_move: side,
            flipped: self.view.flipped,
            moves: if editing {
                Vec::new()
            } else {
                console_moves(self.table.game())
            },
            last_move: match editing {
                true => None,
                false => self
                    .table
                    .game()
                    .moves()
                    .last()
                    .map(|m| (sq64(m.from), sq64(m.to))),
            },
            first_ply: first_ply(self.table.game()),
            status: self.status(),
            analysis: self.view.analysis.clone().filter(|_| !editing),
            level: self.table.level().get(),
            white_clock: self.clocks.used()[0] as u32,
            black_clock: self.clocks.used()[1] as u32,
            input: match &self.phase {
                Phase::Setup(editor) => editor.input().to_string(),
                _ => self.view.input.clone(),
            },
            help: self.view.help,
            help_page: self.view.help_page,
            setup: editing,
            speed: (self.clocks.speed() != Speed::Real).then(|| self.clocks.speed().mark().into()),
            ponder: self.pondering.wanted,
        }
    }

    /// The status line for the current phase and position.
    fn status(&self) -> String {
        if let Some(m) = &self.view.message {
            return m.clone();
        }
        if self.clocks.paused() {
            return "PAUSED".into();
        }
        match &self.phase {
            Phase::ChooseColour => "PLAY WHITE? YES/NO".into(),
            Phase::ChooseLevel => format!(
                "LEVEL? 1-6 ({} = {})",
                self.table.level().get(),
                level_time(self.table.level().get())
            ),
            Phase::ChangeLevel => format!(
                "NEW LEVEL? ({} = {})",
                self.table.level().get(),
                level_time(self.table.level().get())
            ),
            Phase::ConfirmNew => "NEW GAME? YES/NO".into(),
            Phase::Promotion { .. } => "PROMOTE TO? Q R B NO=N".into(),
            Phase::Setup(editor) => editor.status(),
            Phase::Play => self.play_status(),
        }
    }

    fn play_status(&self) -> String {
        let state = self.table.game().state();
        let check = if state == GameState::Check {
            "CHECK! "
        } else {
            ""
        };
        if let Some(text) = ending_status(self.table.game(), state) {
            return text;
        }
        if side_to_move(self.table.game()) == self.human {
            // Thinking on the player's time, the module says what it expects (when the
            // status line has room: not after CHECK!).
            return match self.expected_reply() {
                Some(mv) if check.is_empty() => {
                    let reply = console_notation(self.table.game().board(), mv);
                    format!("YOUR MOVE. I EXPECT {reply}")
                }
                _ => format!("{check}YOUR MOVE"),
            };
        }
        match (self.clocks.speed(), self.clocks.reached()) {
            (Speed::Real, _) => format!("{check}THINKING"),
            (Speed::Max, Some(x)) => format!("{check}THINKING {x:.0}X"),
            (speed, _) => format!("{check}THINKING {}", speed.mark()),
        }
    }
}

/// The engine's view of `board` as the screen shows it: the score (engine units, the
/// side to move's view) in centipawns from White's side, the line in console notation
/// (as far as its moves are legal).
pub(super) fn analysis_on(board: &Board, pass: u8, units: i16, line: &[Move]) -> Analysis {
    use crate::reference::score::{self, Score};
    let pawns = match Score::of_units(units) {
        Score::Units(units) => score::centipawns(units),
        Score::MatePlies(plies) => {
            i32::from(plies.signum()) * (MATE_CENTIPAWNS - i32::from(plies.abs()))
        }
    };
    let score = match colour_of(board.side) {
        Colour::White => pawns,
        Colour::Black => -pawns,
    };
    let mut board = board.clone();
    let mut best_line = Vec::new();
    for &m in line {
        if !crate::reference::legal_moves(&board)
            .as_slice()
            .contains(&m)
        {
            break;
        }
        best_line.push(console_notation(&board, m));
        board.make(m);
    }
    Analysis {
        pass,
        score,
        best_line,
        ..Analysis::default()
    }
}

/// The status line of a finished game (result included), `None` while it goes on.
fn ending_status(game: &Game, state: GameState) -> Option<String> {
    Some(match state {
        GameState::Checkmate => format!("CHECKMATE {}", game.result()),
        GameState::Stalemate => "STALEMATE 1/2".into(),
        GameState::FiftyMoves => "DRAW: 50 MOVES 1/2".into(),
        GameState::InsufficientMaterial => "DRAW: NO MATE 1/2".into(),
        GameState::Repetition => "DRAW: REPETITION 1/2".into(),
        GameState::Playing | GameState::Check => return None,
    })
}

/// The screen for a game position without a console (for `c7010 screenshot`): the board,
/// the move list and the status as the console would show them with the human as White.
pub fn screen_of_game(game: &Game, level: u8) -> ScreenState {
    let state = game.state();
    let status = ending_status(game, state).unwrap_or_else(|| match state {
        GameState::Check => "CHECK! YOUR MOVE".into(),
        _ => "YOUR MOVE".into(),
    });
    ScreenState {
        board: placement_of(game.board()),
        side_to_move: colour_of(game.board().side),
        moves: console_moves(game),
        first_ply: first_ply(game),
        status,
        level,
        ..ScreenState::start_position()
    }
}
