//! UCI's commands as types: every line from the GUI is read here once, into a
//! [`UciCommand`], or refused with the `info string` text that says why. The session, the
//! listener that answers while the engine thinks, and the tests all match on the type; no
//! other place knows UCI's words.

use crate::reference::Board;

use super::clock::Request;
use super::moves_text::looks_like_move;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum UciCommand {
    Uci,
    IsReady,
    NewGame,
    /// `setoption name <id> [value <x>]`: the name as given (options are matched without
    /// regard to case), the value empty when there is none.
    SetOption {
        name: String,
        value: String,
    },
    /// `position startpos|fen <fen> [moves ...]`: the moves as text, judged on the board
    /// when they are played (an illegal one ends the list there).
    Position {
        start: Box<Board>,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    /// `debug` and `register`: accepted, nothing to do.
    Ignored,
}

/// The parameters of `go`, both sides' clocks as given: which one is the engine's depends
/// on the position ([`Go::request`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `wtime`, `btime` in milliseconds (negative counts as 0).
    pub time_ms: [Option<u64>; 2],
    /// `winc`, `binc`.
    pub increment_ms: [u64; 2],
    pub moves_to_go: Option<u32>,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u8>,
    pub nodes: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
}

impl Go {
    /// The request of the side to move (`white` or not).
    pub fn request(&self, white: bool) -> Request {
        let me = usize::from(!white);
        Request {
            movetime_ms: self.movetime_ms,
            remaining_ms: self.time_ms[me],
            increment_ms: self.increment_ms[me],
            moves_to_go: self.moves_to_go,
            depth: self.depth,
            nodes: self.nodes,
            infinite: self.infinite,
            ponder: self.ponder,
            ponder_on: None,
        }
    }
}

/// A command read, with what was wrong in it but not bad enough to refuse it (a `go`
/// parameter with a bad value is ignored and the rest obeyed).
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub command: UciCommand,
    /// `info string` texts to send before obeying.
    pub notes: Vec<String>,
}

impl UciCommand {
    /// The command on `line`: `Ok(None)` for a line without words, `Err` with the
    /// `info string` text for a line that is refused whole.
    pub fn parse(line: &str) -> Result<Option<Parsed>, String> {
        let mut words = line.split_whitespace();
        let Some(name) = words.next() else {
            return Ok(None);
        };
        let rest: Vec<&str> = words.collect();
        let mut notes = Vec::new();
        let command = match name {
            "uci" => UciCommand::Uci,
            "isready" => UciCommand::IsReady,
            "ucinewgame" => UciCommand::NewGame,
            "setoption" => set_option(&rest)?,
            "position" => position(&rest)?,
            "go" => UciCommand::Go(go(&rest, &mut notes)),
            "stop" => UciCommand::Stop,
            "ponderhit" => UciCommand::PonderHit,
            "quit" => UciCommand::Quit,
            "debug" | "register" => UciCommand::Ignored,
            _ => return Err(format!("unknown command: {}", line.trim())),
        };
        Ok(Some(Parsed { command, notes }))
    }
}

/// `setoption name <id> [value <x>]`: the name is every word up to `value` (names may have
/// spaces), the value every word after it (may be empty: `value` alone).
fn set_option(rest: &[&str]) -> Result<UciCommand, String> {
    let expected = || {
        format!(
            "setoption ignored: expected setoption name <id> [value <x>], got {:?}",
            rest.join(" ")
        )
    };
    let Some((&"name", body)) = rest.split_first() else {
        return Err(expected());
    };
    let (name, value) = match body.iter().position(|w| *w == "value") {
        Some(i) => (&body[..i], &body[i + 1..]),
        None => (body, &[][..]),
    };
    if name.is_empty() {
        return Err(expected());
    }
    Ok(UciCommand::SetOption {
        name: name.join(" "),
        value: value.join(" "),
    })
}

