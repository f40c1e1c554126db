//! The files of the build for the web page (`wasm32`): a browser page has no file system,
//! so the files the console reads and writes by path (`W` and `O`'s saved game and module,
//! a PGN) are kept here in memory, under their paths, for as long as the page is open. The
//! page puts in what it keeps in the browser's storage ([`put`]) and takes out what it
//! wants to keep ([`get`]); reading keeps the size limit of each kind of file.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use super::{FileError, FileKind};

thread_local! {
    /// The page's files, by path.
    static FILES: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::new(HashMap::new());
}

/// Puts the file at `path` (replacing any).
pub fn put(path: &Path, bytes: Vec<u8>) {
    FILES.with(|f| f.borrow_mut().insert(path.to_path_buf(), bytes));
}

/// The file at `path`, if there is one.
pub fn get(path: &Path) -> Option<Vec<u8>> {
    FILES.with(|f| f.borrow().get(path).cloned())
}

/// [`super::read`] in memory: a missing file is `NotFound`, a large one refused.
pub(super) fn read(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    let bytes = get(path).ok_or_else(|| FileError::Read {
        what: kind.what,
        path: path.to_path_buf(),
        source: io::Error::from(io::ErrorKind::NotFound),
    })?;
    if bytes.len() as u64 > kind.limit {
        return Err(FileError::TooLarge {
            what: kind.what,
            path: path.to_path_buf(),
            limit: kind.limit,
        });
    }
    Ok(bytes)
}

/// [`super::append`] in memory: the bytes `make` gives for the file's length.
pub(super) fn append(path: &Path, make: impl FnOnce(u64) -> Vec<u8>) {
    FILES.with(|f| {
        let mut files = f.borrow_mut();
        let file = files.entry(path.to_path_buf()).or_default();
        let bytes = make(file.len() as u64);
        file.extend_from_slice(&bytes);
    });
}

/// [`super::rewrite_end`] in memory.
pub(super) fn rewrite_end(
    path: &Path,
    window: u64,
    edit: impl FnOnce(u64, &[u8]) -> (u64, Vec<u8>),
) {
    FILES.with(|f| {
        let mut files = f.borrow_mut();
        let file = files.entry(path.to_path_buf()).or_default();
        let len = file.len() as u64;
        let start = len.saturating_sub(window);
        let (from, bytes) = edit(start, &file[start as usize..]);
        file.truncate(from.clamp(start, len) as usize);
        file.extend_from_slice(&bytes);
    });
}
