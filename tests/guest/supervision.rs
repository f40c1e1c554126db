//! The module never dies in ordinary use: the host's supervisor (`protocol::supervisor`)
//! lets a module wait or think as long as the host asked, catches a real runaway in bounded
//! emulated time, the engine resets a failed module, and the table sets the game up again.
//!
//! Emulated time: idle waiting is skipped, so hours of a person's thinking cost
//! milliseconds; searching costs host time (about 25 emulated seconds per host second in a
//! debug build). The longest test here searches 11 emulated minutes, past the 10 minutes
//! the old blind watchdog allowed (about half a minute).

use c7010::engine::{Decision, Heard, Level, Limit, Notice, Stops, Table};
use c7010::guest::{GuestImage, GuestSession};
use c7010::protocol::supervisor::{
    PROGRESS_WINDOW_T_STATES, SEARCH_OVERHEAD_T_STATES, SLOWEST_T_STATES_PER_POSITION,
    STOP_T_STATES,
};
use c7010::reference::{Board, parse_uci};

const SECOND: u64 = 4_433_619;
const MINUTE: u64 = 60 * SECOND;

/// Out of the opening book: the module searches.
const OUT_OF_BOOK: [&str; 4] = ["a2a3", "h7h6", "h2h3", "a7a6"];

/// A module booted from `image` at a table, the game `moves` from the initial position.
fn table_after(image: &GuestImage, moves: &[&str]) -> Table {
    let engine = c7010::engine::guest::GuestEngine::boot_image(image).expect("boots");
    let mut table = Table::new(Box::new(engine), Level::default()).unwrap();
    for m in moves {
        table.play(parse_uci(table.board(), m).unwrap()).unwrap();
    }
    table
}

/// Step the table's thought in slices until what it said satisfies `done`; all it said,
/// with the emulated T-states it took. Gives up (panics) after `limit` T-states.
fn step_until(
    table: &mut Table,
    slice: u64,
    limit: u64,
    done: impl Fn(&[Heard]) -> bool,
) -> (Vec<Heard>, u64) {
    let start = table.engine().t_states();
    let mut heard = Vec::new();
    loop {
        heard.extend(table.step(slice).expect("no refusal"));
        let took = table.engine().t_states() - start;
        if done(&heard) {
            return (heard, took);
        }
        assert!(took < limit, "no answer within {limit} T-states: {heard:?}");
    }
}

/// The decision among what was heard.
fn decision(heard: &[Heard]) -> Option<Decision> {
    heard.iter().find_map(|h| match h {
        Heard::Decided { decision, .. } => Some(decision.clone()),
        _ => None,
    })
}

/// Step until the thought decides; its decision and the T-states it took.
fn until_decided(table: &mut Table, slice: u64, limit: u64) -> (Decision, u64) {
    let (heard, took) = step_until(table, slice, limit, |h| decision(h).is_some());
    (decision(&heard).unwrap(), took)
}

