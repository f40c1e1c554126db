//! The window's keys read as events (`console::window_input`): a press and release inside
//! one frame is seen, in order, with SHIFT as it was; a held key's auto-repeat is one
//! press; the window's own keys (F1, F2, F10-F12, Alt+Enter, Escape) are told apart. Then
//! the same under a virtual X server: `xdotool key` with its default 12 ms presses types
//! `E2E4` ENTER into a real window, and every key arrives; with a window manager (openbox)
//! Alt+Enter makes the window fill the screen and gives its size back.
#![cfg(feature = "gui")]

use std::process::Command;

use minifb::Key;

use c7010::console::G7000Key;
use c7010::console::debug_panel::PanelAction;
use c7010::console::window_input::{KeyEvent, KeyReader, WindowInput};

use crate::common::child_test::{run_under_xvfb, xvfb_run_available};
use crate::common::outside::{on_path, skip};

/// Each key pressed and released, all before the next frame reads them.
fn taps(keys: &[Key]) -> Vec<KeyEvent> {
    keys.iter()
        .flat_map(|&key| [KeyEvent { key, down: true }, KeyEvent { key, down: false }])
        .collect()
}

fn read_one_frame(events: &[KeyEvent]) -> WindowInput {
    let mut input = WindowInput::default();
    KeyReader::default().read(events, &mut input);
    input
}

#[test]
fn presses_released_within_one_frame_all_count_in_order() {
    let input = read_one_frame(&taps(&[Key::E, Key::Key2, Key::E, Key::Key4, Key::Enter]));
    use G7000Key::*;
    assert_eq!(
        input.keys,
        vec![Letter('E'), Digit(2), Letter('E'), Digit(4), Enter]
    );
    // Five quick = in one frame: five presses, not one.
    let input = read_one_frame(&taps(&[Key::Equal; 5]));
    assert_eq!(input.keys, vec![Equals; 5]);
}

#[test]
fn shift_counts_as_it_was_at_the_press() {
    let shift = |down| KeyEvent {
        key: Key::LeftShift,
        down,
    };
    let mut events = vec![shift(true)];
    events.extend(taps(&[Key::Equal, Key::Key8]));
    events.push(shift(false));
    events.extend(taps(&[Key::Equal]));
    use G7000Key::*;
    assert_eq!(read_one_frame(&events).keys, vec![Plus, Times, Equals]);
}

#[test]
fn alt_enter_is_full_screen_and_enter_alone_the_g7000_key() {
    let alt = |down| KeyEvent {
        key: Key::LeftAlt,
        down,
    };
    let mut events = vec![alt(true)];
    events.extend(taps(&[Key::Enter]));
    events.push(alt(false));
    events.extend(taps(&[Key::Enter]));
    let input = read_one_frame(&events);
    assert!(input.full_screen);
    assert_eq!(input.keys, vec![G7000Key::Enter]);
}

#[test]
fn a_held_key_repeating_is_one_press_until_released() {
    let mut reader = KeyReader::default();
    let mut input = WindowInput::default();
    let e = |down| KeyEvent { key: Key::E, down };
    // Held over three frames, the window system repeating it.
    reader.read(&[e(true), e(true)], &mut input);
    reader.read(&[e(true)], &mut input);
    reader.read(&[e(true), e(false)], &mut input);
    assert_eq!(input.keys, vec![G7000Key::Letter('E')]);
    reader.read(&[e(true)], &mut input);
    assert_eq!(input.keys.len(), 2, "pressed again after the release");
}

#[test]
fn the_window_keys_are_its_own() {
    let input = read_one_frame(&taps(&[
        Key::F1,
        Key::F12,
        Key::F10,
        Key::F11,
        Key::F10,
        Key::F2,
        Key::Escape,
    ]));
    assert!(input.keys.is_empty(), "{input:?}");
    assert!(
        input.help && input.debug && input.quit && input.screenshot,
        "{input:?}"
    );
    assert_eq!(
        input.debug_actions,
        vec![PanelAction::Next, PanelAction::Step, PanelAction::Next]
    );
}

/// Set in the child process's environment to make the child test act.
const CHILD: &str = "C7010_WINDOW_KEYS_CHILD";

