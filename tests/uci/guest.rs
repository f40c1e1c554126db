//! `c7010 uci` with the guest: the Z80 engine on the emulated module through the latch
//! protocol. Its time is emulated, so a session is deterministic: the same script gives the
//! same answers, to the T-state. Skipped with a note while the built-in ROM does not play.

use c7010::uci::{EngineChoice, Player, Uci, factory, guest_plays};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use crate::common::transcript::run_script;

fn session(lines: &[&str]) -> String {
    let player = Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots");
    run_script::<Uci>(player, lines)
}

#[test]
fn the_guest_plays_legal_moves_deterministically() {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    let script = [
        "uci",
        // Out of the opening book, so that every answer is searched on its allocation.
        "position startpos moves h2h4",
        "go movetime 1000",
        "position startpos moves h2h4 e7e5 a2a3",
        "go wtime 30000 btime 30000 winc 500 binc 500",
        "go nodes 60",
        "isready",
    ];
    let out = session(&script);
    assert_eq!(
        out,
        session(&script),
        "emulated time makes the guest repeatable"
    );
    assert!(out.contains("id name c7010 module"), "{out}");
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 3, "{out}");
    // Replay with shakmaty: each answer legal where it was given.
    let play = |moves: &[&str]| -> Chess {
        let mut pos = Chess::default();
        for m in moves {
            let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        pos
    };
    for (moves, answer) in [
        (vec!["h2h4"], best[0]),
        (vec!["h2h4", "e7e5", "a2a3"], best[1]),
        // A `go` without a new `position` searches the position last set up.
        (vec!["h2h4", "e7e5", "a2a3"], best[2]),
    ] {
        let pos = play(&moves);
        assert!(
            answer.parse::<UciMove>().unwrap().to_move(&pos).is_ok(),
            "{answer} after {moves:?}"
        );
    }
    // Every analysis line within the allocation (1 s, then 30 s / 30 + 0.5 s), and each a
    // search, not the book's answer in no time.
    assert!(!out.contains("book move"), "{out}");
    for line in out.lines().filter(|l| l.starts_with("info depth")) {
        let time: u64 = line
            .split_whitespace()
            .skip_while(|w| *w != "time")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        // The budget is counted before each move explored, so the guest may run one node
        // over (a few milliseconds at about 230 positions a second; 40 ms over the 1.5 s
        // was seen).
        assert!(time <= 2000, "{line}");
    }
    // isready is answered even while the guest thinks.
    assert!(out.contains("readyok\n"));
}

#[test]
fn the_rom_option_boots_another_module_or_keeps_the_old_one() {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    let out = session(&[
        "setoption name Rom value /no/such/rom.bin",
        "setoption name Rom value <builtin>",
        "position startpos moves h2h4", // out of the book: no "info string book move"
        "go nodes 100",
    ]);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("info string setoption ignored: cannot read ROM /no/such/rom.bin"),
        "{out}"
    );
    assert_eq!(out.matches("info string").count(), 1, "{out}");
    assert!(out.contains("bestmove "), "{out}");
}
