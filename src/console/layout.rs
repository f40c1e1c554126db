//! The console screen as a cartridge would program it: where the board, the pieces and the
//! text go, turned into a [`DisplayList`] for the VDC.
//!
//! Screen map (360 x 243, X in units of 2 pixels):
//! - lines 6-19: file letters above the board columns;
//! - lines 24-215: the board, columns 0-7 of the grid; light squares are filled cells
//!   (fill mode), dark squares the background; one glyph per piece in the centre of its
//!   square (the chess cartridge's approach: no chess glyphs exist, so the letters K Q R B N P
//!   in the side's colour), rank digits to the left; the last move's squares marked by sprites;
//! - right of the board (X units 144+, 9 characters): 12 text rows 16 lines apart with
//!   level, both clocks, the analysis (pass, score, positions, best line) and the last moves
//!   (5 with analysis shown, 8 without);
//! - lines 224-237: the status line with what the user is typing and a cursor sprite.
//!
//! A help page replaces everything with text rows: the keyboard map, or the game keys.
//! Every band is checked against the chip's limits by the display kernel.

use super::display_list::{DisplayList, SpriteObject, TEXT_PITCH_UNITS};
use super::help::{SETUP_KEYS, levels_and_analysis_lines, window_keys_lines};
use super::keyboard::{HostKeys, game_help_lines, help_lines};
use super::pieces::shape_of;
use super::screen::{Colour, ScreenState, format_clock, format_score};
use crate::vdc::geometry::{
    CELL_H, CELL_W_UNITS, GRID_X0_UNITS, GRID_Y0, PIXELS_PER_UNIT, grid_x_px, sprite_height,
};
use crate::vdc::registers::{
    COLOURS, CONTROL, CONTROL_FILL, CONTROL_FOREGROUND, CONTROL_GRID, GRID_V, colours_value,
};

/// Colour fields (3 bits: 1 red, 2 green, 4 blue) used by the console.
pub mod theme {
    use crate::vdc::palette::{ColourIndex, bright, dark};

    /// Background, and so the dark squares (dark half).
    pub const BACKGROUND: u8 = 4;
    /// Light squares (grid colour): dark green, lighter than the blue dark squares.
    ///
    /// Pieces are characters, which always take the bright half of the palette, so for
    /// both sides' pieces to stand out 3:1 from both squares (WCAG contrast, measured on
    /// the frame by a test) both squares must be dark: blue and dark green, with White's
    /// men white (6.6:1 and more) and Black's yellow (3.3:1 and more). Black's men cannot
    /// be dark: the darkest bright colour, grey, is 1.6:1 on blue.
    pub const LIGHT_SQUARES: u8 = 2;
    /// Whether the light squares use the bright half of the palette.
    pub const LIGHT_SQUARES_BRIGHT: bool = false;
    /// The palette index the light squares show.
    pub const LIGHT_SQUARES_INDEX: ColourIndex = if LIGHT_SQUARES_BRIGHT {
        bright(LIGHT_SQUARES)
    } else {
        dark(LIGHT_SQUARES)
    };
    /// White's pieces.
    pub const WHITE_PIECES: u8 = 7;
    /// Black's pieces.
    pub const BLACK_PIECES: u8 = 3;
    /// Coordinates (files and ranks).
    pub const COORDINATES: u8 = 6;
    /// Ordinary text.
    pub const TEXT: u8 = 7;
    /// The clock of the side to move and the input cursor.
    pub const HIGHLIGHT: u8 = 3;
    /// Analysis text.
    pub const ANALYSIS: u8 = 2;
    /// Last-move markers.
    pub const MARKER: u8 = 1;
    /// The brackets round the piece chosen (pointed at or typed) before its target.
    pub const CHOSEN: u8 = 6;
    /// The pad's cursor.
    pub const CURSOR: u8 = 5;
}

