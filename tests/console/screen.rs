//! The console screen through the VDC: snapshots of whole frames (hash + coarse picture),
//! where pieces land, and that every screen state fits the chip's object limits.

use c7010::console::layout::{PIECE_BITMAP_DY, display_list, square_cell, theme};
use c7010::console::pieces::{
    BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, SHAPE_ROWS, Shape, shape_of,
};
use c7010::console::render::render_screen;
use c7010::console::screen::{
    Analysis, Colour, MATE_CENTIPAWNS, PieceKind, ScreenState, format_clock, format_score,
    move_squares,
};
use c7010::vdc::Frame;
use c7010::vdc::charset::find_row;
use c7010::vdc::geometry::{CELL_H, grid_x_px, grid_y};
use c7010::vdc::palette::bright;

/// A middlegame: after 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5
/// 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7, White to move and typing a move.
fn middlegame() -> ScreenState {
    let mut s = ScreenState::with_placement(
        "r2q1rk1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 0 11",
    )
    .unwrap();
    s.moves = [
        "E2-E4", "C7-C5", "G1-F3", "D7-D6", "D2-D4", "C5xD4", "F3xD4", "G8-F6", "C1-E3", "E7-E5",
        "D4-B3", "C8-E6", "F2-F3", "F8-E7", "D1-D2", "O-O", "O-O-O", "B8-D7",
    ]
    .map(String::from)
    .to_vec();
    // B8-D7: b8 = 57, d7 = 51.
    s.last_move = Some((57, 51));
    s.status = "YOUR MOVE".into();
    s.input = "G2-G4".into();
    s.level = 3;
    s.white_clock = 754;
    s.black_clock = 1203;
    s.analysis = Some(Analysis {
        pass: 4,
        score: -35,
        positions: 123_456,
        best_line: vec!["G2-G4".into(), "B7-B5".into()],
        decided: false,
        pondering: false,
    });
    s
}

fn frame(s: &ScreenState) -> Frame {
    render_screen(s).expect("the screen fits the VDC")
}

fn snapshot_text(f: &Frame) -> String {
    format!("hash {:016x}\n{}", f.hash(), f.coarse_text())
}

#[test]
fn start_position_frame() {
    insta::assert_snapshot!(snapshot_text(&frame(&ScreenState::start_position())));
}

#[test]
fn middlegame_frame() {
    insta::assert_snapshot!(snapshot_text(&frame(&middlegame())));
}

#[test]
fn help_page_frame() {
    let s = ScreenState {
        help: true,
        ..ScreenState::start_position()
    };
    insta::assert_snapshot!(snapshot_text(&frame(&s)));
}

/// The 8 x 22 pixel box where the piece of a square is drawn.
fn piece_box(file: usize, rank: usize, flipped: bool) -> (usize, usize) {
    let (col, row) = square_cell(file, rank, flipped);
    (grid_x_px(col) + 12, grid_y(row) + PIECE_BITMAP_DY)
}

/// The bitmap read back from the frame at a piece box, in the given colour.
fn read_shape(f: &Frame, (x0, y0): (usize, usize), colour: u8) -> Shape {
    let mut rows = [0u8; SHAPE_ROWS];
    for (r, row) in rows.iter_mut().enumerate() {
        for c in 0..8 {
            // Each shape row is 2 lines; both must agree.
            let top = f.get(x0 + c, y0 + 2 * r) == Some(colour);
            let bottom = f.get(x0 + c, y0 + 2 * r + 1) == Some(colour);
            assert_eq!(top, bottom, "row {r} column {c}");
            if top {
                *row |= 0x80 >> c;
            }
        }
    }
    rows
}

#[test]
fn every_piece_of_the_start_position_is_drawn_on_its_square_in_its_colour() {
    for flipped in [false, true] {
        let s = ScreenState {
            flipped,
            ..ScreenState::start_position()
        };
        let f = frame(&s);
        for rank in 0..8 {
            for file in 0..8 {
                let b = piece_box(file, rank, flipped);
                match s.piece_at(file, rank) {
                    Some((colour, kind)) => {
                        let field = match colour {
                            Colour::White => theme::WHITE_PIECES,
                            Colour::Black => theme::BLACK_PIECES,
                        };
                        assert_eq!(
                            read_shape(&f, b, bright(field)),
                            *shape_of(kind),
                            "{file},{rank}"
                        );
                    }
                    None => {
                        let empty = [0; SHAPE_ROWS];
                        assert_eq!(read_shape(&f, b, bright(theme::WHITE_PIECES)), empty);
                        assert_eq!(read_shape(&f, b, bright(theme::BLACK_PIECES)), empty);
                    }
                }
            }
        }
    }
}

#[test]
fn flipping_puts_a1_at_the_top_right_and_keeps_a1_dark() {
    let s = ScreenState::start_position();
    assert_eq!(square_cell(0, 0, false), (0, 7));
    assert_eq!(square_cell(0, 0, true), (7, 0));
    for flipped in [false, true] {
        let f = frame(&ScreenState {
            flipped,
            ..s.clone()
        });
        let (col, row) = square_cell(0, 0, flipped);
        // A corner pixel of a1 (away from the piece and markers) shows the dark squares.
        let corner = f.get(grid_x_px(col) + 30, grid_y(row) + CELL_H - 2);
        assert_eq!(corner, Some(theme::BACKGROUND), "a1 is dark");
        let (col, row) = square_cell(1, 0, flipped);
        let corner = f.get(grid_x_px(col) + 30, grid_y(row) + CELL_H - 2);
        assert_eq!(corner, Some(theme::LIGHT_SQUARES_INDEX), "b1 is light");
    }
}

