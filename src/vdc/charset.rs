//! Our own 64-glyph character set in the style of the 8244's built-in ROM.
//!
//! Drawn for this project (not a copy of the chip ROM): each glyph is 8 dots wide and 7 rows
//! high; on screen a dot is 1 pixel wide and each row 2 lines tall (8 x 14 pixels). Text
//! glyphs use columns 1-5 so that characters placed 4 X units (8 pixels) apart keep a gap.
//!
//! The ROM holds each glyph in 8 rows (the 8th blank), 512 bytes in all. A character
//! register's 9-bit pointer is a ROM row address: the character shows the 7 rows from there,
//! so glyph `n` is pointer `8 n`, and a cartridge may start a character at any row (the
//! console uses this to build piece shapes row by row, see `console::pieces`).
//!
//! Order (glyph number; `docs/vdc.md` has the table):
//! 0-9 digits, 10-35 `A`-`Z`, 36 space, 37 `:`, 38 `$`, 39 `?`, 40 `.`, 41 `-`, 42 `×`,
//! 43 `/`, 44 `=`, 45 `+`, 46 block, 47 `,`, 48 `!`, 49 `(`, 50 `)`, 51 `<`, 52 `>`, 53 `'`,
//! 54 `_`, 55 small block, 56 man, 57 ramp, 58 heart, 59-62 arrows up/down/right/left,
//! 63 ball. As on the G7000 there are no chess-piece glyphs.

/// Number of glyphs in the set.
pub const GLYPH_COUNT: usize = 64;
/// Dots per glyph row (bit 7 of a row byte is the leftmost dot).
pub const GLYPH_WIDTH: usize = 8;
/// Rows per glyph; each row is shown [`LINES_PER_ROW`] lines tall.
pub const GLYPH_ROWS: usize = 7;
/// Frame lines per glyph row.
pub const LINES_PER_ROW: usize = 2;

/// Glyph number of the space (draws nothing).
pub const SPACE: u8 = 36;
/// Glyph number of `?`, shown for characters the set lacks.
pub const QUESTION: u8 = 39;
/// Glyph number of the full block.
pub const BLOCK: u8 = 46;
/// Glyph number of the small centred block.
pub const SMALL_BLOCK: u8 = 55;
/// Glyph number of the right-pointing arrow.
pub const ARROW_RIGHT: u8 = 61;

/// Parses one glyph row: 8 characters give columns 0-7, 5 characters give columns 1-5
/// (the text cell); `#` is a dot, anything else is empty.
const fn row(s: &str) -> u8 {
    let b = s.as_bytes();
    let first_col = if b.len() == 8 { 0 } else { 1 };
    let mut bits = 0u8;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#' {
            bits |= 0x80 >> (first_col + i);
        }
        i += 1;
    }
    bits
}

/// Parses a whole glyph from its 7 row strings.
const fn glyph(rows: [&str; 7]) -> [u8; 7] {
    let mut out = [0u8; 7];
    let mut i = 0;
    while i < 7 {
        out[i] = row(rows[i]);
        i += 1;
    }
    out
}

