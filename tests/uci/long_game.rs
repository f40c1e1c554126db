//! A GUI may send a game of any length with every `go`: the engine is set up at the game's
//! position instead of replaying it move by move through the module (40,000 moves took 25 s
//! of host time), and a move or two more is played on it as usual. Runs in about a second.

use std::rc::Rc;

use c7010::engine::{Engine, RefEngine};
use c7010::uci::{Player, Uci};

use crate::common::observed::{Observed, Seen};
use crate::common::transcript::run_script;

#[test]
fn a_game_of_forty_thousand_moves_is_set_up_not_replayed() {
    let seen = Rc::new(Seen::default());
    let shared = seen.clone();
    let player = Player::new(Box::new(move |_| {
        Ok(Box::new(Observed {
            inner: Box::new(RefEngine::new()),
            seen: shared.clone(),
        }) as Box<dyn Engine>)
    }))
    .unwrap();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().copied().cycle().take(40_000).collect();
    let long = format!("position startpos moves {}", moves.join(" "));
    let longer = format!("{long} b1c3 b8c6");
    let out = run_script::<Uci>(player, &[&long, "go nodes 100", &longer, "go nodes 100"]);
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 2, "{out}");
    assert_ne!(best[0], "0000", "{out}");
    // One setup at the position, then only the two new moves and the engine's own.
    assert_eq!(seen.setups.get(), 1);
    let plays = seen.plays.get();
    assert!(plays <= 3, "{plays} moves played on the engine");
}
