//! One video frame: 360 x 243 palette indices, as the PAL 8245 shows them.
//!
//! Besides the pixels it offers what tests and front ends need: RGB conversion, a stable
//! hash (FNV-1a over the indices) and a coarse text picture for snapshot review.

use super::palette::{ColourIndex, rgb};

/// Visible pixels per line (one X unit of the 8244 is two of these).
pub const WIDTH: usize = 360;
/// Visible lines per frame.
pub const HEIGHT: usize = 243;

/// Pixel block width of one character of [`Frame::coarse_text`].
pub const COARSE_W: usize = 4;
/// Pixel block height of one character of [`Frame::coarse_text`].
pub const COARSE_H: usize = 6;

/// A frame of palette indices, row-major, [`WIDTH`] x [`HEIGHT`].
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    pixels: Vec<ColourIndex>,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Frame({}x{}, hash {:016x})", WIDTH, HEIGHT, self.hash())
    }
}

impl Default for Frame {
    fn default() -> Self {
        Self::new()
    }
}

impl Frame {
    /// A black frame (all index 0).
    pub fn new() -> Self {
        Frame {
            pixels: vec![0; WIDTH * HEIGHT],
        }
    }

    /// The palette index at `(x, y)`, `None` outside the frame.
    pub fn get(&self, x: usize, y: usize) -> Option<ColourIndex> {
        (x < WIDTH && y < HEIGHT).then(|| self.pixels[y * WIDTH + x])
    }

    /// All pixels, row-major.
    pub fn pixels(&self) -> &[ColourIndex] {
        &self.pixels
    }

    /// One line of pixels (`y` must be below [`HEIGHT`]; the renderer only).
    pub(crate) fn line_mut(&mut self, y: usize) -> &mut [ColourIndex] {
        &mut self.pixels[y * WIDTH..(y + 1) * WIDTH]
    }

    /// The frame as `0x00RRGGBB` words, the layout minifb presents.
    pub fn to_rgb32(&self) -> Vec<u32> {
        self.pixels.iter().map(|&i| rgb(i)).collect()
    }

    /// FNV-1a (64-bit) over the palette indices: a fingerprint for snapshot tests.
    pub fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &p in &self.pixels {
            h ^= u64::from(p);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }

    /// The colour covering most pixels of the frame (ties: the lower index).
    pub fn most_common_colour(&self) -> ColourIndex {
        let mut counts = [0usize; 16];
        for &p in &self.pixels {
            counts[(p & 15) as usize] += 1;
        }
        (0..16u8)
            .max_by_key(|&i| (counts[i as usize], std::cmp::Reverse(i)))
            .unwrap_or(0)
    }

    /// A coarse text picture: one character per 4 x 6 pixel block (90 x 41 characters).
    ///
    /// Each block shows the hex digit of a palette index, `.` for the frame's most common
    /// colour (the background). Thin strokes must stay visible, so a block shows its most
    /// frequent colour other than the background when that colour covers at least 4 of the
    /// block's pixels; otherwise its most frequent colour.
    pub fn coarse_text(&self) -> String {
        let background = self.most_common_colour();
        let cols = WIDTH.div_ceil(COARSE_W);
        let rows = HEIGHT.div_ceil(COARSE_H);
        let mut out = String::with_capacity((cols + 1) * rows);
        for by in 0..rows {
            for bx in 0..cols {
                let mut counts = [0usize; 16];
                for y in by * COARSE_H..((by + 1) * COARSE_H).min(HEIGHT) {
                    for x in bx * COARSE_W..((bx + 1) * COARSE_W).min(WIDTH) {
                        counts[(self.pixels[y * WIDTH + x] & 15) as usize] += 1;
                    }
                }
                let best_other = (0..16u8)
                    .filter(|&i| i != background)
                    .max_by_key(|&i| (counts[i as usize], std::cmp::Reverse(i)))
                    .unwrap_or(0);
                let chosen = if counts[best_other as usize] >= 4 {
                    best_other
                } else {
                    (0..16u8)
                        .max_by_key(|&i| (counts[i as usize], std::cmp::Reverse(i)))
                        .unwrap_or(0)
                };
                out.push(if chosen == background {
                    '.'
                } else {
                    char::from_digit(u32::from(chosen), 16).unwrap_or('?')
                });
            }
            out.push('\n');
        }
        out
    }
}
