//! Issue 17, point 4: `go depth N`, xboard `sd N` and `go nodes N` lift the level's budget.
//! Depth counts passes (pass 1 = three plies); the module searches until it reports pass N
//! (then it is told to move) or until N positions are spent (the budget).

use c7010::reference::levels;
use c7010::uci::{Uci, Xboard};

use crate::common::transcript::run_script;
use crate::guest_player::guest_player;

/// Out of the book; at level 2 (2,950 positions) the module completes only pass 1 here
/// (1,005 positions), pass 2 needs 4,191 (13.7 s of module time), pass 3 15,364.
const FEN: &str = "r1bqk2r/p2p1ppp/1p3n2/2p1n3/4P3/2N3Q1/PPP1NPPP/R3KB1R b KQkq - 1 10";

/// The `depth` and `nodes` of each completed pass's `info depth` line: the move's own line
/// that follows a decision made in a pass cut short (its depth the last pass completed) is
/// left out.
fn passes(out: &str) -> Vec<(u8, u32)> {
    let mut passes: Vec<(u8, u32)> = out
        .lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let nodes = w.iter().position(|x| *x == "nodes").unwrap();
            (w[0].parse().unwrap(), w[nodes + 1].parse().unwrap())
        })
        .collect();
    passes.dedup_by_key(|p| p.0);
    passes
}

/// The depth of each completed pass's xboard thinking line (`DEPTH SCORE TIME NODES PV`),
/// as [`passes`] takes them from UCI's `info depth` lines.
fn xboard_depths(out: &str) -> Vec<u8> {
    let mut depths: Vec<u8> = out
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    depths.dedup();
    depths
}

#[test]
fn go_depth_searches_past_the_level_budget() {
    let player = guest_player();
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
    let player = guest_player();
    let setboard = format!("setboard {FEN}");
    let out = run_script::<Xboard>(player, &["new", "force", "post", &setboard, "sd 2", "go"]);
    assert_eq!(xboard_depths(&out), [1, 2], "{out}");
    assert!(out.contains("\nmove "), "{out}");
}

#[test]
fn go_nodes_is_the_budget_whatever_the_level() {
    let player = guest_player();
    let position = format!("position fen {FEN}");
    let out = run_script::<Uci>(player, &[&position, "go nodes 9000"]);
    let p = passes(&out);
    assert_eq!(p.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2], "{out}");
    assert!(p[1].1 <= 9000, "{out}");
}

/// The `bestmove` runs of a transcript: each thought's passes.
fn thoughts(out: &str) -> Vec<Vec<(u8, u32)>> {
    out.split("bestmove ")
        .filter(|run| run.contains("info depth"))
        .map(passes)
        .collect()
}

#[test]
fn under_a_clock_a_level_set_on_purpose_is_the_most_a_move_gets() {
    let player = guest_player();
    let position = format!("position fen {FEN}");
    // An hour each: the clock's share (two minutes) is far more than level 2's budget.
    let clock = "go wtime 3600000 btime 3600000";
    let out = run_script::<Uci>(
        player,
        &[
            "setoption name Level value 2",
            &position,
            clock,
            "setoption name Level value 6",
            &position,
            clock,
        ],
    );
    let runs = thoughts(&out);
    assert_eq!(runs.len(), 2, "{out}");
    // Level 2 ends after its budget: pass 1 only, as with no clock at all.
    assert_eq!(
        runs[0].iter().map(|p| p.0).collect::<Vec<_>>(),
        [1],
        "{out}"
    );
    // Level 6 has no budget: the clock's share (two minutes) alone decides, and it goes
    // deeper (pass 2 ends after 14 s of module time).
    assert!(runs[1].len() >= 2, "{out}");
    assert!(runs[1][1].1 > levels::LEVEL_BUDGETS[1], "{out}");
}

#[test]
fn a_gui_time_limit_governs_the_default_level() {
    // python-chess's `analyse(board, Limit(time=30))` is `go movetime 30000`: with the
    // Level left at its default, the 30 s govern (pass 2 ends after 14 s here), where
    // level 2's budget would stop after pass 1.
    let position = format!("position fen {FEN}");
    let out = run_script::<Uci>(guest_player(), &[&position, "go movetime 30000"]);
    let depths: Vec<u8> = passes(&out).iter().map(|p| p.0).collect();
    assert!(depths.starts_with(&[1, 2]), "{out}");
    let chosen = run_script::<Uci>(
        guest_player(),
        &[
            "setoption name Level value 2",
            &position,
            "go movetime 30000",
        ],
    );
    let depths: Vec<u8> = passes(&chosen).iter().map(|p| p.0).collect();
    assert_eq!(depths, [1], "{chosen}");
}

#[test]
fn xboard_level_changed_in_the_gui_holds_under_its_clock() {
    let setboard = format!("setboard {FEN}");
    let lines = |level: &str| {
        vec![
            "xboard".to_string(),
            "protover 2".into(),
            format!("option Level={level}"),
            "new".into(),
            "force".into(),
            "post".into(),
            setboard.clone(),
            "level 40 120 0".into(),
            "time 720000".into(),
            "otim 720000".into(),
            "go".into(),
        ]
    };
    let run = |level: &str| {
        let player = guest_player();
        let lines = lines(level);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        run_script::<Xboard>(player, &lines)
    };
    // Two hours for 40 moves: a share of three minutes; level 2 stops at pass 1, level 6
    // searches on.
    let two = run("2");
    let six = run("6");
    assert_eq!(xboard_depths(&two), [1], "{two}");
    assert!(xboard_depths(&six).len() >= 2, "{six}");
}

#[test]
fn ten_minutes_a_move_at_level_6_searches_nine_plies_deep_and_answers() {
    let player = guest_player();
    // What a GUI gives in a correspondence-like game: ten minutes for this move. At level 6
    // (no budget) the module completes pass 7 (nine plies, 76,326 positions, about eight
    // minutes of its time here), goes on deeper until the time is up, then answers.
    let out = run_script::<Uci>(
        player,
        &[
            "setoption name Level value 6",
            "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 b1c3 f8d6",
            "go movetime 600000",
        ],
    );
    let depths: Vec<u8> = passes(&out).iter().map(|p| p.0).collect();
    assert!(depths.starts_with(&[1, 2, 3, 4, 5, 6, 7]), "{out}");
    let last = out
        .lines()
        .rfind(|l| l.starts_with("info depth 7"))
        .unwrap();
    let w: Vec<&str> = last.split_whitespace().collect();
    let time: u64 = w[w.iter().position(|x| *x == "time").unwrap() + 1]
        .parse()
        .unwrap();
    assert!((60_000..600_000).contains(&time), "{last}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn the_last_line_before_bestmove_is_the_moves_own() {
    let player = guest_player();
    // Pass 1 prefers d1e2, pass 2 d2d3; the budget ends pass 3 early, after it found d1f3
    // better (pass 3 explores d2d3 first, the last pass's line, and would finish at 32,997
    // positions, with f2f3): the move played gets its own line, as GUIs and polyglot take
    // the last line as its score.
    let out = run_script::<Uci>(
        player,
        &[
            "position fen r1b1kb1r/ppp1pppp/2n5/3q4/4N3/8/PPPP1PPP/R1BQK1NR w KQkq - 0 6",
            "go nodes 28500",
        ],
    );
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(lines[0].ends_with("pv d1e2 c8f5"), "{out}");
    assert!(lines[1].ends_with("pv d2d3 c8e6 c1e3"), "{out}");
    assert!(lines.last().unwrap().ends_with("pv d1f3"), "{out}");
    assert!(out.contains("bestmove d1f3"), "{out}");
}
