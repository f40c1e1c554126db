//! Running `c7010` as a child with its input, its output drained, and a guard against a hang
//! (the shared helper, `tests/common/process.rs`), its output read as text.

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output};

pub use crate::common::process::start;

/// What a finished child printed (as text) and how it ended.
pub struct Ended {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Ended {
    fn from(out: Output) -> Ended {
        Ended {
            status: out.status,
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// `c7010 play --tui` with the reference engine, White, level 2, state in `state_home`,
/// run in `dir`, with `args` after those.
pub fn play(state_home: &Path, dir: &Path, args: &[&std::ffi::OsStr]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.env("XDG_STATE_HOME", state_home)
        .current_dir(dir)
        .args([
            "play", "--tui", "--resume", "--engine", "ref", "--colour", "white", "--level", "2",
        ]);
    cmd.args(args);
    cmd
}

/// Waits for `child` (killed if it hangs) and returns what it printed.
pub fn finish(child: Child) -> Ended {
    crate::common::process::finish(child).into()
}

/// Runs `cmd` with `input` to its end.
pub fn run(cmd: Command, input: &str) -> Ended {
    crate::common::process::run_with_input(cmd, input).into()
}

/// `c7010 ARGS` run in `dir`.
#[cfg_attr(not(unix), allow(dead_code))]
pub fn c7010(dir: &Path, args: &[&str]) -> Ended {
    let mut cmd = crate::common::state_home::c7010_command();
    cmd.current_dir(dir).args(args);
    run(cmd, "")
}

/// Makes a FIFO at `path` (the node a write must not replace; never a system one).
#[cfg(unix)]
pub fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// True while `path` is still a FIFO.
#[cfg(unix)]
pub fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}
