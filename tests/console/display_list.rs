//! The display kernel: band cutting, quad packing, and honest errors at the chip's limits.

use c7010::console::display_list::{DisplayList, LayoutError, SpriteObject};
use c7010::vdc::palette::bright;
use c7010::vdc::registers::{self as r, CONTROL_FOREGROUND};

fn list() -> DisplayList {
    let mut l = DisplayList::new();
    l.setup.push((r::CONTROL, CONTROL_FOREGROUND));
    l
}

fn sprite(y: u8) -> SpriteObject {
    SpriteObject {
        x: 10,
        y,
        shape: [0xFF; 8],
        colour: 1,
        double: false,
    }
}

/// The string shown at a text row: reads back each glyph box against the expected glyphs.
fn white_pixels_in_row(f: &c7010::vdc::Frame, y0: usize) -> usize {
    (y0..y0 + 14)
        .flat_map(|y| (0..360).map(move |x| (x, y)))
        .filter(|&(x, y)| f.get(x, y) == Some(bright(7)))
        .count()
}

#[test]
fn a_28_character_line_uses_all_12_characters_and_4_quads() {
    let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ01";
    let mut l = list();
    l.text(2, 50, text, 7);
    let bands = l.compile().unwrap();
    let f = l.render().unwrap();
    // The same text drawn as 28 separate frames of one glyph each adds up to the same pixels.
    let mut expected = 0;
    for (i, c) in text.chars().enumerate() {
        let mut one = list();
        one.text(2 + 4 * i as u8, 50, &c.to_string(), 7);
        expected += white_pixels_in_row(&one.render().unwrap(), 50);
    }
    assert_eq!(white_pixels_in_row(&f, 50), expected);
    let band = bands.iter().find(|b| b.y0 == 50).unwrap();
    for q in 0..4 {
        assert!(
            band.writes.contains(&(r::quad_base(q, 0), 50)),
            "quad {q} used"
        );
    }
}

#[test]
fn a_29th_glyph_on_a_line_is_an_error() {
    let mut l = list();
    l.text(0, 50, "ABCDEFGHIJKLMNOPQRSTUVWXYZ012", 7);
    assert_eq!(
        l.compile(),
        Err(LayoutError::TooManyGlyphs {
            line: 50,
            count: 29
        })
    );
    assert!(l.render().is_err());
}

#[test]
fn twelve_scattered_glyphs_fit_but_a_thirteenth_needs_a_quad_partner() {
    let mut l = list();
    for i in 0..13u8 {
        l.text(i * 13, 100, "A", 7); // 13 units apart: no two can share a quad
    }
    let err = l.compile();
    // 4 quads of one glyph each plus 12 singles would hold 16: the kernel uses quads alone too.
    assert!(err.is_ok(), "{err:?}");
    for i in 13..17u8 {
        l.text(i * 13, 100, "A", 7);
    }
    assert_eq!(
        l.compile(),
        Err(LayoutError::TooManyGlyphs {
            line: 100,
            count: 17
        })
    );
}

#[test]
fn five_sprites_on_one_line_are_an_error_but_stacked_sprites_are_reused() {
    let mut l = list();
    for i in 0..4 {
        l.sprite(sprite(20 + i));
    }
    assert!(l.compile().is_ok());
    for i in 0..8 {
        l.sprite(sprite(60 + 20 * i)); // one at a time further down: reuse
    }
    assert!(l.compile().is_ok());
    l.sprite(sprite(25));
    assert_eq!(
        l.compile(),
        Err(LayoutError::TooManySprites { line: 25, count: 5 })
    );
}

#[test]
fn bitmaps_need_their_rows_in_the_rom() {
    let mut l = list();
    assert_eq!(l.bitmap(10, 10, &[0x18, 0x3C, 0x7E, 0xFF], 7), Ok(()));
    assert_eq!(l.glyphs.len(), 4);
    assert_eq!(
        l.bitmap(10, 40, &[0x18, 0b1010_1011], 7),
        Err(LayoutError::PatternNotInRom(0xAB))
    );
    assert_eq!(l.glyphs.len(), 4, "nothing added on error");
    let f = l.render().unwrap();
    // Row 3 (0xFF) is shown on lines 16-17 across pixels 20-27, and nowhere below.
    assert!((20..28).all(|x| f.get(x, 16) == Some(bright(7)) && f.get(x, 17) == Some(bright(7))));
    assert!((20..28).all(|x| f.get(x, 18) != Some(bright(7))));
}

#[test]
fn only_changed_registers_are_written_between_bands() {
    let mut l = list();
    l.text(10, 30, "AB", 7);
    l.text(10, 60, "AB", 7);
    let bands = l.compile().unwrap();
    let second = bands.iter().find(|b| b.y0 == 60).unwrap();
    // Same glyphs at the same X: only the Y registers of the two characters change.
    assert_eq!(
        second.writes,
        vec![(r::char_base(0), 60), (r::char_base(1), 60)]
    );
}
