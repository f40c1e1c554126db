//! Where the picture and the F12 panel go in the window (`console::window_layout`): the
//! default window fits a 1280 x 800 screen and keeps its size with the panel; the panel
//! always has room for its minimum columns; the picture stays at a whole scale, as large
//! as fits, centred without the panel.

use c7010::console::window_layout::{PANEL_MIN_COLUMNS, arrange, min_panel_width};
use c7010::vdc::{HEIGHT, WIDTH};

/// The default `--scale`.
const DEFAULT_SCALE: usize = 3;

/// Columns of 8-pixel characters (at glyph scale 1, after the 8-pixel margins) in `pixels`.
fn columns(pixels: usize) -> usize {
    pixels.saturating_sub(16) / 8
}

#[test]
fn the_default_window_fits_1280_by_800_and_the_panel_fits_inside_it() {
    let (w, h) = (WIDTH * DEFAULT_SCALE, HEIGHT * DEFAULT_SCALE);
    // A title bar of up to 60 pixels still fits.
    assert!(w <= 1280 && h + 60 <= 800, "{w}x{h}");
    let a = arrange(w, h, true);
    let (left, glyph_scale) = a.panel.expect("a panel");
    assert_eq!(glyph_scale, 1);
    assert!(left + min_panel_width(1) <= w, "{a:?}");
    assert!(columns(w - left) >= PANEL_MIN_COLUMNS, "{a:?}");
    assert!(WIDTH * a.scale <= left && HEIGHT * a.scale <= h, "{a:?}");
}

#[test]
fn the_picture_takes_the_largest_whole_scale_that_fits_centred() {
    for (w, h, scale) in [
        (360, 243, 1),
        (1080, 729, 3),
        (1280, 800, 3),
        (1920, 1080, 4),
        (700, 2000, 1),
    ] {
        let a = arrange(w, h, false);
        assert_eq!(a.scale, scale, "{w}x{h}");
        assert_eq!(a.panel, None);
        let (x, y) = a.picture_at;
        assert_eq!(x, (w - WIDTH * scale) / 2, "{w}x{h}");
        assert_eq!(y, (h - HEIGHT * scale) / 2, "{w}x{h}");
    }
    // Smaller than one frame: scale 1 from the corner, cut.
    assert_eq!(arrange(100, 50, false).scale, 1);
    assert_eq!(arrange(100, 50, false).picture_at, (0, 0));
}

#[test]
fn a_larger_window_gives_the_paused_picture_more_room() {
    let full_hd = arrange(1920, 1080, true);
    assert_eq!(full_hd.scale, 3, "{full_hd:?}");
    let (left, _) = full_hd.panel.unwrap();
    assert!(columns(1920 - left) >= PANEL_MIN_COLUMNS);
    let full_1280 = arrange(1280, 800, true);
    assert_eq!(full_1280.scale, 2, "{full_1280:?}");
    // A tiny window still shows both, the panel cut.
    let tiny = arrange(400, 300, true);
    assert_eq!(tiny.scale, 1);
    assert!(tiny.panel.unwrap().0 <= 400);
}
