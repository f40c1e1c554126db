//! The view: how the console shows the game (the board's side, the help page, the text
//! being typed, the analysis, the answer on the status line), a `View` with private fields
//! the console holds; [`super::Console::screen`] fills the [`ScreenState`] from it. Also
//! the screen's texts that need no console: a finished game's status line, the analysis of
//! a line, the screen of a bare game.

use crate::console::command::Step;
use crate::console::game::{
    Game, GameState, colour_of, console_moves, console_notation, first_ply, placement_of,
};
use crate::console::keyboard::{G7000Key, HostKeys};
use crate::console::screen::{Analysis, Colour, MATE_CENTIPAWNS, ScreenState};
use crate::reference::{Board, Move};

/// The help pages (0: the keyboard map, 1: the game keys, 2: the window's own keys, 3: the
/// levels and the analysis): the last, and the window's own.
const LAST_HELP_PAGE: u8 = 3;
const WINDOW_HELP_PAGE: u8 = 2;

/// How the console shows the game, apart from the game itself: the side the board is seen
/// from, the help, the typing, the analysis and the answer on the status line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct View {
    /// The board is seen from Black's side.
    flipped: bool,
    /// The help page is shown.
    help: bool,
    /// Which help page (0: the first).
    help_page: u8,
    /// The keys the front end keeps for itself: whether the window's help page is shown.
    host_keys: HostKeys,
    /// The move being typed (`E2-E4`).
    input: String,
    /// The engine's latest analysis.
    analysis: Option<Analysis>,
    /// The answer to the last key or line, shown in place of the phase's status text.
    message: Option<String>,
    /// The pad's cursor (a1 = 0), once the pad has moved it.
    cursor: Option<usize>,
}

impl View {
    /// A view from Black's side when `flipped`, for a front end keeping `host_keys`.
    pub fn new(flipped: bool, host_keys: HostKeys) -> View {
        View {
            flipped,
            host_keys,
            ..View::default()
        }
    }

    /// The keys the front end keeps for itself (what the help pages name).
    pub fn host_keys(&self) -> HostKeys {
        self.host_keys
    }

    /// The board is seen from Black's side.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Sees the board from Black's side (`true`) or White's.
    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
    }

    /// Turns the board round (`=`).
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// Whether the help is shown.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The help page shown (0: the first).
    pub fn help_page(&self) -> u8 {
        self.help_page
    }

    /// Shows (from its first page) or hides the help.
    pub fn toggle_help(&mut self) {
        self.help = !self.help;
        self.help_page = 0;
    }

    /// Back to the game from the help; true if the help was shown.
    pub fn hide_help(&mut self) -> bool {
        std::mem::replace(&mut self.help, false)
    }

    /// A key while the help is shown: `?` turns to the next page (the keyboard map, the
    /// game keys, the window's keys where there is a window, the levels and the analysis)
    /// and leaves the help after the last; any other key leaves the help.
    pub fn press_in_help(&mut self, key: G7000Key) {
        if key == G7000Key::Question && self.help_page < LAST_HELP_PAGE {
            self.help_page += 1;
            if self.help_page == WINDOW_HELP_PAGE && !self.host_keys.has_window_page() {
                self.help_page += 1;
            }
        } else {
            self.help = false;
        }
    }

    /// The move being typed.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// One more character of the move being typed (at most 8: `E7-E8Q` and room to spare).
    pub fn type_char(&mut self, c: char) {
        if self.input.len() < 8 {
            self.input.push(c);
        }
    }

    /// Erases what was typed.
    pub fn clear_input(&mut self) {
        self.input.clear();
    }

    /// What was typed, which is erased.
    pub fn take_input(&mut self) -> String {
        std::mem::take(&mut self.input)
    }

    /// The engine's analysis shown.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Shows this analysis (`None`: none).
    pub fn set_analysis(&mut self, analysis: Option<Analysis>) {
        self.analysis = analysis;
    }

    /// The thought on the player's time is gone: its analysis goes with it (the decision
    /// shown before it stays).
    pub fn drop_pondering_analysis(&mut self) {
        self.analysis.take_if(|a| a.pondering);
    }

    /// A ponder hit: a pass of the thought shown began with the reply, which is now played,
    /// and becomes the module's own thought; the decision shown before any pass came is the
    /// last move's, not this one's, and goes.
    pub fn ponder_hit(&mut self) {
        match &mut self.analysis {
            Some(a) if a.pondering => {
                a.pondering = false;
                a.best_line.remove(0);
            }
            _ => self.analysis = None,
        }
    }

    /// The pad's cursor, once shown.
    pub fn cursor(&self) -> Option<usize> {
        self.cursor
    }

    /// The pad's cursor, shown where it was, else on the player's king's file in front of
    /// the player's pieces (E2 for White, E7 for Black); its square.
    pub fn show_cursor(&mut self, player: Colour) -> usize {
        *self.cursor.get_or_insert(match player {
            Colour::White => 12,
            Colour::Black => 52,
        })
    }

    /// One step of the pad's cursor on the screen (shown first if it was not), up being up
    /// on the screen whichever way the board is turned; it stops at the board's edge.
    pub fn move_cursor(&mut self, step: Step, player: Colour) {
        let square = self.show_cursor(player);
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let (right, up) = match step {
            Step::Up => (0, 1),
            Step::Down => (0, -1),
            Step::Left => (-1, 0),
            Step::Right => (1, 0),
        };
        let turn = if self.flipped { -1 } else { 1 };
        let file = (file + right * turn).clamp(0, 7);
        let rank = (rank + up * turn).clamp(0, 7);
        self.cursor = Some((rank * 8 + file) as usize);
    }

    /// The answer on the status line, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// True while an answer is on the status line.
    pub fn has_message(&self) -> bool {
        self.message.is_some()
    }

    /// Puts `text` on the status line in place of the phase's own.
    pub fn say(&mut self, text: String) {
        self.message = Some(text);
    }

    /// The status line says what the phase asks again.
    pub fn clear_message(&mut self) {
        self.message = None;
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
pub(super) fn ending_status(game: &Game, state: GameState) -> Option<String> {
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
