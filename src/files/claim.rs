//! Claiming a file for one process while it runs (the console's resume file: two consoles
//! that resumed one game would each write their own moves over the other's).
//!
//! The claim is an exclusive lock on a small file beside the claimed one (`NAME.lock`), not
//! on the file itself: the file is replaced by atomic renames, and a lock on the old inode
//! would no longer guard the new one. The lock file stays (removing it would race with a
//! process about to lock it); the system drops the lock when the process ends, however it
//! ends, so a crash never leaves a file claimed.

use std::collections::HashMap;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::{FileError, refuse_if_not_regular};

/// What [`claim`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The file is this process's until it ends.
    Ours,
    /// Another process holds it.
    Taken,
}

/// The lock files this process holds, by the file they guard: kept open until the end.
static HELD: Mutex<Option<HashMap<PathBuf, File>>> = Mutex::new(None);

/// The lock file beside `path`: `NAME.lock`.
pub fn lock_file_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Claims `path` for this process until it ends. Claiming it again is harmless. An error
/// (the lock file cannot be made or is not a regular file) names the lock file.
pub fn claim(path: &Path) -> Result<Claim, FileError> {
    // A web page has one console and no other process to share its files with.
    if cfg!(target_arch = "wasm32") {
        return Ok(Claim::Ours);
    }
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    let held = held.get_or_insert_with(HashMap::new);
    if held.contains_key(path) {
        return Ok(Claim::Ours);
    }
    let lock_path = lock_file_of(path);
    refuse_if_not_regular(&lock_path, &lock_path)?;
    let failed = |e: std::io::Error| FileError::Write {
        path: lock_path.clone(),
        why: e.to_string(),
    };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(failed)?;
    match file.try_lock() {
        Ok(()) => {
            held.insert(path.to_path_buf(), file);
            Ok(Claim::Ours)
        }
        Err(TryLockError::WouldBlock) => Ok(Claim::Taken),
        Err(TryLockError::Error(e)) => Err(failed(e)),
    }
}
