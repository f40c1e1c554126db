//! Issue 13 part 6 for the GUI front ends: `setoption name Rom value PATH` with a FIFO, a
//! device, a directory or a file over the ROM limit is refused at once with the path in the
//! message, and the session goes on (before, a FIFO blocked the session for good). Each
//! test runs well under a second; a guard kills a session that hangs after 60 s.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::process::run_with_input;

/// Runs `c7010 <protocol>` with `input` (a hang is killed: `run_with_input`).
fn session(protocol: &str, input: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.args([protocol, "--engine", "guest"]);
    run_with_input(cmd, input)
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

fn setoption_rom(path: &Path) -> String {
    let input = format!(
        "uci\nsetoption name Rom value {}\nisready\nposition startpos\ngo depth 1\nisready\nquit\n",
        path.display()
    );
    let out = session("uci", &input);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[cfg(unix)]
#[test]
fn a_fifo_as_rom_is_refused_at_once_and_the_session_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rom.fifo");
    mkfifo(&fifo);
    let out = setoption_rom(&fifo);
    let refusal = format!(
        "info string setoption ignored: cannot read ROM {}: it is a FIFO, not a regular file",
        fifo.display()
    );
    assert!(out.contains(&refusal), "{out}");
    assert_eq!(out.matches("readyok").count(), 2, "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

#[cfg(unix)]
#[test]
fn a_device_and_a_directory_as_rom_are_refused() {
    let out = setoption_rom(Path::new("/dev/zero"));
    assert!(
        out.contains("cannot read ROM /dev/zero: it is a device, not a regular file"),
        "{out}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = setoption_rom(dir.path());
    assert!(
        out.contains("it is a directory, not a regular file"),
        "{out}"
    );
}

#[test]
fn a_rom_over_the_limit_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.bin");
    // A sparse file of 4 GiB: read whole, it would take gigabytes of memory.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    let out = setoption_rom(&big);
    let refusal = format!(
        "cannot read ROM {}: larger than the limit of 65536 bytes",
        big.display()
    );
    assert!(out.contains(&refusal), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}
