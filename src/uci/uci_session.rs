//! The UCI protocol: `uci`, `isready`, `ucinewgame`, `setoption`, `position`, `go`, `stop`,
//! `quit`. Pondering is not offered, so `ponderhit` is only acknowledged.
//!
//! Malformed input never stops the session: it is answered with `info string ...` and
//! ignored. An illegal move in `position` keeps the position up to the move before it (the
//! legal prefix), so the engine stays usable and the GUI learns which move was refused.

use std::io::{self, Write};
use std::path::PathBuf;

use super::clock::{ClockMode, Request};
use super::input::Input;
use super::moves_text::looks_like_move;
use super::player::{Control, InfoLine, Listener, Outcome, Player, PlayerError};
use super::score::uci_score;
use crate::reference::piece::WHITE;
use crate::reference::{Board, Move, parse_uci};

/// Value of the `Rom` option that means the built-in ROM.
pub const BUILTIN_ROM: &str = "<builtin>";

/// A UCI session over a [`Player`], writing to `out`.
pub struct UciSession<W: Write> {
    player: Player,
    out: W,
}

/// Prints analysis and answers commands while the engine thinks.
struct UciListener<'a, W: Write> {
    out: &'a mut W,
}

impl<W: Write> Listener for UciListener<'_, W> {
    fn info(&mut self, l: &InfoLine) -> io::Result<()> {
        let pv: Vec<String> = l.pv.iter().map(Move::uci).collect();
        let mut text = format!(
            "info depth {} score {} nodes {} time {}",
            l.pass,
            uci_score(l.score),
            l.positions,
            l.time_ms
        );
        if !pv.is_empty() {
            text += " pv ";
            text += &pv.join(" ");
        }
        say(self.out, &text)
    }

    fn command(&mut self, line: &str) -> io::Result<Control> {
        Ok(match line.split_whitespace().next().unwrap_or("") {
            "stop" => Control::MoveNow,
            "quit" => Control::Quit,
            "isready" => {
                say(self.out, "readyok")?;
                Control::Continue
            }
            "ponderhit" => {
                say(
                    self.out,
                    "info string ponderhit ignored: pondering is not offered",
                )?;
                Control::Continue
            }
            "" => Control::Continue,
            // position, go, setoption, ucinewgame ... wait for the move.
            _ => Control::Defer,
        })
    }

    fn urgent(&self, line: &str) -> bool {
        line.split_whitespace().next() == Some("stop")
    }
}

/// Write one line and flush it, so the GUI sees it at once.
fn say<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

impl<W: Write> UciSession<W> {
    /// A session for `player`, answering on `out`.
    pub fn new(player: Player, out: W) -> UciSession<W> {
        UciSession { player, out }
    }

    /// The player (game, engine, options).
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The output written so far (tests read it).
    pub fn output(&self) -> &W {
        &self.out
    }

    /// Give back the output.
    pub fn into_output(self) -> W {
        self.out
    }

    /// Serve commands until `quit` or the end of input.
    pub fn run(&mut self, input: &mut Input) -> io::Result<()> {
        while let Some(line) = input.next_line() {
            if !self.handle(&line, input)? {
                break;
            }
        }
        Ok(())
    }

    fn info_string(&mut self, text: &str) -> io::Result<()> {
        say(&mut self.out, &format!("info string {text}"))
    }

