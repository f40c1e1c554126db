//! xboard's commands (CECP version 2) as types: every line from the GUI is read here once,
//! into an [`XboardCommand`], or refused with the `Error (...)` that says why. The session,
//! the listeners that answer while the engine thinks or analyses, and the tests all match on
//! the type; no other place knows xboard's words.

use crate::reference::Board;

use super::moves_text::looks_like_move;

/// A time control from `level MPS BASE INC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per session (0: the whole game).
    pub moves: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// The longest clock or time per move taken (a year): more is a typing slip, and would
/// overflow the clock arithmetic.
pub const MAX_CLOCK_MS: u64 = 365 * 24 * 3600 * 1000;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum XboardCommand {
    Protover,
    New,
    /// `force`, and `result` (the game is over: the engine plays neither side).
    Force,
    Go,
    PlayOther,
    /// `usermove MOVE`, or a bare move (some interfaces send them despite `usermove=1`).
    UserMove(String),
    Level(TimeControl),
    /// `st SECONDS`, in milliseconds.
    St(u64),
    Sd(u8),
    /// `time CS`: the engine's clock in centiseconds (negative counts as 0).
    Time(i64),
    /// `post` (true) or `nopost`.
    Post(bool),
    Undo,
    Remove,
    SetBoard(Box<Board>),
    Ping(String),
    /// `hard` (true) or `easy`: pondering.
    Ponder(bool),
    Analyze,
    Exit,
    /// `option NAME=VALUE` (`option NAME` for a button).
    Option {
        name: String,
        value: String,
    },
    /// `?`: move now.
    MoveNow,
    /// `.`: the analysis status line.
    Status,
    Edit,
    Quit,
    /// Commands taken and needing nothing (`xboard`, `accepted`, `otim`, `variant normal` ...).
    Ignored,
}

/// Why a command is refused: `Error (<kind>): <line>`, with a `tellusererror` first when the
/// user should read why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub kind: String,
    pub tell: Option<String>,
}

fn refused(kind: &str) -> Refused {
    Refused {
        kind: kind.to_string(),
        tell: None,
    }
}

impl XboardCommand {
    /// The command on `line`: `Ok(None)` for a line without words.
    pub fn parse(line: &str) -> Result<Option<XboardCommand>, Refused> {
        let mut words = line.split_whitespace();
        let Some(name) = words.next() else {
            return Ok(None);
        };
        let args: Vec<&str> = words.collect();
        let arg = args.first().copied().unwrap_or("");
        let bad_number = || refused("bad number");
        Ok(Some(match name {
            "protover" => XboardCommand::Protover,
            "new" => XboardCommand::New,
            "force" | "result" => XboardCommand::Force,
            "go" => XboardCommand::Go,
            "playother" => XboardCommand::PlayOther,
            "usermove" => XboardCommand::UserMove(arg.to_string()),
            "level" => XboardCommand::Level(level(&args)?),
            "st" => XboardCommand::St(parse_seconds(arg).ok_or_else(bad_number)?),
            "sd" => match arg.parse::<u8>() {
                Ok(d) if d > 0 => XboardCommand::Sd(d),
                _ => return Err(bad_number()),
            },
            "time" => XboardCommand::Time(arg.parse().map_err(|_| bad_number())?),
            "post" | "nopost" => XboardCommand::Post(name == "post"),
            "undo" => XboardCommand::Undo,
            "remove" => XboardCommand::Remove,
            "setboard" => XboardCommand::SetBoard(Box::new(
                Board::from_fen(&args.join(" ")).map_err(|e| Refused {
                    kind: "illegal position".into(),
                    tell: Some(format!("Illegal position: {e}")),
                })?,
            )),
            "ping" => XboardCommand::Ping(arg.to_string()),
            "hard" | "easy" => XboardCommand::Ponder(name == "hard"),
            "analyze" => XboardCommand::Analyze,
            "exit" => XboardCommand::Exit,
            "option" => option(line),
            "?" => XboardCommand::MoveNow,
            "." => XboardCommand::Status,
            "edit" => XboardCommand::Edit,
            "quit" => XboardCommand::Quit,
            "variant" if arg == "normal" => XboardCommand::Ignored,
            "variant" => return Err(refused("variant not supported")),
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "otim" | "draw" | "memory" | "cores" | "egtpath" | "hint" | "bk" => {
                XboardCommand::Ignored
            }
            _ if looks_like_move(name) && args.is_empty() => {
                XboardCommand::UserMove(name.to_string())
            }
            _ => return Err(refused("unknown command")),
        }))
    }
}

