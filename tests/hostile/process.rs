//! Running `c7010` as a child with its input, its output drained, and a guard against a hang.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What a finished child printed and how it ended.
pub struct Ended {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
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

/// Starts `cmd` with `input` on stdin (then closed).
pub fn start(mut cmd: Command, input: &str) -> Child {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    // A child that refuses its arguments may be gone before it reads its input.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child
}

/// Waits for `child` (killed after 60 s if it hangs) and returns what it printed.
pub fn finish(mut child: Child) -> Ended {
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let guard = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if guard.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Ended {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Runs `cmd` with `input` to its end.
pub fn run(cmd: Command, input: &str) -> Ended {
    finish(start(cmd, input))
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
