//! A PGN file as a database (`c7010 play --pgn FILE`): each game of a session has one
//! record in it, written when the game ends or is left (a new game, a set-up position, a
//! loaded game, `P`, quit, a signal, the window closed), never written over the other games.
//!
//! One game, one record: a game written before and gone on since (`P` and more moves, or a
//! game left unfinished, resumed at the next start and written again) replaces its own
//! record, found by its length and CRC-32 ([`PgnRecord`], which the resume file keeps
//! across starts). Where that record is no longer in the file (edited, another file), the
//! game is appended.
//!
//! Each write is made under a lock on the file ([`crate::files::append`],
//! [`crate::files::rewrite_end`]), so two consoles sharing one file both keep their games;
//! on failure the file is as it was and the game is kept here, to be written with the next
//! one or reported at the exit with its text, so no game is lost.

use std::path::{Path, PathBuf};

use crate::files::{self, FileError};
use crate::machine::crc32;

/// How far from the end of the file a game's earlier record is looked for: the games
/// written since it (by other consoles on the same file) are few.
const SEARCH_WINDOW: u64 = 1 << 20;

/// What names a game's record in the file: its length in bytes and its CRC-32.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnRecord {
    /// Bytes of the record, its last newline included.
    pub len: u64,
    /// CRC-32 of those bytes.
    pub crc: u32,
}

impl PgnRecord {
    /// The record `pgn` makes.
    pub fn of(pgn: &str) -> PgnRecord {
        PgnRecord {
            len: pgn.len() as u64,
            crc: crc32(pgn.as_bytes()),
        }
    }

    /// As the resume file keeps it: `LEN CRC` (decimal, hexadecimal).
    pub fn to_text(self) -> String {
        format!("{} {:08x}", self.len, self.crc)
    }

    /// Reads [`to_text`](Self::to_text)'s form.
    pub fn parse(text: &str) -> Option<PgnRecord> {
        let (len, crc) = text.trim().split_once(' ')?;
        Some(PgnRecord {
            len: len.parse().ok()?,
            crc: u32::from_str_radix(crc, 16).ok()?,
        })
    }

    /// Where this record starts in `bytes` (the last one there, at the start of a line and
    /// followed by the end or a newline).
    fn find_in(self, bytes: &[u8]) -> Option<usize> {
        let len = usize::try_from(self.len).ok()?;
        let fits = |&at: &usize| {
            (at == 0 || bytes[at - 1] == b'\n')
                && bytes
                    .get(at..at + len)
                    .is_some_and(|r| crc32(r) == self.crc)
                && bytes.get(at + len).is_none_or(|&b| b == b'\n')
        };
        (0..bytes.len().saturating_sub(len) + 1)
            .rev()
            .filter(|&at| bytes.get(at) == Some(&b'['))
            .find(fits)
    }
}

/// A game not written yet: its text and the record it replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Waiting {
    pgn: String,
    replaces: Option<PgnRecord>,
}

/// The session's PGN file and the games not yet in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnDatabase {
    path: PathBuf,
    /// Games whose write failed, oldest first.
    unwritten: Vec<Waiting>,
    /// The record of the game in play (in the file, or waiting), if it has one.
    current: Option<PgnRecord>,
}

impl PgnDatabase {
    /// The database at `path` (nothing is written yet).
    pub fn new(path: PathBuf) -> PgnDatabase {
        PgnDatabase {
            path,
            unwritten: Vec::new(),
            current: None,
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A game begins (a new one: `None`; a resumed or loaded one: the record it was
    /// written as, if it was): the next write of a game replaces that record.
    pub fn begin_game(&mut self, record: Option<PgnRecord>) {
        self.current = record;
    }

    /// The record of the game in play, if it was written (or waits to be).
    pub fn record(&self) -> Option<PgnRecord> {
        self.current
    }

    /// Writes the game in play as `pgn`: it replaces the game's earlier record, or is
    /// appended, after any game still waiting. The same text again writes nothing. On
    /// failure they all wait.
    pub fn write(&mut self, pgn: String) -> Result<(), FileError> {
        let record = PgnRecord::of(&pgn);
        if self.current != Some(record) {
            match self.unwritten.last_mut() {
                // This game's last text still waits: the new text takes its place.
                Some(w)
                    if self.current.is_some() && Some(PgnRecord::of(&w.pgn)) == self.current =>
                {
                    w.pgn = pgn;
                }
                _ => self.unwritten.push(Waiting {
                    pgn,
                    replaces: self.current,
                }),
            }
            self.current = Some(record);
        }
        self.retry()
    }

    /// Writes the games still waiting, if any.
    pub fn retry(&mut self) -> Result<(), FileError> {
        while let Some(first) = self.unwritten.first() {
            write_one(&self.path, first)?;
            self.unwritten.remove(0);
        }
        Ok(())
    }

    /// The games not written (their PGN text), oldest first.
    pub fn unwritten(&self) -> Vec<&str> {
        self.unwritten.iter().map(|w| w.pgn.as_str()).collect()
    }
}

/// Writes `game` over the record it replaces, if that is in the file, else after the file's
/// games.
fn write_one(path: &Path, game: &Waiting) -> Result<(), FileError> {
    let Some(old) = game.replaces else {
        return files::append(path, |before| separated(before, &game.pgn).into_bytes());
    };
    files::rewrite_end(path, SEARCH_WINDOW, |start, last| match old.find_in(last) {
        Some(at) => {
            let after = &last[at + old.len as usize..];
            let mut bytes = game.pgn.clone().into_bytes();
            bytes.extend_from_slice(after);
            (start + at as u64, bytes)
        }
        None => {
            let end = start + last.len() as u64;
            (end, separated(end, &game.pgn).into_bytes())
        }
    })
}

/// `pgn` with the blank line PGN puts between games before it if the file already holds a
/// game (`before` bytes, measured under the write's lock).
fn separated(before: u64, pgn: &str) -> String {
    if before > 0 {
        format!("\n{pgn}")
    } else {
        pgn.to_string()
    }
}

#[cfg(test)]
mod tests;
