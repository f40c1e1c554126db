//! The console never dies in ordinary use: a person may think for hours, and a module that
//! fails is reset, the game set up again from the console's record, and the game goes on
//! with one status line saying so. Emulated time: idle waiting is skipped, so two hours of
//! a person's thinking cost milliseconds; the failing module's two restarts cost about 40
//! emulated seconds of a runaway loop (a few host seconds).

use c7010::console::controller::{MODULE_RESET, MODULE_RESET_AGAIN};
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::guest::GuestEngine;
use c7010::guest::GuestImage;

use crate::common::keys::press_keys;

const SECOND: u64 = 4_433_619;

/// Out of the opening book, White (the person) to move.
const OUT_OF_BOOK: &str = "rnbqkbnr/1pppppp1/p6p/8/8/P6P/1PPPPPP1/RNBQKBNR w KQkq - 0 3";

fn console(image: &GuestImage) -> Console {
    Console::new(
        Box::new(GuestEngine::boot_image(image).expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: Some(OUT_OF_BOOK.into()),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

fn type_move(c: &mut Console, mv: &str) {
    press_keys(c, &format!("{mv} ENTER"));
}

/// Runs one-second ticks until the module no longer thinks; the seconds it took.
fn settle(c: &mut Console, limit_seconds: u32) -> u32 {
    for n in 0..limit_seconds {
        if !c.thinking() {
            return n;
        }
        c.tick(SECOND);
    }
    panic!("the module still thinks after {limit_seconds} s of module time");
}

#[test]
fn a_person_who_thinks_two_hours_over_each_move_plays_on() {
    let mut c = console(&GuestImage::builtin());
    for mv in ["E2-E4", "D2-D3"] {
        // Two hours of thinking, one PAL frame at a time as the window runs them would be
        // 360,000 frames: ticks of a second make the same emulated time.
        for _ in 0..7_200 {
            c.tick(SECOND);
        }
        assert!(!c.screen().status.contains("FAIL"), "{}", c.screen().status);
        type_move(&mut c, mv);
        assert!(c.thinking(), "{}", c.screen().status);
        settle(&mut c, 120);
        assert_eq!(c.screen().status, "YOUR MOVE");
    }
    // Both moves and both replies are in the game.
    assert_eq!(c.game().moves().len(), 4);
    assert!(c.clocks()[0] >= 4.0 * 3_600.0);
}

#[test]
fn a_module_that_keeps_failing_is_reset_once_then_the_twin_moves_and_the_game_goes_on() {
    let mut image = GuestImage::builtin();
    let at = image.symbol("ANALYS").unwrap() as usize;
    image.rom[at..at + 2].copy_from_slice(&[0x18, 0xFE]); // JR $
    let mut c = console(&image);
    type_move(&mut c, "E2-E4");
    assert!(c.thinking());
    // The failure: reset, set up, thinking again; the second time the reference twin
    // plays the move (the policy UCI and xboard follow too: engine::table).
    let mut restarts = 0;
    let mut seconds = 0;
    while c.thinking() {
        c.tick(SECOND);
        seconds += 1;
        assert!(seconds < 120, "not caught: {}", c.screen().status);
        if c.screen().status == MODULE_RESET {
            restarts += 1;
            // Let the restarted thought run into its failure; the line stays meanwhile.
            c.press(G7000Key::Clear);
        }
    }
    assert_eq!(c.screen().status, MODULE_RESET_AGAIN);
    assert_eq!(restarts, 1);
    assert!(c.last_failure().unwrap().contains("read the latch"));
    // Both status lines fit the window's 27 characters.
    assert!(MODULE_RESET.len() <= 27 && MODULE_RESET_AGAIN.len() <= 27);
    // The person's move is kept and the twin's reply played: the game goes on, and the
    // module is asked again at the next move.
    assert_eq!(c.game().moves().len(), 2);
    let mv = c7010::reference::legal_moves(c.game().board()).as_slice()[0];
    type_move(&mut c, &mv.uci().to_uppercase());
    assert_eq!(c.game().moves().len(), 3);
    assert!(
        c.thinking(),
        "the module thinks again: {}",
        c.screen().status
    );
}
