//! Typing on the G7000 keyboard of a console under test.

use c7010::console::{Console, G7000Key};

/// Presses keys written as words: `E2-E4 ENTER`, `NO`, `YES`, `CLEAR`, `TIMES`, `L 4`;
/// other words are typed character by character ([`G7000Key::from_char`]).
pub fn press_keys(c: &mut Console, text: &str) {
    keys_of_text(text).into_iter().for_each(|k| c.press(k));
}

/// The keys [`press_keys`] presses for `text`.
pub fn keys_of_text(text: &str) -> Vec<G7000Key> {
    let mut keys = Vec::new();
    for word in text.split_whitespace() {
        match word {
            "ENTER" => keys.push(G7000Key::Enter),
            "CLEAR" => keys.push(G7000Key::Clear),
            "YES" => keys.push(G7000Key::Yes),
            "NO" => keys.push(G7000Key::No),
            "TIMES" => keys.push(G7000Key::Times),
            _ => {
                for ch in word.chars() {
                    let key = G7000Key::from_char(ch)
                        .unwrap_or_else(|| panic!("no G7000 key types {ch:?} (in {text:?})"));
                    keys.push(key);
                }
            }
        }
    }
    keys
}

/// Runs PAL frames until the module has moved; a failure after `frames` frames.
pub fn settle_within(c: &mut Console, frames: u32) {
    for _ in 0..frames {
        if !c.thinking() {
            return;
        }
        c.tick(c7010::machine::PAL_FRAME_T_STATES);
    }
    panic!("the module did not move within {frames} frames");
}
