//! Whole games: the guest (the ROM on the emulated module, through the latch protocol only)
//! against the reference engine, with `c7010::guest::games::play_game`: every guest move
//! legal, its INFO lines in order, and the same decision the reference takes in its place;
//! the module's word on mate and stalemate agreeing with the rules; no fault (a write
//! outside RAM faults); the stack clear of the data. `c7010 games` runs the 50 games at the
//! real levels for the report.

use c7010::guest::GuestImage;
use c7010::guest::games::{GameError, GuestLimit, Pairing, play_game};
use c7010::guest::session::GuestSession;

fn pairing(game: usize, budget: u32) -> Pairing {
    Pairing {
        guest_white: game.is_multiple_of(2),
        guest: GuestLimit::Positions(budget),
        guest_budget: budget,
        reference_budget: 100 + 50 * game as u32,
        random_plies: 2,
        seed: game as u64,
        max_plies: 400,
    }
}

#[test]
fn four_games_against_the_reference() {
    let image = GuestImage::builtin();
    let ramused = image.symbol("RAMUSED").unwrap() as u32;
    let mut s = GuestSession::boot(&image).unwrap();
    let mut plies = 0;
    for g in 0..4 {
        let record = play_game(
            &mut s,
            None,
            &pairing(g, [60, 150, 100, 80][g]),
            &mut |_| {},
        )
        .unwrap_or_else(|e| panic!("game {g}: {e}"));
        assert!(record.ending.is_some(), "game {g} ended by the rules");
        assert_eq!(
            record.guest_moves,
            (record.game.moves().len() + usize::from(g.is_multiple_of(2)) - 2) / 2
        );
        plies += record.game.moves().len();
    }
    let stats = s.module().machine().stats();
    let high = stats.ram_high_water.map(|o| 0xE000 + u32::from(o));
    println!(
        "{plies} plies; stack low-water {:#06x}, highest RAM address written {high:?}",
        stats.sp_low_water
    );
    assert!(stats.sp_low_water >= ramused, "the stack ran into the data");
    assert!(high.is_some_and(|h| h <= 0xE7FF));
}

#[test]
fn a_decision_unlike_the_reference_is_reported() {
    // The reference replays the guest's moves with ten times its budget: it searches
    // further, so the comparison must catch the difference at the guest's first GO.
    let image = GuestImage::builtin();
    let book = image.book().unwrap();
    let mut s = GuestSession::boot(&image).unwrap();
    let mut p = pairing(0, 100);
    p.guest_budget = 1000;
    match play_game(&mut s, book.as_ref(), &p, &mut |_| {}) {
        Err(GameError::Differs {
            ply, differences, ..
        }) => {
            assert_eq!(ply, 3, "the guest's first GO after the two random plies");
            // The reference searched further: its decision differs (a guest/ref pair).
            assert!(
                differences
                    .iter()
                    .any(|l| l.starts_with("  guest bestmove"))
            );
            assert!(
                differences
                    .iter()
                    .any(|l| l.starts_with("  ref   bestmove"))
            );
        }
        other => panic!("expected a difference, got {other:?}"),
    }
}

fn games_cli(args: &[&str]) -> (bool, String, String) {
    crate::common::cli::run_c7010(&[&["games"], args].concat())
}

#[test]
fn games_command_prints_each_game_the_summary_and_the_pgn() {
    let scratch = tempfile::tempdir().unwrap();
    let pgn = scratch.path().join("games.pgn");
    let (ok, out, err) = games_cli(&[
        "--games",
        "2",
        "--budget",
        "60",
        "--jobs",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("game 1: c7010 guest, 60 positions - c7010 reference"),
        "{out}"
    );
    assert!(
        out.contains("game 2: c7010 reference, 60 positions - c7010 guest"),
        "{out}"
    );
    assert!(out.contains("2 games, "), "{out}");
    assert!(
        out.contains("every one identical to the reference's"),
        "{out}"
    );
    assert!(
        out.contains("ROM ") && out.contains("stack low-water"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Event \"c7010 guest against the reference\"]")
            .count(),
        2
    );
    // Two modules played at once; the file keeps the games in round order.
    let round_1 = text.find("[Round \"1\"]").expect("round 1");
    let round_2 = text.find("[Round \"2\"]").expect("round 2");
    assert!(round_1 < round_2);
}

#[test]
fn games_command_refuses_bad_arguments() {
    for (args, says) in [
        (&["--games", "0"][..], "--games must be at least 1"),
        (&["--levels", "2,6"][..], "--levels takes levels 1-5"),
        (&["--budget", "0"][..], "--budget must be at least 1"),
        (&["--jobs", "0"][..], "--jobs must be at least 1"),
        // Found before the first game is played, not after the last.
        (
            &["--pgn", "/nonexistent-c7010-dir/games.pgn"][..],
            "cannot write /nonexistent-c7010-dir/games.pgn",
        ),
    ] {
        let (ok, _, err) = games_cli(args);
        assert!(!ok);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
