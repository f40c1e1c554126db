//! Symbols of the committed ROM, so that tests name guest addresses by label.

use c7010::guest::GuestImage;

/// The value of `name` in the committed ROM's symbol file (`roms/c7010.sym`).
pub fn symbol(name: &str) -> u16 {
    GuestImage::builtin()
        .symbol(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}
