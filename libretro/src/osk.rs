//! The G7000's keyboard on the screen (SELECT shows it): its 46 keys in the console's own
//! 6 x 8 matrix, drawn by the core over the lower part of the picture with the 8244's
//! characters, a key chosen with the d-pad and pressed with A, or touched with RetroArch's
//! pointer. Only the core draws it: the console knows nothing of it.

use c7010::console::G7000Key;
use c7010::console::command::Step;
use c7010::console::keyboard::MATRIX;
use c7010::vdc::charset::{LINES_PER_ROW, glyph_or_question, glyph_rows};
use c7010::vdc::palette::rgb;
use c7010::vdc::{HEIGHT, WIDTH};

const ROWS: usize = 6;
const COLUMNS: usize = 8;
/// A key's cell in frame pixels.
const CELL_WIDTH: usize = 44;
const CELL_HEIGHT: usize = 18;
/// The keyboard's top left corner: centred, at the bottom of the picture.
const LEFT: usize = (WIDTH - COLUMNS * CELL_WIDTH) / 2;
const TOP: usize = HEIGHT - ROWS * CELL_HEIGHT - 2;
/// Pixels from one label character to the next (the glyphs' text columns are 1-5).
const CHAR_PITCH: usize = 6;

/// The on-screen keyboard: shown or not, and the key under its cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Osk {
    shown: bool,
    row: usize,
    column: usize,
}

impl Default for Osk {
    fn default() -> Self {
        // The cursor starts on ENTER, the key a player most often wants.
        Osk {
            shown: false,
            row: 5,
            column: 7,
        }
    }
}

impl Osk {
    /// True while it is on the screen.
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// Shows it, or hides it.
    pub fn toggle(&mut self) {
        self.shown = !self.shown;
    }

    /// Hides it.
    pub fn hide(&mut self) {
        self.shown = false;
    }

    /// The key under the cursor.
    pub fn key(&self) -> Option<G7000Key> {
        MATRIX[self.row][self.column]
    }

    /// Moves the cursor one key, over the matrix's empty places; it stops at the edge.
    pub fn step(&mut self, step: Step) {
        let (dr, dc): (isize, isize) = match step {
            Step::Up => (-1, 0),
            Step::Down => (1, 0),
            Step::Left => (0, -1),
            Step::Right => (0, 1),
        };
        let (mut r, mut c) = (self.row as isize, self.column as isize);
        loop {
            r += dr;
            c += dc;
            if !(0..ROWS as isize).contains(&r) || !(0..COLUMNS as isize).contains(&c) {
                return;
            }
            if MATRIX[r as usize][c as usize].is_some() {
                (self.row, self.column) = (r as usize, c as usize);
                return;
            }
        }
    }

    /// The key at a point of the picture (frame pixels), when the keyboard is shown there;
    /// the cursor moves to it.
    pub fn touch(&mut self, x: usize, y: usize) -> Option<Option<G7000Key>> {
        if !self.shown || x < LEFT || y < TOP {
            return None;
        }
        let (column, row) = ((x - LEFT) / CELL_WIDTH, (y - TOP) / CELL_HEIGHT);
        if column >= COLUMNS || row >= ROWS {
            return None;
        }
        let key = MATRIX[row][column];
        if key.is_some() {
            (self.row, self.column) = (row, column);
        }
        Some(key)
    }

    /// Draws the keyboard, when shown, over `pixels` (XRGB8888, `WIDTH` x `HEIGHT`).
    pub fn draw(&self, pixels: &mut [u32]) {
        if !self.shown {
            return;
        }
        let (panel, cap, chosen, text, chosen_text) = (rgb(0), rgb(8), rgb(15), rgb(15), rgb(0));
        fill(
            pixels,
            LEFT - 2,
            TOP - 2,
            COLUMNS * CELL_WIDTH + 4,
            ROWS * CELL_HEIGHT + 2,
            panel,
        );
        for (r, row) in MATRIX.iter().enumerate() {
            for (c, key) in row.iter().enumerate() {
                let Some(key) = key else { continue };
                let here = (r, c) == (self.row, self.column);
                let (x, y) = (LEFT + c * CELL_WIDTH, TOP + r * CELL_HEIGHT);
                fill(
                    pixels,
                    x + 1,
                    y + 1,
                    CELL_WIDTH - 2,
                    CELL_HEIGHT - 2,
                    if here { chosen } else { cap },
                );
                let label: Vec<char> = key.label().chars().collect();
                let width = label.len() * CHAR_PITCH;
                let left = x + (CELL_WIDTH - width) / 2;
                for (i, &ch) in label.iter().enumerate() {
                    glyph(
                        pixels,
                        left + i * CHAR_PITCH,
                        y + 2,
                        ch,
                        if here { chosen_text } else { text },
                    );
                }
            }
        }
    }
}

/// A rectangle of one colour.
fn fill(pixels: &mut [u32], x: usize, y: usize, width: usize, height: usize, colour: u32) {
    for line in y..(y + height).min(HEIGHT) {
        let start = line * WIDTH + x.min(WIDTH);
        let end = line * WIDTH + (x + width).min(WIDTH);
        pixels[start..end].fill(colour);
    }
}

/// One character in the 8244's set, its text columns (1-5) from `x`, each row 2 lines.
fn glyph(pixels: &mut [u32], x: usize, y: usize, ch: char, colour: u32) {
    for (row, bits) in glyph_rows(glyph_or_question(ch)).iter().enumerate() {
        for dot in 1..6 {
            if bits & (0x80 >> dot) == 0 {
                continue;
            }
            for line in 0..LINES_PER_ROW {
                let (px, py) = (x + dot - 1, y + row * LINES_PER_ROW + line);
                if px < WIDTH && py < HEIGHT {
                    pixels[py * WIDTH + px] = colour;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_walks_the_matrix_and_a_touch_finds_its_key() {
        let mut osk = Osk::default();
        assert_eq!(osk.key(), Some(G7000Key::Enter));
        osk.step(Step::Right);
        assert_eq!(osk.key(), Some(G7000Key::Enter), "it stops at the edge");
        (0..5).for_each(|_| osk.step(Step::Up));
        assert_eq!(osk.key(), Some(G7000Key::Digit(7)));
        assert_eq!(osk.touch(LEFT + 1, TOP + 1), None, "hidden: no key");
        osk.toggle();
        assert_eq!(osk.touch(LEFT + 1, TOP + 1), Some(Some(G7000Key::Digit(0))));
        assert_eq!(osk.touch(LEFT + 1, TOP - 3), None);
    }
}
