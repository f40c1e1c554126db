//! Issue 17, point 5: `info depth 0` is never printed. GUIs (polyglot among them) drop such
//! lines, so a book move says `info string book move` and its move as a `depth 1` line
//! (issue 26, point 9), and a move chosen before the first pass completed gets one line
//! without a depth (UCI) or none (xboard).

use c7010::uci::{EngineChoice, Player, Uci, Xboard, factory, guest_plays};

use crate::common::transcript::{run_script, transcript};

#[test]
fn a_book_move_tells_its_move_as_a_depth_1_line() {
    let text = transcript::<Uci>(&["position startpos", "go"]);
    assert!(!text.contains("depth 0"), "{text}");
    // The GUI gets the move as a line, never an empty answer; no score: none was searched.
    let best = text
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .expect(&text);
    assert!(
        text.contains(&format!(
            "info string book move\ninfo depth 1 nodes 0 time 0 pv {best}\nbestmove {best}"
        )),
        "{text}"
    );
}

#[test]
fn a_move_before_the_first_pass_has_no_depth() {
    // Out of the book (a set-up position), 1 position: the reference completes no pass.
    let text = transcript::<Uci>(&[
        "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "go nodes 1",
    ]);
    assert!(!text.contains("depth 0"), "{text}");
    let line = text.lines().find(|l| l.starts_with("info ")).expect(&text);
    assert!(line.starts_with("info score cp "), "{line}");
    assert!(line.contains(" pv "), "{line}");
}

#[test]
fn xboard_posts_no_ply_0_line() {
    let text = transcript::<Xboard>(&["post", "new", "usermove e2e4"]);
    // The book answers: a `move` and no thinking line with ply 0.
    assert!(text.contains("\nmove "), "{text}");
    assert!(
        !text.lines().any(|l| l.starts_with("0 ")),
        "no ply-0 thinking line: {text}"
    );
}

#[test]
fn the_guest_never_says_depth_0() {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    let player = Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots");
    let out = run_script::<Uci>(
        player,
        &[
            "position startpos",
            "go",
            "position startpos moves h2h4",
            "go nodes 1",
            "isready",
        ],
    );
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
    assert!(out.contains("info string book move"), "{out}");
    assert!(!out.contains("depth 0"), "{out}");
}
