//! The 16-colour palette of the G7000 and how the 8244's 3-bit colour fields select from it.
//!
//! Palette index bits are I,B,G,R (bit 0 = red, bit 3 = intensity). The RGB values are the
//! set MAME's Odyssey 2 / Videopac driver uses ("calibrated to real Videopac", its
//! `odyssey2_colors`), reordered to these index bits. Register colour fields are 3 bits
//! (1 = red, 2 = green, 4 = blue); characters and sprites always use the bright half (8-15),
//! the background the dark half (0-7), the grid either half (its own luminance bit).

/// A palette index 0-15 (I,B,G,R bits).
pub type ColourIndex = u8;

/// The calibrated RGB values, `0x00RRGGBB`, indexed by [`ColourIndex`].
pub const PALETTE_RGB: [u32; 16] = [
    0x000000, 0x790000, 0x006d07, 0x77670b, 0x1a37be, 0x94309f, 0x2aaabe, 0xcecece, 0x676767,
    0xc75151, 0x56c469, 0xc6b86a, 0x5c80f6, 0xdc84e8, 0x77e6eb, 0xffffff,
];

/// Names of the 3-bit colour field values, for documentation and test messages.
pub const FIELD_NAMES: [&str; 8] = [
    "black", "red", "green", "yellow", "blue", "violet", "cyan", "white",
];

/// Index of the bright (intensity) half for a 3-bit colour field: what characters, quads and
/// sprites use.
pub const fn bright(field: u8) -> ColourIndex {
    8 | (field & 7)
}

/// Index of the dark half for a 3-bit colour field: what the background uses.
pub const fn dark(field: u8) -> ColourIndex {
    field & 7
}

/// The RGB value (`0x00RRGGBB`) of a palette index; only the low 4 bits are used.
pub const fn rgb(index: ColourIndex) -> u32 {
    PALETTE_RGB[(index & 15) as usize]
}
