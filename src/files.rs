//! Reading and writing the program's files safely.
//!
//! Reading: only a regular file (never a FIFO, a device or a directory, which could block
//! for ever or never end), and never more than the stated limit of its [`FileKind`]; the
//! message names the file. The file is opened without blocking and checked on the open
//! handle, so a file swapped for a FIFO between a check and the open cannot block either.
//!
//! Writing: only over a regular file or where nothing is (a target that exists and is a
//! FIFO, a device, a socket or a directory, also behind a symbolic link, is refused with its
//! path and left alone: a rename over it would replace the node with a regular file).
//! Writing is atomic. The bytes go to a temporary file beside the target, are flushed to
//! the disk, and the temporary file is then renamed over the target; on any failure (a full
//! disk, a missing directory) the old file is untouched, the temporary file is removed, and
//! the error names the file and says why.
//!
//! Appending (a PGN database, [`append`]) is done in place under an exclusive lock on the
//! file, so two processes appending at once both keep their games; a failed append is cut
//! off again, leaving the old file as it was. A file may also be claimed for as long as a
//! process runs ([`claim`]: one console per resume file).

#[cfg(target_arch = "wasm32")]
pub mod browser;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// What a file is, for messages, and the most bytes it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileKind {
    /// What the file is, for messages ("ROM image").
    pub what: &'static str,
    /// The most bytes read.
    pub limit: u64,
}

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;

/// A guest ROM image: the Z80 sees at most 64 KiB.
pub const ROM_IMAGE: FileKind = FileKind {
    what: "ROM",
    limit: 64 * KIB,
};
/// An assembler's main source file.
pub const SOURCE: FileKind = FileKind {
    what: "source file",
    limit: 16 * MIB,
};
/// An assembler INCLUDE file.
pub const INCLUDE: FileKind = FileKind {
    what: "INCLUDE file",
    limit: SOURCE.limit,
};
/// An INCBIN file: at most the Z80's 64 KiB address space.
pub const INCBIN: FileKind = FileKind {
    what: "INCBIN file",
    limit: 64 * KIB,
};
/// The console's saved game (`c7010.state`): a FEN and the moves as text.
pub const SAVED_GAME: FileKind = FileKind {
    what: "saved game",
    limit: MIB,
};
/// A saved module machine (`c7010.machine`, a debugger `save`): about 10 KiB.
pub const MACHINE_SAVE: FileKind = FileKind {
    what: "machine save",
    limit: MIB,
};
/// A test suite or game collection (EPD, PGN).
pub const SUITE: FileKind = FileKind {
    what: "suite",
    limit: 64 * MIB,
};

/// Why a file could not be read or written. Every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Opening or reading failed.
    #[error("cannot read {what} {path}: {source}")]
    Read {
        /// What the file is.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Not a regular file (a FIFO, a device, a directory).
    #[error("cannot read {what} {path}: it is {kind}, not a regular file")]
    NotRegular {
        /// What the file should be.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// What it is ("a FIFO").
        kind: &'static str,
    },
    /// Larger than the kind allows.
    #[error("cannot read {what} {path}: larger than the limit of {limit} bytes")]
    TooLarge {
        /// What the file is.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// The file is not text.
    #[error("cannot read {what} {path}: not UTF-8 text")]
    NotText {
        /// What the file is.
        what: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// Writing failed; the old file, if any, is as it was.
    #[error("cannot write {path}: {why}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why, with the step that failed.
        why: String,
    },
}

impl FileError {
    /// Why, without the file's name, for messages that name the file themselves.
    pub fn reason(&self) -> String {
        match self {
            FileError::Read { source, .. } => source.to_string(),
            FileError::NotRegular { kind, .. } => format!("it is {kind}, not a regular file"),
            FileError::TooLarge { limit, .. } => format!("larger than the limit of {limit} bytes"),
            FileError::NotText { .. } => "not UTF-8 text".into(),
            FileError::Write { why, .. } => why.clone(),
        }
    }
}

/// What a file that is not regular is, for messages.
fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// Opens `path` for reading without waiting for a writer (a FIFO would block the open).
fn open_for_reading(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The bytes of the regular file at `path`, at most `kind.limit` of them (in the web
/// page's build, the page's file of that path: `browser`).
pub fn read(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    #[cfg(target_arch = "wasm32")]
    return browser::read(path, kind);
    #[cfg(not(target_arch = "wasm32"))]
    read_from_disk(path, kind)
}

/// [`read`] from the file system.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn read_from_disk(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    let failed = |source| FileError::Read {
        what: kind.what,
        path: path.to_path_buf(),
        source,
    };
    // A directory or device is refused before it is opened, the open handle checked again.
    let before = std::fs::metadata(path).map_err(failed)?;
    let file = if before.is_file() {
        open_for_reading(path).map_err(failed)?
    } else {
        return Err(FileError::NotRegular {
            what: kind.what,
            path: path.to_path_buf(),
            kind: kind_of(&before.file_type()),
        });
    };
    let opened = file.metadata().map_err(failed)?;
    if !opened.is_file() {
        return Err(FileError::NotRegular {
            what: kind.what,
            path: path.to_path_buf(),
            kind: kind_of(&opened.file_type()),
        });
    }
    let too_large = || FileError::TooLarge {
        what: kind.what,
        path: path.to_path_buf(),
        limit: kind.limit,
    };
    if opened.len() > kind.limit {
        return Err(too_large());
    }
    // The file may grow while it is read: read one byte more than the limit to see it.
    let mut bytes = Vec::with_capacity(opened.len() as usize);
    file.take(kind.limit + 1)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > kind.limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The text of the regular file at `path` (UTF-8), at most `kind.limit` bytes.
pub fn read_text(path: &Path, kind: FileKind) -> Result<String, FileError> {
    String::from_utf8(read(path, kind)?).map_err(|_| FileError::NotText {
        what: kind.what,
        path: path.to_path_buf(),
    })
}

/// The file a write goes to: a symbolic link's target (so the link stays a link).
fn write_target(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Refuses a `target` (the file `path` names, a link resolved) that exists and is not a
/// regular file: a write must never replace a FIFO, a device or a directory.
fn refuse_if_not_regular(path: &Path, target: &Path) -> Result<(), FileError> {
    match std::fs::metadata(target) {
        Ok(m) if !m.is_file() => Err(FileError::Write {
            path: path.to_path_buf(),
            why: format!("it is {}, not a regular file", kind_of(&m.file_type())),
        }),
        _ => Ok(()),
    }
}

/// The directory a file is in (`.` for a bare file name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Writes `bytes` to `path` atomically: the old file stays whole if anything fails.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    #[cfg(target_arch = "wasm32")]
    return Ok(browser::put(path, bytes.to_vec()));
    #[cfg(not(target_arch = "wasm32"))]
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// The atomic write with the contents written by `fill` (tests inject failures here).
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), FileError> {
    let target = write_target(path);
    refuse_if_not_regular(path, &target)?;
    let failed = |step: &str, e: io::Error| FileError::Write {
        path: path.to_path_buf(),
        why: format!("{step}: {e}"),
    };
    let dir = directory_of(&target);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| {
            let step = format!("cannot create a file in {}", dir.display());
            failed(&step, without_temporary_name(e))
        })?;
    // The temporary file dies with `temp` on any early return: the old file stays as it was.
    fill(temp.as_file_mut()).map_err(|e| failed("writing", e))?;
    temp.as_file_mut()
        .flush()
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| failed("flushing to the disk", e))?;
    keep_permissions(temp.as_file(), &target);
    // Checked again at the last moment: the node may have appeared while the bytes went out.
    refuse_if_not_regular(path, &target)?;
    temp.persist(&target)
        .map_err(|e| failed("renaming the new file into place", e.error))?;
    sync_directory(dir);
    Ok(())
}

