//! `docs/screenshot.png` is the demo screen as the VDC draws it today.
//!
//! The test decodes the committed PNG and compares it pixel for pixel with a fresh render of
//! `ScreenState::demo()` at scale 3. After an intended change to the picture, regenerate it
//! with `C7010_UPDATE_SCREENSHOT=1 cargo test --test console screenshot::` and look at it.

use std::path::Path;

use c7010::console::ScreenState;
use c7010::console::render::render_screen;
use c7010::vdc::png::{PngError, encode_png, scaled_rgb8, write_numbered_png, write_png};
use c7010::vdc::{Frame, HEIGHT, WIDTH};

use crate::common::png::decode_rgb;

const SCREENSHOT: &str = "docs/screenshot.png";
const SCALE: usize = 3;

#[test]
fn committed_screenshot_matches_the_demo_screen() {
    let frame = render_screen(&ScreenState::demo()).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCREENSHOT);
    if std::env::var_os("C7010_UPDATE_SCREENSHOT").is_some() {
        write_png(&frame, SCALE, &path).unwrap();
    }
    let bytes = std::fs::read(&path).expect("docs/screenshot.png is committed");
    let (w, h, pixels) = decode_rgb(&bytes);
    assert_eq!((w as usize, h as usize), (WIDTH * SCALE, HEIGHT * SCALE));
    assert!(
        pixels == scaled_rgb8(&frame, SCALE),
        "docs/screenshot.png differs from the demo screen; regenerate it (see the module doc)"
    );
}

#[test]
fn png_round_trip_keeps_every_pixel_and_bad_scales_are_errors() {
    let frame = render_screen(&ScreenState::start_position()).unwrap();
    let mut bytes = Vec::new();
    encode_png(&frame, 1, &mut bytes).unwrap();
    let (w, h, pixels) = decode_rgb(&bytes);
    assert_eq!((w, h), (360, 243));
    assert_eq!(pixels, scaled_rgb8(&frame, 1));
    // A frame pixel at scale 2 is a 2x2 block.
    let big = scaled_rgb8(&frame, 2);
    let px = |x: usize, y: usize| &big[(y * WIDTH * 2 + x) * 3..][..3];
    assert_eq!(px(100, 60), px(101, 61));
    assert!(matches!(
        encode_png(&Frame::new(), 0, Vec::new()),
        Err(PngError::BadScale(0))
    ));
    let err = write_png(&frame, 1, Path::new("/nonexistent-dir/x.png")).unwrap_err();
    assert!(err.to_string().contains("/nonexistent-dir/x.png"), "{err}");
}

#[test]
fn the_screenshot_key_writes_the_next_free_numbered_file() {
    let frame = render_screen(&ScreenState::start_position()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let first = write_numbered_png(&frame, 1, dir.path()).unwrap();
    assert_eq!(first, dir.path().join("c7010-0001.png"));
    // A file of the next name already there is kept; the one after is taken.
    std::fs::write(dir.path().join("c7010-0002.png"), b"someone else's").unwrap();
    let third = write_numbered_png(&frame, 1, dir.path()).unwrap();
    assert_eq!(third, dir.path().join("c7010-0003.png"));
    assert_eq!(
        std::fs::read(dir.path().join("c7010-0002.png")).unwrap(),
        b"someone else's"
    );
    let (w, h, pixels) = decode_rgb(&std::fs::read(&third).unwrap());
    assert_eq!((w as usize, h as usize), (WIDTH, HEIGHT));
    assert!(pixels == scaled_rgb8(&frame, 1));
    // No directory: a clear error, and nothing left behind.
    let missing = dir.path().join("missing");
    let err = write_numbered_png(&frame, 1, &missing).unwrap_err();
    assert!(matches!(err, PngError::Io { .. }), "{err}");
    assert!(err.to_string().contains("c7010-0001.png"), "{err}");
}

/// The page's icons are drawn from the module's picture and committed in `web/`: they are
/// the ones `console::icon` draws today (`C7010_WRITE_ICONS=1` writes them again), at the
/// sizes the manifest names, and they show the board (its two square colours and pieces).
#[test]
fn the_pages_icons_are_the_boards_picture_and_current() {
    use c7010::console::icon::{ICON_SIZES, icon_png};
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let manifest = std::fs::read_to_string(web.join("manifest.webmanifest")).unwrap();
    for size in ICON_SIZES {
        let png = icon_png(size).expect("the icon is drawn");
        let path = web.join(format!("icon-{size}.png"));
        if std::env::var_os("C7010_WRITE_ICONS").is_some() {
            c7010::files::write_atomic(&path, &png).expect("icon written");
        }
        let committed = std::fs::read(&path).expect("the icon is in web/");
        assert!(
            committed == png,
            "{} is stale: C7010_WRITE_ICONS=1 cargo test",
            path.display()
        );
        assert!(manifest.contains(&format!(
            "\"icon-{size}.png\", \"sizes\": \"{size}x{size}\""
        )));
        let (width, height, pixels) = decode_rgb(&png);
        assert_eq!((width, height), (size as u32, size as u32));
        let colours: std::collections::HashSet<&[u8]> = pixels.chunks(3).collect();
        assert!(
            colours.len() >= 4,
            "squares of two colours and both sides' pieces"
        );
    }
}
