//! Drawing one line from the registers: background, grid, characters and quads, sprites.
//!
//! Draw order is the chip's priority: later layers cover earlier ones; within a layer,
//! objects are drawn in register order (char 0 ... char 11, quad 0 ... quad 3, sprite 0 ...
//! sprite 3), so the later object wins where two overlap. While drawing, every pixel
//! remembers which object classes touched it; that feeds the collision register.

use super::charset::{CHAR_ROWS_HEIGHT, rom_row};
use super::chip::Vdc;
use super::frame::{Frame, WIDTH};
use super::geometry::{
    CELL_H, CHAR_W_PX, GRID_COLUMNS, GRID_ROWS, H_BAR_LINES, PIXELS_PER_UNIT, QUAD_SPACING_UNITS,
    SPRITE_DOTS, SPRITE_LINES_PER_ROW, V_BAR_UNITS, grid_x_px, grid_y, sprite_height,
};
use super::palette::{ColourIndex, bright, dark};
use super::registers::{
    CHAR_COLOUR_SHIFT, CHAR_COUNT, CHAR_POINTER_HIGH, COLOURS, COLOURS_BACKGROUND_SHIFT,
    COLOURS_GRID_BRIGHT, COLOURS_GRID_MASK, CONTROL, CONTROL_DOTS, CONTROL_FILL,
    CONTROL_FOREGROUND, CONTROL_GRID, GRID_H, GRID_H_BOTTOM, GRID_V, QUAD_COUNT,
    SPRITE_COLOUR_SHIFT, SPRITE_COUNT, SPRITE_DOUBLE, char_base, class, quad_base, sprite_base,
    sprite_shape,
};

/// One line being drawn: its pixels and, per pixel, the object classes that drew there.
struct LinePainter<'a> {
    pixels: &'a mut [ColourIndex],
    classes: [u8; WIDTH],
}

impl LinePainter<'_> {
    /// Paints pixels `x0..x1` (clipped to the line) in `colour`, marking `class`.
    fn span(&mut self, x0: usize, x1: usize, colour: ColourIndex, class: u8) {
        let x1 = x1.min(WIDTH);
        if x0 >= x1 {
            return;
        }
        self.pixels[x0..x1].fill(colour);
        for c in &mut self.classes[x0..x1] {
            *c |= class;
        }
    }

    /// Paints the dots of one glyph row (bit 7 = leftmost) starting at pixel `x0`.
    fn glyph_row(&mut self, x0: usize, bits: u8, colour: ColourIndex) {
        if bits == 0 {
            return;
        }
        for col in 0..CHAR_W_PX {
            if bits & (0x80 >> col) != 0 {
                self.span(x0 + col, x0 + col + 1, colour, class::CHARACTERS);
            }
        }
    }
}

impl Vdc {
    /// Draws line `y` (below the frame height) of `frame`.
    pub(super) fn render_line(&mut self, frame: &mut Frame, y: usize) {
        let control = self.regs[CONTROL as usize];
        let colours = self.regs[COLOURS as usize];
        let background = dark(colours >> COLOURS_BACKGROUND_SHIFT);
        let mut painter = LinePainter {
            pixels: frame.line_mut(y),
            classes: [0; WIDTH],
        };
        painter.pixels.fill(background);
        if control & CONTROL_GRID != 0 {
            self.draw_grid(&mut painter, y, control, colours);
        }
        if control & CONTROL_FOREGROUND != 0 {
            self.draw_characters(&mut painter, y);
            self.draw_sprites(&mut painter, y);
        }
        let watched = self.collision_select;
        if watched != 0 {
            for &c in painter.classes.iter() {
                if c & watched != 0 {
                    self.collisions |= c & !watched;
                }
            }
        }
    }