/// The glyph bitmaps, indexed by glyph number; each entry is 7 rows, bit 7 = leftmost dot.
pub const GLYPHS: [[u8; 7]; GLYPH_COUNT] = [
    glyph([
        " ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### ",
    ]), // 0
    glyph([
        "  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### ",
    ]), // 1
    glyph([
        " ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####",
    ]), // 2
    glyph([
        "#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### ",
    ]), // 3
    glyph([
        "   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # ",
    ]), // 4
    glyph([
        "#####", "#    ", "#### ", "    #", "    #", "#   #", " ### ",
    ]), // 5
    glyph([
        "  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### ",
    ]), // 6
    glyph([
        "#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   ",
    ]), // 7
    glyph([
        " ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### ",
    ]), // 8
    glyph([
        " ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  ",
    ]), // 9
    glyph([
        " ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
    ]), // A
    glyph([
        "#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### ",
    ]), // B
    glyph([
        " ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### ",
    ]), // C
    glyph([
        "#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### ",
    ]), // D
    glyph([
        "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####",
    ]), // E
    glyph([
        "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    ",
    ]), // F
    glyph([
        " ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####",
    ]), // G
    glyph([
        "#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
    ]), // H
    glyph([
        " ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### ",
    ]), // I
    glyph([
        "  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  ",
    ]), // J
    glyph([
        "#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #",
    ]), // K
    glyph([
        "#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####",
    ]), // L
    glyph([
        "#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #",
    ]), // M
    glyph([
        "#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #",
    ]), // N
    glyph([
        " ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
    ]), // O
    glyph([
        "#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    ",
    ]), // P
    glyph([
        " ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #",
    ]), // Q
    glyph([
        "#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #",
    ]), // R
    glyph([
        " ####", "#    ", "#    ", " ### ", "    #", "    #", "#### ",
    ]), // S
    glyph([
        "#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ",
    ]), // T
    glyph([
        "#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
    ]), // U
    glyph([
        "#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  ",
    ]), // V
    glyph([
        "#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # ",
    ]), // W
    glyph([
        "#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #",
    ]), // X
    glyph([
        "#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  ",
    ]), // Y
    glyph([
        "#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####",
    ]), // Z
    glyph([
        "     ", "     ", "     ", "     ", "     ", "     ", "     ",
    ]), // space
    glyph([
        "     ", "  #  ", "  #  ", "     ", "  #  ", "  #  ", "     ",
    ]), // :
    glyph([
        "  #  ", " ####", "# #  ", " ### ", "  # #", "#### ", "  #  ",
    ]), // $
    glyph([
        " ### ", "#   #", "    #", "   # ", "  #  ", "     ", "  #  ",
    ]), // ?
    glyph([
        "     ", "     ", "     ", "     ", "     ", " ##  ", " ##  ",
    ]), // .
    glyph([
        "     ", "     ", "     ", " ### ", "     ", "     ", "     ",
    ]), // -
    glyph([
        "     ", "#   #", " # # ", "  #  ", " # # ", "#   #", "     ",
    ]), // ×
    glyph([
        "    #", "    #", "   # ", "  #  ", " #   ", "#    ", "#    ",
    ]), // /
    glyph([
        "     ", "     ", "#####", "     ", "#####", "     ", "     ",
    ]), // =
    glyph([
        "     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     ",
    ]), // +
    glyph([
        "########", "########", "########", "########", "########", "########", "########",
    ]), // block
    glyph([
        "     ", "     ", "     ", "     ", "     ", "  #  ", " #   ",
    ]), // ,
    glyph([
        "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "     ", "  #  ",
    ]), // !
    glyph([
        "   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # ",
    ]), // (
    glyph([
        " #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   ",
    ]), // )
    glyph([
        "   # ", "  #  ", " #   ", "#    ", " #   ", "  #  ", "   # ",
    ]), // <
    glyph([
        " #   ", "  #  ", "   # ", "    #", "   # ", "  #  ", " #   ",
    ]), // >
    glyph([
        "  #  ", "  #  ", " #   ", "     ", "     ", "     ", "     ",
    ]), // '
    glyph([
        "     ", "     ", "     ", "     ", "     ", "     ", "#####",
    ]), // _
    glyph([
        "........", "........", "..####..", "..####..", "..####..", "........", "........",
    ]), // small block
    glyph([
        "...##...", "...##...", "..####..", ".#.##.#.", "...##...", "..#..#..", "..#..#..",
    ]), // man
    glyph([
        "#.......", "##......", "###.....", "####....", "#####...", "######..", "#######.",
    ]), // ramp
    glyph([
        ".##..##.", "########", "########", ".######.", "..####..", "...##...", "........",
    ]), // heart
    glyph([
        "...##...", "..####..", ".######.", "...##...", "...##...", "...##...", "...##...",
    ]), // arrow up
    glyph([
        "...##...", "...##...", "...##...", "...##...", ".######.", "..####..", "...##...",
    ]), // arrow down
    glyph([
        "....#...", "....##..", "#######.", "########", "#######.", "....##..", "....#...",
    ]), // arrow right
    glyph([
        "...#....", "..##....", ".#######", "########", ".#######", "..##....", "...#....",
    ]), // arrow left
    glyph([
        "..####..", ".######.", "########", "########", "########", ".######.", "..####..",
    ]), // ball
];