#[test]
fn piece_shapes_are_distinct_and_every_row_is_in_the_character_rom() {
    let shapes = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
    for (i, a) in shapes.iter().enumerate() {
        for row in a.iter().filter(|&&r| r != 0) {
            assert!(find_row(*row).is_some(), "row {row:#04x} of shape {i}");
        }
        for b in &shapes[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn full_ranks_need_band_rewriting_more_than_28_objects_reach_the_screen() {
    let list = display_list(&ScreenState::start_position());
    let bands = list.compile().unwrap();
    assert!(
        list.glyphs.len() > 28 * 3,
        "{} glyph objects",
        list.glyphs.len()
    );
    assert!(bands.len() > 50, "{} bands", bands.len());
    assert!(
        bands
            .iter()
            .skip(1)
            .all(|b| !b.writes.is_empty() || b.y1 - b.y0 > 0)
    );
}

#[test]
fn extreme_states_render_without_error() {
    let mut s = middlegame();
    s.moves = (0..300).map(|i| format!("M{i}")).collect();
    s.status = "A VERY LONG STATUS LINE THAT DOES NOT FIT ON THE SCREEN AT ALL".into();
    s.input = "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~".into();
    s.white_clock = u32::MAX;
    s.black_clock = 0;
    s.level = 255;
    s.analysis = Some(Analysis {
        pass: 255,
        score: i32::MIN,
        positions: u32::MAX,
        best_line: vec!["LONGER-THAN-A-ROW".into(); 10],
        decided: true,
        pondering: false,
    });
    frame(&s);
    s.flipped = true;
    s.board = [Some((Colour::Black, PieceKind::Queen)); 64];
    frame(&s);
    s.help = true;
    frame(&s);
}

#[test]
fn status_line_shows_the_typed_text_with_a_cursor_sprite() {
    let mut s = ScreenState::start_position();
    let without = display_list(&s);
    s.input = "E2-E".into();
    let with = display_list(&s);
    assert_eq!(with.sprites.len(), without.sprites.len() + 1);
    assert!(with.glyphs.len() > without.glyphs.len());
}

#[test]
fn last_move_squares_are_marked_by_two_sprites() {
    let mut s = ScreenState::start_position();
    assert!(display_list(&s).sprites.is_empty());
    s.moves.push("E2-E4".into());
    s.last_move = Some((12, 28));
    let list = display_list(&s);
    assert_eq!(list.sprites.len(), 2);
    let f = frame(&s);
    let (col, row) = square_cell(4, 3, false); // e4
    assert_eq!(
        f.get(grid_x_px(col) + 2, grid_y(row) + 1),
        Some(bright(theme::MARKER))
    );
}

#[test]
fn formatting_helpers() {
    assert_eq!(format_clock(0), "0:00");
    assert_eq!(format_clock(754), "12:34");
    assert_eq!(format_clock(u32::MAX), "999:59");
    assert_eq!(format_score(15), "+0.15");
    assert_eq!(format_score(-150), "-1.50");
    assert_eq!(format_score(0), "0.00");
    // Mates: within the engines' deepest mate (100 plies) of MATE_CENTIPAWNS.
    assert_eq!(format_score(MATE_CENTIPAWNS - 3), "+M2");
    assert_eq!(format_score(-(MATE_CENTIPAWNS - 2)), "-M1");
    assert_eq!(format_score(MATE_CENTIPAWNS - 100), "+M50");
    assert_eq!(format_score(MATE_CENTIPAWNS - 101), "+9998.99");
    assert_eq!(move_squares("E2-E4"), Some((12, 28)));
    assert_eq!(move_squares("g1f3"), Some((6, 21)));
    assert_eq!(move_squares("E4xD5"), Some((28, 35)));
    assert_eq!(move_squares("O-O"), None);
}

#[test]
fn bad_placements_are_errors() {
    assert!(ScreenState::with_placement("8/8/8").is_err());
    assert!(ScreenState::with_placement("9/8/8/8/8/8/8/8").is_err());
    assert!(ScreenState::with_placement("rnbqkbnrr/8/8/8/8/8/8/8").is_err());
    assert!(ScreenState::with_placement("xnbqkbnr/8/8/8/8/8/8/8").is_err());
    let s = ScreenState::with_placement("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(s.piece_at(4, 0), Some((Colour::White, PieceKind::King)));
    assert_eq!(s.piece_at(4, 7), Some((Colour::Black, PieceKind::King)));
    assert_eq!(s.board.iter().flatten().count(), 2);
}

#[test]
fn panel_shows_the_latest_moves_more_of_them_without_analysis() {
    use c7010::console::layout::{PANEL_ROWS, PANEL_WIDTH, panel_rows};
    let mut s = ScreenState::start_position();
    s.moves = (0..20).map(|i| format!("M{i}")).collect();
    let rows = panel_rows(&s);
    assert_eq!(rows.len(), PANEL_ROWS);
    assert_eq!(rows[4].0, " 7 M12");
    assert_eq!(rows[11].0, "10 M19");
    assert_eq!(rows[3].0, "", "a blank row before the moves");
    s.analysis = middlegame().analysis;
    let rows = panel_rows(&s);
    assert_eq!(rows.len(), PANEL_ROWS);
    assert_eq!(rows[3].0, "P4  -0.35");
    assert_eq!(rows[4].0, "N  123456");
    assert_eq!(rows[7].0, " 8 M15");
    assert!(rows.iter().all(|(r, _)| r.chars().count() <= PANEL_WIDTH));
}
