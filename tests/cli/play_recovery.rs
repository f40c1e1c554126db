//! `c7010 play --tui` as a script with a module that keeps failing (its ANALYS patched to
//! `JR $`): the console resets it, says so, and the script still runs to its end and quits
//! (it used to hang for ever, ignoring `quit` and the end of input). Turbo makes the two
//! failures' 40 emulated seconds a few host seconds.

use std::io::Write;
use std::process::{Command, Stdio};

use c7010::guest::GuestImage;

#[test]
fn a_scripted_terminal_session_goes_on_after_the_module_fails() {
    let dir = std::env::temp_dir().join(format!("c7010-play-recovery-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rom = dir.join("runaway.bin");
    let mut image = GuestImage::builtin();
    let at = image.symbol("ANALYS").unwrap() as usize;
    image.rom[at..at + 2].copy_from_slice(&[0x18, 0xFE]); // JR $
    std::fs::write(&rom, &image.rom).unwrap();
    let fen = "rnbqkbnr/1pppppp1/p6p/8/8/P6P/1PPPPPP1/RNBQKBNR w KQkq - 0 3";
    let mut child = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args([
            "play", "--tui", "--colour", "white", "--level", "2", "--fen", fen,
        ])
        .arg("--rom")
        .arg(&rom)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"turbo\ne2e4\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("MODULE FAILED AND WAS RESET"), "{stdout}");
    assert!(stdout.contains("MODULE FAILED. M: TRY AGAIN"), "{stdout}");
}
