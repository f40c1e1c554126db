//! Issue 17, point 3: real pondering with the guest. `go ponder` (UCI) and `hard` (xboard)
//! think on the predicted reply; a hit continues the same search, its positions counter
//! carried on, with the clock running from the hit; a miss stops, takes the predicted move
//! back and searches the move played.

use std::sync::{Arc, Mutex};

use c7010::reference::{Board, parse_uci};
use c7010::uci::{Uci, Xboard};

use crate::guest_player::guest_player;
use crate::live_gui::{Gui, converse};

/// Out of the book. The guest plays b1c3 and expects f8d6 (its pass-1 PV); after f8d6 a
/// search reaches pass 2 after 1,972 positions (6.8 s of the module's time), pass 3 after
/// 5,095.
const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// Send `send`, wait for a line `until` accepts, keep what came in `parts`.
fn step(gui: &mut Gui, parts: &Mutex<Vec<String>>, send: &[&str], until: impl Fn(&str) -> bool) {
    for l in send {
        gui.send(l);
    }
    let got = gui.wait_for(until);
    parts.lock().unwrap().push(got);
}

/// The value after `key` in a UCI info line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let w: Vec<&str> = line.split_whitespace().collect();
    w[w.iter().position(|x| *x == key).unwrap() + 1]
}

#[test]
fn uci_ponderhit_continues_the_same_search() {
    let player = guest_player();
    let parts = Arc::new(Mutex::new(Vec::new()));
    let keep = parts.clone();
    converse::<Uci>(player, move |gui| {
        let p = &*keep;
        let pos = format!("position fen {FEN}");
        let after = format!("position fen {FEN} moves b1c3 f8d6");
        let best = |l: &str| l.starts_with("bestmove");
        step(
            gui,
            p,
            &["setoption name Ponder value true", &pos, "go movetime 2000"],
            best,
        );
        // Ponder until pass 2 is reported, then the hit: 1 s more on our clock.
        let pass2 = |l: &str| l.starts_with("info depth 2");
        step(gui, p, &[&after, "go ponder movetime 1000"], pass2);
        step(gui, p, &["ponderhit"], best);
        // The same move without pondering: 1 s from scratch.
        step(gui, p, &[&after, "go movetime 1000"], best);
        // A miss: stop, then the move really played.
        step(gui, p, &[&after, "go ponder movetime 1000"], |l| {
            l.starts_with("info depth 1")
        });
        step(gui, p, &["stop"], best);
        let other = format!("position fen {FEN} moves b1c3 d7d6");
        step(gui, p, &[&other, "go movetime 1000"], best);
        gui.send("quit");
    });
    let parts = parts.lock().unwrap();
    // With Ponder on, the answer names the reply it expects.
    assert!(
        parts[0].ends_with("bestmove b1c3 ponder f8d6\n"),
        "{}",
        parts[0]
    );
    // Pondering: pass 1 then pass 2, one search (its counter grows); after the hit it plays
    // pass 2's move at once or after 1 s more, carrying the counter on.
    let pondered: Vec<&str> = parts[1].lines().collect();
    assert_eq!(field(pondered[0], "depth"), "1", "{}", parts[1]);
    assert_eq!(field(pondered[0], "nodes"), "469", "{}", parts[1]);
    assert_eq!(field(pondered[1], "nodes"), "2508", "{}", parts[1]);
    let hit = &parts[2];
    assert!(hit.contains("bestmove d2d3 ponder e8g8"), "{hit}");
    assert!(
        !hit.contains("info depth 1 "),
        "the search did not start again: {hit}"
    );
    // Without pondering the same second completes no pass (pass 1 needs 1.55 s) and plays
    // another move.
    let fresh = &parts[3];
    assert!(!fresh.contains("info depth"), "{fresh}");
    assert!(fresh.contains("bestmove e1g1"), "{fresh}");
    // The miss: the ponder's answer to `stop`, then a search of the real position.
    assert!(parts[5].contains("bestmove "), "{}", parts[5]);
    let real = parts[6]
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    let mut board = Board::from_fen(FEN).unwrap();
    for m in ["b1c3", "d7d6"] {
        board.make(parse_uci(&board, m).unwrap());
    }
    assert!(parse_uci(&board, real).is_ok(), "{}", parts[6]);
}

