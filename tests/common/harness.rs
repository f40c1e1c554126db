//! The committed ROM in a guest harness, for the tests that call guest routines directly.

use std::path::Path;

use c7010::guest::{GuestImage, Harness};

/// A harness on `roms/c7010.bin`, read at run time so a rebuilt ROM needs no rebuild of the
/// crate (tests/asm/roms.rs proves the file is what `asm/` assembles to). While working on
/// the guest, `GUEST_EVAL_ROM=/tmp/x.bin` (with x.sym beside it) tries another.
pub fn harness() -> Harness {
    let rom = std::env::var_os("GUEST_EVAL_ROM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/c7010.bin"));
    Harness::new(GuestImage::load(&rom).expect("the ROM loads")).expect("machine")
}