/// Top line of the file letters.
pub const FILES_Y: u8 = 6;
/// X unit of the rank digits.
pub const RANKS_X: u8 = 3;
/// X unit where the right-hand text panel starts.
pub const PANEL_X: u8 = 144;
/// Characters per panel row.
pub const PANEL_WIDTH: usize = 9;
/// Top line of the first panel row.
pub const PANEL_Y: u8 = 26;
/// Lines between panel rows.
pub const PANEL_ROW_LINES: u8 = 16;
/// Number of panel rows.
pub const PANEL_ROWS: usize = 12;
/// Top line of the status line.
pub const STATUS_Y: u8 = 224;
/// X unit where the status line starts.
pub const STATUS_X: u8 = 3;
/// Characters in the status line (12 characters and 4 quads show at most 28 on one line).
pub const STATUS_WIDTH: usize = 28;
/// Lines from a square's top edge to a glyph centred in it (14 of 24 lines).
const PIECE_DY: usize = 5;
/// Lines from a square's top edge to its piece bitmap (22 of 24 lines).
pub const PIECE_BITMAP_DY: usize = 1;
/// X units from a square's left edge to its piece glyph (centres columns 1-5 of the glyph).
const PIECE_DX: usize = 6;
/// Top line of the help page.
const HELP_Y: u8 = 8;
/// Lines between help page rows (15 rows fit).
const HELP_ROW_LINES: u8 = 15;

/// Marker sprite for the last move's squares: a small corner triangle (bit 0 = leftmost dot).
const MARKER_SHAPE: [u8; 8] = [0x0F, 0x07, 0x03, 0x01, 0, 0, 0, 0];
/// Cursor sprite: an underline bar at the bottom of a character cell.
const CURSOR_SHAPE: [u8; 8] = [0, 0, 0, 0, 0, 0, 0x3E, 0x3E];
/// The chosen piece's brackets: the top-left corner of a frame round the square, and the
/// bottom-right one (8 dots by 8 rows each, 2 dots thick).
const CHOSEN_TOP_LEFT: [u8; 8] = [0xFF, 0x03, 0x03, 0x03, 0, 0, 0, 0];
const CHOSEN_BOTTOM_RIGHT: [u8; 8] = [0, 0, 0, 0, 0xC0, 0xC0, 0xC0, 0xFF];
/// The pad's cursor: an arrow left of the piece, pointing at it.
const PAD_CURSOR_SHAPE: [u8; 8] = [0x01, 0x07, 0x1F, 0x7F, 0x7F, 0x1F, 0x07, 0x01];
/// The 8244's sprites: no line may cross more.
const SPRITES_A_LINE: usize = 4;

