//! Where things land on the 360 x 243 frame: X units, the grid, object sizes.
//!
//! The 8244 counts X in units of 2 pixels and Y in lines. Register X/Y values are used
//! as is (no hidden offsets), so X unit `x` starts at pixel `2 * x` and Y value `y` is line `y`.

/// Frame pixels per 8244 X unit.
pub const PIXELS_PER_UNIT: usize = 2;

/// Grid origin: left edge of column edge 0, in X units.
pub const GRID_X0_UNITS: usize = 13;
/// Grid origin: top line of row edge 0.
pub const GRID_Y0: usize = 24;
/// Grid cell width in X units.
pub const CELL_W_UNITS: usize = 16;
/// Grid cell height in lines.
pub const CELL_H: usize = 24;
/// Grid columns (cells across).
pub const GRID_COLUMNS: usize = 9;
/// Grid rows (cells down).
pub const GRID_ROWS: usize = 8;
/// Thickness of a horizontal bar (and of a dot), in lines.
pub const H_BAR_LINES: usize = 3;
/// Width of a vertical bar (and of a dot), in X units.
pub const V_BAR_UNITS: usize = 1;

/// Horizontal spacing of the four glyphs of a quad, in X units.
pub const QUAD_SPACING_UNITS: usize = 8;

/// Width of a character on screen, in pixels (8 dots of 1 pixel).
pub const CHAR_W_PX: usize = 8;
/// Height of a character on screen, in lines (7 rows of 2 lines).
pub const CHAR_H_LINES: usize = 14;

/// Sprite dots per row and rows.
pub const SPRITE_DOTS: usize = 8;
/// Lines per sprite row at normal size (like characters; double size doubles both ways).
pub const SPRITE_LINES_PER_ROW: usize = 2;

/// Pixel column of the left edge of grid column edge `c`.
pub const fn grid_x_px(c: usize) -> usize {
    (GRID_X0_UNITS + c * CELL_W_UNITS) * PIXELS_PER_UNIT
}

/// Line of the top edge of grid row edge `r`.
pub const fn grid_y(r: usize) -> usize {
    GRID_Y0 + r * CELL_H
}

/// Height in lines of a sprite at normal or double size.
pub const fn sprite_height(double: bool) -> usize {
    SPRITE_DOTS * SPRITE_LINES_PER_ROW * if double { 2 } else { 1 }
}
