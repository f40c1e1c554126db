//! Writing a frame to a PNG file (RGB, scaled up by an integer factor) with the `png` crate.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::frame::{Frame, HEIGHT, WIDTH};
use super::palette::rgb;

/// Largest accepted scale factor (keeps images within a sane size).
pub const MAX_SCALE: usize = 16;

/// What can go wrong writing a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The scale factor is 0 or above [`MAX_SCALE`].
    #[error("scale must be between 1 and {MAX_SCALE}, got {0}")]
    BadScale(usize),
    /// The file could not be created or written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file we tried to write.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encoding(#[from] png::EncodingError),
}

/// The frame as 8-bit RGB bytes, each pixel repeated `scale` times in both directions.
pub fn scaled_rgb8(frame: &Frame, scale: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(WIDTH * HEIGHT * 3 * scale * scale);
    for y in 0..HEIGHT {
        let mut line = Vec::with_capacity(WIDTH * 3 * scale);
        for &p in &frame.pixels()[y * WIDTH..(y + 1) * WIDTH] {
            let c = rgb(p);
            for _ in 0..scale {
                line.extend_from_slice(&[(c >> 16) as u8, (c >> 8) as u8, c as u8]);
            }
        }
        for _ in 0..scale {
            out.extend_from_slice(&line);
        }
    }
    out
}

/// Encodes the frame as a PNG (RGB, `scale` x `scale` pixels per frame pixel) into `out`.
pub fn encode_png<W: Write>(frame: &Frame, scale: usize, out: W) -> Result<(), PngError> {
    if scale == 0 || scale > MAX_SCALE {
        return Err(PngError::BadScale(scale));
    }
    let mut encoder = png::Encoder::new(out, (WIDTH * scale) as u32, (HEIGHT * scale) as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&scaled_rgb8(frame, scale))?;
    writer.finish()?;
    Ok(())
}

/// Writes the frame to a PNG file at `path`, scaled by `scale` (1-16).
pub fn write_png(frame: &Frame, scale: usize, path: &Path) -> Result<(), PngError> {
    if scale == 0 || scale > MAX_SCALE {
        return Err(PngError::BadScale(scale));
    }
    let mut bytes = Vec::new();
    encode_png(frame, scale, &mut bytes)?;
    // Atomic: a failed write leaves an old picture of that name as it was.
    crate::files::write_atomic(path, &bytes).map_err(|e| PngError::Io {
        path: path.display().to_string(),
        source: std::io::Error::other(e.reason()),
    })?;
    Ok(())
}

/// The highest number [`write_numbered_png`] tries.
pub const MAX_NUMBERED: u32 = 9999;

/// Writes the frame to the first free `c7010-NNNN.png` (0001 to 9999) in `dir`, atomically,
/// and returns its path: the screenshot key's file. The name is taken with an exclusive
/// create, so two screenshots at once never share a file.
pub fn write_numbered_png(frame: &Frame, scale: usize, dir: &Path) -> Result<PathBuf, PngError> {
    let io = |path: &Path, source| PngError::Io {
        path: path.display().to_string(),
        source,
    };
    for n in 1..=MAX_NUMBERED {
        let path = dir.join(format!("c7010-{n:04}.png"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(&path, e)),
        }
        return match write_png(frame, scale, &path) {
            Ok(()) => Ok(path),
            Err(e) => {
                // The empty file that held the name goes; the error says why.
                let _ = std::fs::remove_file(&path);
                Err(e)
            }
        };
    }
    let path = dir.join("c7010-NNNN.png");
    Err(io(
        &path,
        std::io::Error::other(format!("all {MAX_NUMBERED} screenshot names are taken")),
    ))
}