/// `position startpos|fen <fen> [moves ...]`.
fn position(rest: &[&str]) -> Result<UciCommand, String> {
    let (setup, moves) = match rest.iter().position(|w| *w == "moves") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Board::startpos(),
        Some((&"fen", fen)) => {
            Board::from_fen(&fen.join(" ")).map_err(|e| format!("position ignored: {e}"))?
        }
        _ => {
            return Err(format!(
                "position ignored: expected startpos or fen, got {:?}",
                setup.join(" ")
            ));
        }
    };
    Ok(UciCommand::Position {
        start: Box::new(start),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// The parameters of `go`; a bad value is noted and that parameter ignored.
fn go(rest: &[&str], notes: &mut Vec<String>) -> Go {
    let mut g = Go::default();
    let mut words = rest.iter().peekable();
    while let Some(&word) = words.next() {
        match word {
            "infinite" => g.infinite = true,
            "ponder" => g.ponder = true,
            "searchmoves" => {
                notes.push("go searchmoves is not supported; searching all moves".into());
                while words.peek().is_some_and(|w| looks_like_move(w)) {
                    words.next();
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth" | "nodes"
            | "mate" => match words.next().and_then(|v| v.parse::<i64>().ok()) {
                Some(v) => go_value(&mut g, word, v, notes),
                None => notes.push(format!("go: {word} needs a number; ignored")),
            },
            _ => notes.push(format!("go: unknown parameter {word:?} ignored")),
        }
    }
    g
}

/// One numeric parameter of `go`. GUIs may send negative times when a clock has run over:
/// they count as zero.
fn go_value(g: &mut Go, word: &str, value: i64, notes: &mut Vec<String>) {
    let v = value.max(0) as u64;
    match word {
        "wtime" => g.time_ms[0] = Some(v),
        "btime" => g.time_ms[1] = Some(v),
        "winc" => g.increment_ms[0] = v,
        "binc" => g.increment_ms[1] = v,
        "movestogo" => g.moves_to_go = Some(v.min(u64::from(u32::MAX)) as u32),
        "movetime" => g.movetime_ms = Some(v),
        "depth" => g.depth = Some(v.clamp(1, 255) as u8),
        "nodes" => g.nodes = Some(v.clamp(1, u64::from(u32::MAX)) as u32),
        _ => notes.push("go mate is not supported; searching normally".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> UciCommand {
        UciCommand::parse(line).unwrap().unwrap().command
    }

    #[test]
    fn words_become_commands() {
        assert_eq!(command(" isready \r"), UciCommand::IsReady);
        assert_eq!(command("stop"), UciCommand::Stop);
        assert_eq!(UciCommand::parse("   "), Ok(None));
        assert_eq!(
            UciCommand::parse("xyzzy 1"),
            Err("unknown command: xyzzy 1".into())
        );
    }

    #[test]
    fn an_option_with_an_empty_value_keeps_its_name() {
        let set = |name: &str, value: &str| UciCommand::SetOption {
            name: name.into(),
            value: value.into(),
        };
        assert_eq!(command("setoption name MultiPV value"), set("MultiPV", ""));
        assert_eq!(
            command("setoption name MultiPV value 3"),
            set("MultiPV", "3")
        );
        assert_eq!(
            command("setoption name UCI Elo value 1 2"),
            set("UCI Elo", "1 2")
        );
        assert_eq!(command("setoption name Clear Hash"), set("Clear Hash", ""));
        assert!(UciCommand::parse("setoption value 3").is_err());
        assert!(UciCommand::parse("setoption name value 3").is_err());
    }

    #[test]
    fn go_keeps_both_clocks_and_notes_bad_values() {
        let parsed = UciCommand::parse("go wtime 100 btime -5 binc 7 depth x infinite")
            .unwrap()
            .unwrap();
        let UciCommand::Go(g) = &parsed.command else {
            panic!("not go: {parsed:?}");
        };
        assert_eq!(g.time_ms, [Some(100), Some(0)]);
        assert!(g.infinite);
        assert_eq!(g.request(false).increment_ms, 7);
        assert_eq!(g.request(true).remaining_ms, Some(100));
        assert_eq!(parsed.notes, ["go: depth needs a number; ignored"]);
    }
}