/// The grid column and row (0 = top) where square (`file`, `rank`) is shown.
pub fn square_cell(file: usize, rank: usize, flipped: bool) -> (usize, usize) {
    if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

/// The square (a1 = 0) shown at frame pixel (`x`, `y`), `None` off the board: the inverse
/// of where [`display_list`] draws the squares, turned with the board. Every front end
/// maps its pointer through this (the window's clicks, the page's taps, RetroArch's
/// pointer), after taking its own scale and offset off.
pub fn square_at(x: usize, y: usize, flipped: bool) -> Option<usize> {
    let col = x.checked_sub(grid_x_px(0))? / (CELL_W_UNITS * PIXELS_PER_UNIT);
    let row = y.checked_sub(GRID_Y0)? / CELL_H;
    if col >= 8 || row >= 8 {
        return None;
    }
    let (file, rank) = if flipped {
        (7 - col, row)
    } else {
        (col, 7 - row)
    };
    Some(rank * 8 + file)
}

/// X unit of the centre glyph of grid column `col`.
fn cell_glyph_x(col: usize) -> u8 {
    (GRID_X0_UNITS + col * CELL_W_UNITS + PIECE_DX) as u8
}

/// X unit of the piece bitmap in grid column `col` (an 8-pixel bitmap centred in 32 pixels).
fn cell_piece_x(col: usize) -> u8 {
    (GRID_X0_UNITS + col * CELL_W_UNITS + PIECE_DX) as u8
}

/// Top line of the piece bitmap in grid row `row` (22 lines centred in 24).
fn cell_piece_y(row: usize) -> u8 {
    (GRID_Y0 + row * CELL_H + PIECE_BITMAP_DY) as u8
}

/// Top line of the centre glyph of grid row `row`.
fn cell_glyph_y(row: usize) -> u8 {
    (GRID_Y0 + row * CELL_H + PIECE_DY) as u8
}

/// The first `width` characters of `s`.
fn fit(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

/// The lines of the right-hand panel, each with its colour field.
pub fn panel_rows(state: &ScreenState) -> Vec<(String, u8)> {
    let clock_colour = |side| {
        if state.side_to_move == side {
            theme::HIGHLIGHT
        } else {
            theme::TEXT
        }
    };
    let mut rows = vec![
        (level_row(state), theme::COORDINATES),
        (
            format!("W {:>7}", format_clock(state.white_clock)),
            clock_colour(Colour::White),
        ),
        (
            format!("B {:>7}", format_clock(state.black_clock)),
            clock_colour(Colour::Black),
        ),
    ];
    match &state.analysis {
        Some(a) => {
            rows.push((
                format!("P{} {:>6}", a.pass, format_score(a.score)),
                theme::ANALYSIS,
            ));
            rows.push((format!("N {:>7}", a.positions), theme::ANALYSIS));
            for m in a.best_line.iter().take(2) {
                rows.push((format!("  {m}"), theme::ANALYSIS));
            }
            while rows.len() < 7 {
                rows.push((String::new(), theme::TEXT));
            }
        }
        // Without analysis the move list takes the room, after one blank row.
        None => rows.push((String::new(), theme::TEXT)),
    }
    // The set-up editor has no moves yet: its keys take their place.
    if state.setup {
        rows.extend(SETUP_KEYS.map(|k| (k.to_string(), theme::TEXT)));
        rows.truncate(PANEL_ROWS);
    }
    let free = PANEL_ROWS - rows.len();
    let first = state.moves.len().saturating_sub(free);
    for (i, m) in state.moves.iter().enumerate().skip(first) {
        let ply = state.first_ply + i;
        let number = ply / 2 + 1;
        let colour = if ply.is_multiple_of(2) {
            theme::TEXT
        } else {
            theme::COORDINATES
        };
        rows.push((format!("{number:>2} {m}"), colour));
    }
    rows.into_iter()
        .map(|(s, c)| (fit(&s, PANEL_WIDTH), c))
        .collect()
}

/// The panel's first row: the level, and the speed when it is not the real module's
/// (`L2    8X`).
fn level_row(state: &ScreenState) -> String {
    match &state.speed {
        Some(mark) => format!("L{} {mark:>6}", state.level),
        None => format!("LEVEL {}", state.level),
    }
}

/// The status line: the status text, then what the user is typing.
pub fn status_line(state: &ScreenState) -> String {
    if state.input.is_empty() {
        state.status.clone()
    } else {
        format!("{} {}", state.status, state.input)
    }
}

/// Builds the display list for the whole screen.
pub fn display_list(state: &ScreenState) -> DisplayList {
    if state.help {
        return help_display_list(state.help_page, state.host_keys);
    }
    let mut list = DisplayList::new();
    board_grid(&mut list, state.flipped);
    coordinates(&mut list, state.flipped);
    pieces(&mut list, state);
    pointing_marks(&mut list, state);
    if let Some((from, to)) = state.last_move {
        last_move_marks(&mut list, [from, to], state.flipped);
    }
    for (i, (text, colour)) in panel_rows(state).iter().enumerate() {
        list.text(PANEL_X, PANEL_Y + i as u8 * PANEL_ROW_LINES, text, *colour);
    }
    let status = fit(&status_line(state), STATUS_WIDTH - 1);
    list.text(STATUS_X, STATUS_Y, &status, theme::TEXT);
    if !state.input.is_empty() {
        let x = STATUS_X as usize + status.chars().count() * TEXT_PITCH_UNITS as usize;
        list.sprite(SpriteObject {
            x: x.min(u8::MAX as usize) as u8,
            y: STATUS_Y,
            shape: CURSOR_SHAPE,
            colour: theme::HIGHLIGHT,
            double: false,
        });
    }
    list
}

/// The board's grid: the 8244's colours, and the light squares as filled grid columns (in
/// fill mode the vertical bar on a cell's left edge fills the cell).
fn board_grid(list: &mut DisplayList, flipped: bool) {
    list.setup
        .push((CONTROL, CONTROL_GRID | CONTROL_FILL | CONTROL_FOREGROUND));
    list.setup.push((
        COLOURS,
        colours_value(
            theme::LIGHT_SQUARES,
            theme::LIGHT_SQUARES_BRIGHT,
            theme::BACKGROUND,
        ),
    ));
    let mut columns = [0u8; 8];
    for rank in 0..8 {
        for file in 0..8 {
            if (file + rank) % 2 == 1 {
                let (col, row) = square_cell(file, rank, flipped);
                columns[col] |= 1 << row;
            }
        }
    }
    for (col, bits) in columns.iter().enumerate() {
        list.setup.push((GRID_V + col as u8, *bits));
    }
}

/// The file letters under the board and the rank digits left of it.
fn coordinates(list: &mut DisplayList, flipped: bool) {
    for i in 0..8 {
        let (col, row) = square_cell(i, i, flipped);
        let file_letter = (b'A' + i as u8) as char;
        let rank_digit = (b'1' + i as u8) as char;
        list.text(
            cell_glyph_x(col),
            FILES_Y,
            &file_letter.to_string(),
            theme::COORDINATES,
        );
        list.text(
            RANKS_X,
            cell_glyph_y(row),
            &rank_digit.to_string(),
            theme::COORDINATES,
        );
    }
}

/// The pieces, each a bitmap of the ROM's shapes in its side's colour.
fn pieces(list: &mut DisplayList, state: &ScreenState) {
    for rank in 0..8 {
        for file in 0..8 {
            let Some((colour, kind)) = state.piece_at(file, rank) else {
                continue;
            };
            let (col, row) = square_cell(file, rank, state.flipped);
            let field = match colour {
                Colour::White => theme::WHITE_PIECES,
                Colour::Black => theme::BLACK_PIECES,
            };
            // Every shape row is in the ROM (tested), so this cannot fail; fall back to
            // the letter rather than lose the piece should a shape ever change.
            let (x, y) = (cell_piece_x(col), cell_piece_y(row));
            if list.bitmap(x, y, shape_of(kind), field).is_err() {
                list.text(
                    cell_glyph_x(col),
                    cell_glyph_y(row),
                    &kind.letter().to_string(),
                    field,
                );
            }
        }
    }
}

/// A marker sprite in the corner of each of the last move's squares (a1 = 0), where the
/// line has a sprite left for it (the chosen piece and the pad's cursor come first).
fn last_move_marks(list: &mut DisplayList, squares: [usize; 2], flipped: bool) {
    for sq in squares {
        let marker = square_sprite(sq, flipped, (1, 1), MARKER_SHAPE, theme::MARKER);
        if sprites_crossing(list, &marker) < SPRITES_A_LINE {
            list.sprite(marker);
        }
    }
}

/// The chosen piece's brackets and the pad's cursor.
fn pointing_marks(list: &mut DisplayList, state: &ScreenState) {
    if let Some(sq) = state.chosen {
        let (right, bottom) = (CELL_W_UNITS - 5, CELL_H - 17);
        for (at, shape) in [
            ((1, 1), CHOSEN_TOP_LEFT),
            ((right, bottom), CHOSEN_BOTTOM_RIGHT),
        ] {
            list.sprite(square_sprite(sq, state.flipped, at, shape, theme::CHOSEN));
        }
    }
    if let Some(sq) = state.cursor {
        let at = (1, (CELL_H - 16) / 2);
        list.sprite(square_sprite(
            sq,
            state.flipped,
            at,
            PAD_CURSOR_SHAPE,
            theme::CURSOR,
        ));
    }
}

/// A sprite on square `sq` (a1 = 0), `at` X units and lines from the square's top left.
fn square_sprite(
    sq: usize,
    flipped: bool,
    at: (usize, usize),
    shape: [u8; 8],
    colour: u8,
) -> SpriteObject {
    let (col, row) = square_cell(sq % 8, sq / 8, flipped);
    SpriteObject {
        x: (GRID_X0_UNITS + col * CELL_W_UNITS + at.0) as u8,
        y: (GRID_Y0 + row * CELL_H + at.1) as u8,
        shape,
        colour,
        double: false,
    }
}

/// The most sprites of `list` that cross one line of `sprite`'s.
fn sprites_crossing(list: &DisplayList, sprite: &SpriteObject) -> usize {
    let lines = |s: &SpriteObject| s.y as usize..s.y as usize + sprite_height(s.double);
    lines(sprite)
        .map(|y| {
            list.sprites
                .iter()
                .filter(|s| lines(s).contains(&y))
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// A help page (0: the keyboard map, 1: the game keys, 2: the window's keys, 3: the levels
/// and the analysis):
/// text rows only, no grid.
fn help_display_list(page: u8, keys: HostKeys) -> DisplayList {
    let mut list = DisplayList::new();
    list.setup.push((CONTROL, CONTROL_FOREGROUND));
    list.setup
        .push((COLOURS, colours_value(0, false, theme::BACKGROUND)));
    let lines = match page {
        0 => help_lines(keys),
        1 => game_help_lines(keys),
        2 => window_keys_lines(),
        _ => levels_and_analysis_lines(),
    };
    for (i, line) in lines.iter().enumerate() {
        let colour = if i == 0 {
            theme::HIGHLIGHT
        } else {
            theme::TEXT
        };
        list.text(STATUS_X, HELP_Y + i as u8 * HELP_ROW_LINES, line, colour);
    }
    list
}