#[test]
fn xdotool_short_presses_all_arrive_under_xvfb() {
    if !xvfb_run_available() {
        return;
    }
    if !on_path("xdotool") {
        skip("xdotool is not installed (apt-get install xdotool)");
        return;
    }
    let text = run_under_xvfb(
        module_path!(),
        "child_types_with_xdotool",
        CHILD,
        "1024x768x24",
        None,
    );
    assert!(text.contains("KEYS E2E4<ENTER>"), "{text}");
}

#[test]
#[ignore = "child of xdotool_short_presses_all_arrive_under_xvfb; needs a display"]
fn child_types_with_xdotool() {
    use c7010::console::ScreenState;
    use c7010::console::render::render_screen;
    use c7010::console::window::Window;
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let frame = render_screen(&ScreenState::start_position()).unwrap();
    let mut window = Window::open(1).unwrap();
    assert!(window.present(&frame));
    // Focus the window (there is no window manager), then type with xdotool's default
    // 12 ms between press and release: shorter than the window's 20 ms frame.
    let mut typist = Command::new("sh")
        .args([
            "-c",
            "xdotool search --sync --name 'c7010 - Videopac' windowfocus --sync \
             && xdotool key e 2 e 4 Return",
        ])
        .spawn()
        .unwrap();
    let mut keys = Vec::new();
    let mut after = 0;
    let mut presented = 1;
    for _ in 0..500 {
        assert!(window.present(&frame));
        presented += 1;
        keys.extend(window.keys());
        if typist.try_wait().unwrap().is_some() {
            after += 1;
            if after > 10 {
                break;
            }
        }
    }
    assert!(typist.wait().unwrap().success(), "xdotool failed");
    // The same frame all along: drawn once, then again only once a second (50 frames),
    // while the key events kept arriving (an idle window costs almost nothing).
    assert!(
        window.pictures_drawn() <= 2 + presented / 50,
        "drawn {} times in {presented} frames",
        window.pictures_drawn()
    );
    let typed: String = keys
        .iter()
        .map(|k| match k {
            G7000Key::Enter => "<ENTER>".to_string(),
            k => k.label(),
        })
        .collect();
    println!("KEYS {typed}");
}

/// Set in the child process's environment to make the full-screen child test act.
const FULL_SCREEN_CHILD: &str = "C7010_FULL_SCREEN_CHILD";

#[test]
fn alt_enter_fills_the_screen_under_a_window_manager() {
    if !xvfb_run_available() {
        return;
    }
    for program in ["xdotool", "openbox"] {
        if !on_path(program) {
            skip(&format!("{program} is not installed"));
            return;
        }
    }
    let text = run_under_xvfb(
        module_path!(),
        "child_goes_full_screen",
        FULL_SCREEN_CHILD,
        "1280x800x24",
        Some("openbox"),
    );
    assert!(text.contains("WINDOW 360x243"), "{text}");
    assert!(text.contains("FULL 1280x800"), "{text}");
    assert!(text.contains("BACK 360x243"), "{text}");
}

#[test]
#[ignore = "child of alt_enter_fills_the_screen_under_a_window_manager; needs a display"]
fn child_goes_full_screen() {
    use c7010::console::ScreenState;
    use c7010::console::render::render_screen;
    use c7010::console::window::Window;
    if std::env::var_os(FULL_SCREEN_CHILD).is_none() {
        return;
    }
    let frame = render_screen(&ScreenState::start_position()).unwrap();
    let mut window = Window::open(1).unwrap();
    // Until the window manager has put the window up at its size.
    let shown = |window: &mut Window, until: &dyn Fn((usize, usize)) -> bool| {
        for _ in 0..300 {
            assert!(window.present(&frame));
            if until(window.size()) {
                break;
            }
        }
        window.size()
    };
    let (w, h) = shown(&mut window, &|_| false);
    println!("WINDOW {w}x{h}");
    for (name, size) in [("FULL", (1280, 800)), ("BACK", (360, 243))] {
        let mut typist = Command::new("sh")
            .args([
                "-c",
                "xdotool search --sync --name 'c7010 - Videopac' windowfocus --sync \
                 && xdotool key alt+Return",
            ])
            .spawn()
            .unwrap();
        let (w, h) = shown(&mut window, &|s| s == size);
        assert!(typist.wait().unwrap().success(), "xdotool failed");
        println!("{name} {w}x{h}");
    }
}
