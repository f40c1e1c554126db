//! Issue 13 part 6 for the debugger: the `.sym`, `.map` and `.lst` files beside `--rom`
//! are read only if regular (a FIFO named `x.sym` blocked `c7010 debug --rom x.bin` for
//! good), and `load` refuses a device. Each test runs in well under a second; a guard kills
//! a child that hangs after 60 s.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn debug(args: &[&str], script: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .arg("debug")
        .args(args)
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    let _ = child.stdin.take().unwrap().write_all(script.as_bytes());
    let guard = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if guard.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn a_fifo_beside_the_rom_is_refused_not_waited_for() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let rom = dir.path().join("x.bin");
    std::fs::write(&rom, c7010::guest::image::BUILTIN_ROM).unwrap();
    let sym = dir.path().join("x.sym");
    let c = std::ffi::CString::new(sym.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let out = debug(&["--rom", rom.to_str().unwrap()], "quit\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("{}", sym.display())) && stderr.contains("a FIFO"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn load_of_a_device_is_an_error() {
    let out = debug(&[], "load /dev/zero\nquit\n");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("cannot read machine save /dev/zero: it is a device, not a regular file"),
        "{text}"
    );
}
