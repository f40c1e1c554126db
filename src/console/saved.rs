//! The saved game behind `W` (write) and `O` (open): a small text file (`c7010.state` in
//! the current directory) with the starting FEN, the moves in UCI, level, the human's colour
//! and both clocks, and a CRC-32 of the lines above it, so a damaged file is refused.
//! Loading sets the engine up again and replays the moves, so it works with any engine.
//!
//! ```text
//! c7010 saved game 2
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! moves e2e4 e7e5
//! level 2
//! colour white
//! clocks 12.5 8.0
//! check 1c291ca3
//! ```
//!
//! A game written to a `--pgn` database also has `pgn LEN CRC` before `check` (its record
//! there, [`PgnRecord`]: the game gone on replaces it); a file without it reads as before.
//! Files of version 1 (no `check` line) are still read. The file is written atomically and
//! read with a size limit ([`crate::files`]).

use std::path::{Path, PathBuf};

use super::game::Game;
use super::pgn_database::PgnRecord;
use super::screen::Colour;
use super::setup::position_text;
use crate::files::{self, SAVED_GAME};
use crate::machine::crc32;
use crate::reference::{FenError, parse_uci};

/// First line of the file this build writes.
const MAGIC: &str = "c7010 saved game 2";
/// First line of the files of version 1, which had no checksum.
const MAGIC_V1: &str = "c7010 saved game 1";
/// The last line's word in version 2: the CRC-32 of everything before that line.
const CHECK: &str = "check ";

/// Why a saved game could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedGameError {
    /// The file could not be read or written.
    #[error("NO SAVED GAME ({0})")]
    Io(String),
    /// The file is not a saved game of this version.
    #[error("NOT A SAVED GAME")]
    NotSavedGame,
    /// The checksum does not match: the file was damaged.
    #[error("SAVED GAME DAMAGED")]
    Damaged,
    /// A line is missing or wrong.
    #[error("SAVED GAME: BAD {0}")]
    Bad(&'static str),
    /// The start position breaks the rule for positions from outside (`Board::validate`),
    /// in the console's words (`setup::position_text`).
    #[error("{0}")]
    Position(String),
    /// Another console has claimed the resume file: this one neither resumes nor keeps it.
    #[error("LAST GAME OPEN ELSEWHERE")]
    InUse,
    /// The resume file's lock could not be made (a read-only directory): nothing is kept,
    /// and stderr says why.
    #[error("LAST GAME NOT KEPT")]
    NotKept,
    /// The resume file could not be read as a game: it was renamed to the path given
    /// (`last-game.state.damaged`), so the next game kept does not write over it.
    #[error("BAD GAME KEPT AS *.DAMAGED")]
    SetAside(PathBuf),
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
    /// The game's record in the `--pgn` database, if it was written there: the game gone
    /// on replaces it (an optional `pgn` line; a file without it is read as before).
    pub pgn: Option<PgnRecord>,
}

impl SavedGame {
    /// The file text, its checksum line last.
    pub fn to_text(&self) -> String {
        let body = self.body();
        format!("{body}{CHECK}{:08x}\n", crc32(body.as_bytes()))
    }

