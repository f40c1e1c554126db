//! The G7000 keyboard: its 46 keys, their place in the 6 x 8 matrix, and how PC keys map
//! onto them: one table, [`g7000_key_for_code`], over the PC keys' neutral names, which the
//! window (`pc`, from minifb's keys) and the web page (from the browser's key events) both
//! use, and which the help page shows.

/// One key of the G7000 keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum G7000Key {
    /// Digit keys 0-9.
    Digit(u8),
    /// Letter keys; the keyboard has every letter except N and Y (those are NO and YES).
    Letter(char),
    /// The space bar.
    Space,
    /// `?`
    Question,
    /// `.`
    Period,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `×` (multiplication sign)
    Times,
    /// `/`
    Slash,
    /// `=`
    Equals,
    /// YES (the Y position).
    Yes,
    /// NO (the N position).
    No,
    /// CLEAR.
    Clear,
    /// ENTER.
    Enter,
}

/// The keyboard matrix, 6 rows of 8 as the console scans it; `None` where no key is fitted.
pub const MATRIX: [[Option<G7000Key>; 8]; 6] = {
    use G7000Key::*;
    [
        [
            Some(Digit(0)),
            Some(Digit(1)),
            Some(Digit(2)),
            Some(Digit(3)),
            Some(Digit(4)),
            Some(Digit(5)),
            Some(Digit(6)),
            Some(Digit(7)),
        ],
        [
            Some(Digit(8)),
            Some(Digit(9)),
            None,
            None,
            Some(Space),
            Some(Question),
            Some(Letter('L')),
            Some(Letter('P')),
        ],
        [
            Some(Plus),
            Some(Letter('W')),
            Some(Letter('E')),
            Some(Letter('R')),
            Some(Letter('T')),
            Some(Letter('U')),
            Some(Letter('I')),
            Some(Letter('O')),
        ],
        [
            Some(Letter('Q')),
            Some(Letter('S')),
            Some(Letter('D')),
            Some(Letter('F')),
            Some(Letter('G')),
            Some(Letter('H')),
            Some(Letter('J')),
            Some(Letter('K')),
        ],
        [
            Some(Letter('A')),
            Some(Letter('Z')),
            Some(Letter('X')),
            Some(Letter('C')),
            Some(Letter('V')),
            Some(Letter('B')),
            Some(Letter('M')),
            Some(Period),
        ],
        [
            Some(Minus),
            Some(Times),
            Some(Slash),
            Some(Equals),
            Some(Yes),
            Some(No),
            Some(Clear),
            Some(Enter),
        ],
    ]
};

impl G7000Key {
    /// All 46 keys in matrix order.
    pub fn all() -> Vec<G7000Key> {
        MATRIX.iter().flatten().flatten().copied().collect()
    }

    /// The key's (row, column) in [`MATRIX`].
    pub fn matrix_position(self) -> Option<(usize, usize)> {
        MATRIX
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&k| k == Some(self)).map(|c| (r, c)))
    }

    /// The label printed on the key cap.
    pub fn label(self) -> String {
        match self {
            G7000Key::Digit(d) => d.to_string(),
            G7000Key::Letter(c) => c.to_string(),
            G7000Key::Space => "SPACE".into(),
            G7000Key::Question => "?".into(),
            G7000Key::Period => ".".into(),
            G7000Key::Plus => "+".into(),
            G7000Key::Minus => "-".into(),
            G7000Key::Times => "×".into(),
            G7000Key::Slash => "/".into(),
            G7000Key::Equals => "=".into(),
            G7000Key::Yes => "YES".into(),
            G7000Key::No => "NO".into(),
            G7000Key::Clear => "CLEAR".into(),
            G7000Key::Enter => "ENTER".into(),
        }
    }

    /// The character the key types into a text line, if it types one.
    pub fn typed_char(self) -> Option<char> {
        Some(match self {
            G7000Key::Digit(d) => (b'0' + d) as char,
            G7000Key::Letter(c) => c,
            G7000Key::Space => ' ',
            G7000Key::Question => '?',
            G7000Key::Period => '.',
            G7000Key::Plus => '+',
            G7000Key::Minus => '-',
            G7000Key::Times => 'x',
            G7000Key::Slash => '/',
            G7000Key::Equals => '=',
            G7000Key::Yes | G7000Key::No | G7000Key::Clear | G7000Key::Enter => return None,
        })
    }

    /// The key that types `c` (the inverse of [`typed_char`](Self::typed_char)), also `×`
    /// for TIMES; `None` for a character no key types, such as `N` and `Y`, whose places
    /// hold NO and YES, or a small letter other than `x`.
    pub fn from_char(c: char) -> Option<G7000Key> {
        Some(match c {
            '0'..='9' => G7000Key::Digit(c as u8 - b'0'),
            'N' | 'Y' => return None,
            'A'..='Z' => G7000Key::Letter(c),
            ' ' => G7000Key::Space,
            '?' => G7000Key::Question,
            '.' => G7000Key::Period,
            '+' => G7000Key::Plus,
            '-' => G7000Key::Minus,
            'x' | '×' => G7000Key::Times,
            '/' => G7000Key::Slash,
            '=' => G7000Key::Equals,
            _ => return None,
        })
    }
}

