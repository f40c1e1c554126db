//! `c7010 play --tui` as a script with a module that keeps failing (its ANALYS patched to
//! `JR $`): the console resets it, says so, the reference twin plays the move the module
//! failed twice on, and the script runs to its end and quits. Turbo makes the two failures'
//! 40 emulated seconds a few host seconds.

use c7010::guest::GuestImage;

use crate::common::process::run_with_input;

#[test]
fn a_scripted_terminal_session_goes_on_after_the_module_fails() {
    let dir = tempfile::tempdir().unwrap();
    let rom = dir.path().join("runaway.bin");
    let mut image = GuestImage::builtin();
    let at = image.symbol("ANALYS").unwrap() as usize;
    image.rom[at..at + 2].copy_from_slice(&[0x18, 0xFE]); // JR $
    std::fs::write(&rom, &image.rom).unwrap();
    let fen = "rnbqkbnr/1pppppp1/p6p/8/8/P6P/1PPPPPP1/RNBQKBNR w KQkq - 0 3";
    let mut cmd = crate::common::state_home::c7010_command();
    cmd.args([
        "play", "--tui", "--colour", "white", "--level", "2", "--fen", fen,
    ])
    .arg("--rom")
    .arg(&rom);
    let out = run_with_input(cmd, "turbo\ne2e4\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("MODULE FAILED AND WAS RESET"), "{stdout}");
    assert!(stdout.contains("MODULE FAILED. TWIN PLAYED"), "{stdout}");
    assert!(
        stdout.contains("MOVES  3. E2-E4 "),
        "the twin's reply is played: {stdout}"
    );
}
