//! Pointing at the board, the console's input for clicks, taps and the pad's cursor
//! (`ConsoleCommand::Point`, `PointAt`, `MoveCursor`, `PointCursor`): squares from the
//! picture's coordinates at every window scale and with the board turned, checked against
//! where the renderer really draws each piece; a move pointed at is the move typed, with
//! the same refusals and the promotion question; the chosen piece shown, and cancelled.

use c7010::console::layout::square_at;
use c7010::console::render::render_screen;
use c7010::console::window_layout::arrange;
use c7010::console::{
    Colour, Console, ConsoleCommand, ConsoleOptions, G7000Key, PieceKind, ScreenState, Step,
};
use c7010::engine::RefEngine;
use c7010::vdc::{HEIGHT, WIDTH};

use crate::common::keys::{press_keys, settle_within};

fn console(colour: Option<Colour>, fen: Option<&str>) -> Console {
    Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour,
            level: Some(2),
            fen: fen.map(str::to_string),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

/// The square index (a1 = 0) of a name.
fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

fn point(c: &mut Console, name: &str) {
    c.apply(ConsoleCommand::Point(Some(sq(name))));
}

/// The centre of the pixels the renderer paints for the one piece on the board.
fn drawn_centre(state: &ScreenState) -> (usize, usize) {
    let empty = ScreenState {
        board: [None; 64],
        ..state.clone()
    };
    let with = render_screen(state).expect("renders");
    let without = render_screen(&empty).expect("renders");
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            if with.get(x, y) != without.get(x, y) {
                xs.push(x);
                ys.push(y);
            }
        }
    }
    assert!(!xs.is_empty(), "the piece is drawn");
    let mid = |v: &[usize]| (v.iter().min().unwrap() + v.iter().max().unwrap()) / 2;
    (mid(&xs), mid(&ys))
}

#[test]
fn each_square_is_found_where_the_renderer_draws_its_piece_either_way_round() {
    for flipped in [false, true] {
        for square in 0..64 {
            let mut board = [None; 64];
            board[square] = Some((Colour::White, PieceKind::Queen));
            let state = ScreenState {
                board,
                flipped,
                ..ScreenState::start_position()
            };
            let (x, y) = drawn_centre(&state);
            assert_eq!(
                square_at(x, y, flipped),
                Some(square),
                "square {square} flipped {flipped} drawn about ({x}, {y})"
            );
        }
    }
    // Off the board: the file letters above it, the rank digits left of it, the panel
    // right of it, the status line below it.
    for (x, y) in [(100, 10), (8, 100), (300, 100), (100, 230), (0, 0)] {
        assert_eq!(square_at(x, y, false), None, "({x}, {y})");
    }
}

#[test]
fn a_click_in_the_window_finds_its_square_at_every_scale() {
    for scale in 1..=8 {
        // A window a little larger than the picture: centred, with a black surround.
        let (w, h) = (WIDTH * scale + 37, HEIGHT * scale + 21);
        let arrangement = arrange(w, h, false);
        assert_eq!(arrangement.scale, scale);
        let (x0, y0) = arrangement.picture_at;
        // The centre of e2 (frame pixel 26 + 4 * 32 + 16, 24 + 6 * 24 + 12).
        let (fx, fy) = (170, 180);
        let click = (x0 + fx * scale + scale / 2, y0 + fy * scale + scale / 2);
        let point = arrangement.frame_point(click.0, click.1);
        assert_eq!(point, Some((fx, fy)), "scale {scale}");
        assert_eq!(square_at(fx, fy, false), Some(sq("e2")));
        // The surround is off the picture.
        assert_eq!(arrangement.frame_point(0, 0), None, "scale {scale}");
        assert_eq!(arrangement.frame_point(w - 1, h - 1), None, "scale {scale}");
    }
}