/// The character each glyph stands for in text (shapes use a descriptive stand-in).
pub const GLYPH_CHARS: [char; GLYPH_COUNT] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I',
    'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', ' ', ':',
    '$', '?', '.', '-', '×', '/', '=', '+', '█', ',', '!', '(', ')', '<', '>', '\'', '_', '▪', '☺',
    '☻', '♥', '↑', '↓', '→', '←', '●',
];

/// The glyph number for a text character, if the set has one.
///
/// Letters are case-insensitive except `x`, which is the multiplication sign (`×`) as on the
/// G7000 keyboard, so a capture written `E4xD5` shows its "x"; `*` is also `×`, `#` the block.
pub fn glyph_for(c: char) -> Option<u8> {
    match c {
        'x' | '*' => Some(42),
        '#' => Some(BLOCK),
        _ => {
            let c = c.to_ascii_uppercase();
            GLYPH_CHARS.iter().position(|&g| g == c).map(|i| i as u8)
        }
    }
}

/// The glyph number for a text character, `?` for characters the set lacks.
pub fn glyph_or_question(c: char) -> u8 {
    glyph_for(c).unwrap_or(QUESTION)
}

/// The 7 row bytes of a glyph; glyph numbers wrap modulo 64.
pub fn glyph_rows(glyph: u8) -> &'static [u8; 7] {
    &GLYPHS[glyph as usize % GLYPH_COUNT]
}

/// Lines a glyph covers on screen (7 rows of 2 lines).
pub const CHAR_ROWS_HEIGHT: usize = GLYPH_ROWS * LINES_PER_ROW;

/// ROM rows per glyph (7 drawn rows and a blank one).
pub const ROM_ROWS_PER_GLYPH: usize = 8;
/// Size of the character ROM in bytes (rows): 64 glyphs x 8 rows, addressed by 9 bits.
pub const ROM_SIZE: usize = GLYPH_COUNT * ROM_ROWS_PER_GLYPH;

/// The character ROM: glyph `n` at rows `8 n .. 8 n + 6`, row `8 n + 7` blank.
pub const CHAR_ROM: [u8; ROM_SIZE] = {
    let mut rom = [0u8; ROM_SIZE];
    let mut g = 0;
    while g < GLYPH_COUNT {
        let mut r = 0;
        while r < GLYPH_ROWS {
            rom[g * ROM_ROWS_PER_GLYPH + r] = GLYPHS[g][r];
            r += 1;
        }
        g += 1;
    }
    rom
};

/// The ROM row address (character pointer) of glyph `glyph` (numbers wrap modulo 64).
pub const fn glyph_address(glyph: u8) -> u16 {
    (glyph as u16 % GLYPH_COUNT as u16) * ROM_ROWS_PER_GLYPH as u16
}

/// The ROM row at `address` (wrapping at 512, as the 9-bit pointer does).
pub const fn rom_row(address: u16) -> u8 {
    CHAR_ROM[address as usize % ROM_SIZE]
}

/// The first ROM address holding exactly the row `pattern`, if any.
pub fn find_row(pattern: u8) -> Option<u16> {
    CHAR_ROM
        .iter()
        .position(|&r| r == pattern)
        .map(|a| a as u16)
}