/// The notices among what was heard.
fn notices(heard: &[Heard]) -> Vec<Notice> {
    heard
        .iter()
        .filter_map(|h| match h {
            Heard::Notice(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// The built-in image with `bytes` written over the routine at `label`.
fn patched(label: &str, bytes: &[u8]) -> GuestImage {
    let mut image = GuestImage::builtin();
    let at = image.symbol(label).unwrap() as usize;
    image.rom[at..at + bytes.len()].copy_from_slice(bytes);
    image
}

#[test]
fn a_person_who_thinks_two_hours_over_a_move_finds_the_module_waiting() {
    let image = GuestImage::builtin();
    let mut table = table_after(&image, &OUT_OF_BOOK);
    let saved = table
        .save_machine()
        .expect("a machine")
        .expect("the game set up");
    assert!(!saved.is_empty());
    // Two emulated hours of the person's thinking: the module waits at its latch.
    for _ in 0..120 {
        assert_eq!(table.step(MINUTE).unwrap(), vec![]);
    }
    table
        .play(parse_uci(table.board(), "b2b3").unwrap())
        .unwrap();
    let heard = table.think(Limit::Positions(300), false, Stops::default());
    assert_eq!(heard.unwrap(), vec![], "no failure on the way");
    let (decided, _) = until_decided(&mut table, SECOND, 10 * MINUTE);
    assert!(decided.best.is_some());
}

#[test]
fn a_search_until_stopped_runs_eleven_emulated_minutes_and_stops_on_request() {
    // `go infinite` (level 6 is tested through UCI). About 30 s of host time in a debug
    // build.
    let image = GuestImage::builtin();
    let mut table = table_after(&image, &OUT_OF_BOOK);
    table
        .think(Limit::Infinite, false, Stops::default())
        .unwrap();
    let mut last_positions = 0;
    for minute in 0..11 {
        for heard in table.step(MINUTE).unwrap() {
            match heard {
                Heard::Line(info) => last_positions = info.positions,
                other => panic!("after {minute} min: {other:?}"),
            }
        }
    }
    assert!(table.thinking());
    assert!(last_positions > 50_000, "{last_positions}");
    assert_eq!(table.move_now().unwrap(), vec![]);
    let (decided, took) = until_decided(&mut table, SECOND / 50, MINUTE);
    assert!(decided.positions > last_positions);
    assert!(
        took < STOP_T_STATES / 10,
        "MOVENOW answered after {took} T-states"
    );
}

#[test]
fn a_runaway_that_never_polls_is_caught_in_two_windows_reset_once_then_the_twin_moves() {
    let image = patched("ANALYS", &[0x18, 0xFE]); // JR $
    let mut table = table_after(&image, &OUT_OF_BOOK);
    table
        .think(Limit::Infinite, false, Stops::default())
        .unwrap();
    let (heard, took) = step_until(&mut table, SECOND, 10 * MINUTE, |h| !h.is_empty());
    match notices(&heard).as_slice() {
        [Notice::Reset { why, report: None }] => {
            assert!(why.contains("neither read the latch"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert!(took <= 2 * PROGRESS_WINDOW_T_STATES + SECOND, "{took}");
    // The table set the game up again on the reset module and began the thought again.
    assert!(table.thinking(), "the thought began again");
    assert_eq!(table.board().fullmove, 3);
    // It fails again: the twin decides this move, and the game goes on.
    let (heard, _) = step_until(&mut table, SECOND, 10 * MINUTE, |h| decision(h).is_some());
    assert!(matches!(
        notices(&heard).as_slice(),
        [Notice::Reset { .. }, Notice::TwinPlays]
    ));
    let twin = decision(&heard).unwrap();
    table.accept(&twin).expect("the twin's move is legal");
    let reply = c7010::reference::legal_moves(table.board()).as_slice()[0];
    table.play(reply).unwrap();
    let again = table.think(Limit::Positions(300), false, Stops::default());
    assert_eq!(
        again.unwrap(),
        vec![],
        "the module took the whole game again"
    );
}

#[test]
fn a_loop_that_polls_but_no_longer_searches_is_caught_by_the_positions_counter() {
    let image = patched("ANALYS", &[0xDB, 0x00, 0x18, 0xFC]); // IN A,(0) ; JR -4
    let mut table = table_after(&image, &OUT_OF_BOOK);
    table
        .think(Limit::Infinite, false, Stops::default())
        .unwrap();
    let (heard, took) = step_until(&mut table, SECOND, 10 * MINUTE, |h| !h.is_empty());
    match notices(&heard).as_slice() {
        [Notice::Reset { why, .. }] => assert!(why.contains("evaluated no position"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(took <= 2 * PROGRESS_WINDOW_T_STATES + SECOND, "{took}");
}

#[test]
fn a_module_that_faults_mid_search_is_reset_and_then_plays_as_a_fresh_one_would() {
    let image = GuestImage::builtin();
    let mut table = table_after(&image, &OUT_OF_BOOK);
    table
        .think(Limit::Positions(2_000), false, Stops::default())
        .unwrap();
    table.step(SECOND).unwrap();
    // A fault: the PC thrown into open bus, as a wild jump would.
    let machine = table.engine_mut().machine_mut().unwrap();
    let mut registers = machine.registers();
    registers.pc = 0x3000;
    machine.set_registers(&registers);
    let (heard, _) = step_until(&mut table, SECOND, MINUTE, |h| !h.is_empty());
    match notices(&heard).as_slice() {
        [Notice::Reset { why, report }] => {
            assert!(why.contains("open bus"), "{why}");
            assert!(!why.contains('\n'), "one line: {why}");
            assert!(
                report.as_ref().unwrap().contains("last"),
                "the whole report is kept"
            );
        }
        other => panic!("{other:?}"),
    }
    // Begun again by the table, it plays what a module that never failed plays.
    let again = until_decided(&mut table, SECOND, 10 * MINUTE).0;
    let mut fresh = table_after(&image, &OUT_OF_BOOK);
    fresh
        .think(Limit::Positions(2_000), false, Stops::default())
        .unwrap();
    let expected = until_decided(&mut fresh, SECOND, 10 * MINUTE).0;
    assert_eq!(again, expected);
}

#[test]
fn searches_take_under_half_the_budget_rule_allows() {
    // The budget rule's margin, checked: the slowest search here must take at most half of
    // what the rule allows (SEARCH_OVERHEAD + budget at 50 positions a second).
    let openings = include_str!("../../tools/openings.epd");
    let image = GuestImage::builtin();
    let mut slowest = 0.0f64;
    for line in openings.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let board = Board::from_fen(&format!("{} 0 1", fields.join(" "))).unwrap();
        let mut session = GuestSession::boot(&image).unwrap();
        session.setup(&board).unwrap();
        for budget in [50u32, 2_300] {
            let best = session.go(Some(budget), |_| {}).unwrap();
            let allowed =
                SEARCH_OVERHEAD_T_STATES + u64::from(budget) * SLOWEST_T_STATES_PER_POSITION;
            slowest = slowest.max(best.t_states as f64 / allowed as f64);
            session.take_back().unwrap();
        }
    }
    assert!(
        slowest < 0.5,
        "a search used {:.0}% of its allowance",
        slowest * 100.0
    );
}
