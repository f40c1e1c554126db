//! The character set (complete, distinct, addressable) and the frame helpers (hash, coarse
//! text, RGB).

use c7010::vdc::charset::{
    BLOCK, CHAR_ROM, GLYPH_CHARS, GLYPH_COUNT, GLYPHS, ROM_SIZE, SPACE, find_row, glyph_address,
    glyph_for, glyph_or_question, rom_row,
};
use c7010::vdc::palette::{PALETTE_RGB, bright, dark, rgb};
use c7010::vdc::registers::{self as r, CONTROL_FOREGROUND};
use c7010::vdc::{Frame, HEIGHT, Vdc, WIDTH};

#[test]
fn the_set_has_digits_letters_and_the_g7000_symbols() {
    for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ :$?.-×/=+".chars() {
        let g = glyph_for(c).unwrap_or_else(|| panic!("{c:?} missing"));
        assert_eq!(GLYPH_CHARS[g as usize], c);
    }
    assert_eq!(glyph_for('a'), glyph_for('A'));
    assert_eq!(
        glyph_for('x'),
        glyph_for('×'),
        "lower-case x is the times sign"
    );
    assert_ne!(glyph_for('X'), glyph_for('x'));
    assert_eq!(glyph_for('#'), Some(BLOCK));
    assert_eq!(glyph_for('~'), None);
    assert_eq!(glyph_or_question('~'), glyph_for('?').unwrap());
    assert!(GLYPHS[SPACE as usize].iter().all(|&r| r == 0));
    assert!(GLYPHS[BLOCK as usize].iter().all(|&r| r == 0xFF));
}

#[test]
fn all_64_glyphs_are_distinct_and_text_glyphs_leave_the_last_two_columns_free() {
    assert_eq!(GLYPHS.len(), GLYPH_COUNT);
    for (i, a) in GLYPHS.iter().enumerate() {
        for (j, b) in GLYPHS.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "glyphs {i} and {j}");
        }
    }
    // Digits, letters and punctuation (0-54 except the block) keep columns 0, 6, 7 clear,
    // so text at a pitch of 8 pixels never touches.
    for g in (0..55).filter(|&g| g != BLOCK as usize) {
        assert!(GLYPHS[g].iter().all(|&r| r & 0x83 == 0), "glyph {g}");
    }
}

#[test]
fn rom_layout_is_eight_rows_per_glyph_with_a_blank_eighth() {
    assert_eq!(ROM_SIZE, 512);
    for g in 0..GLYPH_COUNT as u8 {
        let a = glyph_address(g);
        assert_eq!(a, 8 * u16::from(g));
        for row in 0..7 {
            assert_eq!(rom_row(a + row), GLYPHS[g as usize][row as usize]);
        }
        assert_eq!(rom_row(a + 7), 0);
    }
    assert_eq!(rom_row(512), CHAR_ROM[0], "addresses wrap at 9 bits");
    assert_eq!(find_row(0xFF), Some(glyph_address(BLOCK)));
    assert_eq!(find_row(0b1010_1011), None);
}

#[test]
fn hash_sees_a_single_pixel_and_coarse_text_has_the_documented_shape() {
    let mut v = Vdc::new();
    v.write(r::CONTROL, CONTROL_FOREGROUND);
    v.write(r::COLOURS, r::colours_value(0, false, 4));
    // After power-on every character sits at (0, 0) showing glyph 0: park them off screen.
    for n in 0..12 {
        v.write(r::char_base(n), 0xFF);
    }
    for q in 0..4 {
        v.write(r::quad_base(q, 0), 0xFF);
    }
    let mut a = Frame::new();
    v.render_frame(&mut a);
    // One dot: a full stop at a known place.
    let (pointer, high) = r::char_pointer(glyph_address(glyph_for('.').unwrap()));
    v.write_block(
        r::char_base(0),
        &[100, 50, pointer, r::char_attribute(7) | high],
    );
    let mut b = Frame::new();
    v.render_frame(&mut b);
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), a.clone().hash());
    let text = b.coarse_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), HEIGHT.div_ceil(6));
    assert!(lines.iter().all(|l| l.chars().count() == WIDTH.div_ceil(4)));
    // The dot covers pixels 102-103 on lines 110-113: coarse column 25, row 18, in white (f).
    assert_eq!(lines[18].chars().nth(25), Some('f'));
    assert_eq!(text.chars().filter(|&c| c == 'f').count(), 1);
    assert_eq!(
        a.coarse_text().replace(['.', '\n'], ""),
        "",
        "all background"
    );
}

#[test]
fn palette_halves_and_rgb() {
    assert_eq!(PALETTE_RGB.len(), 16);
    assert_eq!(dark(1), 1);
    assert_eq!(bright(1), 9);
    assert_eq!(rgb(bright(7)), 0xffffff);
    assert_eq!(rgb(dark(0)), 0x000000);
    assert_eq!(rgb(dark(4)), 0x1a37be);
    let mut v = Vdc::new();
    v.write(r::COLOURS, r::colours_value(0, false, 2));
    let mut f = Frame::new();
    v.render_frame(&mut f);
    assert!(f.to_rgb32().iter().all(|&p| p == 0x006d07));
}
