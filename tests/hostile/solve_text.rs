//! Issue 26 point 16: `solve --verbose` says, for each position not solved, the move
//! played and the move the suite expected.

#[test]
fn solve_verbose_shows_the_expected_move() {
    let d = tempfile::tempdir().unwrap();
    let suite = d.path().join("s.epd");
    // The reference mates at once; the suite asks for the king move and forbids the mate.
    std::fs::write(
        &suite,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kg2; am Ra8; id \"t1\";\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["solve", "--engine", "ref", "--verbose", "--suite"])
        .arg(&suite)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("t1: played a1a8; expected g1g2 (bm); not a1a8 (am)"),
        "{stdout}"
    );
    assert!(stdout.contains("solved 0/1"), "{stdout}");
}
