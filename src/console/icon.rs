//! The web page's icons (its app manifest's), drawn from the module's own picture: the
//! board of a new game as the 8244 model draws it, each frame pixel a square of whole
//! screen pixels (sharp, as the page shows the picture). 192 x 192: files A-F of the
//! board at 1:1; 512 x 512: the whole board at 2:1 on the background above and below it.
//! `web/icon-192.png` and `web/icon-512.png` are these, committed (a test keeps them
//! current, and rewrites them with `C7010_WRITE_ICONS=1`).

use super::render::render_screen;
use super::screen::ScreenState;
use crate::vdc::geometry::{CELL_H, grid_x_px, grid_y};
use crate::vdc::palette::rgb;
use crate::vdc::png::PngError;

/// The icons' sizes in pixels, as the manifest names them.
pub const ICON_SIZES: [usize; 2] = [192, 512];

/// The icon of `size` (one of [`ICON_SIZES`]) as PNG bytes.
pub fn icon_png(size: usize) -> Result<Vec<u8>, PngError> {
    let frame = render_screen(&ScreenState::start_position()).map_err(|e| PngError::Io {
        path: "the start position's picture".into(),
        source: std::io::Error::other(e.to_string()),
    })?;
    // The region of the picture (left, top, side) and its scale.
    let (left, top, side, scale) = match size {
        192 => (grid_x_px(0), grid_y(0), 6 * 32, 1),
        _ => (grid_x_px(0), grid_y(0), 8 * 32, 2),
    };
    if side * scale != size {
        return Err(PngError::BadScale(size));
    }
    // The board is 8 squares of 24 lines tall: what the square has above and below it is
    // the background (the colour most of the picture has).
    let background = rgb(frame.most_common_colour());
    let rows = 8 * CELL_H;
    let above = (side - rows.min(side)) / 2;
    let mut rgb8 = Vec::with_capacity(size * size * 3);
    for y in 0..size {
        let line = (y / scale).checked_sub(above).filter(|&l| l < rows);
        for x in 0..size {
            let c = match line {
                Some(l) => rgb(frame.get(left + x / scale, top + l).unwrap_or_default()),
                None => background,
            };
            rgb8.extend_from_slice(&[(c >> 16) as u8, (c >> 8) as u8, c as u8]);
        }
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, size as u32, size as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb8)?;
    writer.finish()?;
    Ok(bytes)
}
