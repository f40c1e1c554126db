//! UCI `MultiPV`: with `MultiPV` 3 every pass prints its best line as `multipv 1` and the
//! next two root moves by key as `multipv 2` and `3`, upper bounds; the guest prints the
//! same lines as the reference.

use c7010::uci::player::reference_factory;
use c7010::uci::{EngineChoice, Player, Uci, factory, guest_plays};

use crate::common::transcript::{run_script, transcript};

const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

fn script(lines: &str) -> Vec<String> {
    vec![
        "uci".to_string(),
        format!("setoption name MultiPV value {lines}"),
        format!("position fen {FEN}"),
        "go nodes 16000".to_string(),
        "isready".to_string(),
    ]
}

/// The `info` lines without their `time` (the engines' clocks differ).
fn infos(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("info"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut kept = vec![];
            let mut i = 0;
            while i < words.len() {
                if words[i] == "time" {
                    i += 2;
                    continue;
                }
                kept.push(words[i]);
                i += 1;
            }
            kept.join(" ")
        })
        .collect()
}

#[test]
fn three_lines_per_pass() {
    let lines = script("3");
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let text = transcript::<Uci>(&lines);
    assert!(text.contains("option name MultiPV type spin default 1 min 1 max 218"));
    let infos = infos(&text);
    assert!(infos.len() >= 6, "{text}");
    assert_eq!(infos.len() % 3, 0, "{text}");
    // Each pass: lines 2 and 3, then the best last (GUIs and polyglot keep the last line
    // as the engine's score).
    for pass in infos.chunks(3) {
        for (line, k) in pass.iter().zip([2, 3, 1]) {
            assert!(
                line.starts_with(&format!("info multipv {k} depth")),
                "{line}"
            );
        }
        assert!(!pass[2].contains("upperbound"), "{}", pass[2]);
        assert!(pass[0].contains("upperbound") && pass[1].contains("upperbound"));
        let first = |l: &str| {
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .to_string()
        };
        let moves: Vec<String> = pass.iter().map(|l| first(l)).collect();
        assert!(moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2]);
    }
    // docs/uci.md's MultiPV example is this session's answer.
    let doc = include_str!("../../docs/uci.md");
    let shown: Vec<&str> = doc
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("info multipv") || l.starts_with("bestmove b1c3"))
        .collect();
    assert_eq!(shown.len(), 10, "docs/uci.md's MultiPV example");
    for line in shown {
        assert!(text.contains(&format!("{line}\n")), "{line} not in\n{text}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn multipv_1_prints_as_before_and_bad_values_are_refused() {
    let lines = script("1");
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let text = transcript::<Uci>(&lines);
    assert!(!text.contains("multipv"), "{text}");
    let text = transcript::<Uci>(&[
        "setoption name MultiPV value 219",
        "setoption name MultiPV value x",
    ]);
    assert_eq!(text.matches("info string").count(), 2, "{text}");
}

#[test]
fn the_guest_prints_the_references_lines() {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    let lines = script("4");
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let guest = Player::new(factory(EngineChoice::Guest).unwrap()).unwrap();
    let guest = infos(&run_script::<Uci>(guest, &lines));
    let reference = Player::new(reference_factory()).unwrap();
    let reference = infos(&run_script::<Uci>(reference, &lines));
    assert!(guest.len() >= 8, "{guest:?}");
    assert_eq!(guest, reference);
}

#[test]
fn a_draw_move_is_exactly_0_and_lines_stop_at_the_root_list() {
    // After Nf3 Nf6 Ng1, Ng8 repeats the position: a draw move, exactly 0.
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    let lines = [
        "uci",
        "setoption name MultiPV value 218",
        &format!("position startpos moves {moves}"),
        "go nodes 3000",
        "isready",
    ];
    let mut board = c7010::reference::Board::startpos();
    for m in moves.split(' ') {
        board.make(c7010::reference::parse_uci(&board, m).unwrap());
    }
    let legal = c7010::reference::legal_moves(&board).len();
    let mut engines = vec![reference_factory()];
    assert!(guest_plays(), "the built-in ROM does not play chess");
    engines.push(factory(EngineChoice::Guest).unwrap());
    for engine in engines {
        let out = infos(&run_script::<Uci>(Player::new(engine).unwrap(), &lines));
        let pass1: Vec<&String> = out.iter().filter(|l| l.contains(" depth 1 ")).collect();
        assert_eq!(
            pass1.len(),
            legal,
            "one line per root move, no more: {out:?}"
        );
        let draw = pass1
            .iter()
            .find(|l| l.ends_with(" pv f6g8"))
            .expect("f6g8");
        assert!(draw.contains(" score cp 0 nodes "), "{draw}");
    }
}

#[test]
fn xboard_prints_the_lines_at_the_same_depth() {
    use c7010::uci::Xboard;
    let setboard = format!("setboard {FEN}");
    let text = transcript::<Xboard>(&[
        "xboard",
        "protover 2",
        "option MultiPV=3",
        "new",
        "force",
        &setboard,
        "post",
        "sd 2",
        "go",
        "ping 1",
    ]);
    assert!(
        text.contains("feature option=\"MultiPV -spin 1 1 218\""),
        "{text}"
    );
    // Thinking lines: `depth score time nodes pv`, three a depth, distinct first moves.
    let thinking: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() >= 5 && w[0].parse::<u8>().is_ok() && w[3].parse::<u32>().is_ok())
        .collect();
    assert!(thinking.len() >= 3, "{text}");
    assert_eq!(thinking.len() % 3, 0, "{text}");
    for depth in thinking.chunks(3) {
        assert!(depth.iter().all(|w| w[0] == depth[0][0]), "{text}");
        let firsts: Vec<&str> = depth.iter().map(|w| w[4]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        // Lines 2 and 3 are root moves alone, ordered by their keys; the best line comes
        // last (XBoard takes a depth's last line as the engine's score).
        let score = |w: &Vec<&str>| w[1].parse::<i32>().unwrap();
        assert!(depth[0].len() == 5 && depth[1].len() == 5, "{text}");
        assert!(score(&depth[0]) >= score(&depth[1]), "{text}");
    }
}
