//! A PGN file as a database (`c7010 play --pgn FILE`): each game of a session is appended
//! once, when it ends or is left (a new game, a set-up position, a loaded game, quit, a
//! signal, the window closed), never written over the games already there.
//!
//! Each append is made under a lock on the file ([`crate::files::append`]), so two consoles
//! sharing one file both keep their games; on failure the file is as it was and the game is
//! kept here, to be written with the next one or reported at the exit with its text, so no
//! game is lost.

use std::path::{Path, PathBuf};

use crate::files::{self, FileError};

/// The session's PGN file and the games not yet in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnDatabase {
    path: PathBuf,
    /// Games whose append failed, oldest first.
    unwritten: Vec<String>,
    /// The last game appended (or waiting): the same game is not appended twice.
    last: Option<String>,
}

impl PgnDatabase {
    /// The database at `path` (nothing is written yet).
    pub fn new(path: PathBuf) -> PgnDatabase {
        PgnDatabase {
            path,
            unwritten: Vec::new(),
            last: None,
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True if `pgn` is the game appended last (it is in the file, or waiting).
    pub fn holds(&self, pgn: &str) -> bool {
        self.last.as_deref() == Some(pgn)
    }

    /// Appends the game `pgn` after any game still waiting. On failure they all wait.
    pub fn append(&mut self, pgn: String) -> Result<(), FileError> {
        self.last = Some(pgn.clone());
        self.unwritten.push(pgn);
        self.retry()
    }

    /// Writes the games still waiting, if any.
    pub fn retry(&mut self) -> Result<(), FileError> {
        if self.unwritten.is_empty() {
            return Ok(());
        }
        let games = &self.unwritten;
        files::append(&self.path, |before| separated(before, games).into_bytes())?;
        self.unwritten.clear();
        Ok(())
    }

    /// The games not written (their PGN text), oldest first.
    pub fn unwritten(&self) -> &[String] {
        &self.unwritten
    }
}

/// `games` joined by the blank line PGN puts between games, with one before them if the
/// file already holds a game (`before` bytes, measured under the append's lock).
fn separated(before: u64, games: &[String]) -> String {
    let joined = games.join("\n");
    if before > 0 {
        format!("\n{joined}")
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_appended_with_a_blank_line_between() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.pgn");
        let mut db = PgnDatabase::new(path.clone());
        db.append("[Event \"a\"]\n\n1. e4 *\n".into()).unwrap();
        assert!(db.holds("[Event \"a\"]\n\n1. e4 *\n"));
        db.append("[Event \"b\"]\n\n1. d4 *\n".into()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n"
        );
        assert!(db.unwritten().is_empty());
    }

    #[test]
    fn a_failed_append_keeps_the_game_for_the_next_one() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        let mut db = PgnDatabase::new(sub.join("db.pgn"));
        assert!(db.append("one\n".into()).is_err());
        assert_eq!(db.unwritten(), ["one\n"]);
        std::fs::create_dir(&sub).unwrap();
        db.append("two\n".into()).unwrap();
        assert_eq!(
            std::fs::read_to_string(sub.join("db.pgn")).unwrap(),
            "one\n\ntwo\n"
        );
    }
}
