//! The console's files: the PGN (`--pgn` is a database every game of the session is
//! appended to when it ends or is left; `P` appends the game so far) and the saved game
//! (`W` / `O`: `c7010.state`, and the module beside it in `c7010.machine`).
//!
//! Every write is atomic (`crate::files`): a failed one leaves the old file as it was, and
//! the status line says which file and why.

use std::path::{Path, PathBuf};

use super::{Console, DEFAULT_PGN_FILE, Phase};
use crate::console::pgn::{PgnHeaders, to_pgn, today};
use crate::console::pgn_database::{PgnDatabase, PgnRecord};
use crate::console::saved::SavedGame;
use crate::console::saved_module::{ModuleSave, ModuleSaveError, rom_id_of};
use crate::engine::Level;
use crate::files::FileError;

/// The status line after a failed write: the file as given, why in the console's capitals.
fn cannot_write(what: &str, path: &Path, e: &FileError) -> String {
    format!(
        "CANNOT WRITE {what} TO {}: {}",
        path.display(),
        e.reason().to_uppercase()
    )
}

/// The status line when the last session's game goes on at the start (27 characters).
pub const LAST_GAME_GOES_ON: &str = "LAST GAME GOES ON. R: NEW";

/// Characters the window's status line shows (the last place is the cursor's).
const STATUS_CHARACTERS: usize = crate::console::layout::STATUS_WIDTH - 1;

/// `PGN WRITTEN TO` the file: its path where the status line holds it, else its name, cut in
/// the middle (`GAMES-..E.PGN`) where even that is too long.
fn pgn_written(path: &Path) -> String {
    const TEXT: &str = "PGN WRITTEN TO ";
    let room = STATUS_CHARACTERS - TEXT.len();
    let full = path.display().to_string();
    let name = path
        .file_name()
        .map_or(full.clone(), |n| n.to_string_lossy().into_owned());
    let shown = match () {
        _ if full.chars().count() <= room => full,
        _ if name.chars().count() <= room => name,
        _ => {
            let chars: Vec<char> = name.chars().collect();
            let tail = 5;
            let head: String = chars[..room - 2 - tail].iter().collect();
            let end: String = chars[chars.len() - tail..].iter().collect();
            format!("{head}..{end}")
        }
    };
    format!("{TEXT}{shown}")
}

impl Console {
    /// The PGN headers of this game.
    pub fn pgn_headers(&self) -> PgnHeaders {
        let mut h = PgnHeaders::for_players(
            &self.options.player,
            &self.table.engine().name(),
            self.human,
            &today(),
        );
        h.level = Some(self.table.level().get());
        h
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        to_pgn(self.table.game(), &self.pgn_headers())
    }

    /// `P` or `pgn [FILE]`: appends the game so far to `path`, or to the `--pgn` database,
    /// or to `c7010.pgn`, and says where.
    pub(super) fn save_pgn(&mut self, path: Option<PathBuf>) {
        let database = self.pgn_database.as_ref().map(|d| d.path().to_path_buf());
        match path.or(database.clone()) {
            Some(p) if Some(&p) == database.as_ref() => {
                self.archive_game(true);
            }
            other => {
                let p = other.unwrap_or_else(|| PathBuf::from(DEFAULT_PGN_FILE));
                let mut one_off = PgnDatabase::new(p.clone());
                self.view.say(match one_off.write(self.pgn()) {
                    Ok(()) => pgn_written(&p),
                    Err(e) => cannot_write("PGN", &p, &e),
                });
            }
        }
    }

    /// Writes this game to the `--pgn` database (over its earlier record, if it has one)
    /// unless it is there as it stands (or has no moves), with any game an earlier failure
    /// left waiting. Says so on the status line when `tell` (else only a failure).
    pub(super) fn archive_game(&mut self, tell: bool) {
        let pgn = self.pgn();
        let Some(database) = &mut self.pgn_database else {
            return;
        };
        let path = database.path().to_path_buf();
        let has_moves = !self.table.game().moves().is_empty();
        let result = if has_moves {
            database.write(pgn)
        } else {
            database.retry()
        };
        match result {
            // "Written" only when this game is in the file (an empty game never is).
            Ok(()) if tell && has_moves => {
                self.view.say(pgn_written(&path));
            }
            Ok(()) => {}
            Err(e) => self.view.say(cannot_write("PGN", &path, &e)),
        }
    }

