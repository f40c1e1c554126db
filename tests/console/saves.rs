//! Issue 13 part 8: `O` loads a saved module only into the game and the ROM it belongs to,
//! and never a damaged file. Before, a `c7010.machine` of another game or another ROM was
//! loaded ("GAME AND MODULE LOADED") and the module then failed or played an illegal move,
//! and a state file with a flipped bit loaded with it. On a mismatch the game loads alone,
//! the status line says why, and the module plays on from the game. With the guest at level
//! 1: about a second.

use std::path::{Path, PathBuf};

use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::guest::GuestEngine;
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::PAL_FRAME_T_STATES;

fn console_with(engine: GuestEngine, state_file: PathBuf) -> Console {
    Console::new(
        Box::new(engine),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(1),
            state_file,
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

fn console(state_file: PathBuf) -> Console {
    console_with(GuestEngine::builtin().expect("the guest boots"), state_file)
}

/// Types a move and lets the module answer.
fn play(c: &mut Console, text: &str) {
    for ch in text.chars() {
        c.press(match ch {
            '-' => G7000Key::Minus,
            d @ '0'..='9' => G7000Key::Digit(d as u8 - b'0'),
            l => G7000Key::Letter(l),
        });
    }
    c.press(G7000Key::Enter);
    for _ in 0..50_000 {
        if !c.thinking() {
            return;
        }
        c.tick(PAL_FRAME_T_STATES);
    }
    panic!("the module did not move");
}

fn status(c: &Console) -> String {
    c.screen().status
}

/// A saved game after 1. e4 and the module's reply; returns the state file.
fn saved_after_e4(dir: &Path) -> PathBuf {
    let file = dir.join("game.state");
    let mut c = console(file.clone());
    play(&mut c, "E2-E4");
    c.press(G7000Key::Letter('W'));
    assert_eq!(status(&c), "GAME AND MODULE SAVED");
    file
}

#[test]
fn a_module_of_another_game_is_not_loaded_and_the_game_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = saved_after_e4(dir.path());
    let machine = dir.path().join("game.machine");
    let of_the_first_game = std::fs::read(&machine).unwrap();
    // The same console saves a longer game; the machine file is then put back.
    let mut c = console(file.clone());
    c.press(G7000Key::Letter('O'));
    play(&mut c, "D2-D4");
    c.press(G7000Key::Letter('W'));
    std::fs::write(&machine, of_the_first_game).unwrap();

    let mut d = console(file);
    d.press(G7000Key::Letter('O'));
    assert_eq!(status(&d), "GAME LOADED ALONE: MODULE OF ANOTHER GAME");
    assert_eq!(d.game().moves().len(), 4);
    // The module was set up from the game: it answers a third move legally.
    play(&mut d, "G1-F3");
    assert_eq!(d.game().moves().len(), 6, "{}", status(&d));
    assert!(!status(&d).contains("MODULE PLAYED"), "{}", status(&d));
}

#[test]
fn a_module_that_ran_another_rom_is_not_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let file = saved_after_e4(dir.path());
    // The same program with one byte of the unused end of the ROM changed.
    let mut rom = BUILTIN_ROM.to_vec();
    let last = rom.len() - 1;
    rom[last] ^= 0x01;
    let other = GuestEngine::boot(&rom).expect("the patched ROM boots");
    let mut c = console_with(other, file);
    c.press(G7000Key::Letter('O'));
    assert_eq!(status(&c), "GAME LOADED ALONE: MODULE RAN ANOTHER ROM");
    assert_eq!(c.game().moves().len(), 2);
}

