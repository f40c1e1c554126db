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

/// Rewrites the end of the regular file at `path` (created if missing), under the lock
/// [`append`] takes: `edit` gets the file's last bytes (at most `window` of them) with the
/// offset they start at, and gives the offset from which the file is replaced (not before
/// the bytes it got) and the bytes that go there; the file's length appends. So a PGN
/// database can replace a game it wrote earlier with the same game gone on, without
/// copying the whole file (which would lose a game another process appended meanwhile). On
/// any failure the old end is written back and the error names the file and says why.
pub fn rewrite_end(
    path: &Path,
    window: u64,
    edit: impl FnOnce(u64, &[u8]) -> (u64, Vec<u8>),
) -> Result<(), FileError> {
    #[cfg(target_arch = "wasm32")]
    return {
        super::browser::rewrite_end(path, window, edit);
        Ok(())
    };
    #[cfg(not(target_arch = "wasm32"))]
    edit_on_disk(path, |file| {
        let len = file.seek(SeekFrom::End(0))?;
        let start = len.saturating_sub(window);
        let mut last = Vec::new();
        file.seek(SeekFrom::Start(start))?;
        io::Read::read_to_end(&mut io::Read::take(file, window), &mut last)?;
        let (from, bytes) = edit(start, &last);
        let from = from.clamp(start, len);
        let old_end = last[(from - start) as usize..].to_vec();
        Ok((from, bytes, old_end))
    })
}

/// [`append`] on the file system.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn append_to_disk(path: &Path, make: impl FnOnce(u64) -> Vec<u8>) -> Result<(), FileError> {
    edit_on_disk(path, |file| {
        let before = file.seek(SeekFrom::End(0))?;
        Ok((before, make(before), Vec::new()))
    })
}

/// Opens the regular file at `path` (created if missing) and locks it; `plan` gives the
/// offset from which the file is replaced, the new bytes and the old bytes from there (to be
/// written back on failure). The file is cut at the offset and the new bytes appended.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn edit_on_disk(
    path: &Path,
    plan: impl FnOnce(&mut File) -> io::Result<(u64, Vec<u8>, Vec<u8>)>,
) -> Result<(), FileError> {
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
    let (from, bytes, old_end) = plan(&mut file).map_err(|e| failed("reading", e))?;
    // The file is opened to append: every write goes to its end, here `from`.
    let written = file
        .set_len(from)
        .and_then(|()| file.write_all(&bytes))
        .map_err(|e| failed("writing", e))
        .and_then(|()| {
            file.sync_data()
                .map_err(|e| failed("flushing to the disk", e))
        });
    if written.is_err() {
        // Best effort: the old games stay whole, without half a new one after them.
        let _ = file
            .set_len(from)
            .and_then(|()| file.write_all(&old_end))
            .and_then(|()| file.sync_data());
    }
    written
}

/// Opens `path` to read and append, created with the usual permissions if missing, without waiting
/// for a reader (a FIFO would block the open).
fn open_for_append(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}
