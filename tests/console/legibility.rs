//! The pieces are easy to read: measured on the rendered frame, every piece stands out at
//! least 3:1 (WCAG 2 contrast of relative luminance) from the square it stands on, on both
//! square colours, for both sides, and the two sides' men differ in colour; each man is
//! nearly as tall as its square.

use c7010::console::layout::square_cell;
use c7010::console::render::render_screen;
use c7010::console::screen::ScreenState;
use c7010::vdc::Frame;
use c7010::vdc::geometry::{CELL_H, grid_x_px, grid_y};
use c7010::vdc::palette::{ColourIndex, rgb};

/// WCAG 2 relative luminance of a `0x00RRGGBB` colour.
fn luminance(colour: u32) -> f64 {
    let channel = |shift: u32| {
        let c = ((colour >> shift) & 0xFF) as f64 / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
fn contrast(a: u32, b: u32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// What the frame shows on a square: its own colour (a corner pixel, away from the piece
/// and the move markers) and the colours drawn on it.
fn square_colours(f: &Frame, col: usize, row: usize) -> (ColourIndex, Vec<ColourIndex>) {
    let (x0, y0) = (grid_x_px(col), grid_y(row));
    let ground = f.get(x0 + 30, y0 + CELL_H - 1).unwrap();
    let mut drawn: Vec<ColourIndex> = (y0..y0 + CELL_H)
        .flat_map(|y| (x0..x0 + 32).map(move |x| (x, y)))
        .filter_map(|(x, y)| f.get(x, y))
        .filter(|&c| c != ground)
        .collect();
    drawn.sort_unstable();
    drawn.dedup();
    (ground, drawn)
}

/// Lines of the square a piece covers.
fn piece_height(f: &Frame, col: usize, row: usize) -> usize {
    let (x0, y0) = (grid_x_px(col), grid_y(row));
    let ground = f.get(x0 + 30, y0 + CELL_H - 1).unwrap();
    (y0..y0 + CELL_H)
        .filter(|&y| (x0 + 8..x0 + 24).any(|x| f.get(x, y) != Some(ground)))
        .count()
}

#[test]
fn every_piece_stands_out_three_to_one_from_both_square_colours() {
    for flipped in [false, true] {
        let s = ScreenState {
            flipped,
            ..ScreenState::start_position()
        };
        let f = render_screen(&s).unwrap();
        let mut grounds = Vec::new();
        let mut men = [Vec::new(), Vec::new()];
        for rank in 0..8 {
            for file in 0..8 {
                let (col, row) = square_cell(file, rank, flipped);
                let (ground, drawn) = square_colours(&f, col, row);
                grounds.push(ground);
                let Some((side, _)) = s.piece_at(file, rank) else {
                    assert!(drawn.is_empty(), "empty square {file},{rank}: {drawn:?}");
                    continue;
                };
                assert_eq!(drawn.len(), 1, "one colour per man at {file},{rank}");
                men[side as usize].push((drawn[0], ground));
                let ratio = contrast(rgb(drawn[0]), rgb(ground));
                assert!(
                    ratio >= 3.0,
                    "{side:?} man at {file},{rank}: {ratio:.2}:1 against its square"
                );
            }
        }
        grounds.sort_unstable();
        grounds.dedup();
        assert_eq!(grounds.len(), 2, "two square colours: {grounds:?}");
        for side in &men {
            for &ground in &grounds {
                assert!(
                    side.iter().any(|&(_, g)| g == ground),
                    "each side's men stand on both square colours in the start position"
                );
            }
        }
        assert_ne!(men[0][0].0, men[1][0].0, "the sides' men differ in colour");
    }
}

#[test]
fn each_man_is_nearly_as_tall_as_its_square() {
    let f = render_screen(&ScreenState::start_position()).unwrap();
    for file in 0..8 {
        let (col, row) = square_cell(file, 0, false);
        let height = piece_height(&f, col, row);
        assert!(height >= CELL_H - 4, "{file}: {height} lines of {CELL_H}");
    }
}
