//! The three text outputs (listing, symbol file, source map) of a small program, as
//! snapshots a person reads; and the `c7010 asm` command writing them.

use std::path::Path;
use std::process::Command;

use c7010::assembler::assemble_file;

const SOURCE: &str = "tests/data/asm/outputs.asm";

#[test]
fn listing_symbols_and_source_map() {
    let a = assemble_file(Path::new(SOURCE)).unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!("listing", a.listing());
    insta::assert_snapshot!("symbols", a.symbol_file());
    insta::assert_snapshot!("source_map", a.source_map_file());
}

#[test]
fn command_writes_every_output_and_a_summary() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let out = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["asm", SOURCE, "--size", "64"])
        .arg("-o")
        .arg(dir.join("o.bin"))
        .arg("--listing")
        .arg(dir.join("o.lst"))
        .arg("--symbols")
        .arg(dir.join("o.sym"))
        .arg("--map")
        .arg(dir.join("o.map"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("64 bytes from 0100, 5 symbols"), "{stderr}");
    let a = assemble_file(Path::new(SOURCE)).unwrap();
    assert_eq!(
        std::fs::read(dir.join("o.bin")).unwrap(),
        a.image(Some(64)).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("o.lst")).unwrap(),
        a.listing()
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("o.sym")).unwrap(),
        a.symbol_file()
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("o.map")).unwrap(),
        a.source_map_file()
    );
}

#[test]
fn command_fails_with_every_error_or_when_the_size_is_too_small() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let out = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["asm", "tests/data/asm/errors.asm", "-o"])
        .arg(dir.join("never.bin"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("tests/data/asm/errors.asm:3:9: error: unknown instruction"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tests/data/asm/errors.asm:48:9: error: IF without ENDIF"),
        "{stderr}"
    );
    assert!(!dir.join("never.bin").exists());

    let out = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["asm", SOURCE, "--size", "8"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("more than the size of 8 bytes"), "{stderr}");
}
