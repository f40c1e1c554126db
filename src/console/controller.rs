//! The console as a machine of its own: it keeps the game, reads G7000 keys (and the
//! terminal's typed lines, which end up as the same keys), drives an [`Engine`], owns the
//! time, and says what the screen shows ([`Console::screen`]).
//!
//! The window and the terminal both hold one `Console` and feed it keys and frames; neither
//! knows any chess. This file has the game's course and the engine; `keys` the key handlers
//! (one per phase), `lines` the terminal's typed lines, `view` the view and the status
//! texts, `clocks` the time kept (a `Clocks` with private fields), `frame` a frame's time
//! given to the engine and the clocks, `files` the PGN and the saved game. Keys (also in the README and on the help page):
//!
//! | keys | in the game |
//! |---|---|
//! | `E 2 - E 4 ENTER` (or `E2E4`) | a move; CLEAR erases what was typed |
//! | `Q` `R` `B` `NO` | the promotion piece when asked (NO is the N position) |
//! | `YES` / `NO` | answer the question on the status line |
//! | `L` then `1`-`6` | change the level |
//! | `T` | take back (your last move and the module's reply) |
//! | `M` | make the module move now |
//! | `R` then `YES` | new game |
//! | `S` | set up a position (see [`super::setup`]; YES plays it, CLEAR leaves) |
//! | `=` | turn the board round |
//! | `+` | speed of the module's thinking: 1X, 2X, 8X, MAX, 1X again |
//! | `K` | pondering on or off: the module thinks on your time (see `ponder`) |
//! | SPACE | pause (the module and both clocks stop), SPACE again goes on |
//! | `?` | help page |
//! | `P` | write the PGN |
//! | `W` / `O` | write / open the saved game (`c7010.state`) |

mod apply;
mod clocks;
mod copy;
mod files;
mod frame;
mod keys;
mod lines;
mod options;
mod pointing;
mod ponder;
mod view;

use super::game::{
    Game, GameState, MoveRefusal, MoveTexts, console_notation, find_move, first_ply, placement_of,
    side_to_move,
};
use super::help::level_time;
use super::keyboard::G7000Key;
use super::pgn_database::PgnDatabase;
use super::screen::{Analysis, Colour, PieceKind, ScreenState, chosen_square};
use super::setup::SetupEditor;
use crate::engine::{Decision, Engine, EngineError, Heard, Level, Limit, Notice, Stops, Table};
use crate::reference::Move;
use crate::reference::square::sq64;
use clocks::Clocks;
pub use clocks::Speed;
pub use lines::LineOutcome;
pub use options::{ConsoleError, ConsoleOptions};
use ponder::Pondering;
pub use view::screen_of_game;
use view::{View, analysis_on, ending_status};

/// Where the saved game goes when no other path is given.
pub const DEFAULT_STATE_FILE: &str = "c7010.state";
/// Where `P` writes the PGN when no `--pgn` file was given.
pub const DEFAULT_PGN_FILE: &str = "c7010.pgn";

/// What the console is waiting for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// `PLAY WHITE? YES/NO`
    ChooseColour,
    /// `LEVEL? 1-6` before the game.
    ChooseLevel,
    /// The game: moves and commands.
    Play,
    /// A move to the last rank was entered: which piece?
    Promotion { from: usize, to: usize },
    /// `L` was pressed: the new level.
    ChangeLevel,
    /// `R` was pressed: `NEW GAME? YES/NO`.
    ConfirmNew,
    /// The position editor.
    Setup(Box<SetupEditor>),
}

/// The G7000 console with the module plugged in: the game played, the engine in the
/// module's seat, what the console waits for, how it shows the game, and its clocks. Each
/// is one thing a reader holds at a time.
pub struct Console {
    /// The game, its level and the engine in the module's seat (the one owner of both:
    /// `engine::table`).
    table: Table,
    /// The human's colour.
    human: Colour,
    /// Thinking on the player's time (`ponder.rs`).
    pondering: Pondering,
    /// What the console waits for; `keys.rs` has one key handler per phase.
    phase: Phase,
    /// How the game is shown (`view.rs`): board side, help, typing, analysis, status.
    view: View,
    /// The time: each side's clock, the speed, pause (`clocks.rs`).
    clocks: Clocks,
    /// How the console was started, the `--pgn` file every game is appended to, and
    /// whether the user asked to quit.
    options: ConsoleOptions,
    pgn_database: Option<PgnDatabase>,
    quit: bool,
    /// Moves of the player's that were refused ([`Console::refused_moves`]).
    refused: u32,
    /// The game's moves as the screen writes them, written as they are played (the screen
    /// is read at every frame, through `&self`).
    move_texts: std::cell::RefCell<MoveTexts>,
}