#[test]
fn xboard_hard_ponders_and_a_miss_searches_the_real_move() {
    let player = guest_player();
    let parts = Arc::new(Mutex::new(Vec::new()));
    let keep = parts.clone();
    let text = converse::<Xboard>(player, move |gui| {
        let p = &*keep;
        let setboard = format!("setboard {FEN}");
        let moved = |l: &str| l.starts_with("move ");
        let pass = |n: &'static str| move |l: &str| l.split_whitespace().next() == Some(n);
        step(
            gui,
            p,
            &["new", "force", &setboard, "post", "hard", "st 2", "go"],
            moved,
        );
        // Pondering on f8d6 until pass 2, then the user plays it: a hit.
        step(gui, p, &[], pass("2"));
        step(gui, p, &["time 6000", "otim 6000", "usermove f8d6"], moved);
        // Pondering on e8g8 (pass 1 seen); the user plays h7h6 instead: a miss
        // (its pass 1 needs 388 positions, well within the 2 s).
        step(gui, p, &[], pass("1"));
        step(gui, p, &["usermove h7h6"], moved);
        step(gui, p, &["easy", "ping 5"], |l| l == "pong 5");
        gui.send("quit");
    });
    let parts = parts.lock().unwrap();
    assert!(parts[0].ends_with("move b1c3\n"), "{text}");
    // While pondering, each thinking line starts with the reply pondered on, as polyglot
    // shows a UCI engine's ponder (XBoard shows the line from the game's position).
    let pondered: Vec<&str> = parts[1]
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(!pondered.is_empty(), "{text}");
    for line in &pondered {
        assert_eq!(line.split_whitespace().nth(4), Some("f8d6"), "{line}");
    }
    // The hit plays pass 2's move (2 s alone reach only pass 1, which plays e1g1).
    assert!(parts[2].ends_with("move d2d3\n"), "{text}");
    assert!(!parts[2].lines().any(|l| l.starts_with("1 ")), "{text}");
    // XBoard drops the lines printed while pondering: after the hit the decision's own
    // line comes again, the one XBoard records with the move.
    let told: Vec<&str> = parts[2]
        .lines()
        .rev()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!((told[0], told.get(4)), ("2", Some(&"d2d3")), "{text}");
    // The miss: the predicted e8g8 taken back, h7h6 played and searched from its pass 1.
    assert!(parts[4].lines().next().unwrap().starts_with("1 "), "{text}");
    let reply = parts[4].lines().last().unwrap();
    assert!(reply.starts_with("move "), "{text}");
    assert!(!text.contains("Illegal"), "{text}");
    assert!(text.ends_with("pong 5\n"), "{text}");
}

#[test]
fn after_a_ponderhit_the_levels_time_caps_a_long_clock() {
    let player = guest_player();
    let parts = Arc::new(Mutex::new(Vec::new()));
    let keep = parts.clone();
    converse::<Uci>(player, move |gui| {
        let p = &*keep;
        let after = format!("position fen {FEN} moves b1c3 f8d6");
        let best = |l: &str| l.starts_with("bestmove");
        gui.send("setoption name Ponder value true");
        // A level set on purpose caps the clock (docs/uci.md, "Time").
        gui.send("setoption name Level value 2");
        // An hour each: the clock's share (two minutes) would reach pass 3 (5,095
        // positions, about 17 s); level 2's 10 s from the hit do not.
        step(
            gui,
            p,
            &[&after, "go ponder wtime 3600000 btime 3600000"],
            |l| l.starts_with("info depth 1"),
        );
        step(gui, p, &["ponderhit"], best);
        gui.send("quit");
    });
    let parts = parts.lock().unwrap();
    let hit = &parts[1];
    assert!(hit.contains("bestmove "), "{hit}");
    assert!(!hit.contains("info depth 3"), "{hit}");
}

#[test]
fn xboard_nopost_while_pondering_holds_for_the_search_after_a_miss() {
    let player = guest_player();
    let parts = Arc::new(Mutex::new(Vec::new()));
    let keep = parts.clone();
    let text = converse::<Xboard>(player, move |gui| {
        let p = &*keep;
        let setboard = format!("setboard {FEN}");
        let moved = |l: &str| l.starts_with("move ");
        let pass = |n: &'static str| move |l: &str| l.split_whitespace().next() == Some(n);
        step(
            gui,
            p,
            &["new", "force", &setboard, "post", "hard", "st 8", "go"],
            moved,
        );
        step(gui, p, &[], pass("1"));
        // `nopost` while pondering, then another move than the predicted f8d6: the
        // search of the real move posts nothing.
        step(gui, p, &["nopost", "usermove d7d6"], moved);
        gui.send("quit");
    });
    let parts = parts.lock().unwrap();
    // (8 s a move: posted, the first search shows its passes.)
    assert!(parts[0].lines().any(|l| l.starts_with("1 ")), "{text}");
    let after = &parts[2];
    assert!(
        !after
            .lines()
            .any(|l| l.starts_with(|c: char| c.is_ascii_digit())),
        "{text}"
    );
}

/// `quit` while the engine ponders (xboard's `hard`) ends the session quietly: the thought
/// on a reply that never came is no move of the engine's (it was told to the user as an
/// illegal move before).
#[test]
fn xboard_quit_while_pondering_says_nothing() {
    let player = guest_player();
    let parts = Arc::new(Mutex::new(Vec::new()));
    let keep = parts.clone();
    let text = converse::<Xboard>(player, move |gui| {
        let p = &*keep;
        let setboard = format!("setboard {FEN}");
        let moved = |l: &str| l.starts_with("move ");
        step(
            gui,
            p,
            &["new", "force", &setboard, "post", "hard", "st 2", "go"],
            moved,
        );
        // Pondering (a thinking line of the ponder seen), then the interface quits.
        step(gui, p, &[], |l| l.starts_with("1 "));
        gui.send("quit");
    });
    assert!(text.contains("move b1c3"), "{text}");
    assert!(!text.contains("tellusererror"), "{text}");
    assert!(!text.contains("llegal"), "{text}");
}
