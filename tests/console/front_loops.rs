//! The front ends' per-frame loops, driven as the binary drives them but without a window
//! or a terminal: the terminal loop on a channel of lines and a byte buffer, the window's
//! frame on `WindowInput`s made by hand (F1, F2, F12, keys, the sounds they make).

use std::sync::mpsc;

use c7010::console::terminal_loop::{Ended, TerminalLoop};
use c7010::console::{Colour, Console, ConsoleOptions};
use c7010::engine::RefEngine;

fn console() -> Console {
    Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

#[test]
fn a_script_plays_its_moves_the_module_answers_and_the_loop_ends_with_the_input() {
    let mut c = console();
    let (send, lines) = mpsc::channel();
    for line in ["d2d4", "c1f4"] {
        send.send(Some(line.to_string())).unwrap();
    }
    send.send(None).unwrap();
    let mut front = TerminalLoop::new(Vec::new(), false, true);
    let ended = front.run(&mut c, &lines, &|| false).unwrap();
    assert_eq!(ended, Ended::Quit);
    // Both moves played and both answered: the script waited for each reply.
    assert_eq!(c.game().moves().len(), 4, "{:?}", c.game().sans());
    let out = String::from_utf8(front.output().clone()).unwrap();
    assert!(out.contains("D2-D4"), "{out}");
    assert!(out.contains("C1-F4"), "{out}");
    // A script's screens carry no running clocks: each screen is printed for a change.
    assert!(
        !out.contains("\x1b[H"),
        "no cursor moves into a script's output"
    );
}

#[test]
fn a_stop_signal_ends_the_terminal_loop_with_the_game_kept() {
    let mut c = console();
    let (send, lines) = mpsc::channel();
    send.send(Some("e2e4".to_string())).unwrap();
    let mut front = TerminalLoop::new(Vec::new(), true, false);
    // The first frame takes the move; the signal comes before the next.
    assert_eq!(front.step(&mut c, &lines).unwrap(), None);
    let ended = front.run(&mut c, &lines, &|| true).unwrap();
    assert_eq!(ended, Ended::Stopped);
    assert_eq!(c.game().sans()[0], "e4");
    let out = String::from_utf8(front.output().clone()).unwrap();
    assert!(
        out.starts_with("\x1b[H"),
        "a terminal's screen is drawn in place"
    );
}

#[cfg(feature = "gui")]
mod window {
    use super::*;
    use c7010::console::sounds::Effect;
    use c7010::console::window_input::WindowInput;
    use c7010::console::window_loop::{NOTICE_FRAMES, WindowFront};
    use c7010::debugger::DebugInfo;

    fn keys(text: &str) -> WindowInput {
        WindowInput {
            keys: crate::common::keys::keys_of_text(text),
            ..WindowInput::default()
        }
    }

    #[test]
    fn keys_are_pressed_clicked_and_the_modules_move_beeps() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console();
        let mut front = WindowFront::new(DebugInfo::default(), dir.path().to_path_buf());
        let input = keys("E2-E4 ENTER");
        let n = input.keys.len();
        let (_, effects) = front.frame(&mut c, &input).unwrap();
        // The reference answers within the frame: a click per key, then the beep.
        assert_eq!(
            effects.iter().filter(|e| **e == Effect::KeyClick).count(),
            n
        );
        assert_eq!(effects.last(), Some(&Effect::Moved), "{effects:?}");
        assert_eq!(c.game().moves().len(), 2);
        // A frame without keys and without a move is silent.
        let (_, effects) = front.frame(&mut c, &WindowInput::default()).unwrap();
        assert!(effects.is_empty(), "{effects:?}");
    }

    #[test]
    fn f2_writes_a_screenshot_and_says_its_name_for_three_seconds() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console();
        let mut front = WindowFront::new(DebugInfo::default(), dir.path().to_path_buf());
        let f2 = WindowInput {
            screenshot: true,
            ..WindowInput::default()
        };
        front.frame(&mut c, &f2).unwrap();
        let png = dir.path().join("c7010-0001.png");
        let bytes = std::fs::read(&png).expect("the screenshot is written");
        assert_eq!(&bytes[1..4], b"PNG");
        // The notice is on the status line of the next frames, then the console's again.
        for _ in 0..NOTICE_FRAMES {
            let (view, _) = front.frame(&mut c, &WindowInput::default()).unwrap();
            assert_eq!(view.frame.hash(), {
                let mut s = c.screen();
                s.status = "SCREENSHOT c7010-0001.png".into();
                c7010::console::render::render_screen(&s).unwrap().hash()
            });
        }
        let (view, _) = front.frame(&mut c, &WindowInput::default()).unwrap();
        let own = c7010::console::render::render_screen(&c.screen()).unwrap();
        assert_eq!(view.frame.hash(), own.hash());
    }

    /// A key after F2 answers what the status line asks now: the notice gives the line
    /// back at once (`R` used to show no `NEW GAME? YES/NO` for three seconds).
    #[test]
    fn a_key_gives_the_status_line_back_from_the_screenshot_notice() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console();
        let mut front = WindowFront::new(DebugInfo::default(), dir.path().to_path_buf());
        let f2 = WindowInput {
            screenshot: true,
            ..WindowInput::default()
        };
        front.frame(&mut c, &f2).unwrap();
        let (view, _) = front.frame(&mut c, &keys("R")).unwrap();
        assert_eq!(c.screen().status, "NEW GAME? YES/NO");
        let own = c7010::console::render::render_screen(&c.screen()).unwrap();
        assert_eq!(
            view.frame.hash(),
            own.hash(),
            "the question, not the notice"
        );
    }

    #[test]
    fn f12_pauses_the_console_with_the_panel_and_f12_again_runs_it_on() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console();
        let mut front = WindowFront::new(DebugInfo::default(), dir.path().to_path_buf());
        let f12 = WindowInput {
            debug: true,
            ..WindowInput::default()
        };
        let (view, _) = front.frame(&mut c, &f12).unwrap();
        assert!(front.paused());
        let panel = view.panel.expect("the panel is shown");
        assert!(panel[0].contains("PAUSED"), "{panel:?}");
        // Paused: keys and F1 are ignored, the game does not move.
        let mut move_and_help = keys("E2-E4 ENTER");
        move_and_help.help = true;
        front.frame(&mut c, &move_and_help).unwrap();
        assert!(c.game().moves().is_empty());
        assert!(!c.screen().help);
        // F12 again: the console takes keys and runs.
        let (view, _) = front.frame(&mut c, &f12).unwrap();
        assert!(!front.paused() && view.panel.is_none());
        front.frame(&mut c, &keys("E2-E4 ENTER")).unwrap();
        assert_eq!(c.game().moves().len(), 2);
        // F1 opens the help page.
        let f1 = WindowInput {
            help: true,
            ..WindowInput::default()
        };
        front.frame(&mut c, &f1).unwrap();
        assert!(c.screen().help);
    }

    /// Issue 26 point 6: F1 turns the help's pages as its first page says (`F1 ? MORE`),
    /// then goes back to the game; Escape on a help page ("ANY KEY BACK TO THE GAME") goes
    /// back to the game, and only in the game quits.
    #[test]
    fn f1_turns_the_help_pages_and_escape_leaves_them_before_it_quits() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console();
        let mut front = WindowFront::new(DebugInfo::default(), dir.path().to_path_buf());
        let f1 = WindowInput {
            help: true,
            ..WindowInput::default()
        };
        let escape = WindowInput {
            quit: true,
            ..WindowInput::default()
        };
        let mut pages = Vec::new();
        for _ in 0..5 {
            front.frame(&mut c, &f1).unwrap();
            let s = c.screen();
            pages.push(s.help.then_some(s.help_page));
        }
        assert_eq!(pages, [Some(0), Some(1), Some(2), Some(3), None]);
        // Every page but the last says F1 turns it; the window's keys are on one of them.
        let pages = [
            c7010::console::keyboard::help_lines(c7010::console::keyboard::HostKeys::Window),
            c7010::console::keyboard::game_help_lines(c7010::console::keyboard::HostKeys::Window),
            c7010::console::help::window_keys_lines(),
            c7010::console::help::levels_and_analysis_lines(),
        ];
        let text = |page: usize| pages[page].join("\n");
        for page in 0..3 {
            assert!(
                text(page).contains("F1 ? MORE"),
                "page {page}: {}",
                text(page)
            );
        }
        assert!(text(3).contains("ANY KEY BACK TO THE GAME"));
        assert!(text(2).contains("F12") && text(2).contains("ALT+ENTER"));
        // Escape on the levels page (reached by F1): back to the game, the window stays.
        for _ in 0..4 {
            front.frame(&mut c, &f1).unwrap();
        }
        assert_eq!(c.screen().help_page, 3);
        front.frame(&mut c, &escape).unwrap();
        assert!(!c.screen().help, "back to the game");
        assert!(!front.quits(), "Escape on a help page does not quit");
        // The game goes on; Escape in the game quits.
        front.frame(&mut c, &keys("E2-E4 ENTER")).unwrap();
        assert_eq!(c.game().moves().len(), 2);
        front.frame(&mut c, &escape).unwrap();
        assert!(front.quits());
    }
}