/// The status line after a module failure the console restarts from by itself (27
/// characters: the window's status line holds no more; the reason is [`Console::last_failure`]).
pub const MODULE_RESET: &str = "MODULE FAILED AND WAS RESET";
/// The status line when the module failed again on the same move and the reference twin
/// played it (the policy of `engine::table`, the same as over UCI and xboard).
pub const MODULE_RESET_AGAIN: &str = "MODULE FAILED. TWIN PLAYED";

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console")
            .field("table", &self.table)
            .field("phase", &self.phase)
            .finish_non_exhaustive()
    }
}

impl Console {
    /// A console playing against `engine`; asks for colour and level unless `options` give
    /// them.
    pub fn new(engine: Box<dyn Engine>, options: ConsoleOptions) -> Result<Console, ConsoleError> {
        let game = match &options.fen {
            Some(fen) => Game::from_fen(fen).map_err(|e| ConsoleError::Fen(e.to_string()))?,
            None => Game::default(),
        };
        let level = options.level.map_or(Ok(Level::DEFAULT), Level::new)?;
        // Only an engine with a clock ponders (the reference answers at once).
        let ponders = options.ponder && engine.has_clock();
        let mut table = Table::new(engine, level)?;
        table.set_game(game);
        let mut console = Console {
            table,
            human: options.colour.unwrap_or(Colour::White),
            pondering: Pondering::new(ponders),
            phase: Phase::ChooseColour,
            // A player who chose Black sees the board from Black's side.
            view: View::new(options.colour == Some(Colour::Black), options.host_keys),
            clocks: Clocks::default(),
            pgn_database: options.pgn.clone().map(PgnDatabase::new),
            quit: false,
            refused: 0,
            move_texts: Default::default(),
            options,
        };
        console.begin_game();
        if console.options.fen.is_none() {
            console.resume_last_game();
        }
        Ok(console)
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// The human's colour.
    pub fn human(&self) -> Colour {
        self.human
    }

    /// The level 1-6.
    pub fn level(&self) -> u8 {
        self.table.level().get()
    }

    /// Seconds used by White and by Black.
    pub fn clocks(&self) -> [f64; 2] {
        self.clocks.used()
    }

    /// True once the user asked to quit.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// True while the module is thinking on its own move (not on the player's time: see
    /// [`Console::pondering`]).
    pub fn thinking(&self) -> bool {
        self.table.thinking() && !self.pondering()
    }

    /// The engine, to read its clock or (for the guest) its machine.
    pub fn engine(&self) -> &dyn Engine {
        self.table.engine()
    }

    /// The machine the engine runs on, for the debugger panel while the front end does not
    /// run the console (no tick, no key): `None` for an engine without one.
    pub fn engine_machine(&mut self) -> Option<&mut crate::machine::Machine> {
        self.table.engine_mut().machine_mut()
    }

    /// Asks for colour and level as needed, then plays.
    fn begin_game(&mut self) {
        self.phase = if self.options.colour.is_none() {
            Phase::ChooseColour
        } else if self.options.level.is_none() {
            Phase::ChooseLevel
        } else {
            Phase::Play
        };
        self.start_engine_if_its_turn();
    }

    /// The human's move from `from` to `to` (0 = a1).
    fn human_move(&mut self, from: usize, to: usize, promotion: Option<PieceKind>) {
        if self.table.game().state().is_over() {
            self.refuse(MoveRefusal::GameOver.to_string());
            return;
        }
        if side_to_move(self.table.game()) != self.human || self.thinking() {
            self.refuse("WAIT FOR MY MOVE".into());
            return;
        }
        match find_move(self.table.game(), from, to, promotion) {
            Ok(mv) => self.play_human(mv),
            Err(MoveRefusal::NeedsPromotion) => self.phase = Phase::Promotion { from, to },
            Err(why) => self.refuse(why.to_string()),
        }
    }

    /// A move of the player's refused, the reason on the status line (and counted: a script
    /// whose moves are refused ends with a failure, `Console::refused_moves`).
    pub(super) fn refuse(&mut self, why: String) {
        self.refused += 1;
        self.view.say(why);
    }

    /// How many moves the player typed were refused (illegal, not a move, not their turn).
    pub fn refused_moves(&self) -> u32 {
        self.refused
    }

    /// Plays a legal move of the human on the game, then lets the module think.
    fn play_human(&mut self, mv: Move) {
        if self.pondering() && self.ponder_hit(mv) {
            return;
        }
        self.forget_thought_on_players_time();
        if let Err(why) = self.clocks_noted_play(mv) {
            self.view.say(MoveRefusal::from(why).to_string());
            return;
        }
        self.after_move();
    }

    /// After any move: keep the game for the next start; write the PGN if the game ended,
    /// else let the module think (on its move, or on the player's time).
    fn after_move(&mut self) {
        // A failure shows on the status line; the game goes on.
        let _ = self.keep_for_next_start();
        if self.table.game().state().is_over() {
            self.write_pgn_at_end();
        } else {
            self.start_engine_if_its_turn();
            self.start_ponder_if_wanted();
        }
    }

    fn start_engine_if_its_turn(&mut self) {
        if self.phase == Phase::Play
            && side_to_move(self.table.game()) != self.human
            && !self.table.game().state().is_over()
            && !self.table.thinking()
        {
            self.view.set_analysis(None);
            let heard = self.table.think(Limit::Level, false, Stops::default());
            self.hear_all(heard);
        }
    }

    /// A new level (a thought on the player's time starts again at it).
    fn change_level(&mut self, level: Level) {
        let pondered = self.pondering();
        self.end_ponder();
        if let Err(e) = self.table.set_level(level) {
            self.view.say(e.to_string().to_uppercase());
        }
        if pondered {
            self.start_ponder_if_wanted();
        }
    }

    /// Takes back the module's reply and the human's move (or the human's move while the
    /// module thinks), and tells the engine by setting up the game again.
    fn take_back(&mut self) {
        let plies = if side_to_move(self.table.game()) == self.human {
            2
        } else {
            1
        };
        self.forget_thought_on_players_time();
        let taken = self.table.take_back(plies);
        if taken == 0 {
            self.view.say("NOTHING TO TAKE BACK".into());
            return;
        }
        self.clocks.take_back(taken);
        self.view.set_analysis(None);
        // The game kept for the next start is the one on the board (a failure is said).
        let _ = self.keep_for_next_start();
        self.resync_engine();
    }

    /// Drops a thought under way (on the player's time too) and sets the engine on the
    /// game again at its next thought, then lets it think if it is its turn.
    fn resync_engine(&mut self) {
        self.forget_thought_on_players_time();
        if let Err(e) = self.table.abandon() {
            self.engine_failed(e);
            return;
        }
        self.start_engine_if_its_turn();
    }

    /// A new game from `game`'s start (the colour and level questions come again unless
    /// the options fixed them).
    fn new_game(&mut self, game: Game) {
        // The game left goes to the `--pgn` database first.
        self.archive_game(false);
        self.forget_thought_on_players_time();
        self.table.set_game(game);
        self.begin_record(None);
        self.clocks.start_game([0.0; 2], 0);
        self.view.set_analysis(None);
        self.view.clear_input();
        self.phase = Phase::Play;
        let _ = self.keep_for_next_start();
        self.begin_game();
    }

    /// An engine request failed: the table carries out its policy (`engine::table`), the
    /// console shows what it did; a refusal is said on the status line.
    fn engine_failed(&mut self, e: EngineError) {
        let heard = self.table.recover(e);
        self.hear_all(heard);
    }

    /// What the table's thought said, in order; a refusal is said on the status line. A
    /// move the twin played is said after it (the move's own status line would hide it).
    fn hear_all(&mut self, heard: Result<Vec<Heard>, EngineError>) {
        let heard = match heard {
            Ok(heard) => heard,
            Err(refused) => return self.view.say(refused.to_string().to_uppercase()),
        };
        let twin = heard.contains(&Heard::Notice(Notice::TwinPlays));
        for h in heard {
            self.heard(h);
        }
        if twin {
            self.view.say(MODULE_RESET_AGAIN.into());
        }
    }

    /// Why the module last failed (the status line only says that it did), if it has.
    pub fn last_failure(&self) -> Option<&str> {
        self.table.last_failure()
    }

    /// One thing the table's thought said.
    fn heard(&mut self, heard: Heard) {
        if self.heard_while_pondering(&heard) {
            return;
        }
        match heard {
            Heard::Line(info) => {
                let mut analysis = self.analysis_of(info.pass, info.score, &info.pv);
                analysis.positions = info.positions;
                self.view.set_analysis(Some(analysis));
            }
            Heard::Decided { decision, line, .. } => self.module_moved(&decision, &line),
            // A module reset: the thought under way began again (the table's policy).
            Heard::Notice(Notice::Reset { .. }) => {
                self.forget_thought_on_players_time();
                self.view.say(MODULE_RESET.into());
            }
            Heard::Notice(Notice::Lost { .. } | Notice::TwinPlays) => {
                self.forget_thought_on_players_time();
                self.view.say(MODULE_RESET_AGAIN.into());
            }
        }
    }

    /// The module's decision, already played on the game by the table: the clocks, the
    /// analysis shown and what comes after the move.
    fn module_moved(&mut self, d: &Decision, line: &[Move]) {
        // The answer to an earlier key is stale once the module has moved: the status line
        // says what is asked now (`YOUR MOVE. I EXPECT ...`).
        self.view.clear_message();
        self.show_decision(d, line);
        self.clocks.before_move();
        let accepted = self.table.accept(d);
        match d.best {
            Some(_) if accepted.is_ok() => self.after_move(),
            Some(mv) => {
                self.clocks.take_back(1);
                self.view
                    .say(format!("MODULE PLAYED {}?", mv.uci().to_uppercase()));
            }
            None => {
                self.clocks.take_back(1);
                self.write_pgn_at_end();
            }
        }
    }

    /// Plays `mv` on the game record, the clocks noted first for take-back.
    fn clocks_noted_play(&mut self, mv: Move) -> Result<(), crate::reference::game::IllegalMove> {
        self.clocks.before_move();
        let result = self.table.play(mv);
        if result.is_err() {
            self.clocks.take_back(1);
        }
        result
    }

    /// The analysis becomes the decision: the move played first, with its score, the pass
    /// it comes from and the positions, so what is shown never disagrees with the move
    /// (a pass the budget cut short may have found a move the last full pass did not
    /// show): the decision's own `line` (the table's: the last pass's line when it starts
    /// with the move). A book move shows no analysis.
    fn show_decision(&mut self, d: &Decision, line: &[Move]) {
        if d.best.is_none() || d.book {
            self.view.set_analysis(None);
            return;
        }
        let mut decided = self.analysis_of(d.passes, d.score, line);
        decided.positions = d.positions;
        decided.decided = true;
        self.view.set_analysis(Some(decided));
    }

    /// The engine's view of the game as the screen shows it ([`analysis_on`]).
    fn analysis_of(&self, pass: u8, units: i16, line: &[Move]) -> Analysis {
        analysis_on(self.table.game().board(), pass, units, line)
    }

    // What the screen shows (the view's parts are `view.rs`).

    /// Shows (from its first page) or hides the help (`?` in the game, `help` in the
    /// terminal).
    pub fn toggle_help(&mut self) {
        self.view.toggle_help();
    }

    /// F1 in the window: shows the help's first page, then turns the pages as `?` does,
    /// and after the last goes back to the game.
    pub fn help_key(&mut self) {
        if self.view.help_shown() {
            self.view.press_in_help(G7000Key::Question);
        } else {
            self.toggle_help();
        }
    }

    /// Escape in the window: leaves a help page for the game (as any key does there) and
    /// says so; `false` when no help page is shown (Escape then quits).
    pub fn leave_help(&mut self) -> bool {
        self.view.hide_help()
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
            flipped: self.view.flipped(),
            moves: if editing {
                Vec::new()
            } else {
                self.move_texts
                    .borrow_mut()
                    .follow(self.table.game())
                    .to_vec()
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
            analysis: self.view.analysis().cloned().filter(|_| !editing),
            level: self.table.level().get(),
            white_clock: self.clocks.used()[0] as u32,
            black_clock: self.clocks.used()[1] as u32,
            input: match &self.phase {
                Phase::Setup(editor) => editor.input().to_string(),
                _ => self.view.input().to_string(),
            },
            help: self.view.help_shown(),
            help_page: self.view.help_page(),
            host_keys: self.view.host_keys(),
            setup: editing,
            chosen: match &self.phase {
                Phase::Play => chosen_square(self.view.input()),
                _ => None,
            },
            cursor: self.view.cursor(),
            speed: (self.clocks.speed() != Speed::Real).then(|| self.clocks.speed().mark().into()),
            ponder: self.pondering.wanted(),
        }
    }

    /// The status line for the current phase and position.
    fn status(&self) -> String {
        if let Some(m) = self.view.message() {
            return m.to_string();
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