/// The PC keys for each G7000 key, as shown on the help page and in `docs/vdc.md`:
/// `(G7000 key label, PC keys)`. Digits and letters map to themselves, except Y and N.
pub const PC_KEY_MAP: [(&str, &str); 12] = [
    ("0-9 A-Z", "SAME KEYS"),
    ("YES", "Y"),
    ("NO", "N"),
    ("SPACE", "SPACE"),
    // The period and the minus on one row, each beside its own: alone on a row each, the
    // low dot and the short dash read as a broken line.
    (".", ".    - = -"),
    ("+", "SHIFT = OR PAD +"),
    ("×", "SHIFT 8 OR PAD *"),
    ("/", "/ OR PAD /"),
    ("?", "SHIFT /"),
    ("=", "="),
    ("CLEAR", "BACKSPACE OR DEL"),
    ("ENTER", "ENTER"),
];

/// The keys a front end keeps for itself besides the G7000's, which its help pages name.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HostKeys {
    /// The window: F1 (help), Escape (out of the help, quit), F2, Alt+Enter and F12 with
    /// F10/F11 (the window's own help page lists them).
    #[default]
    Window,
    /// A web page: none (the page's buttons do what the window's keys do); `?` turns the
    /// help pages.
    Page,
}

impl HostKeys {
    /// How a help page says "the next page".
    fn more(self) -> &'static str {
        match self {
            HostKeys::Window => "F1 ? MORE",
            HostKeys::Page => "? MORE",
        }
    }

    /// Whether the help has the window's own page (F1, Escape, F2, Alt+Enter, F12).
    pub fn has_window_page(self) -> bool {
        self == HostKeys::Window
    }
}

/// The help page: a title, the key map, and the keys that belong to the PC side.
pub fn help_lines(keys: HostKeys) -> Vec<String> {
    let mut lines = vec![format!("KEYBOARD G7000=PC {:>10}", keys.more())];
    for (g, pc) in PC_KEY_MAP {
        lines.push(format!("{g:>7} = {pc}"));
    }
    lines.push(match keys {
        HostKeys::Window => "   HELP = F1   QUIT = ESC".to_string(),
        HostKeys::Page => "   HELP = ?".to_string(),
    });
    lines
}

/// The second help page: what the keys do in the game (at most 15 lines of 28 characters,
/// what the VDC's help page holds).
pub fn game_help_lines(keys: HostKeys) -> Vec<String> {
    let mut lines: Vec<String> = [
        "GAME KEYS",
        "MOVE    E2-E4 ENTER",
        "CLEAR   ERASE THE TYPING",
        "PROMOTE Q R B NO=N",
        "L 1-6   LEVEL",
        "T       TAKE BACK",
        "M       MOVE NOW",
        "R YES   NEW GAME",
        "S       SET UP (YES=PLAY)",
        "=       TURN THE BOARD",
        "+       SPEED 1X 2X 8X MAX",
        "SPACE K PAUSE/PONDER",
        "P PGN   W O SAVE/LOAD GAME",
    ]
    .map(String::from)
    .to_vec();
    lines.push(format!("{}  OTHER KEYS: GAME", keys.more()));
    lines
}

