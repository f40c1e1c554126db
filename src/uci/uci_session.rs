//! The UCI protocol: `uci`, `isready`, `ucinewgame`, `setoption`, `position`, `go`, `stop`,
//! `quit`, and pondering: `go ponder` thinks on the opponent's time until `ponderhit` (the
//! same search goes on, now on our clock) or `stop`.
//!
//! Malformed input never stops the session: it is answered with `info string ...` and
//! ignored. An illegal move in `position` keeps the position up to the move before it (the
//! legal prefix), so the engine stays usable and the GUI learns which move was refused.

use super::clock::Request;
use super::input::Input;
use super::moves_text::looks_like_move;
use super::options;
use super::player::{Control, InfoLine, Listener, Outcome};
use super::score::uci_score;
use super::session_core::{GuiLine, GuiSession, Protocol, SessionCore, say};
use crate::engine::RootMove;
use crate::reference::piece::WHITE;
use crate::reference::{Board, Move, parse_uci};
use std::io::{self, Write};

/// The UCI protocol's side of a session. UCI keeps no state of its own: the game and the
/// options live in the [`Player`](super::player::Player).
#[derive(Clone, Copy, Debug, Default)]
pub struct Uci;

/// A UCI session over a [`Player`](super::player::Player), writing to `out`.
pub type UciSession<W> = GuiSession<Uci, W>;

/// Prints analysis and answers commands while the engine thinks.
struct UciListener<'a, W: Write> {
    out: &'a mut W,
}

impl<W: Write> Listener for UciListener<'_, W> {
    fn info(&mut self, l: &InfoLine) -> io::Result<()> {
        let pv: Vec<String> = l.pv.iter().map(Move::uci).collect();
        // Never `depth 0`: GUIs (polyglot among them) drop such lines.
        let depth = match l.pass {
            0 => String::new(),
            p => format!(" depth {p}"),
        };
        // MultiPV: the other lines first and the best last, as GUIs and adapters that keep
        // the last line as the engine's score (polyglot among them) then keep the best's.
        for (k, other) in (2..).zip(&l.others) {
            say(self.out, &other_line(k, &depth, l.positions, other))?;
        }
        let multipv = if l.multipv > 1 { " multipv 1" } else { "" };
        let mut text = format!(
            "info{multipv}{depth} score {} nodes {} time {}",
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
            "ponderhit" => Control::PonderHit,
            "" => Control::Continue,
            // position, go, setoption, ucinewgame ... wait for the move.
            _ => Control::Defer,
        })
    }

    fn urgent(&self, line: &str) -> bool {
        // Both are for the thought under way, even behind commands waiting for later.
        matches!(line.split_whitespace().next(), Some("stop" | "ponderhit"))
    }

    fn notice(&mut self, text: &str) -> io::Result<()> {
        say(self.out, &format!("info string {text}"))
    }
}

/// MultiPV line `k` for a root move that is not the pass's best: its key is an upper bound
/// (docs/uci.md, "MultiPV"), unless the move draws (exactly 0).
fn other_line(k: u32, depth: &str, nodes: u32, r: &RootMove) -> String {
    let bound = if r.draw { "" } else { " upperbound" };
    let score = uci_score(r.key);
    let mv = r.mv.uci();
    format!("info multipv {k}{depth} score {score}{bound} nodes {nodes} pv {mv}")
}

/// `info string <text>`: UCI's way to tell the user something.
fn info_string<W: Write>(core: &mut SessionCore<W>, text: &str) -> io::Result<()> {
    core.say(&format!("info string {text}"))
}

impl Protocol for Uci {
    fn serve<W: Write>(
        &mut self,
        command: &GuiLine<'_>,
        core: &mut SessionCore<W>,
        input: &mut Input,
    ) -> io::Result<bool> {
        let rest = &command.args;
        match command.name {
            "uci" => identify(core)?,
            "isready" => core.say("readyok")?,
            "ucinewgame" => core.player_mut().new_game(),
            "setoption" => set_option(core, rest)?,
            "position" => position(core, rest)?,
            "go" => return go(core, rest, input),
            // A `ponderhit` or `stop` outside a thought is late: the answer is out already.
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(false),
            _ => info_string(core, &format!("unknown command: {}", command.line.trim()))?,
        }
        Ok(true)
    }
}

