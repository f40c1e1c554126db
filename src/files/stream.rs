//! A file written as it goes (the debugger's trace), which cannot be written atomically: it
//! still obeys the rule every write obeys, a target that exists and is not a regular file
//! is refused and left alone.

use std::fs::File;
use std::io;
use std::path::Path;

use super::{FileError, kind_of, refuse_if_not_regular, write_target};

/// Creates (or empties) the regular file at `path` for writing as it goes. A FIFO, a device
/// or a directory there is refused with the path, and never opened (a device could act on
/// the open); one swapped in between the check and the open is refused before any write.
pub fn create_stream(path: &Path) -> Result<File, FileError> {
    let target = write_target(path);
    refuse_if_not_regular(path, &target)?;
    let failed = |e: io::Error| FileError::Write {
        path: path.to_path_buf(),
        why: e.to_string(),
    };
    let mut options = std::fs::OpenOptions::new();
    // Not truncated on the open: only once the handle is known to be a regular file.
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(&target).map_err(failed)?;
    let opened = file.metadata().map_err(failed)?;
    if !opened.is_file() {
        return Err(FileError::Write {
            path: path.to_path_buf(),
            why: format!("it is {}, not a regular file", kind_of(&opened.file_type())),
        });
    }
    file.set_len(0).map_err(failed)?;
    Ok(file)
}
