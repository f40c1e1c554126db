//! The cartridge's display kernel: a list of glyphs and sprites for the whole frame, turned
//! into bands of lines with the VDC register writes that show them.
//!
//! The VDC has 12 single characters, 4 quads (4 glyphs 8 X units apart) and 4 sprites. A
//! frame needs far more glyphs, so the kernel cuts the frame into bands at every line where
//! an object starts or ends; within a band the set of objects is constant, and it assigns
//! them to the chip's objects: glyphs that sit 8, 16 or 24 units apart on one line share a
//! quad when the 12 singles are not enough. Between bands only changed registers are written,
//! as a real cartridge racing the beam would. A band needing more objects than the chip has
//! is an error, never silently dropped.

use crate::vdc::charset::{
    CHAR_ROWS_HEIGHT, LINES_PER_ROW, SPACE, find_row, glyph_address, glyph_or_question,
};
use crate::vdc::geometry::{QUAD_SPACING_UNITS, sprite_height};
use crate::vdc::registers::{
    CHAR_COUNT, QUAD_COUNT, SPRITE_COUNT, char_attribute, char_base, char_pointer, quad_base,
    sprite_attribute, sprite_base, sprite_shape,
};
use crate::vdc::{Frame, HEIGHT, Vdc, VdcError};

/// Horizontal distance between characters of a text string, in X units (8 pixels).
pub const TEXT_PITCH_UNITS: u8 = 4;

/// Y register value that parks an unused object below the visible frame.
const PARKED_Y: u8 = 0xFF;

/// One character object somewhere on the frame: a glyph, or a slice of ROM rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlyphObject {
    /// X position in X units (2 pixels).
    pub x: u8,
    /// The Y register value: the line where ROM row `address` is shown.
    pub y: u8,
    /// The 9-bit ROM row address (character pointer).
    pub address: u16,
    /// 3-bit colour field (bright half).
    pub colour: u8,
    /// Lines `(first, end)` where the object is shown; `None` for all 14 lines of a glyph.
    /// The kernel programs the object only in bands inside this range.
    pub visible: Option<(usize, usize)>,
}

impl GlyphObject {
    /// Lines `first..end` this object is on screen.
    pub fn lines(&self) -> (usize, usize) {
        self.visible
            .unwrap_or((self.y as usize, self.y as usize + CHAR_ROWS_HEIGHT))
    }

    /// Whether the object is on screen at line `y`.
    fn covers(&self, y: usize) -> bool {
        let (first, end) = self.lines();
        (first..end).contains(&y)
    }
}

/// One sprite somewhere on the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpriteObject {
    /// X position in X units.
    pub x: u8,
    /// Top line.
    pub y: u8,
    /// 8 rows, bit 0 = leftmost dot.
    pub shape: [u8; 8],
    /// 3-bit colour field (bright half).
    pub colour: u8,
    /// Double size.
    pub double: bool,
}

/// A band of lines and the register writes to make before drawing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Band {
    /// First line.
    pub y0: usize,
    /// One past the last line.
    pub y1: usize,
    /// `(register, value)` writes, in order.
    pub writes: Vec<(u8, u8)>,
}

/// A frame that cannot be shown with the chip's objects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// More glyphs cross one line than 12 characters and 4 quads can show.
    #[error("{count} glyphs cross line {line}: more than 12 characters and 4 quads can show")]
    TooManyGlyphs {
        /// The first line of the band that overflowed.
        line: usize,
        /// Glyphs crossing it.
        count: usize,
    },
    /// A bitmap row pattern that no ROM row holds, so no character can show it.
    #[error("no ROM row holds the pattern {0:#04x}")]
    PatternNotInRom(u8),
    /// More than 4 sprites cross one line.
    #[error("{count} sprites cross line {line}: the VDC has 4")]
    TooManySprites {
        /// The first line of the band that overflowed.
        line: usize,
        /// Sprites crossing it.
        count: usize,
    },
    /// The VDC refused a band (a kernel bug, reported rather than hidden).
    #[error("the VDC refused a band: {0}")]
    Vdc(#[from] VdcError),
}

/// Everything to show in one frame: fixed registers (control, colours, grid), glyphs, sprites.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DisplayList {
    /// Registers written once before the first band (control, colours, grid bars).
    pub setup: Vec<(u8, u8)>,
    /// All glyphs of the frame.
    pub glyphs: Vec<GlyphObject>,
    /// All sprites of the frame.
    pub sprites: Vec<SpriteObject>,
}

/// One band's register writes: only the values that differ from what the VDC already holds
/// (`shadow`, carried from band to band).
struct Writes<'s> {
    shadow: &'s mut [Option<u8>; 256],
    list: Vec<(u8, u8)>,
}

