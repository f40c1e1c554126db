//! The saved game behind `W` (write) and `O` (open): a small text file (`c7010.state` in
//! the current directory) with the starting FEN, the moves in UCI, level, the human's colour
//! and both clocks. Loading sets the engine up again and replays the moves, so it works
//! with any engine.
//!
//! ```text
//! c7010 saved game 1
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! moves e2e4 e7e5
//! level 2
//! colour white
//! clocks 12.5 8.0
//! ```

use std::path::Path;

use super::game::Game;
use super::screen::Colour;
use super::setup::position_text;
use crate::reference::{FenError, parse_uci};

/// First line of the file.
const MAGIC: &str = "c7010 saved game 1";

/// Why a saved game could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedGameError {
    /// The file could not be read or written.
    #[error("NO SAVED GAME ({0})")]
    Io(String),
    /// The file is not a saved game of this version.
    #[error("NOT A SAVED GAME")]
    NotSavedGame,
    /// A line is missing or wrong.
    #[error("SAVED GAME: BAD {0}")]
    Bad(&'static str),
    /// The start position breaks the rule for positions from outside (`Board::validate`),
    /// in the console's words (`setup::position_text`).
    #[error("{0}")]
    Position(String),
}

/// The console's game as it is saved.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedGame {
    /// The starting position.
    pub start_fen: String,
    /// The moves in UCI notation.
    pub moves: Vec<String>,
    /// Level 1-6.
    pub level: u8,
    /// The human's colour.
    pub human: Colour,
    /// Seconds used by White and Black.
    pub clocks: [f64; 2],
}

impl SavedGame {
    /// The file text.
    pub fn to_text(&self) -> String {
        format!(
            "{MAGIC}\nfen {}\nmoves {}\nlevel {}\ncolour {}\nclocks {:.3} {:.3}\n",
            self.start_fen,
            self.moves.join(" "),
            self.level,
            match self.human {
                Colour::White => "white",
                Colour::Black => "black",
            },
            self.clocks[0],
            self.clocks[1]
        )
    }

    /// Reads the file text.
    pub fn parse(text: &str) -> Result<SavedGame, SavedGameError> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(MAGIC) {
            return Err(SavedGameError::NotSavedGame);
        }
        let mut field = |name: &'static str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(name))
                .and_then(|rest| {
                    rest.strip_prefix(' ')
                        .or(Some(rest).filter(|r| r.is_empty()))
                })
                .map(str::trim)
                .map(str::to_string)
                .ok_or(SavedGameError::Bad(name))
        };
        let start_fen = field("fen")?;
        let moves = field("moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let level = field("level")?
            .parse::<u8>()
            .ok()
            .filter(|l| (1..=6).contains(l))
            .ok_or(SavedGameError::Bad("level"))?;
        let human = match field("colour")?.as_str() {
            "white" => Colour::White,
            "black" => Colour::Black,
            _ => return Err(SavedGameError::Bad("colour")),
        };
        let clocks: Vec<f64> = field("clocks")?
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .collect();
        let [white, black] = clocks[..] else {
            return Err(SavedGameError::Bad("clocks"));
        };
        Ok(SavedGame {
            start_fen,
            moves,
            level,
            human,
            clocks: [white, black],
        })
    }

    /// Writes the file.
    pub fn write(&self, path: &Path) -> Result<(), SavedGameError> {
        std::fs::write(path, self.to_text()).map_err(|e| SavedGameError::Io(e.to_string()))
    }

    /// Reads the file.
    pub fn read(path: &Path) -> Result<SavedGame, SavedGameError> {
        let text = std::fs::read_to_string(path).map_err(|e| SavedGameError::Io(e.to_string()))?;
        SavedGame::parse(&text)
    }

    /// The game: the start position with the moves replayed (each must be legal).
    pub fn into_game(&self) -> Result<Game, SavedGameError> {
        let mut game = Game::from_fen(&self.start_fen).map_err(|e| match e {
            FenError::Position(why) => SavedGameError::Position(position_text(&why)),
            _ => SavedGameError::Bad("fen"),
        })?;
        for text in &self.moves {
            let mv = parse_uci(game.board(), text).map_err(|_| SavedGameError::Bad("moves"))?;
            game.play(mv).map_err(|_| SavedGameError::Bad("moves"))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let saved = SavedGame {
            start_fen: crate::reference::Board::startpos().to_fen(),
            moves: vec!["e2e4".into(), "e7e5".into()],
            level: 3,
            human: Colour::Black,
            clocks: [1.5, 2.25],
        };
        let back = SavedGame::parse(&saved.to_text()).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.into_game().unwrap().sans(), ["e4", "e5"]);
        assert_eq!(SavedGame::parse("hello"), Err(SavedGameError::NotSavedGame));
        let bad_level = saved.to_text().replace("level 3", "level 9");
        assert_eq!(
            SavedGame::parse(&bad_level),
            Err(SavedGameError::Bad("level"))
        );
        let illegal = SavedGame {
            moves: vec!["e2e5".into()],
            ..saved
        };
        assert_eq!(illegal.into_game(), Err(SavedGameError::Bad("moves")));
    }
}
