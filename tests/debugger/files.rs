//! Issue 13 part 6 for the debugger: the `.sym`, `.map` and `.lst` files beside `--rom`
//! are read only if regular (a FIFO named `x.sym` blocked `c7010 debug --rom x.bin` for
//! good), and `load` refuses a device. Each test runs in well under a second; a guard kills
//! a child that hangs after 60 s.

use std::process::{Command, Output};

use crate::common::process::run_with_input;

fn debug(args: &[&str], script: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.arg("debug").args(args).args(["--script", "-"]);
    run_with_input(cmd, script)
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
