//! Register effects of the VDC model: each test programs the chip like a cartridge would and
//! checks the exact pixels that come out (positions from `docs/vdc.md`).

use c7010::vdc::charset::{BLOCK, glyph_address, glyph_for, rom_row};
use c7010::vdc::palette::{bright, dark};
use c7010::vdc::registers::{
    self as r, CONTROL, CONTROL_DOTS, CONTROL_FILL, CONTROL_FOREGROUND, CONTROL_GRID, class,
};
use c7010::vdc::{Frame, HEIGHT, Vdc, VdcError, WIDTH};

/// A VDC with the foreground on and the background set to blue (dark half, index 4).
fn chip() -> Vdc {
    let mut v = Vdc::new();
    v.write(CONTROL, CONTROL_FOREGROUND);
    v.write(r::COLOURS, r::colours_value(0, false, 4));
    v
}

fn render(v: &mut Vdc) -> Frame {
    let mut f = Frame::new();
    v.render_lines(&mut f, 0, HEIGHT).unwrap();
    f
}

/// Register values (pointer, attribute) showing `glyph` in `colour_field`.
fn pointer_attr(glyph: u8, colour_field: u8) -> [u8; 2] {
    let (pointer, high) = r::char_pointer(glyph_address(glyph));
    [pointer, r::char_attribute(colour_field) | high]
}

fn put_char(v: &mut Vdc, n: usize, y: u8, x: u8, glyph: u8, colour_field: u8) {
    let [pointer, attr] = pointer_attr(glyph, colour_field);
    v.write_block(r::char_base(n), &[y, x, pointer, attr]);
}

/// Pixels of colour `c` inside the rectangle `x0..x1` x `y0..y1`.
fn count(f: &Frame, c: u8, x0: usize, x1: usize, y0: usize, y1: usize) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| f.get(x, y) == Some(c))
        .count()
}

#[test]
fn a_block_character_covers_exactly_8_by_14_pixels_at_twice_its_x() {
    let mut v = chip();
    put_char(&mut v, 0, 50, 20, BLOCK, 1); // red, bright half
    let f = render(&mut v);
    let red = bright(1);
    assert_eq!(count(&f, red, 40, 48, 50, 64), 8 * 14);
    assert_eq!(
        count(&f, red, 0, WIDTH, 0, HEIGHT),
        8 * 14,
        "nothing else is red"
    );
    assert_eq!(f.get(39, 50), Some(dark(4)));
    assert_eq!(f.get(48, 63), Some(dark(4)));
    assert_eq!(f.get(40, 64), Some(dark(4)));
}

#[test]
fn a_text_glyph_row_is_two_lines_tall_in_columns_one_to_five() {
    let mut v = chip();
    let t = glyph_for('T').unwrap();
    put_char(&mut v, 3, 100, 10, t, 7);
    let f = render(&mut v);
    let white = bright(7);
    // Row 0 of T is "#####" in columns 1-5: pixels 21..26 on lines 100 and 101.
    for y in [100, 101] {
        let row: Vec<bool> = (20..28).map(|x| f.get(x, y) == Some(white)).collect();
        assert_eq!(row, [false, true, true, true, true, true, false, false]);
    }
    // Rows 1-6: only the stem in column 3 (pixel 23).
    assert_eq!(count(&f, white, 0, WIDTH, 102, 114), 12);
    assert_eq!(count(&f, white, 23, 24, 102, 114), 12);
}

#[test]
fn horizontal_and_vertical_bars_land_on_the_grid_edges() {
    let mut v = chip();
    v.write(CONTROL, CONTROL_GRID);
    v.write(r::COLOURS, r::colours_value(2, true, 0)); // bright green grid on black
    v.write(r::GRID_H + 1, 0b0000_0100); // column 1, top edge of row 2
    v.write(r::GRID_H_BOTTOM + 8, 1); // column 8, bottom edge of row 7
    v.write(r::GRID_V + 9, 0b1000_0000); // right edge, row 7
    let f = render(&mut v);
    let g = bright(2);
    // Column 1 spans pixels 26+32=58 .. 90 (+2 for the bar at its right end); row edge 2 is line 72.
    assert_eq!(count(&f, g, 58, 92, 72, 75), 34 * 3);
    assert_eq!(f.get(57, 72), Some(0));
    assert_eq!(f.get(92, 72), Some(0));
    assert_eq!(f.get(70, 75), Some(0));
    // Bottom edge (line 24+8*24 = 216) of column 8 (pixels 282..316).
    assert_eq!(count(&f, g, 282, 316, 216, 219), 34 * 3);
    // Right edge bar of row 7: pixels 314..316, lines 192..219.
    assert_eq!(count(&f, g, 314, 316, 192, 219), 2 * 27);
    assert_eq!(
        count(&f, g, 0, WIDTH, 0, HEIGHT),
        34 * 3 * 2 + 2 * 27 - 2 * 3,
        "the corner where bars meet counts once"
    );
}