#[test]
fn damaged_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = saved_after_e4(dir.path());
    let machine = dir.path().join("game.machine");
    let flip = |path: &Path, at: usize| {
        let mut bytes = std::fs::read(path).unwrap();
        bytes[at] ^= 0x04;
        std::fs::write(path, bytes).unwrap();
    };
    // One bit of the machine (in its ROM): the game loads alone.
    flip(&machine, 4_000);
    let mut c = console(file.clone());
    c.press(G7000Key::Letter('O'));
    assert_eq!(status(&c), "GAME LOADED ALONE: MODULE SAVE DAMAGED");
    // A bare machine state (a debugger `save`, or a save of an older build).
    let bare = c.engine().save_machine().unwrap().unwrap();
    std::fs::write(&machine, bare).unwrap();
    c.press(G7000Key::Letter('O'));
    assert_eq!(status(&c), "GAME LOADED ALONE: NOT A MODULE SAVE");
    // One bit of the module's reply in the state file (still a legal move, perhaps): the
    // checksum refuses the file, and nothing loads.
    let text = std::fs::read_to_string(&file).unwrap();
    let moves_at = text.find("moves ").unwrap() + "moves ".len() + 7;
    flip(&file, moves_at);
    let mut d = console(file);
    d.press(G7000Key::Letter('O'));
    assert_eq!(status(&d), "SAVED GAME DAMAGED");
    assert!(d.game().moves().is_empty());
}

#[test]
fn the_game_is_kept_after_every_move_and_goes_on_in_the_next_console() {
    use c7010::engine::reference::RefEngine;
    let dir = tempfile::tempdir().unwrap();
    let resume = dir.path().join("last-game.state");
    let options = || ConsoleOptions {
        colour: Some(Colour::White),
        level: Some(2),
        resume_file: Some(resume.clone()),
        ..ConsoleOptions::default()
    };
    let mut c = Console::new(Box::new(RefEngine::new()), options()).unwrap();
    assert!(!resume.exists(), "nothing to keep before a move");
    play(&mut c, "E2-E4");
    // Kept at once, not only on quit: a power cut (or kill -9) loses nothing.
    assert!(resume.exists());
    let moves_before = c.game().moves().len();
    drop(c);
    let c = Console::new(Box::new(RefEngine::new()), options()).unwrap();
    assert_eq!(c.game().moves().len(), moves_before);
    assert_eq!(status(&c), "LAST GAME GOES ON. R: NEW");
    // A position given on the command line is a new game: the kept one waits.
    let fen = ConsoleOptions {
        fen: Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()),
        ..options()
    };
    let c = Console::new(Box::new(RefEngine::new()), fen).unwrap();
    assert!(c.game().moves().is_empty());
    assert!(resume.exists());
    drop(c);
    // A take-back is kept at once too (a power cut after it brings back no move taken
    // back), and a new game leaves nothing to go on with.
    let mut c = Console::new(Box::new(RefEngine::new()), options()).unwrap();
    play(&mut c, "D2-D4");
    assert_eq!(c.game().moves().len(), moves_before + 2);
    c.press(G7000Key::Letter('T'));
    let kept = std::fs::read_to_string(&resume).unwrap();
    assert!(!kept.contains("d2d4"), "{kept}");
    c.press(G7000Key::Letter('R'));
    c.press(G7000Key::Yes);
    assert!(!resume.exists(), "a new game without moves keeps nothing");
}

#[test]
fn a_game_kept_as_text_goes_on_in_another_console_and_damage_is_refused() {
    // What a front end without files (the web page's storage) keeps between visits.
    let reference = || {
        Console::new(
            Box::new(c7010::engine::RefEngine::new()),
            ConsoleOptions {
                colour: Some(Colour::Black),
                level: Some(3),
                ..ConsoleOptions::default()
            },
        )
        .unwrap()
    };
    let mut first = reference();
    assert_eq!(
        first.kept_game_text(),
        None,
        "nothing to keep before a move"
    );
    crate::common::keys::settle_within(&mut first, 100);
    crate::common::keys::press_keys(&mut first, "E7-E5 ENTER");
    crate::common::keys::settle_within(&mut first, 100);
    let text = first.kept_game_text().expect("a game in play is kept");
    let mut second = reference();
    second.resume_kept_game(&text).unwrap();
    assert_eq!(second.game().moves(), first.game().moves());
    assert_eq!((second.human(), second.level()), (Colour::Black, 3));
    assert_eq!(second.screen().status, "LAST GAME GOES ON. R: NEW");
    // A flipped character breaks the checksum: refused, the game in play stays.
    let damaged = text.replacen("e2e4", "e2e3", 1);
    let mut third = reference();
    assert!(third.resume_kept_game(&damaged).is_err());
    assert!(third.resume_kept_game("").is_err());
    assert!(third.game().moves().len() <= 1);
}
