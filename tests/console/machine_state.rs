//! W and O with the guest: the game and the whole module (RAM, registers, latches, clock)
//! are saved, and loading continues from the very T-state, after which the module plays on
//! exactly as it would have.

use c7010::console::saved_module::ModuleSave;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::guest::GuestEngine;
use c7010::machine::PAL_FRAME_T_STATES;

use crate::common::keys::{press_keys, settle_within};

fn console(state_file: std::path::PathBuf) -> Console {
    Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            state_file,
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

fn settle(c: &mut Console) {
    settle_within(c, 5000);
}

/// The module's machine as a save state, through the engine.
fn machine_bytes(c: &Console) -> Vec<u8> {
    c.engine()
        .save_machine()
        .expect("the guest runs on a machine")
        .expect("the link is quiet between moves")
}

#[test]
fn saving_and_loading_restores_the_whole_module() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("game.state");
    let mut c = console(file.clone());
    press_keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    c.tick(3 * PAL_FRAME_T_STATES);
    c.press(G7000Key::Letter('W'));
    assert_eq!(c.screen().status, "GAME AND MODULE SAVED");
    let saved = machine_bytes(&c);
    let module = std::fs::read(dir.join("game.machine")).unwrap();
    assert_eq!(ModuleSave::parse(&module).unwrap().machine, saved);
    let moves_then = c.game().moves().to_vec();

    // Play on, so the module's RAM and clock move away from the saved state.
    press_keys(&mut c, "D2-D4 ENTER");
    settle(&mut c);
    assert_ne!(machine_bytes(&c), saved);

    // A fresh console loads the game and the machine.
    let mut d = console(file.clone());
    d.press(G7000Key::Letter('O'));
    assert_eq!(d.screen().status, "GAME AND MODULE LOADED");
    assert_eq!(d.game().moves(), &moves_then[..]);
    assert_eq!(machine_bytes(&d), saved, "the module is exactly as saved");

    // From there both play the same: the same reply to the same move.
    press_keys(&mut d, "D2-D4 ENTER");
    settle(&mut d);
    assert_eq!(d.game().moves(), c.game().moves());
}
