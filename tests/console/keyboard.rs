//! The G7000 keyboard model and the PC key map.

use c7010::console::G7000Key;
use c7010::console::keyboard::{HostKeys, MATRIX, PC_KEY_MAP, help_lines};

use crate::common::doc_examples::{example_after, shown_in_order};

#[test]
fn the_keyboard_has_46_distinct_keys_in_a_6_by_8_matrix() {
    let all = G7000Key::all();
    assert_eq!(all.len(), 46);
    for (i, a) in all.iter().enumerate() {
        assert!(!all[i + 1..].contains(a), "{a:?} twice");
    }
    assert_eq!(MATRIX.len(), 6);
    assert_eq!(G7000Key::Digit(0).matrix_position(), Some((0, 0)));
    assert_eq!(G7000Key::Space.matrix_position(), Some((1, 4)));
    assert_eq!(G7000Key::Enter.matrix_position(), Some((5, 7)));
    // Every letter except N and Y (the NO and YES keys).
    let letters: String = all
        .iter()
        .filter_map(|k| match k {
            G7000Key::Letter(c) => Some(*c),
            _ => None,
        })
        .collect::<std::collections::BTreeSet<char>>()
        .into_iter()
        .collect();
    assert_eq!(letters, "ABCDEFGHIJKLMOPQRSTUVWXZ");
}

#[test]
fn keys_type_the_characters_on_their_caps() {
    assert_eq!(G7000Key::Digit(7).typed_char(), Some('7'));
    assert_eq!(G7000Key::Letter('E').typed_char(), Some('E'));
    assert_eq!(G7000Key::Minus.typed_char(), Some('-'));
    assert_eq!(G7000Key::Times.typed_char(), Some('x'));
    assert_eq!(G7000Key::Enter.typed_char(), None);
    assert_eq!(G7000Key::Clear.label(), "CLEAR");
}

#[test]
fn from_char_finds_the_key_that_types_each_character() {
    for key in G7000Key::all() {
        if let Some(c) = key.typed_char() {
            assert_eq!(G7000Key::from_char(c), Some(key), "{c:?}");
        }
    }
    assert_eq!(G7000Key::from_char('×'), Some(G7000Key::Times));
    assert_eq!(G7000Key::from_char('E'), Some(G7000Key::Letter('E')));
    assert_eq!(G7000Key::from_char('4'), Some(G7000Key::Digit(4)));
    // N and Y have no letter caps (NO and YES sit there); small letters are not on caps.
    for c in ['N', 'Y', 'e', '\n', '!'] {
        assert_eq!(G7000Key::from_char(c), None, "{c:?}");
    }
}

#[test]
fn the_help_page_names_every_key_that_is_not_a_digit_or_letter() {
    let help = help_lines(HostKeys::Window).join("\n");
    for k in G7000Key::all() {
        if !matches!(k, G7000Key::Digit(_) | G7000Key::Letter(_)) {
            assert!(help.contains(&format!("{} =", k.label())), "{k:?} missing");
        }
    }
    assert!(help.contains("0-9 A-Z = SAME KEYS"));
    assert!(help.contains("HELP = F1") && help.contains("QUIT = ESC"));
    assert_eq!(PC_KEY_MAP.len(), 12);
    assert!(
        help.contains("      . = .    - = -"),
        "the period and minus row"
    );
    assert!(
        help_lines(HostKeys::Window)
            .iter()
            .all(|l| l.chars().count() <= 28),
        "fits a VDC line"
    );
}

#[cfg(feature = "gui")]
#[test]
fn every_g7000_key_is_reachable_from_a_pc_key() {
    use c7010::console::keyboard::pc::g7000_key;
    use minifb::Key;
    let pc_keys = [
        Key::Key0,
        Key::Key1,
        Key::Key2,
        Key::Key3,
        Key::Key4,
        Key::Key5,
        Key::Key6,
        Key::Key7,
        Key::Key8,
        Key::Key9,
        Key::A,
        Key::B,
        Key::C,
        Key::D,
        Key::E,
        Key::F,
        Key::G,
        Key::H,
        Key::I,
        Key::J,
        Key::K,
        Key::L,
        Key::M,
        Key::N,
        Key::O,
        Key::P,
        Key::Q,
        Key::R,
        Key::S,
        Key::T,
        Key::U,
        Key::V,
        Key::W,
        Key::X,
        Key::Y,
        Key::Z,
        Key::Space,
        Key::Period,
        Key::Minus,
        Key::Equal,
        Key::Slash,
        Key::Backspace,
        Key::Enter,
        Key::NumPadAsterisk,
        Key::NumPadPlus,
    ];
    let mut reached = std::collections::HashSet::new();
    for shift in [false, true] {
        for k in pc_keys {
            if let Some(g) = g7000_key(k, shift) {
                reached.insert(g);
            }
        }
    }
    for k in G7000Key::all() {
        assert!(reached.contains(&k), "{k:?} unreachable");
    }
    assert_eq!(g7000_key(Key::Y, false), Some(G7000Key::Yes));
    assert_eq!(g7000_key(Key::N, false), Some(G7000Key::No));
    assert_eq!(g7000_key(Key::Slash, true), Some(G7000Key::Question));
    assert_eq!(g7000_key(Key::Equal, true), Some(G7000Key::Plus));
    assert_eq!(g7000_key(Key::Key8, true), Some(G7000Key::Times));
    assert_eq!(g7000_key(Key::Delete, false), Some(G7000Key::Clear));
    assert_eq!(g7000_key(Key::F5, false), None);
    assert_eq!(g7000_key(Key::Escape, false), None);
}

#[test]
fn the_game_keys_page_fits_the_vdc_and_its_characters_exist() {
    use c7010::console::help::{levels_and_analysis_lines, window_keys_lines};
    use c7010::console::keyboard::game_help_lines;
    use c7010::vdc::charset::glyph_for;
    // The game keys and the pages after them (the window's keys, the levels and the
    // analysis).
    for lines in [
        game_help_lines(HostKeys::Window),
        game_help_lines(HostKeys::Page),
        help_lines(HostKeys::Page),
        window_keys_lines(),
        levels_and_analysis_lines(),
    ] {
        assert!(lines.len() <= 15, "15 rows fit the help page");
        for line in &lines {
            assert!(line.chars().count() <= 28, "{line}");
            for c in line.chars() {
                assert!(glyph_for(c).is_some(), "no glyph for {c:?} in {line}");
            }
        }
    }
    let text = game_help_lines(HostKeys::Window).join("\n");
    for word in [
        "TAKE BACK",
        "LEVEL",
        "NEW GAME",
        "SET UP",
        "SPEED",
        "PAUSE",
        "PGN",
        "SAVE",
    ] {
        assert!(text.contains(word), "{word} missing");
    }
}

/// docs/vdc.md draws the matrix: each row is MATRIX's row of key labels, `·` where no key is.
#[test]
fn the_matrix_in_the_docs_is_the_keyboards() {
    let drawn: String = MATRIX
        .iter()
        .map(|row| {
            let labels: Vec<String> = row
                .iter()
                .map(|k| k.map_or("·".to_string(), |k| k.label()))
                .collect();
            format!("{}\n", labels.join(" "))
        })
        .collect();
    let doc = include_str!("../../docs/vdc.md");
    let example = example_after(doc, "## Keyboard");
    shown_in_order("docs/vdc.md's keyboard matrix", example, &drawn);
    assert_eq!(example.lines().count(), MATRIX.len(), "every row is drawn");
}
