//! The console's files: the PGN (`--pgn`, `P`, at the end of a game and on quit) and the
//! saved game (`W` / `O`, `c7010.state`).

use std::path::PathBuf;

use super::{Console, DEFAULT_PGN_FILE, Phase};
use crate::console::pgn::{PgnHeaders, to_pgn, today};
use crate::console::saved::SavedGame;

impl Console {
    /// The PGN headers of this game.
    pub fn pgn_headers(&self) -> PgnHeaders {
        let mut h = PgnHeaders::for_players(
            &self.options.player,
            &self.engine.name(),
            self.human,
            &today(),
        );
        h.level = Some(self.level);
        h
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        to_pgn(&self.game, &self.pgn_headers())
    }

    /// Writes the PGN to `path`, or to `--pgn`, or to `c7010.pgn`.
    pub(super) fn save_pgn(&mut self, path: Option<PathBuf>) {
        let path = path
            .or_else(|| self.options.pgn.clone())
            .unwrap_or_else(|| PathBuf::from(DEFAULT_PGN_FILE));
        self.message = Some(match std::fs::write(&path, self.pgn()) {
            Ok(()) => "PGN WRITTEN".into(),
            Err(_) => "CANNOT WRITE THE PGN".into(),
        });
    }

    pub(super) fn save_pgn_on_request(&mut self) {
        self.save_pgn(None);
    }

    /// At the end of a game, once: write the PGN if `--pgn` was given (quietly: the status
    /// line keeps the result, unless the file cannot be written).
    pub(super) fn write_pgn_at_end(&mut self) {
        if let Some(path) = self.options.pgn.clone()
            && !self.pgn_written
        {
            self.pgn_written = true;
            if std::fs::write(&path, self.pgn()).is_err() {
                self.message = Some("CANNOT WRITE THE PGN".into());
            }
        }
    }

    /// On quit: write the PGN if `--pgn` was given.
    pub fn write_pgn_on_quit(&mut self) {
        if let Some(path) = self.options.pgn.clone() {
            self.save_pgn(Some(path));
        }
    }

    /// `W`: writes the game (start, moves, level, colour, clocks) to the state file.
    pub(super) fn save_game(&mut self) {
        let saved = SavedGame {
            start_fen: self.game.start().to_fen(),
            moves: self.game.moves().iter().map(|m| m.uci()).collect(),
            level: self.level,
            human: self.human,
            clocks: self.clocks,
        };
        self.message = Some(match saved.write(&self.options.state_file) {
            Ok(()) => "GAME SAVED".into(),
            Err(_) => "CANNOT SAVE".into(),
        });
    }

    /// `O`: reads the state file and continues that game.
    pub(super) fn load_game(&mut self) {
        match SavedGame::read(&self.options.state_file).and_then(|s| s.into_game().map(|g| (s, g)))
        {
            Ok((saved, game)) => {
                self.game = game;
                self.level = saved.level;
                self.human = saved.human;
                self.clocks = saved.clocks;
                self.phase = Phase::Play;
                self.analysis = None;
                self.pgn_written = false;
                self.resync_engine();
                self.message = Some("GAME LOADED".into());
            }
            Err(why) => self.message = Some(why.to_string()),
        }
    }
}