#[test]
fn two_squares_pointed_at_make_the_move_typing_makes() {
    let mut pointed = console(Some(Colour::White), None);
    let mut typed = console(Some(Colour::White), None);
    for (from, to) in [("e2", "e4"), ("g1", "f3"), ("f1", "c4"), ("e1", "g1")] {
        point(&mut pointed, from);
        assert_eq!(pointed.screen().chosen, Some(sq(from)), "{from} is chosen");
        assert_eq!(
            pointed.screen().input,
            from.to_uppercase(),
            "typed as its name"
        );
        point(&mut pointed, to);
        assert_eq!(pointed.screen().chosen, None);
        press_keys(&mut typed, &format!("{}-{} ENTER", from, to).to_uppercase());
        settle_within(&mut pointed, 100);
        settle_within(&mut typed, 100);
        assert_eq!(pointed.game().moves(), typed.game().moves());
    }
    assert_eq!(
        pointed.game().moves().len(),
        8,
        "four moves and four replies"
    );
    assert_eq!(pointed.refused_moves(), 0);
}

#[test]
fn pointing_refuses_what_typing_refuses_in_the_same_words() {
    let cases = [
        // Nothing chosen: an empty square, the other side's piece, said at once.
        (vec!["e4"], "E4-E5", "NO PIECE ON E4"),
        (vec!["e7"], "E7-E5", "NOT YOUR PIECE ON E7"),
        // A piece chosen and a square it cannot reach.
        (vec!["e2", "e5"], "E2-E5", "PIECE CANNOT GO THERE"),
        (vec!["b1", "b3"], "B1-B3", "PIECE CANNOT GO THERE"),
    ];
    for (squares, typed_move, words) in cases {
        let mut pointed = console(Some(Colour::White), None);
        squares.iter().for_each(|s| point(&mut pointed, s));
        let mut typed = console(Some(Colour::White), None);
        press_keys(&mut typed, &format!("{typed_move} ENTER"));
        assert_eq!(pointed.screen().status, words, "{squares:?}");
        assert_eq!(typed.screen().status, words, "{typed_move}");
        assert!(pointed.game().moves().is_empty());
        assert_eq!(pointed.screen().chosen, None);
        assert_eq!(pointed.refused_moves(), 1);
    }
}

#[test]
fn the_same_square_or_off_the_board_cancels_and_another_piece_is_chosen_instead() {
    let mut c = console(Some(Colour::White), None);
    point(&mut c, "e2");
    point(&mut c, "e2");
    assert_eq!(c.screen().chosen, None);
    assert_eq!(c.screen().input, "");
    point(&mut c, "e2");
    c.apply(ConsoleCommand::Point(None));
    assert_eq!(c.screen().chosen, None);
    // A point of the picture off the board (the panel) is off the board too.
    point(&mut c, "e2");
    c.apply(ConsoleCommand::PointAt { x: 320, y: 100 });
    assert_eq!(c.screen().chosen, None);
    point(&mut c, "e2");
    point(&mut c, "d2");
    assert_eq!(c.screen().chosen, Some(sq("d2")));
    point(&mut c, "d4");
    assert_eq!(c.game().moves().len(), 1, "d2-d4 played");
    assert_eq!(c.refused_moves(), 0);
}

#[test]
fn a_move_to_the_last_rank_asks_for_its_piece_as_typing_does() {
    let fen = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    let mut c = console(Some(Colour::White), Some(fen));
    point(&mut c, "e7");
    point(&mut c, "e8");
    assert_eq!(c.screen().status, "PROMOTE TO? Q R B NO=N");
    // The knight is NO, as on the keyboard.
    c.apply(ConsoleCommand::Key(G7000Key::No));
    let last = *c.game().moves().last().expect("promoted");
    assert_eq!(last.uci(), "e7e8n");
    // Off the board while asked: the promotion is given up, as CLEAR gives it up.
    let mut c = console(Some(Colour::White), Some(fen));
    point(&mut c, "e7");
    point(&mut c, "e8");
    c.apply(ConsoleCommand::Point(None));
    assert!(c.game().moves().is_empty());
    assert_eq!(c.screen().status, "YOUR MOVE");
}

#[test]
fn the_turned_board_is_pointed_at_as_it_is_seen() {
    let mut c = console(Some(Colour::Black), None);
    settle_within(&mut c, 100);
    assert!(c.screen().flipped, "Black sees the board from its side");
    // Seen from Black, e7 is in the second row from the bottom, fifth column from the
    // right: column 3 from the left (pixel 26 + 3 * 32 + 16), row 6 (24 + 6 * 24 + 12).
    c.apply(ConsoleCommand::PointAt { x: 138, y: 180 });
    assert_eq!(c.screen().chosen, Some(sq("e7")));
}