/// `option NAME=VALUE`: the name and value as given, trimmed (names may have spaces).
fn option(line: &str) -> XboardCommand {
    let body = line.trim().strip_prefix("option").unwrap_or("").trim();
    let (name, value) = body.split_once('=').unwrap_or((body, ""));
    XboardCommand::Option {
        name: name.trim().to_string(),
        value: value.trim().to_string(),
    }
}

/// `level MPS BASE INC`.
fn level(args: &[&str]) -> Result<TimeControl, Refused> {
    let parsed = match args {
        [mps, base, inc] => (|| {
            Some(TimeControl {
                moves: mps.parse().ok()?,
                base_ms: parse_base(base)?,
                increment_ms: parse_seconds(inc)?,
            })
        })(),
        _ => None,
    };
    parsed.ok_or_else(|| refused("bad level, expected: level MPS BASE INC"))
}

/// Milliseconds from an xboard `level` base: minutes, or `minutes:seconds`; a time that is
/// not a finite, non-negative number of at most [`MAX_CLOCK_MS`] is none.
fn parse_base(text: &str) -> Option<u64> {
    let ms = match text.split_once(':') {
        Some((m, s)) => {
            m.parse::<u64>().ok()? as f64 * 60_000.0 + s.parse::<u64>().ok()? as f64 * 1000.0
        }
        None => text.parse::<f64>().ok()? * 60_000.0,
    };
    clock_ms(ms)
}

/// Milliseconds from a number of seconds (which may have decimals).
fn parse_seconds(text: &str) -> Option<u64> {
    clock_ms(text.parse::<f64>().ok()? * 1000.0)
}

fn clock_ms(ms: f64) -> Option<u64> {
    (ms.is_finite() && (0.0..=MAX_CLOCK_MS as f64).contains(&ms)).then_some(ms as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> XboardCommand {
        XboardCommand::parse(line).unwrap().unwrap()
    }

    #[test]
    fn level_base_and_seconds() {
        assert_eq!(parse_base("5"), Some(300_000));
        assert_eq!(parse_base("0:30"), Some(30_000));
        assert_eq!(parse_base("1:05"), Some(65_000));
        assert_eq!(parse_base("0.5"), Some(30_000));
        assert_eq!(parse_base("x:10"), None);
        assert_eq!(parse_seconds("2.5"), Some(2500));
        assert_eq!(parse_seconds("-1"), None);
        assert_eq!(parse_seconds("inf"), None);
    }

    #[test]
    fn clocks_that_are_no_time_are_refused() {
        for bad in [
            "level 40 nan 0",
            "level 40 inf 0",
            "level 40 -5 0",
            "level 40 1e300 0",
        ] {
            assert_eq!(
                XboardCommand::parse(bad),
                Err(refused("bad level, expected: level MPS BASE INC")),
                "{bad}"
            );
        }
        for bad in ["st nan", "st inf", "st -1", "st 1e30"] {
            assert_eq!(
                XboardCommand::parse(bad),
                Err(refused("bad number")),
                "{bad}"
            );
        }
        assert_eq!(
            command("level 40 5 0"),
            XboardCommand::Level(TimeControl {
                moves: 40,
                base_ms: 300_000,
                increment_ms: 0
            })
        );
    }

    #[test]
    fn words_become_commands() {
        assert_eq!(command("e2e4"), XboardCommand::UserMove("e2e4".into()));
        assert_eq!(
            command("usermove e7e8q"),
            XboardCommand::UserMove("e7e8q".into())
        );
        assert_eq!(command("hard"), XboardCommand::Ponder(true));
        assert_eq!(command("result 1-0 {x}"), XboardCommand::Force);
        assert_eq!(
            command("option Level = 3"),
            XboardCommand::Option {
                name: "Level".into(),
                value: "3".into()
            }
        );
        assert_eq!(XboardCommand::parse(" "), Ok(None));
        assert_eq!(
            XboardCommand::parse("e2e4 x"),
            Err(refused("unknown command"))
        );
        assert!(
            XboardCommand::parse("setboard 8/8 w")
                .unwrap_err()
                .tell
                .is_some()
        );
    }
}