    /// A game begins with `record` in the `--pgn` database (`None`: it has none yet).
    pub(super) fn begin_record(&mut self, record: Option<PgnRecord>) {
        if let Some(database) = &mut self.pgn_database {
            database.begin_game(record);
        }
    }

    /// At the end of a game: append it to the `--pgn` database (quietly: the status line
    /// keeps the result, unless the file cannot be written).
    pub(super) fn write_pgn_at_end(&mut self) {
        self.archive_game(false);
    }

    /// On quit (and on every other way out of a front end): append the game to the `--pgn`
    /// database if it is not there yet.
    pub fn write_pgn_on_quit(&mut self) {
        self.archive_game(true);
    }

    /// The `--pgn` file and the games that could not be written to it (PGN text), if any:
    /// the front end reports them at the exit, with their text, and exits with a failure.
    pub fn unwritten_pgn(&self) -> Option<(&Path, Vec<&str>)> {
        let database = self.pgn_database.as_ref()?;
        let games = database.unwritten();
        (!games.is_empty()).then_some((database.path(), games))
    }

    /// The game in play as the resume file keeps it (start, moves, level, colour, clocks,
    /// with its checksum): for a front end that keeps it elsewhere than in a file (a web
    /// page's storage). `None` when there is nothing to keep (no move from the initial
    /// position) or the game is over.
    pub fn kept_game_text(&self) -> Option<String> {
        let game = self.table.game();
        let nothing = game.moves().is_empty() && game.from_initial_position();
        (!nothing && !game.state().is_over()).then(|| self.saved_game().to_text())
    }

    /// Goes on with a game kept by [`kept_game_text`](Self::kept_game_text); a damaged or
    /// impossible one is refused with the reason and the game in play stays.
    pub fn resume_kept_game(&mut self, text: &str) -> Result<(), String> {
        let saved = SavedGame::parse(text).map_err(|e| e.to_string())?;
        let game = saved.into_game().map_err(|e| e.to_string())?;
        self.continue_game(&saved, game);
        self.view.say(LAST_GAME_GOES_ON.into());
        Ok(())
    }

    /// The game as the state file keeps it.
    fn saved_game(&self) -> SavedGame {
        SavedGame {
            start_fen: self.table.game().start().to_fen(),
            moves: self.table.game().moves().iter().map(|m| m.uci()).collect(),
            level: self.table.level().get(),
            human: self.human,
            clocks: self.clocks.used(),
            pgn: self.pgn_database.as_ref().and_then(PgnDatabase::record),
        }
    }

    /// The module's file beside the state file.
    fn machine_file(&self) -> PathBuf {
        self.options.state_file.with_extension("machine")
    }

    /// `W`: writes the game (start, moves, level, colour, clocks) to the state file, and
    /// the guest's whole machine beside it, so loading continues from the very T-state; an
    /// engine without a machine saves the game only. A thought on the player's time is not
    /// saved: the module is saved set up on the game, and thinks on the player's time
    /// again afterwards.
    pub(super) fn save_game(&mut self) {
        let pondered = self.pondering();
        self.end_ponder();
        self.write_game_and_module();
        if pondered {
            self.start_ponder_if_wanted();
        }
    }

    /// The saving of `W`: the game, then the module beside it, said on the status line.
    fn write_game_and_module(&mut self) {
        let saved = self.saved_game();
        let state_file = self.options.state_file.clone();
        if let Err(e) = saved.write(&state_file) {
            self.view.say(cannot_write("THE GAME", &state_file, &e));
            return;
        }
        let machine_file = self.machine_file();
        self.view.say(match self.table.save_machine() {
            None => "GAME SAVED".into(),
            Some(Err(_)) => "GAME SAVED, MODULE BUSY".into(),
            Some(Ok(bytes)) => match ModuleSave::new(bytes, &saved) {
                Err(why) => format!("GAME SAVED, {why}"),
                Ok(module) => match module.write(&machine_file) {
                    Ok(()) => "GAME AND MODULE SAVED".into(),
                    Err(e) => cannot_write("THE MODULE", &machine_file, &e),
                },
            },
        });
    }

