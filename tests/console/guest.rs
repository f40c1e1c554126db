//! The console against the real guest: the Z80 program in the emulated module, reached only
//! through the latch protocol (`GuestEngine`). Every reply is checked against the reference
//! rules (the console's game refuses an illegal move from the module), the module's clock
//! runs by whole PAL frames, and take-backs deeper than the module's own two plies work by
//! the table setting the game up again.

use c7010::console::terminal::render;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::guest::GuestEngine;
use c7010::engine::{Decision, Engine, EngineError, Heard, Level, Limit, Stops, Table};
use c7010::machine::PAL_FRAME_T_STATES;
use c7010::reference::{Board, parse_uci};

use crate::common::keys::press_keys;

fn guest_console(fen: Option<&str>) -> Console {
    Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: fen.map(str::to_string),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

/// Runs PAL frames until the module has moved; returns how many it took.
fn settle(c: &mut Console) -> u32 {
    for n in 0..5_000 {
        if !c.thinking() {
            return n;
        }
        c.tick(PAL_FRAME_T_STATES);
    }
    panic!("the module did not move within 5,000 frames (100 s of module time)");
}

#[test]
fn the_guest_answers_moves_and_takes_back_deeper_than_two_plies() {
    let mut c = guest_console(None);
    assert!(c.engine().name().starts_with("c7010 module"));
    for mv in ["E2-E4", "D2-D4", "G1-F3"] {
        press_keys(&mut c, &format!("{mv} ENTER"));
        assert!(c.thinking(), "the module thinks after {mv}");
        let frames = settle(&mut c);
        assert!(frames >= 1, "the module needs module time to answer");
        assert_eq!(c.screen().status, "YOUR MOVE");
    }
    assert_eq!(c.game().moves().len(), 6);
    // Module time passed on the clocks: White's thinking was instant, Black's took frames.
    assert!(c.clocks()[1] > 0.0);
    // The module runs on the player's time too (a guest that ponders will use it).
    let before = c.engine().t_states();
    for _ in 0..10 {
        c.tick(PAL_FRAME_T_STATES);
    }
    let ran = c.engine().t_states() - before;
    assert!(
        (10 * PAL_FRAME_T_STATES..10 * PAL_FRAME_T_STATES + 100).contains(&ran),
        "{ran} T-states in 10 frames"
    );
    // Three take-backs: 6 plies, more than the module keeps; the engine is set up again.
    for _ in 0..3 {
        c.press(G7000Key::Letter('T'));
    }
    assert!(c.game().moves().is_empty());
    press_keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    assert_eq!(
        c.game().moves().len(),
        2,
        "the module answered after the replay"
    );
    press_keys(&mut c, "E4-E6 ENTER");
    assert_eq!(c.screen().status, "PIECE CANNOT GO THERE");
    c.press(G7000Key::Letter('L'));
    c.press(G7000Key::Digit(3));
    assert_eq!(c.level(), 3);
    insta::assert_snapshot!("guest_game_screen", render(&c.screen()));
}

/// The table's engine thinks at the level until it decides.
fn decide(table: &mut Table) -> Decision {
    let mut heard = table.think(Limit::Level, false, Stops::default()).unwrap();
    for _ in 0..5_000 {
        for h in heard {
            if let Heard::Decided { decision, .. } = h {
                return decision;
            }
        }
        heard = table.step(PAL_FRAME_T_STATES).unwrap();
    }
    panic!("the module did not decide");
}

#[test]
fn the_table_takes_back_deeper_than_the_module_remembers() {
    // The module remembers two plies; the table sets the game up again for more.
    let mut e = GuestEngine::builtin().unwrap();
    e.check_plays()
        .expect("this ROM speaks the whole command set");
    let mut board = Board::startpos();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        let m = parse_uci(&board, uci).unwrap();
        e.play(m).unwrap();
        board.make(m);
    }
    e.take_back().unwrap();
    e.take_back().unwrap();
    assert!(matches!(e.take_back(), Err(EngineError::NothingToUndo)));

    let mut table = Table::new(Box::new(e), Level::default()).unwrap();
    let mut board = Board::startpos();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] {
        let m = parse_uci(&board, uci).unwrap();
        table.play(m).unwrap();
        board.make(m);
    }
    let d = decide(&mut table);
    table.accept(&d).unwrap();
    assert_eq!(table.take_back(5), 5);
    let mut expected = Board::startpos();
    expected.make(parse_uci(&expected, "e2e4").unwrap());
    assert_eq!(table.board(), &expected);
    // The module agrees: Black to move after 1. e4, and it plays a legal reply.
    let reply = decide(&mut table).best.expect("Black has moves");
    assert!(
        c7010::reference::legal_moves(&expected)
            .as_slice()
            .contains(&reply)
    );
}

#[test]
fn a_set_up_position_goes_to_the_guest() {
    // Black to move: the module plays first, from the position sent by SETUP.
    let mut c = guest_console(Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"));
    assert!(c.thinking());
    settle(&mut c);
    let m = c.game().moves()[0];
    assert_eq!(
        m.from,
        c7010::reference::board::square(4, 7),
        "the black king moved"
    );
}
