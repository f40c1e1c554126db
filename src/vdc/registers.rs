//! The 8244 register map subset our model implements: addresses and bit meanings.
//!
//! Everything here is a plain constant or a small address helper so that the console (the
//! "cartridge") and the tests program the chip by name. `docs/vdc.md` has the full table.

/// Number of single characters.
pub const CHAR_COUNT: usize = 12;
/// Number of quad characters (4 glyphs each).
pub const QUAD_COUNT: usize = 4;
/// Number of sprites.
pub const SPRITE_COUNT: usize = 4;

/// Sprite control block: 4 sprites x 4 registers (Y, X, attribute, unused) from 0x00.
pub const SPRITE_CTRL: u8 = 0x00;
/// Single characters: 12 x 4 registers (Y, X, pointer, attribute) from 0x10.
pub const CHARS: u8 = 0x10;
/// Quad characters: 4 quads x 4 sub-characters x 4 registers from 0x40.
pub const QUADS: u8 = 0x40;
/// Sprite shapes: 4 sprites x 8 rows from 0x80; bit 0 of a row is its leftmost dot.
pub const SPRITE_SHAPES: u8 = 0x80;
/// Control register.
pub const CONTROL: u8 = 0xA0;
/// Status register (read only).
pub const STATUS: u8 = 0xA1;
/// Collision register: write selects the object classes to watch, read reports hits.
pub const COLLISION: u8 = 0xA2;
/// Colour register: grid and background colours.
pub const COLOURS: u8 = 0xA3;
/// Horizontal grid bars, 9 registers (one per column) from 0xC0: bit r = top edge of row r.
pub const GRID_H: u8 = 0xC0;
/// Horizontal grid bars of the bottom edge, 9 registers from 0xD0: bit 0 = bottom of row 7.
pub const GRID_H_BOTTOM: u8 = 0xD0;
/// Vertical grid bars, 10 registers (one per column edge) from 0xE0: bit r = edge in row r.
pub const GRID_V: u8 = 0xE0;

/// Control bit: draw the background grid.
pub const CONTROL_GRID: u8 = 0x08;
/// Control bit: draw the foreground (characters, quads, sprites).
pub const CONTROL_FOREGROUND: u8 = 0x20;
/// Control bit: draw a dot at every grid intersection.
pub const CONTROL_DOTS: u8 = 0x40;
/// Control bit: vertical bars fill their whole cell (solid blocks).
pub const CONTROL_FILL: u8 = 0x80;

/// Status bit: the beam is in vertical blank (the last line of the frame has been drawn).
pub const STATUS_VBLANK: u8 = 0x08;

/// Colour register field: grid colour (3 bits).
pub const COLOURS_GRID_MASK: u8 = 0x07;
/// Colour register field: background colour (3 bits, shifted by 3).
pub const COLOURS_BACKGROUND_SHIFT: u8 = 3;
/// Colour register bit: the grid uses the bright half of the palette.
pub const COLOURS_GRID_BRIGHT: u8 = 0x40;

/// Character attribute bit: bit 8 of the 9-bit ROM row pointer.
pub const CHAR_POINTER_HIGH: u8 = 0x01;

/// Sprite attribute bit: double size (dots twice as wide and twice as tall).
pub const SPRITE_DOUBLE: u8 = 0x04;
/// Sprite attribute colour field shift (3 bits).
pub const SPRITE_COLOUR_SHIFT: u8 = 3;
/// Character attribute colour field shift (3 bits).
pub const CHAR_COLOUR_SHIFT: u8 = 1;

/// Collision class bits (the value written to and read from [`COLLISION`]).
pub mod class {
    /// Sprite `n` (0-3) is bit `n`.
    pub const fn sprite(n: usize) -> u8 {
        1 << (n & 3)
    }
    /// Vertical grid bars (and filled cells).
    pub const VERTICAL_GRID: u8 = 0x10;
    /// Horizontal grid bars and grid dots.
    pub const HORIZONTAL_GRID: u8 = 0x20;
    /// Characters and quads.
    pub const CHARACTERS: u8 = 0x80;
}

/// First register (Y) of single character `n` (0-11).
pub const fn char_base(n: usize) -> u8 {
    CHARS + 4 * n as u8
}

/// First register (Y) of sub-character `k` (0-3) of quad `q` (0-3).
pub const fn quad_base(q: usize, k: usize) -> u8 {
    QUADS + 16 * q as u8 + 4 * k as u8
}

/// First register (Y) of sprite `n` (0-3).
pub const fn sprite_base(n: usize) -> u8 {
    SPRITE_CTRL + 4 * n as u8
}

/// Shape register of row `row` (0-7) of sprite `n` (0-3).
pub const fn sprite_shape(n: usize, row: usize) -> u8 {
    SPRITE_SHAPES + 8 * n as u8 + row as u8
}

/// A character attribute byte for a 3-bit colour field (bright half), pointer bit 8 clear.
pub const fn char_attribute(colour_field: u8) -> u8 {
    (colour_field & 7) << CHAR_COLOUR_SHIFT
}

/// The pointer register value and the attribute bit 0 for a 9-bit ROM row address.
pub const fn char_pointer(address: u16) -> (u8, u8) {
    (address as u8, ((address >> 8) & 1) as u8)
}

/// A sprite attribute byte for a 3-bit colour field and the double-size flag.
pub const fn sprite_attribute(colour_field: u8, double: bool) -> u8 {
    ((colour_field & 7) << SPRITE_COLOUR_SHIFT) | if double { SPRITE_DOUBLE } else { 0 }
}

/// A colour register value: grid colour field, grid brightness, background colour field.
pub const fn colours_value(grid_field: u8, grid_bright: bool, background_field: u8) -> u8 {
    (grid_field & 7)
        | if grid_bright { COLOURS_GRID_BRIGHT } else { 0 }
        | ((background_field & 7) << COLOURS_BACKGROUND_SHIFT)
}