impl Writes<'_> {
    fn set(&mut self, reg: u8, value: u8) {
        if self.shadow[reg as usize] != Some(value) {
            self.shadow[reg as usize] = Some(value);
            self.list.push((reg, value));
        }
    }

    /// The single characters: each one's position, pointer and colour; the unused parked.
    fn chars(&mut self, singles: &[&GlyphObject]) {
        for n in 0..CHAR_COUNT {
            let b = char_base(n);
            match singles.get(n) {
                Some(g) => {
                    let (pointer, high) = char_pointer(g.address);
                    self.set(b, g.y);
                    self.set(b + 1, g.x);
                    self.set(b + 2, pointer);
                    self.set(b + 3, char_attribute(g.colour) | high);
                }
                None => self.set(b, PARKED_Y),
            }
        }
    }

    /// The quads: four characters in a row each, an empty member drawn as a space.
    fn quads(&mut self, quads: &[(u8, u8, [Option<&GlyphObject>; 4])]) {
        for q in 0..QUAD_COUNT {
            match quads.get(q) {
                Some(&(x, y, members)) => {
                    for (k, member) in members.iter().enumerate() {
                        let b = quad_base(q, k);
                        let address = member.map_or(glyph_address(SPACE), |g| g.address);
                        let (pointer, high) = char_pointer(address);
                        self.set(b, y);
                        self.set(b + 1, x.wrapping_add((k * QUAD_SPACING_UNITS) as u8));
                        self.set(b + 2, pointer);
                        self.set(b + 3, char_attribute(member.map_or(0, |g| g.colour)) | high);
                    }
                }
                None => self.set(quad_base(q, 0), PARKED_Y),
            }
        }
    }

    /// The sprites: position, attribute and shape; the unused parked.
    fn sprites(&mut self, sprites: &[&SpriteObject]) {
        for n in 0..SPRITE_COUNT {
            let b = sprite_base(n);
            match sprites.get(n) {
                Some(s) => {
                    self.set(b, s.y);
                    self.set(b + 1, s.x);
                    self.set(b + 2, sprite_attribute(s.colour, s.double));
                    for (row, &bits) in s.shape.iter().enumerate() {
                        self.set(sprite_shape(n, row), bits);
                    }
                }
                None => self.set(b, PARKED_Y),
            }
        }
    }
}