    /// Grid bars, filled cells and dots crossing line `y`.
    fn draw_grid(&self, p: &mut LinePainter, y: usize, control: u8, colours: u8) {
        let grid_colour = if colours & COLOURS_GRID_BRIGHT != 0 {
            bright(colours & COLOURS_GRID_MASK)
        } else {
            dark(colours & COLOURS_GRID_MASK)
        };
        let bar_w = V_BAR_UNITS * PIXELS_PER_UNIT;
        // Vertical bars: one per cell edge and row; a bar reaches down over the next
        // horizontal bar so corners join. With fill on, a bar covers its whole cell instead.
        let fill = control & CONTROL_FILL != 0;
        for r in 0..GRID_ROWS {
            let top = grid_y(r);
            let bottom = if fill {
                top + CELL_H
            } else {
                top + CELL_H + H_BAR_LINES
            };
            if !(top..bottom).contains(&y) {
                continue;
            }
            for c in 0..=GRID_COLUMNS {
                if self.regs[(GRID_V + c as u8) as usize] & (1 << r) == 0 {
                    continue;
                }
                let x0 = grid_x_px(c);
                let x1 = if fill && c < GRID_COLUMNS {
                    grid_x_px(c + 1)
                } else {
                    x0 + bar_w
                };
                p.span(x0, x1, grid_colour, class::VERTICAL_GRID);
            }
        }
        // Horizontal bars: one per column and row edge (9 edges for 8 rows).
        for r in 0..=GRID_ROWS {
            let top = grid_y(r);
            if !(top..top + H_BAR_LINES).contains(&y) {
                continue;
            }
            for c in 0..GRID_COLUMNS {
                let set = if r < GRID_ROWS {
                    self.regs[(GRID_H + c as u8) as usize] & (1 << r) != 0
                } else {
                    self.regs[(GRID_H_BOTTOM + c as u8) as usize] & 1 != 0
                };
                if set {
                    p.span(
                        grid_x_px(c),
                        grid_x_px(c + 1) + bar_w,
                        grid_colour,
                        class::HORIZONTAL_GRID,
                    );
                }
            }
            if control & CONTROL_DOTS != 0 {
                for c in 0..=GRID_COLUMNS {
                    let x0 = grid_x_px(c);
                    p.span(x0, x0 + bar_w, grid_colour, class::HORIZONTAL_GRID);
                }
            }
        }
    }

    /// The 12 single characters, then the 4 quads (each 4 glyphs, 8 X units apart, placed
    /// by the Y and X of its first sub-character).
    fn draw_characters(&self, p: &mut LinePainter, y: usize) {
        for n in 0..CHAR_COUNT {
            let b = char_base(n) as usize;
            self.draw_glyph(
                p,
                y,
                self.regs[b],
                self.regs[b + 1],
                self.regs[b + 2],
                self.regs[b + 3],
                0,
            );
        }
        for q in 0..QUAD_COUNT {
            let first = quad_base(q, 0) as usize;
            let (top, x) = (self.regs[first], self.regs[first + 1]);
            if !glyph_covers(top, y) {
                continue;
            }
            for k in 0..4 {
                let b = quad_base(q, k) as usize;
                self.draw_glyph(
                    p,
                    y,
                    top,
                    x,
                    self.regs[b + 2],
                    self.regs[b + 3],
                    k * QUAD_SPACING_UNITS,
                );
            }
        }
    }

    /// One glyph at register position (`top`, `x` + `extra_units`), if it crosses line `y`.
    #[allow(clippy::too_many_arguments)]
    fn draw_glyph(
        &self,
        p: &mut LinePainter,
        y: usize,
        top: u8,
        x: u8,
        pointer: u8,
        attr: u8,
        extra_units: usize,
    ) {
        if !glyph_covers(top, y) {
            return;
        }
        // The pointer is a 9-bit ROM row address (bit 8 in the attribute): the row shown
        // is the one `row` rows further on.
        let row = (y - top as usize) / 2;
        let address = u16::from(pointer) | (u16::from(attr & CHAR_POINTER_HIGH) << 8);
        let bits = rom_row(address + row as u16);
        let colour = bright(attr >> CHAR_COLOUR_SHIFT);
        p.glyph_row((x as usize + extra_units) * PIXELS_PER_UNIT, bits, colour);
    }

    /// The 4 sprites, shapes from 0x80 (bit 0 = leftmost dot), optionally double size.
    fn draw_sprites(&self, p: &mut LinePainter, y: usize) {
        for n in 0..SPRITE_COUNT {
            let b = sprite_base(n) as usize;
            let (top, x, attr) = (
                self.regs[b] as usize,
                self.regs[b + 1] as usize,
                self.regs[b + 2],
            );
            let double = attr & SPRITE_DOUBLE != 0;
            if !(top..top + sprite_height(double)).contains(&y) {
                continue;
            }
            let scale = if double { 2 } else { 1 };
            let row = (y - top) / (SPRITE_LINES_PER_ROW * scale);
            let bits = self.regs[sprite_shape(n, row) as usize];
            let colour = bright(attr >> SPRITE_COLOUR_SHIFT);
            let x0 = x * PIXELS_PER_UNIT;
            for dot in 0..SPRITE_DOTS {
                if bits & (1 << dot) != 0 {
                    let px = x0 + dot * scale;
                    p.span(px, px + scale, colour, class::sprite(n));
                }
            }
        }
    }
}

/// Whether a glyph whose top line is `top` crosses line `y`.
fn glyph_covers(top: u8, y: usize) -> bool {
    (top as usize..top as usize + CHAR_ROWS_HEIGHT).contains(&y)
}
