//! The one key table (`keyboard::g7000_key_for_code`) over the browser's key names, which
//! the web page uses as they come and the window reaches through minifb's keys.

use c7010::console::G7000Key;
use c7010::console::keyboard::g7000_key_for_code;

/// Every name the table knows, as browsers give them in `KeyboardEvent.code`.
fn codes() -> Vec<String> {
    let mut codes: Vec<String> = (0..10)
        .flat_map(|d| [format!("Digit{d}"), format!("Numpad{d}")])
        .chain((b'A'..=b'Z').map(|c| format!("Key{}", c as char)))
        .collect();
    codes.extend(
        [
            "Space",
            "Period",
            "NumpadDecimal",
            "Minus",
            "NumpadSubtract",
            "NumpadAdd",
            "Equal",
            "NumpadMultiply",
            "Slash",
            "NumpadDivide",
            "Backspace",
            "Delete",
            "Enter",
            "NumpadEnter",
        ]
        .map(String::from),
    );
    codes
}

#[test]
fn every_g7000_key_has_a_browser_key() {
    let mut reached = std::collections::HashSet::new();
    for code in codes() {
        for shift in [false, true] {
            reached.extend(g7000_key_for_code(&code, shift));
        }
    }
    for key in G7000Key::all() {
        assert!(reached.contains(&key), "{key:?} has no PC key");
    }
    assert_eq!(g7000_key_for_code("KeyY", false), Some(G7000Key::Yes));
    assert_eq!(g7000_key_for_code("KeyN", true), Some(G7000Key::No));
    assert_eq!(
        g7000_key_for_code("KeyE", false),
        Some(G7000Key::Letter('E'))
    );
    assert_eq!(g7000_key_for_code("Digit8", true), Some(G7000Key::Times));
    assert_eq!(
        g7000_key_for_code("Numpad8", true),
        Some(G7000Key::Digit(8))
    );
    assert_eq!(g7000_key_for_code("Slash", true), Some(G7000Key::Question));
    assert_eq!(g7000_key_for_code("Equal", false), Some(G7000Key::Equals));
    for other in [
        "F1", "Escape", "KeyAA", "Key", "Digit", "Digit10", "ArrowUp", "",
    ] {
        assert_eq!(g7000_key_for_code(other, false), None, "{other}");
    }
}

/// The window's keys go through the same table: each minifb key the table names gives the
/// G7000 key its name gives, and no other minifb key gives one.
#[cfg(feature = "gui")]
#[test]
fn the_window_maps_its_keys_through_the_same_table() {
    use c7010::console::keyboard::pc::{code_of, g7000_key};
    use minifb::Key;
    let mut named = 0;
    for n in 0..Key::Count as usize {
        // SAFETY: minifb's `Key` is a fieldless enum numbered 0 to `Count` without gaps.
        let key: Key = unsafe { std::mem::transmute(n as u8) };
        for shift in [false, true] {
            let through_name = code_of(key).and_then(|c| g7000_key_for_code(c, shift));
            assert_eq!(g7000_key(key, shift), through_name, "{key:?}");
        }
        if let Some(code) = code_of(key) {
            assert!(codes().iter().any(|c| c == code), "{key:?} named {code}");
            named += 1;
        }
    }
    assert_eq!(named, codes().len(), "every name has its minifb key");
}
