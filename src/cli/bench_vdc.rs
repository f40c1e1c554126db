//! `c7010 bench vdc`: how fast the video model draws frames.
//!
//! Three measurements, each over `--frames` frames: the bare chip drawing a busy register
//! set in one band; replaying a console screen's precompiled bands (register writes plus
//! band rendering, what a cartridge costs per frame); and the whole console path from a
//! `ScreenState` (layout, band compilation, rendering). Prints frames per second and
//! microseconds per frame, and the share of the 20.1 ms PAL frame time that is.

use std::hint::black_box;
use std::time::Instant;

use c7010::console::ScreenState;
use c7010::console::layout::display_list;
use c7010::console::render::render_screen;
use c7010::machine::PAL_FRAME_SECONDS;
use c7010::vdc::charset::{BLOCK, glyph_address};
use c7010::vdc::registers::{self as r, CONTROL_DOTS, CONTROL_FOREGROUND, CONTROL_GRID};
use c7010::vdc::{Frame, HEIGHT, Vdc};

/// Arguments of `c7010 bench vdc`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Frames to render per measurement.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    frames: u32,
}

impl Default for Args {
    fn default() -> Self {
        Args { frames: 2000 }
    }
}

/// PAL frame time in microseconds (about 20,120: 49.70 Hz).
const PAL_FRAME_US: f64 = PAL_FRAME_SECONDS * 1e6;

/// Runs the benchmark and prints the rates.
pub fn run(args: Args) -> anyhow::Result<()> {
    let n = args.frames;

    let mut vdc = busy_chip();
    let mut frame = Frame::new();
    report("chip, one band, busy registers", n, || {
        vdc.render_lines(&mut frame, 0, HEIGHT)
            .map_err(anyhow::Error::from)
    })?;

    let state = ScreenState::demo();
    let list = display_list(&state);
    let bands = list.compile()?;
    let writes: usize = bands.iter().map(|b| b.writes.len()).sum();
    println!(
        "console demo screen: {} glyph objects, {} sprites, {} bands, {} register writes per frame",
        list.glyphs.len(),
        list.sprites.len(),
        bands.len(),
        writes
    );
    let mut vdc = Vdc::new();
    report("chip, console bands replayed", n, || {
        list.render_into(&bands, &mut vdc, &mut frame)
            .map_err(anyhow::Error::from)
    })?;
    report("console, state to frame", n, || {
        black_box(render_screen(black_box(&state))?);
        Ok(())
    })?;
    Ok(())
}

/// Times `n` calls of `f` and prints the rate.
fn report(what: &str, n: u32, mut f: impl FnMut() -> anyhow::Result<()>) -> anyhow::Result<()> {
    f()?; // warm up
    let start = Instant::now();
    for _ in 0..n {
        f()?;
    }
    let secs = start.elapsed().as_secs_f64();
    let us = secs * 1e6 / f64::from(n);
    println!(
        "{what:34} {:>9.0} frames/s {:>8.1} us/frame  ({:.2}% of a PAL frame)",
        f64::from(n) / secs,
        us,
        100.0 * us / PAL_FRAME_US
    );
    Ok(())
}

/// A chip with everything on: grid with dots, 12 characters, 4 quads, 4 double sprites.
fn busy_chip() -> Vdc {
    let mut v = Vdc::new();
    v.write(r::CONTROL, CONTROL_GRID | CONTROL_DOTS | CONTROL_FOREGROUND);
    v.write(r::COLOURS, r::colours_value(3, true, 4));
    for c in 0..9 {
        v.write(r::GRID_H + c, 0x55);
        v.write(r::GRID_H_BOTTOM + c, 1);
    }
    for c in 0..10 {
        v.write(r::GRID_V + c, 0xAA);
    }
    let (pointer, high) = r::char_pointer(glyph_address(BLOCK));
    for n in 0..12 {
        v.write_block(
            r::char_base(n),
            &[
                10 + 18 * n as u8,
                8 * n as u8,
                pointer,
                r::char_attribute(1) | high,
            ],
        );
    }
    for q in 0..4 {
        for k in 0..4 {
            v.write_block(
                r::quad_base(q, k),
                &[40 + 50 * q as u8, 20, pointer, r::char_attribute(2) | high],
            );
        }
    }
    for s in 0..4 {
        for row in 0..8 {
            v.write(r::sprite_shape(s, row), 0xA5);
        }
        v.write_block(
            r::sprite_base(s),
            &[30 + 50 * s as u8, 100, r::sprite_attribute(5, true)],
        );
    }
    v
}