    /// One command; false when the session ends.
    fn handle(&mut self, line: &str, input: &mut Input) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.identify()?,
            "isready" => say(&mut self.out, "readyok")?,
            "ucinewgame" => self.player.new_game(),
            "setoption" => self.set_option(&rest)?,
            "position" => self.position(&rest)?,
            "go" => return self.go(&rest, input),
            "stop" | "debug" | "register" => {}
            "ponderhit" => self.info_string("ponderhit ignored: pondering is not offered")?,
            "quit" => return Ok(false),
            _ => self.info_string(&format!("unknown command: {}", line.trim()))?,
        }
        Ok(true)
    }

    fn identify(&mut self) -> io::Result<()> {
        let name = self.player.engine_name();
        let mhz = format!("{:.6}", self.player.clock_mhz());
        let lines = [
            format!("id name {name}"),
            "id author the c7010 team".to_string(),
            format!(
                "option name Level type spin default {} min 1 max 6",
                self.player.level()
            ),
            format!(
                "option name Clock type combo default {} var emulated var wall",
                self.player.clock()
            ),
            format!("option name ClockMHz type string default {mhz}"),
            format!("option name Rom type string default {BUILTIN_ROM}"),
            "uciok".to_string(),
        ];
        for l in lines {
            say(&mut self.out, &l)?;
        }
        Ok(())
    }

    /// `setoption name <id> [value <x>]`; option names are case-insensitive.
    fn set_option(&mut self, rest: &[&str]) -> io::Result<()> {
        let text = rest.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return self.info_string(&format!(
                "setoption ignored: expected setoption name <id> [value <x>], got {text:?}"
            ));
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "level" => match value.parse::<u8>() {
                Ok(n) => self.player.set_level(n).map_err(|e| e.to_string()),
                Err(_) => Err(format!("Level needs a number 1-6, not {value:?}")),
            },
            "clock" => value
                .parse::<ClockMode>()
                .map(|c| self.player.set_clock(c))
                .map_err(|e| e.to_string()),
            "clockmhz" => {
                let mhz = if value.is_empty() || value.eq_ignore_ascii_case("default") {
                    Ok(None)
                } else {
                    value
                        .parse::<f64>()
                        .map(Some)
                        .map_err(|_| format!("ClockMHz needs a number, not {value:?}"))
                };
                mhz.and_then(|m| self.player.set_clock_mhz(m).map_err(|e| e.to_string()))
            }
            "rom" => {
                let rom = (!value.is_empty() && value != BUILTIN_ROM).then(|| PathBuf::from(value));
                self.player.set_rom(rom).map_err(|e| e.to_string())
            }
            _ => Err(format!("unknown option {name:?}")),
        };
        match result {
            Ok(()) => Ok(()),
            Err(why) => self.info_string(&format!("setoption ignored: {why}")),
        }
    }

    /// `position startpos|fen <fen> [moves ...]`.
    fn position(&mut self, rest: &[&str]) -> io::Result<()> {
        let moves_at = rest.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let start = match setup.split_first() {
            Some((&"startpos", [])) => Board::startpos(),
            Some((&"fen", fen)) => match Board::from_fen(&fen.join(" ")) {
                Ok(b) => b,
                Err(e) => {
                    return self.info_string(&format!("position ignored: {e}"));
                }
            },
            _ => {
                return self.info_string(&format!(
                    "position ignored: expected startpos or fen, got {:?}",
                    setup.join(" ")
                ));
            }
        };
        let mut board = start.clone();
        let mut legal = Vec::new();
        let mut refused = None;
        for text in moves {
            match parse_uci(&board, text) {
                Ok(m) => {
                    board.make(m);
                    legal.push(m);
                }
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        let kept = legal.len();
        self.player.set_game(start, legal);
        if let Some(e) = refused {
            self.info_string(&format!(
                "{e}; position kept up to the move before it ({kept} moves played)"
            ))?;
        }
        Ok(())
    }

    /// `go ...`: think and answer `bestmove`; false when the GUI quit meanwhile.
    fn go(&mut self, rest: &[&str], input: &mut Input) -> io::Result<bool> {
        let req = self.request(rest)?;
        let mut listener = UciListener { out: &mut self.out };
        let thought = self.player.think(&req, input, &mut listener);
        let quit = match thought {
            Ok(t) => {
                match t.outcome {
                    Outcome::Moved(d) => {
                        if d.book {
                            self.info_string("book move")?;
                        }
                        let best = d.best.map(|m| m.uci()).unwrap_or_else(|| "0000".into());
                        say(&mut self.out, &format!("bestmove {best}"))?;
                    }
                    Outcome::NoMove | Outcome::Abandoned => {
                        self.info_string("no legal move: the game is over")?;
                        say(&mut self.out, "bestmove 0000")?;
                    }
                }
                t.quit
            }
            Err(PlayerError::Output(e)) => return Err(e),
            Err(PlayerError::Engine(e)) => {
                self.info_string(&format!("engine error: {e}"))?;
                say(&mut self.out, "bestmove 0000")?;
                false
            }
        };
        Ok(!quit)
    }

    /// The parameters of `go`; a bad value is reported and that parameter ignored.
    fn request(&mut self, rest: &[&str]) -> io::Result<Request> {
        let white = self.player.board().side == WHITE;
        let mut req = Request::default();
        let mut remaining = [None, None];
        let mut increment = [0u64, 0u64];
        let mut words = rest.iter().peekable();
        while let Some(&word) = words.next() {
            let takes_value = matches!(
                word,
                "wtime"
                    | "btime"
                    | "winc"
                    | "binc"
                    | "movestogo"
                    | "movetime"
                    | "depth"
                    | "nodes"
                    | "mate"
            );
            if !takes_value {
                match word {
                    "infinite" => req.infinite = true,
                    "ponder" => {
                        self.info_string("go ponder: pondering is not offered; thinking normally")?
                    }
                    "searchmoves" => {
                        self.info_string("go searchmoves is not supported; searching all moves")?;
                        while words.peek().is_some_and(|w| looks_like_move(w)) {
                            words.next();
                        }
                    }
                    _ => self.info_string(&format!("go: unknown parameter {word:?} ignored"))?,
                }
                continue;
            }
            let Some(value) = words.next().and_then(|v| v.parse::<i64>().ok()) else {
                self.info_string(&format!("go: {word} needs a number; ignored"))?;
                continue;
            };
            // GUIs may send negative times when a clock has run over: count them as zero.
            let v = value.max(0) as u64;
            match word {
                "wtime" => remaining[0] = Some(v),
                "btime" => remaining[1] = Some(v),
                "winc" => increment[0] = v,
                "binc" => increment[1] = v,
                "movestogo" => req.moves_to_go = Some(v.min(u64::from(u32::MAX)) as u32),
                "movetime" => req.movetime_ms = Some(v),
                "depth" => req.depth = Some(v.clamp(1, 255) as u8),
                "nodes" => req.nodes = Some(v.clamp(1, u64::from(u32::MAX)) as u32),
                _ => self.info_string("go mate is not supported; searching normally")?,
            }
        }
        let me = if white { 0 } else { 1 };
        req.remaining_ms = remaining[me];
        req.increment_ms = increment[me];
        Ok(req)
    }
}