/// How the objects crossing one band are assigned to the chip.
struct Assignment<'a> {
    singles: Vec<&'a GlyphObject>,
    /// Quads: position and the glyph (or none) in each of the 4 places.
    quads: Vec<(u8, u8, [Option<&'a GlyphObject>; 4])>,
}

impl DisplayList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one glyph of our character set.
    pub fn glyph(&mut self, x: u8, y: u8, glyph: u8, colour: u8) {
        self.glyphs.push(GlyphObject {
            x,
            y,
            address: glyph_address(glyph),
            colour,
            visible: None,
        });
    }

    /// Adds an 8-dot-wide bitmap with its top at line `y`, each row 2 lines tall, built from
    /// ROM rows: for each row a character starts at a ROM row holding that pattern and is
    /// shown for just those 2 lines. Empty rows take no object. Fails if a pattern is in no
    /// ROM row (nothing is added then).
    pub fn bitmap(&mut self, x: u8, y: u8, rows: &[u8], colour: u8) -> Result<(), LayoutError> {
        let mut objects = Vec::with_capacity(rows.len());
        for (r, &pattern) in rows.iter().enumerate() {
            if pattern == 0 {
                continue;
            }
            let address = find_row(pattern).ok_or(LayoutError::PatternNotInRom(pattern))?;
            let line = y as usize + r * LINES_PER_ROW;
            objects.push(GlyphObject {
                x,
                y: line.min(u8::MAX as usize) as u8,
                address,
                colour,
                visible: Some((line, line + LINES_PER_ROW)),
            });
        }
        self.glyphs.extend(objects);
        Ok(())
    }

    /// Adds a text string starting at X unit `x`, one character every
    /// [`TEXT_PITCH_UNITS`]; spaces take room but no object; characters our set lacks
    /// show as `?`. Characters that would start past the right edge are dropped.
    pub fn text(&mut self, x: u8, y: u8, text: &str, colour: u8) {
        for (i, c) in text.chars().enumerate() {
            let cx = x as usize + i * TEXT_PITCH_UNITS as usize;
            if cx > u8::MAX as usize {
                break;
            }
            let g = glyph_or_question(c);
            if g != SPACE {
                self.glyph(cx as u8, y, g, colour);
            }
        }
    }

    /// Adds a sprite.
    pub fn sprite(&mut self, sprite: SpriteObject) {
        self.sprites.push(sprite);
    }

    /// Cuts the frame into bands and computes the register writes for each.
    pub fn compile(&self) -> Result<Vec<Band>, LayoutError> {
        let cuts = self.cuts();
        let mut shadow: [Option<u8>; 256] = [None; 256];
        let mut bands = Vec::with_capacity(cuts.len());
        for w in cuts.windows(2) {
            let (y0, y1) = (w[0], w[1]);
            let glyphs: Vec<&GlyphObject> = self.glyphs.iter().filter(|g| g.covers(y0)).collect();
            let glyph_count = glyphs.len();
            let sprites: Vec<&SpriteObject> = self
                .sprites
                .iter()
                .filter(|s| (s.y as usize..s.y as usize + sprite_height(s.double)).contains(&y0))
                .collect();
            if sprites.len() > SPRITE_COUNT {
                return Err(LayoutError::TooManySprites {
                    line: y0,
                    count: sprites.len(),
                });
            }
            let assignment = assign(glyphs).ok_or(LayoutError::TooManyGlyphs {
                line: y0,
                count: glyph_count,
            })?;
            let mut writes = Writes {
                shadow: &mut shadow,
                list: Vec::new(),
            };
            writes.chars(&assignment.singles);
            writes.quads(&assignment.quads);
            writes.sprites(&sprites);
            bands.push(Band {
                y0,
                y1,
                writes: writes.list,
            });
        }
        Ok(bands)
    }

    /// The lines where some object starts or ends (and the frame's edges), in order: the
    /// band boundaries.
    fn cuts(&self) -> Vec<usize> {
        let mut cuts = vec![0, HEIGHT];
        for g in &self.glyphs {
            let (first, end) = g.lines();
            cuts.push(first);
            cuts.push(end);
        }
        for s in &self.sprites {
            cuts.push(s.y as usize);
            cuts.push(s.y as usize + sprite_height(s.double));
        }
        cuts.retain(|&y| y <= HEIGHT);
        cuts.sort_unstable();
        cuts.dedup();
        cuts
    }

    /// Programs a fresh VDC with the setup registers, then draws every band after its writes.
    pub fn render(&self) -> Result<Frame, LayoutError> {
        let bands = self.compile()?;
        let mut vdc = Vdc::new();
        let mut frame = Frame::new();
        self.render_into(&bands, &mut vdc, &mut frame)?;
        Ok(frame)
    }

    /// Draws already compiled `bands` with `vdc` into `frame` (for callers that reuse them).
    pub fn render_into(
        &self,
        bands: &[Band],
        vdc: &mut Vdc,
        frame: &mut Frame,
    ) -> Result<(), LayoutError> {
        for &(reg, value) in &self.setup {
            vdc.write(reg, value);
        }
        for band in bands {
            for &(reg, value) in &band.writes {
                vdc.write(reg, value);
            }
            vdc.render_lines(frame, band.y0, band.y1)?;
        }
        Ok(())
    }
}

/// Assigns the glyphs crossing a band to 12 singles and, when those are not enough, quads
/// (largest groups first). `None` if they do not fit.
fn assign(mut rest: Vec<&GlyphObject>) -> Option<Assignment<'_>> {
    rest.sort_by_key(|g| (g.y, g.x));
    let mut quads = Vec::new();
    while rest.len() > CHAR_COUNT && quads.len() < QUAD_COUNT {
        // The quad that takes the most glyphs: start at some glyph, collect the glyphs on its
        // line 8, 16 and 24 units further right.
        let mut best: Option<(usize, [Option<usize>; 4])> = None;
        for (i, start) in rest.iter().enumerate() {
            let mut members = [Some(i), None, None, None];
            for (k, slot) in members.iter_mut().enumerate().skip(1) {
                let x = start.x as usize + k * QUAD_SPACING_UNITS;
                *slot = rest
                    .iter()
                    .position(|g| g.y == start.y && g.x as usize == x);
            }
            let n = members.iter().flatten().count();
            if best.is_none_or(|(m, _)| n > m) {
                best = Some((n, members));
            }
        }
        let (_, members) = best?;
        let first = rest[members[0]?];
        let group = members.map(|m| m.map(|i| rest[i]));
        let mut taken: Vec<usize> = members.iter().flatten().copied().collect();
        taken.sort_unstable_by(|a, b| b.cmp(a));
        for i in taken {
            rest.remove(i);
        }
        quads.push((first.x, first.y, group));
    }
    (rest.len() <= CHAR_COUNT).then_some(Assignment {
        singles: rest,
        quads,
    })
}
