//! Issue 17, point 1: xboard's analyze mode and options. `analyze` posts a thinking line after
//! every pass and never moves; a move, `undo` and `setboard` while analysing start the
//! analysis again on the new position; `.` gets a status line; `exit` ends the mode; every
//! option is declared with `feature option=` and set with `option NAME=VALUE`.

use c7010::reference::{Board, parse_uci};
use c7010::uci::{EngineChoice, Player, Xboard, factory, guest_plays};

use crate::common::transcript::transcript;
use crate::live_gui::converse;

/// Out of the book: the guest completes pass 1 after 511 positions, pass 2 after 7,392.
const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// Another position, Black to move (the Sicilian after 2. Nf3).
const FEN2: &str = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

/// Thinking lines (`ply score time nodes pv...`) of a piece of output.
fn thinking(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// True when every move of `pv` is legal in turn from `board`.
fn legal_from(board: &Board, pv: &[String]) -> bool {
    let mut b = board.clone();
    pv.iter().all(|m| match parse_uci(&b, m) {
        Ok(mv) => {
            b.make(mv);
            true
        }
        Err(_) => false,
    })
}

#[test]
fn an_analyze_session_follows_the_position() {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    let player = Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots");
    let is_pass = |n: &'static str| move |l: &str| l.split_whitespace().next() == Some(n);
    let parts = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let keep = parts.clone();
    let text = converse::<Xboard>(player, move |gui| {
        let part = |gui: &mut crate::live_gui::Gui, send: &[&str], until: &dyn Fn(&str) -> bool| {
            for l in send {
                gui.send(l);
            }
            let got = gui.wait_for(until);
            keep.lock().unwrap().push(got);
        };
        let setboard = format!("setboard {FEN}");
        part(gui, &["new", "force", &setboard, "analyze"], &is_pass("2"));
        part(gui, &["."], &|l| l.starts_with("stat01:"));
        part(gui, &["usermove b1c3"], &is_pass("2"));
        part(gui, &["undo"], &is_pass("2"));
        let setboard2 = format!("setboard {FEN2}");
        part(gui, &[&setboard2], &is_pass("1"));
        part(gui, &["exit", "ping 7"], &|l| l == "pong 7");
        gui.send("quit");
    });
    let parts = parts.lock().unwrap();
    let start = Board::from_fen(FEN).unwrap();
    let mut after_nc3 = start.clone();
    after_nc3.make(parse_uci(&start, "b1c3").unwrap());
    // Pass 1 and pass 2 posted, with the guest's figures, without `post`.
    let first = thinking(&parts[0]);
    assert_eq!(first.len(), 2, "{text}");
    assert_eq!(first[0][..4], ["1", "18", "120", "476"], "{text}");
    assert_eq!(first[1][..4], ["2", "0", "839", "2658"], "{text}");
    assert!(first.iter().all(|l| legal_from(&start, &l[4..])), "{text}");
    // `.`: the last pass's time, positions, ply; 33 legal moves.
    assert!(parts[1].contains("stat01: "), "{text}");
    let stat: Vec<&str> = parts[1]
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(stat[5], "33", "{text}");
    // After the move, Black's analysis; after `undo`, White's again (the same as before).
    let black = thinking(&parts[2]);
    assert!(!black.is_empty() && black.iter().all(|l| legal_from(&after_nc3, &l[4..])));
    assert_eq!(thinking(&parts[3]), first, "{text}");
    let second = Board::from_fen(FEN2).unwrap();
    assert!(
        thinking(&parts[4])
            .iter()
            .all(|l| legal_from(&second, &l[4..]))
    );
    // The engine never moved, and `exit` stopped the analysis.
    assert!(!text.contains("\nmove "), "{text}");
    assert!(text.ends_with("pong 7\n"), "{text}");
}

#[test]
fn every_option_is_declared_and_set_through_xboard() {
    let text = transcript::<Xboard>(&[
        "protover 2",
        "option Level=4",
        "option Clock=wall",
        "option ClockMHz=8",
        "option Level=9",
        "option Colour=red",
        "protover 2",
    ]);
    for name in ["Level", "Clock", "ClockMHz", "Rom"] {
        assert!(
            text.contains(&format!("feature option=\"{name} -")),
            "{name}: {text}"
        );
    }
    assert!(
        text.contains("feature option=\"Level -spin 2 1 6\""),
        "{text}"
    );
    // The second declaration shows the values set.
    assert!(
        text.contains("feature option=\"Level -spin 4 1 6\""),
        "{text}"
    );
    assert!(
        text.contains("feature option=\"Clock -combo emulated /// *wall\""),
        "{text}"
    );
    assert!(
        text.contains("feature option=\"ClockMHz -string 8.000000\""),
        "{text}"
    );
    assert!(
        text.contains("> option Level=9\nError (level 9 does not exist"),
        "{text}"
    );
    assert!(
        text.contains("> option Colour=red\nError (unknown option"),
        "{text}"
    );
}

#[test]
fn analyze_with_the_reference_and_a_closed_input_keeps_the_game() {
    let text = transcript::<Xboard>(&[
        &format!("setboard {FEN}"),
        "analyze",
        "exit",
        "force",
        "usermove a2a3",
    ]);
    // The reference's one analysis line, no move; the game is unchanged, so a2a3 is legal.
    assert_eq!(thinking(&text).len(), 1, "{text}");
    assert!(!text.contains("\nmove "), "{text}");
    assert!(!text.contains("Illegal"), "{text}");
}

#[test]
fn the_initial_position_is_analysed_not_answered_from_the_book() {
    let text = transcript::<Xboard>(&["new", "force", "analyze", "exit", "usermove e2e4"]);
    // A thinking line (the book would have answered without one) ...
    assert_eq!(thinking(&text).len(), 1, "{text}");
    // ... and the game goes on from the initial position with e2e4 legal.
    assert!(!text.contains("Illegal"), "{text}");
    let uci = transcript::<c7010::uci::Uci>(&["position startpos", "go infinite", "stop"]);
    assert!(uci.contains("\ninfo depth "), "{uci}");
    assert!(!uci.contains("book move"), "{uci}");
}

#[test]
fn an_option_or_a_level_while_analysing_is_obeyed_and_the_analysis_goes_on() {
    let player = crate::guest_player::guest_player();
    let is_pass = |n: &'static str| move |l: &str| l.split_whitespace().next() == Some(n);
    let parts = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let keep = parts.clone();
    let text = converse::<Xboard>(player, move |gui| {
        let setboard = format!("setboard {FEN}");
        for l in ["new", "force", &setboard, "analyze"] {
            gui.send(l);
        }
        keep.lock().unwrap().push(gui.wait_for(is_pass("1")));
        // Each drops the thought; obeyed, the analysis starts again from pass 1.
        for command in ["option Level=3", "level 40 5 0"] {
            gui.send(command);
            keep.lock().unwrap().push(gui.wait_for(is_pass("1")));
        }
        // `time` is taken without dropping it: the same thought reaches pass 2.
        gui.send("time 30000");
        keep.lock().unwrap().push(gui.wait_for(is_pass("2")));
        gui.send("exit");
        gui.send("ping 9");
        gui.wait_for(|l| l == "pong 9");
        gui.send("quit");
    });
    assert_eq!(parts.lock().unwrap().len(), 4, "{text}");
    let first_passes = text
        .lines()
        .filter(|l| l.starts_with("1 18 120 476 "))
        .count();
    assert_eq!(first_passes, 3, "{text}");
    assert!(!text.contains("Error"), "{text}");
    assert!(!text.contains("\nmove "), "{text}");
}