/// The G7000 key for a PC key, with the state of the shift keys; `None` for keys the G7000
/// does not have (the front ends keep F1, F2, F10-F12 and Escape for themselves).
///
/// PC keys are named as the W3C UI Events specification names physical keys
/// (`KeyboardEvent.code`: `KeyA`, `Digit8`, `Numpad8`, `Equal`, `Slash`, `Backspace`, ...):
/// the browser gives these names itself, the window names its minifb keys so
/// ([`pc::code_of`]). Digits and letters map to themselves, except Y and N (YES and NO);
/// [`PC_KEY_MAP`] says the rest in words.
pub fn g7000_key_for_code(code: &str, shift: bool) -> Option<G7000Key> {
    use G7000Key::*;
    let digit = |rest: &str| match rest.as_bytes() {
        [d @ b'0'..=b'9'] => Some(d - b'0'),
        _ => None,
    };
    if let Some(d) = code.strip_prefix("Digit").and_then(digit) {
        return Some(if shift && d == 8 { Times } else { Digit(d) });
    }
    if let Some(d) = code.strip_prefix("Numpad").and_then(digit) {
        return Some(Digit(d));
    }
    if let Some(&[c @ b'A'..=b'Z']) = code.strip_prefix("Key").map(str::as_bytes) {
        return Some(match c {
            b'Y' => Yes,
            b'N' => No,
            _ => Letter(c as char),
        });
    }
    Some(match code {
        "Space" => Space,
        "Period" | "NumpadDecimal" => Period,
        "Minus" | "NumpadSubtract" => Minus,
        "NumpadAdd" => Plus,
        "Equal" if shift => Plus,
        "Equal" => Equals,
        "NumpadMultiply" => Times,
        "Slash" if shift => Question,
        "Slash" | "NumpadDivide" => Slash,
        "Backspace" | "Delete" => Clear,
        "Enter" | "NumpadEnter" => Enter,
        _ => return None,
    })
}

/// The window's minifb keys under their neutral names (feature `gui`).
#[cfg(feature = "gui")]
pub mod pc {
    use super::{G7000Key, g7000_key_for_code};
    use minifb::Key;

    /// The G7000 key for a minifb key press (see [`g7000_key_for_code`]).
    pub fn g7000_key(key: Key, shift: bool) -> Option<G7000Key> {
        code_of(key).and_then(|code| g7000_key_for_code(code, shift))
    }

    /// The key's name as `KeyboardEvent.code` gives it, for the keys the G7000 table names.
    pub fn code_of(key: Key) -> Option<&'static str> {
        const NAMED: [(Key, &str); 14] = [
            (Key::Space, "Space"),
            (Key::Period, "Period"),
            (Key::NumPadDot, "NumpadDecimal"),
            (Key::Minus, "Minus"),
            (Key::NumPadMinus, "NumpadSubtract"),
            (Key::NumPadPlus, "NumpadAdd"),
            (Key::Equal, "Equal"),
            (Key::NumPadAsterisk, "NumpadMultiply"),
            (Key::Slash, "Slash"),
            (Key::NumPadSlash, "NumpadDivide"),
            (Key::Backspace, "Backspace"),
            (Key::Delete, "Delete"),
            (Key::Enter, "Enter"),
            (Key::NumPadEnter, "NumpadEnter"),
        ];
        const DIGITS: [&str; 10] = [
            "Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7",
            "Digit8", "Digit9",
        ];
        const PAD: [&str; 10] = [
            "Numpad0", "Numpad1", "Numpad2", "Numpad3", "Numpad4", "Numpad5", "Numpad6", "Numpad7",
            "Numpad8", "Numpad9",
        ];
        const LETTERS: [&str; 26] = [
            "KeyA", "KeyB", "KeyC", "KeyD", "KeyE", "KeyF", "KeyG", "KeyH", "KeyI", "KeyJ", "KeyK",
            "KeyL", "KeyM", "KeyN", "KeyO", "KeyP", "KeyQ", "KeyR", "KeyS", "KeyT", "KeyU", "KeyV",
            "KeyW", "KeyX", "KeyY", "KeyZ",
        ];
        // minifb numbers its keys 0-9, then A-Z, then the rest, the pad's digits together.
        let n = key as usize;
        let (k0, ka, kz, p0, p9) = (
            Key::Key0 as usize,
            Key::A as usize,
            Key::Z as usize,
            Key::NumPad0 as usize,
            Key::NumPad9 as usize,
        );
        match n {
            _ if (k0..k0 + 10).contains(&n) => Some(DIGITS[n - k0]),
            _ if (ka..=kz).contains(&n) => Some(LETTERS[n - ka]),
            _ if (p0..=p9).contains(&n) => Some(PAD[n - p0]),
            _ => NAMED.iter().find(|(k, _)| *k == key).map(|&(_, c)| c),
        }
    }
}
