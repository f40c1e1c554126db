//! The core options RetroArch shows in its Quick Menu: the player's colour and the level at
//! the start, the module's speed, the board turned, and what the keyboard types.

use std::ffi::{CStr, c_char};

use c7010::console::{Colour, Speed};

use crate::api::Variable;
use crate::core::Start;
use crate::log::Event;

/// What RetroArch's keyboard does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Keyboard {
    /// Types G7000 keys, except the keys RetroArch's default map gives to the pad.
    #[default]
    NotThePads,
    /// Every key types (with RetroArch's game focus on, the pad's keys are free).
    All,
    /// Types nothing.
    Off,
}

impl Keyboard {
    pub fn to_byte(self) -> u8 {
        self as u8
    }

    pub fn from_byte(b: u8) -> Keyboard {
        match b {
            1 => Keyboard::All,
            2 => Keyboard::Off,
            _ => Keyboard::NotThePads,
        }
    }
}

/// The options' values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub start: Start,
    pub keyboard: Keyboard,
}

/// Keys and their "Description; value|value" texts, the first value the default.
const DEFINITIONS: [(&CStr, &CStr); 5] = [
    (
        c"c7010_colour",
        c"Your colour (next start or reset); ask|white|black",
    ),
    (
        c"c7010_level",
        c"Level (1 tournament, 2 beginner); ask|1|2|3|4|5|6",
    ),
    (
        c"c7010_speed",
        c"Speed of the module's thinking; 1X|2X|8X|MAX",
    ),
    (c"c7010_turned", c"Turn the board; off|on"),
    (
        c"c7010_keyboard",
        c"Keyboard types G7000 keys; except the pad's keys|all keys|off",
    ),
];

/// The array `RETRO_ENVIRONMENT_SET_VARIABLES` takes (ended by a null entry); its strings
/// are static.
pub fn variables() -> Vec<Variable> {
    let mut out: Vec<Variable> = DEFINITIONS
        .iter()
        .map(|(key, value)| Variable {
            key: key.as_ptr(),
            value: value.as_ptr(),
        })
        .collect();
    out.push(Variable {
        key: std::ptr::null(),
        value: std::ptr::null(),
    });
    out
}

/// The options as the front end holds them: `get` gives a key's value (`None`: unknown).
pub fn read(get: impl Fn(&CStr) -> Option<String>) -> Options {
    let value = |i: usize| get(DEFINITIONS[i].0).unwrap_or_default();
    Options {
        start: Start {
            colour: match value(0).as_str() {
                "white" => Some(Colour::White),
                "black" => Some(Colour::Black),
                _ => None,
            },
            level: value(1).parse::<u8>().ok().filter(|l| (1..=6).contains(l)),
            speed: Speed::from_word(&value(2)).unwrap_or(Speed::Real),
            turned: value(3) == "on",
        },
        keyboard: match value(4).as_str() {
            "all keys" => Keyboard::All,
            "off" => Keyboard::Off,
            _ => Keyboard::NotThePads,
        },
    }
}

/// What a change of the options does to the running console (the colour waits for the
/// next start).
pub fn changes(old: &Options, new: &Options) -> Vec<Event> {
    let mut events = Vec::new();
    if let (Some(level), true) = (new.start.level, new.start.level != old.start.level) {
        events.push(Event::Level(level));
    }
    if new.start.speed != old.start.speed {
        events.push(Event::Speed(new.start.speed));
    }
    if new.start.turned != old.start.turned {
        events.push(Event::Flip);
    }
    events
}

/// A C string from the front end as text.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string that lives for this call.
pub unsafe fn text(p: *const c_char) -> Option<String> {
    // SAFETY: the caller's promise.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}
