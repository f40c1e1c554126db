//! What the console tells the player (issue 16 points 3-6), read back from the screens of
//! both front ends: the set-up editor's commands and a clean board while editing, the
//! decision shown as played, take-back with the clocks, `+` and `#` in the move list, and
//! where the PGN went.

use std::cell::RefCell;
use std::rc::Rc;

use c7010::console::layout::panel_rows;
use c7010::console::terminal::render;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::RefEngine;
use c7010::machine::PAL_FRAME_T_STATES;
use c7010::reference::{Board, parse_uci};

use crate::common::instant_engine::{InstantEngine, Reply};
use crate::common::keys::{press_keys, settle_within};

fn console_against(engine: Box<dyn c7010::engine::Engine>, fen: Option<&str>) -> Console {
    Console::new(
        engine,
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: fen.map(str::to_string),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

fn settle(c: &mut Console) {
    settle_within(c, 100);
}

#[test]
fn the_set_up_editor_shows_its_commands_and_none_of_the_old_game() {
    let mut c = console_against(Box::new(RefEngine::new()), None);
    press_keys(&mut c, "A2-A3 ENTER");
    settle(&mut c);
    assert_eq!(c.screen().moves.len(), 2);
    press_keys(&mut c, "S");
    let screen = c.screen();
    assert!(screen.setup);
    assert!(screen.moves.is_empty(), "no moves, so no last-move marks");
    assert_eq!(screen.analysis, None);
    // The window's panel lists the editor's keys; the terminal its words.
    let rows: Vec<String> = panel_rows(&screen).into_iter().map(|r| r.0).collect();
    for key in ["KE1 PLACE", "YES PLAY", "CLEAR OUT"] {
        assert!(rows.iter().any(|r| r == key), "{key} not in {rows:?}");
    }
    let text = render(&screen);
    assert!(text.contains("Ke1 places a white king"), "{text}");
    assert!(text.contains("done plays the position"), "{text}");
    assert!(!text.contains("MOVES"), "{text}");
    // Leaving the editor shows the game again.
    c.press(G7000Key::Clear);
    assert_eq!(c.screen().moves.len(), 2);
}

#[test]
fn the_analysis_ends_on_the_move_played_with_its_pass_and_score() {
    let board = Board::startpos();
    let e4 = parse_uci(&board, "e2e4").unwrap();
    let mut after = board.clone();
    after.make(e4);
    let shown = parse_uci(&after, "e7e5").unwrap();
    let played = parse_uci(&after, "d7d5").unwrap();
    let engine = InstantEngine::new(Reply::ShownThenPlayed { shown, played }, Rc::default());
    let mut c = console_against(Box::new(engine), None);
    press_keys(&mut c, "E2-E4 ENTER");
    c.tick(PAL_FRAME_T_STATES);
    assert_eq!(c.game().sans(), ["e4", "d5"]);
    let a = c.screen().analysis.expect("the decision is shown");
    assert!(a.decided);
    assert_eq!(
        a.best_line,
        ["D7-D5"],
        "the move played, not the pass's E7-E5"
    );
    assert_eq!(a.pass, 2, "the pass the move comes from");
    // Two pawns against Black, the module: +2.00 from White's side.
    assert_eq!(a.score, 200);
    assert_eq!(a.positions, 120);
    let text = render(&c.screen());
    assert!(text.contains("PLAYED D7-D5"), "{text}");
    assert!(text.contains("PASS 2  SCORE +2.00"), "{text}");
    let rows: Vec<String> = panel_rows(&c.screen()).into_iter().map(|r| r.0).collect();
    assert!(rows.contains(&"  D7-D5".to_string()), "{rows:?}");
    assert!(!rows.iter().any(|r| r.contains("E7-E5")), "{rows:?}");
}

#[test]
fn take_back_restores_the_clocks() {
    let log = Rc::new(RefCell::new(Vec::new()));
    let mut c = console_against(Box::new(InstantEngine::new(Reply::FirstLegal, log)), None);
    let second = (PAL_FRAME_T_STATES as f64 * 49.7) as u64;
    for _ in 0..3 {
        c.tick(second);
    }
    let before = c.clocks();
    assert!(before[0] >= 2.9);
    press_keys(&mut c, "E2-E4 ENTER");
    for _ in 0..5 {
        c.tick(second);
    }
    settle(&mut c);
    for _ in 0..4 {
        c.tick(second);
    }
    assert!(c.clocks()[0] > before[0] + 3.0);
    press_keys(&mut c, "T");
    assert!(c.game().moves().is_empty());
    assert_eq!(
        c.clocks(),
        before,
        "the clocks as they were before the move taken back"
    );
}

#[test]
fn the_move_list_marks_check_and_mate() {
    // White mates with Qh5xf7 after 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let mut c = console_against(Box::new(RefEngine::new()), Some(fen));
    press_keys(&mut c, "H5xF7 ENTER");
    assert_eq!(c.screen().moves, ["H5xF7#"]);
    assert!(render(&c.screen()).contains("4. H5xF7#"));
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut c = console_against(Box::new(RefEngine::new()), Some(fen));
    press_keys(&mut c, "A1-A8 ENTER");
    assert_eq!(c.screen().moves.first().map(String::as_str), Some("A1-A8+"));
}

#[test]
fn pgn_written_names_the_file_within_the_status_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console_against(Box::new(RefEngine::new()), None);
    press_keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    let long = dir.path().join("games-of-the-winter-season.pgn");
    c.type_line(&format!("pgn {}", long.display()));
    assert!(long.exists());
    let status = c.screen().status;
    assert_eq!(status, "PGN WRITTEN TO games..n.pgn");
    assert!(
        status.chars().count() <= 27,
        "the window shows 27 characters"
    );
    // A path that fits is shown whole.
    let short = std::env::current_dir().unwrap().join("t.pgn");
    let _cleanup = RemoveOnDrop(short.clone());
    c.type_line("pgn t.pgn");
    assert_eq!(c.screen().status, "PGN WRITTEN TO t.pgn");
}

/// Removes a file when dropped (a test's output in the working directory).
struct RemoveOnDrop(std::path::PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn a_set_up_game_numbers_its_moves_from_its_position_as_pgn_does() {
    // White to move at move 8: the list begins `8. H2-H3 ...`.
    let white = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8";
    let mut c = console_against(Box::new(RefEngine::new()), Some(white));
    press_keys(&mut c, "H2-H3 ENTER");
    settle(&mut c);
    let text = render(&c.screen());
    assert!(text.contains("MOVES  8. H2-H3 "), "{text}");
    assert!(
        panel_rows(&c.screen())
            .iter()
            .any(|(row, _)| row.trim() == "8 H2-H3")
    );
    // Black to move at move 20 (the player Black): `20... A7-A6  21. ...`.
    let black = "4k3/p7/8/8/8/8/P7/4K3 b - - 0 20";
    let mut c = Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour: Some(Colour::Black),
            level: Some(2),
            fen: Some(black.into()),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts");
    press_keys(&mut c, "A7-A6 ENTER");
    settle(&mut c);
    let text = render(&c.screen());
    assert!(text.contains("MOVES  20... A7-A6  21. "), "{text}");
    let rows = panel_rows(&c.screen());
    assert!(
        rows.iter().any(|(row, _)| row.trim() == "20 A7-A6"),
        "{rows:?}"
    );
    assert!(
        rows.iter().any(|(row, _)| row.trim().starts_with("21 ")),
        "{rows:?}"
    );
    // The PGN agrees.
    assert!(c.pgn().contains("20... a6 21. "), "{}", c.pgn());
}
