//! `c7010 screenshot`: the PNG holds exactly the frame the console shows for that game
//! (decoded and compared pixel for pixel with a render of the same state); bad moves and
//! positions are clear errors.

use std::path::Path;
use std::process::Command;

use c7010::console::Game;
use c7010::console::controller::screen_of_game;
use c7010::console::render::render_screen;
use c7010::reference::parse_uci;
use c7010::vdc::png::scaled_rgb8;

use crate::common::png::decode_rgb;

fn screenshot(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_c7010"))
        .arg("screenshot")
        .args(args)
        .output()
        .expect("run c7010 screenshot")
}

#[test]
fn the_png_is_the_consoles_frame_for_the_moves() {
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("shot.png");
    let out = screenshot(&[
        "--moves",
        "e2e4 e7e5 Nf3 Nc6",
        "--scale",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, pixels) = decode_rgb(&std::fs::read(&path).unwrap());
    assert_eq!((w, h), (720, 486));
    let mut game = Game::default();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        let m = parse_uci(game.board(), uci).unwrap();
        game.play(m).unwrap();
    }
    let screen = screen_of_game(&game, 2);
    assert_eq!(screen.moves, ["E2-E4", "E7-E5", "G1-F3", "B8-C6"]);
    assert_eq!(screen.status, "YOUR MOVE");
    let frame = render_screen(&screen).unwrap();
    assert!(
        pixels == scaled_rgb8(&frame, 2),
        "the PNG differs from the frame"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("{:016x}", frame.hash())),
        "{stdout}"
    );
}

#[test]
fn a_mate_from_a_fen_shows_the_result() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let mut game = Game::from_fen(fen).unwrap();
    let m = parse_uci(game.board(), "a1a8").unwrap();
    game.play(m).unwrap();
    assert_eq!(screen_of_game(&game, 2).status, "CHECKMATE 1-0");
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("mate.png");
    let out = screenshot(&["--fen", fen, "--moves", "Ra8", "-o", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, _, pixels) = decode_rgb(&std::fs::read(&path).unwrap());
    let frame = render_screen(&screen_of_game(&game, 2)).unwrap();
    assert!(pixels == scaled_rgb8(&frame, 3));
}

#[test]
fn bad_input_is_a_clear_error() {
    let scratch = tempfile::tempdir().unwrap();
    let never = scratch.path().join("never.png");
    let never = never.to_str().unwrap();
    let out = screenshot(&["--moves", "e2e4 e2e4", "-o", never]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (\"e2e4\") is not legal here"), "{err}");
    let out = screenshot(&["--fen", "nonsense", "-o", never]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad --fen"));
    let out = screenshot(&["--scale", "9", "-o", never]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--scale must be 1 to 8"));
    assert!(!Path::new(never).exists(), "nothing is written on an error");
}

#[test]
fn a_threefold_repetition_shows_the_draw() {
    let mut game = Game::default();
    for _ in 0..2 {
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let m = parse_uci(game.board(), uci).unwrap();
            game.play(m).unwrap();
        }
    }
    assert_eq!(screen_of_game(&game, 2).status, "DRAW: REPETITION 1/2");
    // The game is over: no further move is taken.
    let m = parse_uci(game.board(), "e2e4").unwrap();
    assert!(game.play(m).is_err());
}
