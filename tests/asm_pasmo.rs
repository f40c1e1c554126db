//! Oracle: Debian's pasmo assembles the same sources to the same bytes as ours.
//!
//! `tests/data/asm/all_instructions.asm` holds every instruction and directive; `asm/main.asm`
//! is the guest ROM. Without pasmo installed the tests fail when `CI` is set (CI installs
//! it) and are skipped with a note otherwise.

use std::path::Path;
use std::process::Command;

use c7010::asm::assemble_file;

/// pasmo's `--bin` output for `source`, with `include_dir` searched for INCLUDE/INCBIN
/// (pasmo looks in the current directory, ours beside the including file).
fn pasmo(source: &Path, include_dir: &Path) -> Option<Vec<u8>> {
    let available = Command::new("pasmo").arg("--help").output().is_ok();
    if !available {
        assert!(
            std::env::var_os("CI").is_none(),
            "pasmo is not installed (CI must install it)"
        );
        println!("note: pasmo is not installed; skipping the comparison with it");
        return None;
    }
    let out = std::env::temp_dir().join(format!(
        "c7010-pasmo-{}-{}.bin",
        std::process::id(),
        source.file_stem().unwrap().to_string_lossy()
    ));
    let status = Command::new("pasmo")
        .arg("-I")
        .arg(include_dir)
        .arg("--bin")
        .arg(source)
        .arg(&out)
        .status()
        .expect("run pasmo");
    assert!(status.success(), "pasmo failed on {}", source.display());
    let bytes = std::fs::read(&out).expect("pasmo output");
    let _ = std::fs::remove_file(&out);
    Some(bytes)
}

fn compare(source: &str, include_dir: &str) {
    let Some(theirs) = pasmo(Path::new(source), Path::new(include_dir)) else {
        return;
    };
    let ours = assemble_file(Path::new(source))
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap();
    assert!(!ours.is_empty());
    if let Some(at) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        panic!(
            "{source}: first difference at offset {at:#06X}: ours {:02X?}, pasmo {:02X?}",
            &ours[at..ours.len().min(at + 8)],
            &theirs[at..theirs.len().min(at + 8)]
        );
    }
    assert_eq!(ours.len(), theirs.len(), "{source}: lengths differ");
    println!("{source}: {} bytes identical to pasmo", ours.len());
}

#[test]
fn all_instructions_match_pasmo() {
    compare("tests/data/asm/all_instructions.asm", "tests/data/asm");
}

#[test]
fn guest_rom_source_matches_pasmo() {
    compare("asm/main.asm", "asm");
}