    /// `O`: reads the state file and continues that game (the game in progress goes to the
    /// `--pgn` database first), then the module beside it if it belongs to that game and
    /// ran the ROM plugged in now; otherwise the game loads alone and the status says why.
    pub(super) fn load_game(&mut self) {
        let loaded =
            SavedGame::read(&self.options.state_file).and_then(|s| s.into_game().map(|g| (s, g)));
        let (saved, game) = match loaded {
            Ok(ok) => ok,
            Err(why) => {
                self.view.say(why.to_string());
                return;
            }
        };
        self.archive_game(false);
        self.continue_game(&saved, game);
        let message = match self.load_module(&saved) {
            Ok(None) => "GAME LOADED".into(),
            Ok(Some(())) => "GAME AND MODULE LOADED".into(),
            Err(why) => format!("GAME LOADED ALONE: {why}"),
        };
        // A failed write of the game left behind keeps its own message.
        if !self.view.has_message() {
            self.view.say(message);
        }
    }

    /// Goes on with `game` as `saved` left it: its level, colour and clocks.
    fn continue_game(&mut self, saved: &SavedGame, game: crate::console::Game) {
        self.table.set_game(game);
        self.begin_record(saved.pgn);
        if let Ok(level) = Level::new(saved.level) {
            // The engine's refusal shows when it next thinks; the level is the saved one.
            let _ = self.table.set_level(level);
        }
        self.human = saved.human;
        self.view
            .set_flipped(saved.human == crate::console::Colour::Black);
        self.clocks
            .start_game(saved.clocks, self.table.game().moves().len());
        self.phase = Phase::Play;
        self.view.set_analysis(None);
        let _ = self.keep_for_next_start();
        self.resync_engine();
    }

    /// At the start: the game the last session left unfinished goes on (the resume file),
    /// and the status line says how to start afresh. A damaged file is said and kept.
    pub(super) fn resume_last_game(&mut self) {
        // One console per kept game: a second one on the same file neither resumes nor
        // writes it; a damaged file is kept beside, renamed.
        if let Err(why) = crate::console::saved::claim_resume_file(&mut self.options.resume_file) {
            self.view.say(why.to_string());
            return;
        }
        let Some(path) = self.options.resume_file.clone() else {
            return;
        };
        if !path.exists() {
            return;
        }
        match SavedGame::read(&path).and_then(|s| s.into_game().map(|g| (s, g))) {
            Ok((saved, game)) if !game.state().is_over() => {
                self.continue_game(&saved, game);
                self.view.say(LAST_GAME_GOES_ON.into());
            }
            Ok(_) => {}
            Err(_) => self.view.say("LAST GAME UNREADABLE".into()),
        }
    }

    /// Keeps the game in the resume file while it goes on (after every move, on every way
    /// out), and removes the file once the game is over or has nothing to keep. A failure
    /// shows on the status line and is returned (the front end says it at the exit).
    pub fn keep_for_next_start(&mut self) -> Result<(), String> {
        let Some(path) = self.options.resume_file.clone() else {
            return Ok(());
        };
        let record = self.table.game();
        let nothing_to_keep = record.moves().is_empty()
            && *record.start() == crate::reference::board::Board::startpos();
        let result = if record.state().is_over() || nothing_to_keep {
            // Only a regular file is removed: a FIFO or a device at the path is left alone.
            crate::files::remove_regular(&path)
                .map_err(|_| format!("CANNOT REMOVE {}", path.display()))
        } else {
            self.saved_game()
                .write(&path)
                .map_err(|e| cannot_write("THE GAME", &path, &e))
        };
        if let Err(message) = &result {
            self.view.say(message.clone());
        }
        result
    }

    /// Loads the module save beside the state file into the engine, if there is one and it
    /// matches `saved` and the engine's ROM (`Ok(None)`: no module save, or no module).
    fn load_module(&mut self, saved: &SavedGame) -> Result<Option<()>, ModuleSaveError> {
        let Some(module) = ModuleSave::read(&self.machine_file())? else {
            return Ok(None);
        };
        let current = match self.table.save_machine() {
            None => return Ok(None),
            Some(Err(_)) => return Err(ModuleSaveError::Busy),
            Some(Ok(bytes)) => rom_id_of(&bytes).ok_or(ModuleSaveError::Damaged)?,
        };
        let machine = module.machine_for(current, saved)?;
        self.table
            .engine_mut()
            .load_machine(machine)
            .map_err(|e| ModuleSaveError::Refused(e.to_string().to_uppercase()))?;
        // The machine loaded is of this very game: the engine holds it.
        self.table.engine_holds_game();
        Ok(Some(()))
    }
}
