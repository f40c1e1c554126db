//! Appending to a file that other processes append to as well (a PGN database shared by two
//! consoles): in place, under an exclusive lock on the file, so no append is lost.
//!
//! Copying the file and renaming the copy into place (an atomic write) would lose the game
//! a second process appended in between: the last rename wins. An append in place under a
//! lock keeps both, in the order the lock was taken. Atomicity on failure comes from cutting
//! the file back to its old length when a write or the flush fails (a full disk).

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::Path;

use super::{FileError, kind_of, refuse_if_not_regular, write_target};

/// Appends `bytes` to `path` (a missing file is created). See [`append`].
pub fn append_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    append(path, |_| bytes.to_vec())
}

/// Appends the bytes `make` gives for the file's length at that moment (so a separator can
/// depend on whether the file is empty, decided under the lock), to the regular file at
/// `path`, created if missing. Waits while another process appends. On any failure the file
/// is cut back to its old length and the error names the file and says why.
pub fn append(path: &Path, make: impl FnOnce(u64) -> Vec<u8>) -> Result<(), FileError> {
    // The web page's files are in memory, and the page is the only writer.
    #[cfg(target_arch = "wasm32")]
    return {
        super::browser::append(path, make);
        Ok(())
    };
    #[cfg(not(target_arch = "wasm32"))]
    append_to_disk(path, make)
}

/// [`append`] on the file system.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn append_to_disk(path: &Path, make: impl FnOnce(u64) -> Vec<u8>) -> Result<(), FileError> {
    let target = write_target(path);
    let failed = |step: &str, e: io::Error| FileError::Write {
        path: path.to_path_buf(),
        why: format!("{step}: {e}"),
    };
    // A device is never opened (opening one can act); a FIFO swapped in later is seen below.
    refuse_if_not_regular(path, &target)?;
    let mut file = open_for_append(&target).map_err(|e| failed("opening", e))?;
    let opened = file.metadata().map_err(|e| failed("opening", e))?;
    if !opened.is_file() {
        return Err(FileError::Write {
            path: path.to_path_buf(),
            why: format!("it is {}, not a regular file", kind_of(&opened.file_type())),
        });
    }
    file.lock().map_err(|e| failed("locking", e))?;
    // The lock goes with the handle when `file` is dropped, on every return.
    let before = file
        .seek(SeekFrom::End(0))
        .map_err(|e| failed("opening", e))?;
    let bytes = make(before);
    let written = file
        .write_all(&bytes)
        .map_err(|e| failed("writing", e))
        .and_then(|()| {
            file.sync_data()
                .map_err(|e| failed("flushing to the disk", e))
        });
    if written.is_err() {
        // Best effort: the old games stay whole, without half a new one after them.
        let _ = file.set_len(before).and_then(|()| file.sync_data());
    }
    written
}

/// Opens `path` to append, created with the usual permissions if missing, without waiting
/// for a reader (a FIFO would block the open).
fn open_for_append(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}