/// `uci`: the engine's name and its options, then `uciok`.
fn identify<W: Write>(core: &mut SessionCore<W>) -> io::Result<()> {
    core.say(&format!("id name {}", core.player().engine_name()))?;
    core.say("id author the c7010 team")?;
    for spec in options::specs(core.player()) {
        core.say(&options::uci_line(&spec))?;
    }
    core.say("uciok")
}

/// `setoption name <id> [value <x>]`; option names are case-insensitive.
fn set_option<W: Write>(core: &mut SessionCore<W>, rest: &[&str]) -> io::Result<()> {
    let text = rest.join(" ");
    let Some(body) = text.strip_prefix("name ") else {
        return info_string(
            core,
            &format!("setoption ignored: expected setoption name <id> [value <x>], got {text:?}"),
        );
    };
    let (name, value) = match body.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (body.trim(), ""),
    };
    match options::set(core.player_mut(), name, value) {
        Ok(()) => Ok(()),
        Err(why) => info_string(core, &format!("setoption ignored: {why}")),
    }
}

/// `position startpos|fen <fen> [moves ...]`.
fn position<W: Write>(core: &mut SessionCore<W>, rest: &[&str]) -> io::Result<()> {
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
                return info_string(core, &format!("position ignored: {e}"));
            }
        },
        _ => {
            return info_string(
                core,
                &format!(
                    "position ignored: expected startpos or fen, got {:?}",
                    setup.join(" ")
                ),
            );
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
    core.player_mut().set_game(start, legal);
    if let Some(e) = refused {
        info_string(
            core,
            &format!("{e}; position kept up to the move before it ({kept} moves played)"),
        )?;
    }
    Ok(())
}

/// `go ...`: think and answer `bestmove`; false when the GUI quit meanwhile.
fn go<W: Write>(core: &mut SessionCore<W>, rest: &[&str], input: &mut Input) -> io::Result<bool> {
    let req = request(core, rest)?;
    let thought = core.think(&req, input, |out| UciListener { out })?;
    let quit = match thought {
        Ok(t) => {
            match t.outcome {
                Outcome::Moved(d) => {
                    if d.book {
                        info_string(core, "book move")?;
                    }
                    let best = d.best.map(|m| m.uci()).unwrap_or_else(|| "0000".into());
                    // With pondering on, the reply the engine expects, to think on.
                    let ponder = match core.player().predicted_reply() {
                        Some(r) if core.player().ponder() => format!(" ponder {}", r.uci()),
                        _ => String::new(),
                    };
                    core.say(&format!("bestmove {best}{ponder}"))?;
                }
                Outcome::NoMove | Outcome::Abandoned => {
                    info_string(core, "no legal move: the game is over")?;
                    core.say("bestmove 0000")?;
                }
            }
            t.quit
        }
        Err(e) => {
            info_string(core, &e.to_string())?;
            core.say("bestmove 0000")?;
            false
        }
    };
    Ok(!quit)
}

/// The parameters of `go`; a bad value is reported and that parameter ignored.
fn request<W: Write>(core: &mut SessionCore<W>, rest: &[&str]) -> io::Result<Request> {
    let white = core.player().board().side == WHITE;
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
                "ponder" => req.ponder = true,
                "searchmoves" => {
                    info_string(core, "go searchmoves is not supported; searching all moves")?;
                    while words.peek().is_some_and(|w| looks_like_move(w)) {
                        words.next();
                    }
                }
                _ => info_string(core, &format!("go: unknown parameter {word:?} ignored"))?,
            }
            continue;
        }
        let Some(value) = words.next().and_then(|v| v.parse::<i64>().ok()) else {
            info_string(core, &format!("go: {word} needs a number; ignored"))?;
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
            _ => info_string(core, "go mate is not supported; searching normally")?,
        }
    }
    let me = if white { 0 } else { 1 };
    req.remaining_ms = remaining[me];
    req.increment_ms = increment[me];
    Ok(req)
}