#[test]
fn fill_mode_turns_a_vertical_bar_into_a_solid_cell_and_dots_mark_intersections() {
    let mut v = chip();
    v.write(CONTROL, CONTROL_GRID | CONTROL_FILL);
    v.write(r::COLOURS, r::colours_value(3, true, 0));
    v.write(r::GRID_V + 2, 0b0000_0010); // cell (2, 1)
    let f = render(&mut v);
    let y = bright(3);
    assert_eq!(count(&f, y, 90, 122, 48, 72), 32 * 24);
    assert_eq!(count(&f, y, 0, WIDTH, 0, HEIGHT), 32 * 24);

    let mut v = chip();
    v.write(CONTROL, CONTROL_GRID | CONTROL_DOTS);
    v.write(r::COLOURS, r::colours_value(7, true, 0));
    let f = render(&mut v);
    // 10 x 9 intersections, each 2 pixels x 3 lines.
    assert_eq!(count(&f, bright(7), 0, WIDTH, 0, HEIGHT), 10 * 9 * 6);
    assert_eq!(f.get(26, 24), Some(bright(7)));
    assert_eq!(f.get(314, 216), Some(bright(7)));
}

#[test]
fn colour_register_selects_background_dark_half_and_grid_brightness() {
    for field in 0..8u8 {
        let mut v = Vdc::new();
        v.write(CONTROL, CONTROL_GRID);
        v.write(r::COLOURS, r::colours_value(field, false, field));
        v.write(r::GRID_H, 1);
        let f = render(&mut v);
        assert_eq!(f.get(0, 0), Some(dark(field)));
        assert_eq!(f.get(30, 24), Some(dark(field)));
        v.write(r::COLOURS, r::colours_value(field, true, 0));
        let f = render(&mut v);
        assert_eq!(f.get(30, 24), Some(bright(field)));
    }
}

#[test]
fn sprite_dots_double_in_both_directions_with_double_size() {
    let mut v = chip();
    v.write(r::sprite_shape(1, 0), 0b0000_0001); // leftmost dot of row 0
    v.write(r::sprite_shape(1, 7), 0b1000_0000); // rightmost dot of row 7
    v.write_block(r::sprite_base(1), &[30, 50, r::sprite_attribute(6, false)]);
    let f = render(&mut v);
    let c = bright(6);
    assert_eq!(count(&f, c, 100, 101, 30, 32), 2);
    assert_eq!(count(&f, c, 107, 108, 44, 46), 2);
    assert_eq!(count(&f, c, 0, WIDTH, 0, HEIGHT), 4);

    v.write(r::sprite_base(1) + 2, r::sprite_attribute(6, true));
    let f = render(&mut v);
    assert_eq!(count(&f, c, 100, 102, 30, 34), 8);
    assert_eq!(count(&f, c, 114, 116, 58, 62), 8);
    assert_eq!(count(&f, c, 0, WIDTH, 0, HEIGHT), 16);
}

#[test]
fn quads_show_four_glyphs_sixteen_pixels_apart_from_the_first_position() {
    let mut v = chip();
    for k in 0..4 {
        let b = r::quad_base(2, k);
        let [pointer, attr] = pointer_attr(BLOCK, k as u8 + 1);
        v.write_block(b, &[0, 0, pointer, attr]);
    }
    v.write_block(r::quad_base(2, 0), &[120, 30]);
    let f = render(&mut v);
    for k in 0..4usize {
        let x = 60 + 16 * k;
        assert_eq!(
            count(&f, bright(k as u8 + 1), x, x + 8, 120, 134),
            8 * 14,
            "glyph {k}"
        );
    }
}

#[test]
fn rewriting_registers_between_bands_shows_more_than_twelve_characters() {
    let mut v = chip();
    let mut f = Frame::new();
    // Band 1 (lines 0-99): 12 blocks on line 20. Band 2 (100-242): the same 12 registers
    // moved to line 150 with other X positions: 24 blocks in one frame.
    for n in 0..12 {
        put_char(&mut v, n, 20, 10 + 12 * n as u8, BLOCK, 5);
    }
    v.render_lines(&mut f, 0, 100).unwrap();
    for n in 0..12 {
        put_char(&mut v, n, 150, 14 + 12 * n as u8, BLOCK, 5);
    }
    v.render_lines(&mut f, 100, HEIGHT).unwrap();
    let violet = bright(5);
    assert_eq!(count(&f, violet, 0, WIDTH, 0, 100), 12 * 8 * 14);
    assert_eq!(count(&f, violet, 0, WIDTH, 100, HEIGHT), 12 * 8 * 14);
    assert_eq!(f.get(20, 20), Some(violet));
    assert_eq!(f.get(20, 150), Some(dark(4)), "band 2 moved them");
    assert_eq!(f.get(28, 150), Some(violet));
}

