//! What the guest's differential tests share: the committed ROM in a harness, the suites of
//! `tests/data/suites` as boards. Each test file that needs them says `mod common;`.

pub mod transcript;
use std::path::Path;

use c7010::guest::{GuestImage, Harness};
use c7010::reference::Board;
use c7010::reference::epd::parse_epd;

/// A harness on `roms/c7010.bin`, read at run time so a rebuilt ROM needs no rebuild of the
/// crate (tests/asm_roms.rs proves the file is what `asm/` assembles to). While working on
/// the guest, `GUEST_EVAL_ROM=/tmp/x.bin` (with x.sym beside it) tries another.
pub fn harness() -> Harness {
    let rom = std::env::var_os("GUEST_EVAL_ROM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/c7010.bin"));
    Harness::new(GuestImage::load(&rom).expect("the ROM loads")).expect("machine")
}

/// The first `limit` positions of a suite in `tests/data/suites`.
pub fn suite(name: &str, limit: usize) -> Vec<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/suites")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|l| parse_epd(l).unwrap().board)
        .collect()
}
