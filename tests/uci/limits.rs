//! Issue 17, point 4: `go depth N`, xboard `sd N` and `go nodes N` lift the level's budget.
//! Depth counts passes (pass 1 = three plies); the module searches until it reports pass N
//! (then it is told to move) or until N positions are spent (the budget).

use c7010::reference::levels;
use c7010::uci::{Uci, Xboard};

use crate::common::transcript::run_script;
use crate::guest_player::guest_player;

/// Out of the book; at level 2 (2,300 positions) the module completes only pass 1 here,
/// pass 2 needs 7,392 positions.
const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// The `depth` and `nodes` of each `info depth` line.
fn passes(out: &str) -> Vec<(u8, u32)> {
    out.lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let nodes = w.iter().position(|x| *x == "nodes").unwrap();
            (w[0].parse().unwrap(), w[nodes + 1].parse().unwrap())
        })
        .collect()
}

#[test]
fn go_depth_searches_past_the_level_budget() {
    let Some(player) = guest_player() else { return };
    let position = format!("position fen {FEN}");
    let out = run_script::<Uci>(player, &[&position, "go", &position, "go depth 2"]);
    let mut runs = out.split("bestmove ");
    let level = passes(runs.next().unwrap());
    let depth = passes(runs.next().unwrap());
    // The level alone stops after pass 1; `depth 2` reports pass 2, beyond the budget.
    assert_eq!(level.iter().map(|p| p.0).collect::<Vec<_>>(), [1], "{out}");
    assert_eq!(
        depth.iter().map(|p| p.0).collect::<Vec<_>>(),
        [1, 2],
        "{out}"
    );
    assert!(depth[1].1 > levels::LEVEL_BUDGETS[1], "{out}");
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
}

#[test]
fn xboard_sd_searches_past_the_level_budget() {
    let Some(player) = guest_player() else { return };
    let setboard = format!("setboard {FEN}");
    let out = run_script::<Xboard>(player, &["new", "force", "post", &setboard, "sd 2", "go"]);
    let plies: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(plies, ["1", "2"], "{out}");
    assert!(out.contains("\nmove "), "{out}");
}

#[test]
fn go_nodes_is_the_budget_whatever_the_level() {
    let Some(player) = guest_player() else { return };
    let position = format!("position fen {FEN}");
    let out = run_script::<Uci>(player, &[&position, "go nodes 9000"]);
    let p = passes(&out);
    assert_eq!(p.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2], "{out}");
    assert!(p[1].1 <= 9000, "{out}");
}