#[test]
fn draw_order_is_background_grid_characters_sprites() {
    let mut v = chip();
    v.write(CONTROL, CONTROL_GRID | CONTROL_FILL | CONTROL_FOREGROUND);
    v.write(r::COLOURS, r::colours_value(2, true, 4));
    v.write(r::GRID_V, 1); // cell (0,0): pixels 26..58, lines 24..48
    put_char(&mut v, 0, 30, 15, BLOCK, 1); // pixels 30..38, lines 30..44
    v.write(r::sprite_shape(0, 0), 0xFF);
    v.write_block(r::sprite_base(0), &[32, 16, r::sprite_attribute(3, false)]); // pixels 32..40, lines 32..34
    let f = render(&mut v);
    assert_eq!(f.get(10, 10), Some(dark(4)), "background");
    assert_eq!(f.get(50, 40), Some(bright(2)), "grid over background");
    assert_eq!(f.get(31, 40), Some(bright(1)), "character over grid");
    assert_eq!(f.get(33, 32), Some(bright(3)), "sprite over character");
    assert_eq!(f.get(39, 33), Some(bright(3)), "sprite over grid");
}

#[test]
fn control_bits_hide_grid_and_foreground() {
    let mut v = chip();
    v.write(CONTROL, 0);
    v.write(r::GRID_H, 0xFF);
    put_char(&mut v, 0, 30, 15, BLOCK, 1);
    v.write(r::sprite_shape(0, 0), 0xFF);
    let f = render(&mut v);
    assert!(f.pixels().iter().all(|&p| p == dark(4)));
}

#[test]
fn status_reports_vertical_blank_once_the_last_line_is_drawn() {
    let mut v = chip();
    let mut f = Frame::new();
    v.render_lines(&mut f, 0, 100).unwrap();
    assert_eq!(v.read(r::STATUS) & r::STATUS_VBLANK, 0);
    v.render_lines(&mut f, 100, HEIGHT).unwrap();
    assert_eq!(v.read(r::STATUS) & r::STATUS_VBLANK, r::STATUS_VBLANK);
    v.write(r::STATUS, 0);
    assert_eq!(v.read(r::STATUS), r::STATUS_VBLANK, "status is read only");
    v.render_lines(&mut f, 0, 10).unwrap();
    assert_eq!(v.read(r::STATUS) & r::STATUS_VBLANK, 0);
}

#[test]
fn collision_register_reports_classes_touching_the_watched_ones_and_clears_on_read() {
    let mut v = chip();
    put_char(&mut v, 0, 30, 15, BLOCK, 1);
    v.write(r::sprite_shape(2, 0), 0xFF);
    v.write_block(r::sprite_base(2), &[32, 16, r::sprite_attribute(3, false)]);
    v.write(r::COLLISION, class::sprite(2));
    render(&mut v);
    assert_eq!(v.read(r::COLLISION), class::CHARACTERS);
    assert_eq!(v.read(r::COLLISION), 0, "reading clears");
    v.write_block(r::sprite_base(2), &[200, 16]);
    render(&mut v);
    assert_eq!(v.read(r::COLLISION), 0, "apart: no collision");
}

#[test]
fn bad_line_ranges_are_errors_not_panics() {
    let mut v = chip();
    let mut f = Frame::new();
    assert_eq!(
        v.render_lines(&mut f, 10, 5),
        Err(VdcError::BadLineRange { y0: 10, y1: 5 })
    );
    assert!(v.render_lines(&mut f, 0, HEIGHT + 1).is_err());
    assert!(v.render_lines(&mut f, 7, 7).is_ok());
}

#[test]
fn objects_off_the_right_or_bottom_edge_are_clipped() {
    let mut v = chip();
    put_char(&mut v, 0, 236, 178, BLOCK, 1); // pixels 356..364, lines 236..250
    v.write(r::sprite_shape(0, 0), 0xFF);
    v.write_block(r::sprite_base(0), &[240, 255, r::sprite_attribute(1, true)]);
    let f = render(&mut v);
    assert_eq!(count(&f, bright(1), 0, WIDTH, 0, HEIGHT), 4 * 7);
}

#[test]
fn the_pointer_is_a_rom_row_address_so_a_character_may_start_mid_glyph() {
    let mut v = chip();
    // Glyph 63 (the ball) sits at ROM rows 504-511; pointer bit 8 lives in the attribute.
    put_char(&mut v, 0, 40, 40, 63, 7);
    let f = render(&mut v);
    let shown: Vec<u8> = (0..7)
        .map(|row| {
            (0..8).fold(0u8, |acc, c| {
                acc | if f.get(80 + c, 40 + 2 * row) == Some(bright(7)) {
                    0x80 >> c
                } else {
                    0
                }
            })
        })
        .collect();
    assert_eq!(shown, (504..511).map(rom_row).collect::<Vec<_>>());
    // Starting two rows into "E" (rows 0-6: #####, #, #, ####, #, #, #####) shows row 2 first.
    let (pointer, high) = r::char_pointer(glyph_address(glyph_for('E').unwrap()) + 2);
    v.write_block(
        r::char_base(0),
        &[40, 40, pointer, r::char_attribute(7) | high],
    );
    let f = render(&mut v);
    let first_row: Vec<bool> = (80..88).map(|x| f.get(x, 40) == Some(bright(7))).collect();
    let fourth_row: Vec<bool> = (80..88).map(|x| f.get(x, 42) == Some(bright(7))).collect();
    assert_eq!(
        first_row,
        [false, true, false, false, false, false, false, false]
    );
    assert_eq!(
        fourth_row,
        [false, true, true, true, true, false, false, false]
    );
}