/// Removes the regular file at `path` (a file the program wrote and no longer needs: the
/// resume file of a finished game). A missing file is fine; anything else there (a FIFO, a
/// device, a directory) is refused with its path and left alone, as a write would be. A
/// symbolic link is removed, never what it points to.
pub fn remove_regular(path: &Path) -> Result<(), FileError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Ok(m) if !m.is_file() && !m.file_type().is_symlink() => {
            return Err(FileError::Write {
                path: path.to_path_buf(),
                why: format!("it is {}, not a regular file", kind_of(&m.file_type())),
            });
        }
        _ => {}
    }
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(FileError::Write {
            path: path.to_path_buf(),
            why: format!("removing: {e}"),
        }),
        _ => Ok(()),
    }
}

/// Gives the new file the old file's permissions, or a new file's usual ones (rw-r--r--)
/// instead of the temporary file's private ones. Best effort: the contents matter more.
fn keep_permissions(file: &File, target: &Path) {
    let permissions = match std::fs::metadata(target) {
        Ok(m) => m.permissions(),
        #[cfg(unix)]
        Err(_) => std::os::unix::fs::PermissionsExt::from_mode(0o644),
        #[cfg(not(unix))]
        Err(_) => return,
    };
    let _ = file.set_permissions(permissions);
}

/// Makes the rename itself durable (best effort; not every system can sync a directory).
fn sync_directory(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Checks, before any game is played, that `path` can be written: its directory exists and
/// takes new files, and an existing `path` is a regular file.
pub fn check_writable(path: &Path) -> Result<(), FileError> {
    let target = write_target(path);
    let refuse = |why: String| FileError::Write {
        path: path.to_path_buf(),
        why,
    };
    refuse_if_not_regular(path, &target)?;
    let dir = directory_of(&target);
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(refuse(format!("{} is not a directory", dir.display()))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(refuse(format!(
                "the directory {} does not exist",
                dir.display()
            )));
        }
        Err(e) => return Err(refuse(format!("the directory {}: {e}", dir.display()))),
    }
    tempfile::Builder::new()
        .prefix(".c7010-check.")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| {
            let e = without_temporary_name(e);
            refuse(format!("cannot create a file in {}: {e}", dir.display()))
        })
}

/// The reason a temporary file could not be created, without the temporary file's random
/// name `tempfile` adds (`... at path "/dir/.x.pgn.6QY4QK.tmp"`): the user never named it.
fn without_temporary_name(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.find(" at path \"") {
        Some(at) => io::Error::new(e.kind(), text[..at].to_string()),
        None => e,
    }
}

mod append;
mod claim;
mod stream;

pub use append::{append, append_atomic, rewrite_end};
pub use claim::{Claim, claim, lock_file_of};
pub use stream::create_stream;

#[cfg(test)]
mod tests;