#[test]
fn the_chosen_piece_is_marked_on_the_picture() {
    let mut c = console(Some(Colour::White), None);
    let before = render_screen(&c.screen()).expect("renders");
    point(&mut c, "e2");
    let after = render_screen(&c.screen()).expect("renders");
    // Only e2's square changed: its brackets (cyan, the CHOSEN colour field), and the
    // status line's `E2` with its cursor.
    let (x0, y0) = (26 + 4 * 32, 24 + 6 * 24);
    let mut in_square = 0;
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            if before.get(x, y) != after.get(x, y) {
                let on_e2 = (x0..x0 + 32).contains(&x) && (y0..y0 + 24).contains(&y);
                assert!(on_e2 || y >= 224, "({x}, {y}) changed");
                in_square += usize::from(on_e2);
            }
        }
    }
    assert!(in_square >= 40, "the brackets are {in_square} pixels");
    // A move typed shows its piece as chosen too: one fact, the typed square.
    let mut typed = console(Some(Colour::White), None);
    press_keys(&mut typed, "E2-");
    assert_eq!(typed.screen().chosen, Some(sq("e2")));
}

#[test]
fn the_pads_cursor_walks_the_board_as_it_is_seen_and_plays() {
    let mut c = console(Some(Colour::White), None);
    assert_eq!(c.screen().cursor, None, "hidden until the pad is used");
    c.apply(ConsoleCommand::MoveCursor(Step::Up));
    assert_eq!(c.screen().cursor, Some(sq("e3")), "from e2, one up");
    c.apply(ConsoleCommand::MoveCursor(Step::Down));
    c.apply(ConsoleCommand::PointCursor);
    assert_eq!(c.screen().chosen, Some(sq("e2")));
    c.apply(ConsoleCommand::MoveCursor(Step::Up));
    c.apply(ConsoleCommand::MoveCursor(Step::Up));
    c.apply(ConsoleCommand::PointCursor);
    assert_eq!(c.game().moves()[0].uci(), "e2e4");
    // It stops at the edge.
    for _ in 0..10 {
        c.apply(ConsoleCommand::MoveCursor(Step::Left));
    }
    assert_eq!(c.screen().cursor, Some(sq("a4")));
    // With the board turned, up on the screen is down the ranks.
    c.apply(ConsoleCommand::Flip);
    c.apply(ConsoleCommand::MoveCursor(Step::Up));
    c.apply(ConsoleCommand::MoveCursor(Step::Left));
    assert_eq!(c.screen().cursor, Some(sq("b3")));
}

#[test]
fn at_a_question_pointing_does_nothing_and_game_commands_are_told_to_wait() {
    let mut c = console(None, None);
    assert_eq!(c.screen().status, "PLAY WHITE? YES/NO");
    point(&mut c, "e2");
    assert_eq!(c.screen().status, "PLAY WHITE? YES/NO");
    assert_eq!(c.screen().chosen, None);
    // `setup` at PLAY WHITE? used to get no answer at all.
    c.type_line("setup");
    assert_eq!(c.screen().status, "ANSWER THE QUESTION FIRST");
    c.type_line("y");
    assert_eq!(c.screen().status, "YOUR MOVE");
}

#[test]
fn in_the_position_editor_a_square_completes_the_piece_typed() {
    let mut c = console(Some(Colour::White), None);
    c.apply(ConsoleCommand::Setup(None));
    c.apply(ConsoleCommand::Key(G7000Key::Times));
    press_keys(&mut c, "K");
    point(&mut c, "e1");
    press_keys(&mut c, "+ K");
    point(&mut c, "e8");
    press_keys(&mut c, "+ Q");
    point(&mut c, "d1");
    let board = c.screen().board;
    assert_eq!(board[sq("e1")], Some((Colour::White, PieceKind::King)));
    assert_eq!(board[sq("e8")], Some((Colour::Black, PieceKind::King)));
    assert_eq!(board[sq("d1")], Some((Colour::White, PieceKind::Queen)));
}
