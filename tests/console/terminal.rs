//! The terminal rendering of the console screen: snapshots and the colour option.

use c7010::console::screen::ScreenState;
use c7010::console::terminal::{TerminalOptions, render, render_with};

#[test]
fn demo_screen_as_text() {
    insta::assert_snapshot!(render(&ScreenState::demo()));
}

#[test]
fn flipped_start_position_with_typing_as_text() {
    let s = ScreenState {
        flipped: true,
        input: "E2-E".into(),
        ..ScreenState::start_position()
    };
    insta::assert_snapshot!(render(&s));
}

#[test]
fn help_page_as_text() {
    let s = ScreenState {
        help: true,
        ..ScreenState::start_position()
    };
    let text = render(&s);
    // The terminal's own commands, not the window's keys (F1, ESC, T, L).
    for command in ["undo", "level N", "speed 1|2|8|max", "pause", "quit"] {
        assert!(text.contains(command), "{command} missing:\n{text}");
    }
    for window_key in ["F1", "ESC", "BACKSPACE", "T       TAKE BACK"] {
        assert!(
            !text.contains(window_key),
            "{window_key} on the terminal's help"
        );
    }
    // What each level means, and what the analysis shows, from whose side.
    assert!(text.contains("2 10 S A MOVE"));
    assert!(text.contains("6 UNTIL TOLD: type go"));
    assert!(text.contains("from White's side"));
    assert!(!text.contains("A B C D"), "no board on the help page");
}

#[test]
fn colour_is_off_by_default_and_on_when_asked() {
    let s = ScreenState::demo();
    assert!(!render(&s).contains('\x1b'));
    let coloured = render_with(&s, TerminalOptions { colour: true });
    assert!(coloured.contains("\x1b[1;97mK\x1b[0m"));
    assert!(coloured.contains("\x1b[1;91mk\x1b[0m"));
}

#[test]
fn the_terminal_help_as_text() {
    let s = ScreenState {
        help: true,
        ..ScreenState::start_position()
    };
    insta::assert_snapshot!(render(&s));
}

/// A console against the reference that asks for colour and level, as `play` does.
fn asking_console() -> c7010::console::Console {
    c7010::console::Console::new(
        Box::new(c7010::engine::RefEngine::new()),
        c7010::console::ConsoleOptions::default(),
    )
    .expect("console starts")
}

#[test]
fn typed_lines_answer_what_the_status_line_asks() {
    let mut c = asking_console();
    assert_eq!(c.screen().status, "PLAY WHITE? YES/NO");
    // A move at a question asks for the answer (it used to say WAIT FOR MY MOVE).
    c.type_line("Nf3");
    assert_eq!(c.screen().status, "ANSWER THE QUESTION FIRST");
    c.type_line("y");
    assert!(
        c.screen().status.starts_with("LEVEL?"),
        "{}",
        c.screen().status
    );
    // A move by its squares too: its digits do not answer (A1-A8 is no level 1).
    c.type_line("a1a8");
    assert_eq!(c.screen().status, "ANSWER THE QUESTION FIRST");
    assert_eq!(c.level(), 2);
    // ENTER (an empty line) keeps the level, as the help says.
    c.type_line("");
    assert_eq!(c.screen().status, "YOUR MOVE");
    assert_eq!(c.level(), 2);
    // A SAN move that is a move but not legal gets its reason, as squares do.
    c.type_line("Nf6");
    assert_eq!(c.screen().status, "PIECE CANNOT GO THERE");
    c.type_line("Qxf7");
    assert_eq!(c.screen().status, "PIECE CANNOT GO THERE");
    c.type_line("zz9");
    assert_eq!(c.screen().status, "UNKNOWN: ZZ9");
    assert_eq!(c.refused_moves(), 5);
    // A letter after the squares can only name a promotion piece, never act as a command
    // key (`K` is pondering's: typed as keys, `E2E4K` turned pondering on).
    let wanted = c.ponder_wanted();
    c.type_line("e2e4k");
    assert_eq!(c.game().moves().len(), 1, "{}", c.screen().status);
    assert_eq!(c.ponder_wanted(), wanted);
    assert!(!c.screen().status.starts_with("PONDER"));
    // `r`, as the status line after a resumed game suggests: NEW GAME?
    c.tick(c7010::machine::PAL_FRAME_T_STATES);
    c.type_line("r");
    assert_eq!(c.screen().status, "NEW GAME? YES/NO");
}

#[test]
fn a_move_into_check_typed_in_san_says_so() {
    let mut c = c7010::console::Console::new(
        Box::new(c7010::engine::RefEngine::new()),
        c7010::console::ConsoleOptions {
            colour: Some(c7010::console::Colour::White),
            level: Some(2),
            fen: Some("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".into()),
            ..Default::default()
        },
    )
    .unwrap();
    // Kd2 stays on the rook's rank: the king would be in check.
    c.type_line("Kd2");
    assert_eq!(c.screen().status, "KING WOULD BE IN CHECK");
}

/// Issue 26 point 16: a move the module was told to make before its first pass ended
/// reads `PASS 1 CUT SHORT` (the engines say pass 0), and the help explains it and says the
/// score is always White's view.
#[test]
fn a_move_made_before_any_pass_ended_says_the_first_pass_was_cut_short() {
    use c7010::console::{Colour, Console, ConsoleOptions};
    use c7010::engine::guest::GuestEngine;
    use c7010::machine::PAL_FRAME_T_STATES;
    let mut c = Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::Black),
            level: Some(2),
            // White (the module) to move, out of the book: it thinks; a mate in 2 for it.
            fen: Some("7k/8/8/8/8/8/1R6/R6K w - - 0 1".into()),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts");
    assert!(c.thinking());
    crate::common::keys::press_keys(&mut c, "M");
    for _ in 0..500 {
        if !c.thinking() {
            break;
        }
        c.tick(PAL_FRAME_T_STATES);
    }
    let text = render(&c.screen());
    assert!(text.contains("PLAYED "), "{text}");
    assert!(text.contains("PASS 1 CUT SHORT  SCORE +"), "{text}");
    assert!(!text.contains("PASS 0"), "{text}");
    let help = c7010::console::help::terminal_help_lines().join("\n");
    assert!(help.contains("PASS 1 CUT SHORT"), "{help}");
    assert!(help.contains("always from White's side"), "{help}");
}
