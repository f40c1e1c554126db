//! RetroArch's keyboard (`RETROK_*` key codes) as the G7000's keys: each RetroArch key is
//! named as the browser names the physical key (`KeyA`, `Digit8`, `NumpadAdd`, ...) and
//! goes through the library's one key table, `console::keyboard::g7000_key_for_code`, which
//! the window and the web page use too.

use c7010::console::G7000Key;
use c7010::console::keyboard::g7000_key_for_code;

/// `RETROK_RETURN`, `RETROK_BACKSPACE`, ... : the codes the table below needs.
mod retrok {
    pub const BACKSPACE: u32 = 8;
    pub const RETURN: u32 = 13;
    pub const SPACE: u32 = 32;
    pub const MINUS: u32 = 45;
    pub const PERIOD: u32 = 46;
    pub const SLASH: u32 = 47;
    pub const EQUALS: u32 = 61;
    pub const DELETE: u32 = 127;
    pub const KP0: u32 = 256;
    pub const KP_PERIOD: u32 = 266;
    pub const KP_DIVIDE: u32 = 267;
    pub const KP_MULTIPLY: u32 = 268;
    pub const KP_MINUS: u32 = 269;
    pub const KP_PLUS: u32 = 270;
    pub const KP_ENTER: u32 = 271;
    pub const UP: u32 = 273;
    pub const DOWN: u32 = 274;
    pub const RIGHT: u32 = 275;
    pub const LEFT: u32 = 276;
    pub const RSHIFT: u32 = 303;
}

/// The browser's name (`KeyboardEvent.code`) for a RetroArch key code, for the keys the
/// G7000 table knows.
pub fn code_name(keycode: u32) -> Option<String> {
    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    Some(match keycode {
        48..=57 => format!("Digit{}", keycode - 48),
        97..=122 => format!("Key{}", &LETTERS[(keycode - 97) as usize..][..1]),
        retrok::KP0..=265 => format!("Numpad{}", keycode - retrok::KP0),
        retrok::BACKSPACE => "Backspace".into(),
        retrok::DELETE => "Delete".into(),
        retrok::RETURN => "Enter".into(),
        retrok::KP_ENTER => "NumpadEnter".into(),
        retrok::SPACE => "Space".into(),
        retrok::MINUS => "Minus".into(),
        retrok::PERIOD => "Period".into(),
        retrok::SLASH => "Slash".into(),
        retrok::EQUALS => "Equal".into(),
        retrok::KP_PERIOD => "NumpadDecimal".into(),
        retrok::KP_DIVIDE => "NumpadDivide".into(),
        retrok::KP_MULTIPLY => "NumpadMultiply".into(),
        retrok::KP_MINUS => "NumpadSubtract".into(),
        retrok::KP_PLUS => "NumpadAdd".into(),
        _ => return None,
    })
}

/// The keys RetroArch's default keyboard map gives to player 1's pad (arrows: d-pad, X: A,
/// Z: B, A: Y, S: X, Q: L, W: R, Enter: START, right Shift: SELECT). Unless the player
/// asks for the whole keyboard (the core option, with RetroArch's game focus on), these
/// keys are the pad's only, so one press is not both a pad button and a G7000 key.
pub fn on_default_pad(keycode: u32) -> bool {
    matches!(
        keycode,
        retrok::UP | retrok::DOWN | retrok::LEFT | retrok::RIGHT | retrok::RETURN | retrok::RSHIFT
    ) || matches!(
        char::from_u32(keycode),
        Some('x' | 'z' | 'a' | 's' | 'q' | 'w')
    )
}

/// The G7000 key a RetroArch key press types, with the shift keys' state.
pub fn g7000_key(keycode: u32, shift: bool) -> Option<G7000Key> {
    code_name(keycode).and_then(|code| g7000_key_for_code(&code, shift))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_type_as_in_the_window() {
        assert_eq!(
            g7000_key(u32::from(b'e'), false),
            Some(G7000Key::Letter('E'))
        );
        assert_eq!(g7000_key(u32::from(b'y'), false), Some(G7000Key::Yes));
        assert_eq!(g7000_key(u32::from(b'8'), true), Some(G7000Key::Times));
        assert_eq!(g7000_key(retrok::KP0 + 4, false), Some(G7000Key::Digit(4)));
        assert_eq!(g7000_key(retrok::EQUALS, true), Some(G7000Key::Plus));
        assert_eq!(g7000_key(retrok::RETURN, false), Some(G7000Key::Enter));
        assert_eq!(g7000_key(retrok::UP, false), None);
        assert!(on_default_pad(u32::from(b'x')) && !on_default_pad(u32::from(b'e')));
    }
}