    /// The lines the checksum covers.
    fn body(&self) -> String {
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
        ) + &self
            .pgn
            .map_or(String::new(), |r| format!("pgn {}\n", r.to_text()))
    }

    /// Reads the file text (version 2 with its checksum, or version 1).
    pub fn parse(text: &str) -> Result<SavedGame, SavedGameError> {
        match text.lines().next().map(str::trim) {
            Some(MAGIC) => SavedGame::parse_fields(checked_body(text)?),
            Some(MAGIC_V1) => SavedGame::parse_fields(text),
            _ => Err(SavedGameError::NotSavedGame),
        }
    }

    /// Reads the lines after the first.
    fn parse_fields(text: &str) -> Result<SavedGame, SavedGameError> {
        let mut lines = text.lines().skip(1);
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
        let pgn = match lines.next().and_then(|l| l.strip_prefix("pgn ")) {
            Some(record) => Some(PgnRecord::parse(record).ok_or(SavedGameError::Bad("pgn"))?),
            None => None,
        };
        Ok(SavedGame {
            start_fen,
            moves,
            level,
            human,
            clocks: [white, black],
            pgn,
        })
    }

    /// Writes the file atomically: on failure the old file is untouched.
    pub fn write(&self, path: &Path) -> Result<(), files::FileError> {
        files::write_atomic(path, self.to_text().as_bytes())
    }

    /// Reads the file.
    pub fn read(path: &Path) -> Result<SavedGame, SavedGameError> {
        let text =
            files::read_text(path, SAVED_GAME).map_err(|e| SavedGameError::Io(e.to_string()))?;
        SavedGame::parse(&text)
    }

    /// What names this game in a module save: a CRC-32 of the start and the moves.
    pub fn game_id(&self) -> u32 {
        crc32(format!("{}\n{}", self.start_fen, self.moves.join(" ")).as_bytes())
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

/// At the start of a console, before the resume file is read: claims it for this console
/// for as long as the process runs, and renames a damaged one aside. On `Err` the status
/// line shows the error: [`SavedGameError::InUse`] (another console has it; `resume_file`
/// becomes `None`, so this console neither resumes nor writes it) or
/// [`SavedGameError::SetAside`] (the damaged file is kept beside, under the path said also
/// on stderr; the new game is kept in a new file).
pub fn claim_resume_file(resume_file: &mut Option<PathBuf>) -> Result<(), SavedGameError> {
    let Some(path) = resume_file.clone() else {
        return Ok(());
    };
    match files::claim(&path) {
        Ok(files::Claim::Ours) => {}
        Ok(files::Claim::Taken) => {
            *resume_file = None;
            return Err(SavedGameError::InUse);
        }
        Err(e) => {
            eprintln!("c7010: an unfinished game will not be kept for the next start: {e}");
            *resume_file = None;
            return Err(SavedGameError::NotKept);
        }
    }
    set_aside_if_damaged(&path, resume_file)
}

/// Renames the regular file at `path` to `NAME.damaged` (or `NAME.damaged-2`...) when it
/// does not hold a game the console can continue; a file that cannot be read at all (a
/// FIFO, no permission) is left where it is. Where no free name is left, nothing is
/// renamed and the file is not written either (`resume_file` becomes `None`).
fn set_aside_if_damaged(
    path: &Path,
    resume_file: &mut Option<PathBuf>,
) -> Result<(), SavedGameError> {
    let readable = match files::read_text(path, SAVED_GAME) {
        Ok(text) => SavedGame::parse(&text).and_then(|s| s.into_game()).is_ok(),
        Err(files::FileError::TooLarge { .. } | files::FileError::NotText { .. }) => false,
        Err(_) => return Ok(()),
    };
    if readable {
        return Ok(());
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".damaged");
    for n in 1..=99 {
        let mut candidate = name.clone();
        if n > 1 {
            candidate.push(format!("-{n}"));
        }
        let aside = path.with_file_name(candidate);
        if aside.exists() {
            continue;
        }
        if std::fs::rename(path, &aside).is_ok() {
            eprintln!(
                "c7010: the unfinished game kept for this start was damaged; it is now {}",
                aside.display()
            );
            return Err(SavedGameError::SetAside(aside));
        }
        break;
    }
    eprintln!(
        "c7010: the unfinished game kept for this start is damaged and no name beside it is free; it stays at {}, and this game is not kept",
        path.display()
    );
    *resume_file = None;
    Err(SavedGameError::NotKept)
}

/// The text before the `check` line, if that line is last, exactly as written, and its
/// CRC-32 matches.
fn checked_body(text: &str) -> Result<&str, SavedGameError> {
    let body_end = text
        .strip_suffix('\n')
        .and_then(|t| t.rfind('\n'))
        .map(|i| i + 1)
        .ok_or(SavedGameError::Damaged)?;
    let (body, last) = text.split_at(body_end);
    if last == format!("{CHECK}{:08x}\n", crc32(body.as_bytes())) {
        Ok(body)
    } else {
        Err(SavedGameError::Damaged)
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
            pgn: Some(PgnRecord {
                len: 120,
                crc: 0xdead_beef,
            }),
        };
        let back = SavedGame::parse(&saved.to_text()).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.into_game().unwrap().sans(), ["e4", "e5"]);
        assert_eq!(SavedGame::parse("hello"), Err(SavedGameError::NotSavedGame));
        let bad_level = SavedGame {
            level: 9,
            ..saved.clone()
        }
        .to_text();
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

    #[test]
    fn every_flipped_bit_is_refused() {
        let text = SavedGame {
            start_fen: crate::reference::Board::startpos().to_fen(),
            moves: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
            level: 2,
            human: Colour::White,
            clocks: [10.0, 20.0],
            pgn: None,
        }
        .to_text();
        let mut bytes = text.clone().into_bytes();
        for i in 0..bytes.len() * 8 {
            bytes[i / 8] ^= 1 << (i % 8);
            let flipped = String::from_utf8_lossy(&bytes);
            assert!(SavedGame::parse(&flipped).is_err(), "bit {i}: {flipped}");
            bytes[i / 8] ^= 1 << (i % 8);
        }
        assert!(SavedGame::parse(&text).is_ok());
    }

    #[test]
    fn a_damaged_resume_file_is_set_aside_and_a_good_one_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("last-game.state");
        std::fs::write(&path, "c7010 saved game 2\nbroken\n").unwrap();
        let mut resume = Some(path.clone());
        let aside = dir.path().join("last-game.state.damaged");
        assert_eq!(
            claim_resume_file(&mut resume),
            Err(SavedGameError::SetAside(aside.clone()))
        );
        assert_eq!(
            resume.as_deref(),
            Some(path.as_path()),
            "a new game is kept"
        );
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            "c7010 saved game 2\nbroken\n"
        );
        // A second damaged file takes the next name; a good one is left where it is.
        std::fs::write(&path, "nonsense").unwrap();
        let second = dir.path().join("last-game.state.damaged-2");
        assert_eq!(
            claim_resume_file(&mut resume),
            Err(SavedGameError::SetAside(second))
        );
        let good = SavedGame {
            start_fen: crate::reference::Board::startpos().to_fen(),
            moves: vec!["e2e4".into()],
            level: 2,
            human: Colour::White,
            clocks: [0.0, 0.0],
            pgn: None,
        };
        good.write(&path).unwrap();
        assert_eq!(claim_resume_file(&mut resume), Ok(()));
        assert!(path.exists());
    }

    #[test]
    fn a_version_1_file_is_still_read() {
        let v1 = "c7010 saved game 1\nfen 8/8/8/8/8/8/8/K1k5 w - - 0 1\nmoves a1a2\n\
                  level 2\ncolour white\nclocks 1.0 2.0\n";
        assert_eq!(SavedGame::parse(v1).unwrap().moves, ["a1a2"]);
    }
}
