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
