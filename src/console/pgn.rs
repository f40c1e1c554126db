//! PGN export of the console's game, following the PGN standard's export format: the Seven
//! Tag Roster in its order (Event, Site, Date, Round, White, Black, Result), then `SetUp`
//! and `FEN` for a game that did not start from the initial position, then our `Level`;
//! a blank line; the moves in SAN with move numbers (`12...` when a set-up game starts with
//! Black to move); the result; lines of at most 79 characters, broken between tokens.

use super::game::Game;
use super::screen::Colour;

/// Longest line of the movetext: the standard's export format limits lines to 79 characters.
pub const MAX_LINE: usize = 79;

/// The header values the game itself does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnHeaders {
    /// `Event` (default `"Casual game"`).
    pub event: String,
    /// `Site` (default `"c7010"`).
    pub site: String,
    /// `Date` as `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: String,
    /// `Round` (`-` when not part of a tournament).
    pub round: String,
    /// `White`: the player's or the engine's name.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// The module's level 1-6, written as the `Level` tag.
    pub level: Option<u8>,
}

impl PgnHeaders {
    /// Headers for a game of `player` against `engine`, the player having `player_colour`.
    pub fn for_players(player: &str, engine: &str, player_colour: Colour, date: &str) -> Self {
        let (white, black) = match player_colour {
            Colour::White => (player, engine),
            Colour::Black => (engine, player),
        };
        PgnHeaders {
            event: "Casual game".into(),
            site: "c7010".into(),
            date: date.into(),
            round: "-".into(),
            white: white.into(),
            black: black.into(),
            level: None,
        }
    }
}

impl Default for PgnHeaders {
    fn default() -> Self {
        PgnHeaders::for_players("?", "?", Colour::White, "????.??.??")
    }
}

/// Today's date (UTC) as a PGN date `YYYY.MM.DD`, from the system clock; PGN's unknown
/// date `????.??.??` in the web page's build, where the standard library has no clock
/// (the page fills the date in itself).
pub fn today() -> String {
    if cfg!(target_arch = "wasm32") {
        return "????.??.??".into();
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (proleptic Gregorian calendar).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Howard Hinnant's well-known days-to-civil algorithm, written out for 400-year eras.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A tag value with `\` and `"` escaped as the standard asks.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game as PGN text (ends with a newline).
pub fn to_pgn(game: &Game, headers: &PgnHeaders) -> String {
    let result = game.result();
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", &headers.event);
    tag("Site", &headers.site);
    tag("Date", &headers.date);
    tag("Round", &headers.round);
    tag("White", &headers.white);
    tag("Black", &headers.black);
    tag("Result", result);
    if !game.from_initial_position() {
        tag("SetUp", "1");
        tag("FEN", &game.start().to_fen());
    }
    if let Some(level) = headers.level {
        tag("Level", &level.to_string());
    }
    out.push('\n');
    for line in wrap(&movetext_tokens(game, result), MAX_LINE) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Move numbers, SAN moves and the result as separate tokens.
fn movetext_tokens(game: &Game, result: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut number = game.start().fullmove;
    let mut white_to_move = game.start().side == crate::reference::piece::WHITE;
    for (i, san) in game.sans().iter().enumerate() {
        if white_to_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san.clone());
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    tokens.push(result.to_string());
    tokens
}

/// Joins tokens with single spaces into lines of at most `width` characters.
fn wrap(tokens: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn wraps_between_tokens() {
        let tokens: Vec<String> = (0..40).map(|i| format!("tok{i}")).collect();
        let lines = wrap(&tokens, 20);
        assert!(lines.iter().all(|l| l.len() <= 20));
        assert_eq!(lines.join(" "), tokens.join(" "));
    }

    #[test]
    fn tags_are_escaped() {
        assert_eq!(escape(r#"a "b" \c"#), r#"a \"b\" \\c"#);
    }
}
