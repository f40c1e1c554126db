//! The UCI protocol: `uci`, `isready`, `ucinewgame`, `setoption`, `position`, `go`, `stop`,
//! `quit`, and pondering: `go ponder` thinks on the opponent's time until `ponderhit` (the
//! same search goes on, now on our clock) or `stop`.
//!
//! Malformed input never stops the session: it is answered with `info string ...` and
//! ignored. An illegal move in `position` keeps the position up to the move before it (the
//! legal prefix), so the engine stays usable and the GUI learns which move was refused.

use super::input::Commands;
use super::multipv::shown_key;
use super::options;
use super::player::{Control, InfoLine, Listener, Outcome};
use super::score::uci_score;
use super::session_core::{GuiLine, GuiSession, Protocol, SessionCore, say};
use super::uci_command::{Go, Parsed, UciCommand};
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

/// A UCI line, read into its command.
type UciLine = GuiLine<Uci>;

/// Prints analysis and answers commands while the engine thinks.
struct UciListener<'a, W: Write> {
    out: &'a mut W,
    /// The thought is a `go ponder` (on the opponent's time).
    pondering: bool,
}

impl<W: Write> Listener<UciLine> for UciListener<'_, W> {
    fn info(&mut self, line: &InfoLine) -> io::Result<()> {
        let l = &line.info;
        let pv: Vec<String> = l.pv.iter().map(Move::uci).collect();
        // Never `depth 0`: GUIs (polyglot among them) drop such lines.
        let depth = match l.pass {
            0 => String::new(),
            p => format!(" depth {p}"),
        };
        // MultiPV: the other lines first and the best last, as GUIs and adapters that keep
        // the last line as the engine's score (polyglot among them) then keep the best's.
        for (k, other) in (2..).zip(&line.others) {
            if let Some(text) = other_line(k, &depth, l.positions, other) {
                say(self.out, &text)?;
            }
        }
        let multipv = if line.multipv > 1 { " multipv 1" } else { "" };
        let mut text = format!(
            "info{multipv}{depth} score {} nodes {} time {}",
            uci_score(l.score),
            l.positions,
            line.time_ms
        );
        if !pv.is_empty() {
            text += " pv ";
            text += &pv.join(" ");
        }
        say(self.out, &text)
    }

    fn command(&mut self, line: &UciLine, behind: bool) -> io::Result<Control> {
        let Ok(Some(parsed)) = &line.read else {
            // A blank line is nothing; a refused one is said after the move, in order.
            return Ok(match matches!(line.read, Ok(None)) && !behind {
                true => Control::Continue,
                false => Control::Defer,
            });
        };
        // While the GUI moves on from a ponder (a new position, a `go`, a new game), the
        // ponder is dropped even behind deferred commands.
        let moves_on = matches!(
            parsed.command,
            UciCommand::Position { .. } | UciCommand::Go(_) | UciCommand::NewGame
        ) && self.pondering;
        Ok(match parsed.command {
            // `stop` and `ponderhit` are for the thought under way, even behind commands
            // waiting for later; `isready` is answered at once even while the engine
            // thinks (UCI), so a GUI that changed an option during analysis and waits for
            // `readyok` gets it.
            UciCommand::Stop => Control::MoveNow,
            UciCommand::PonderHit => Control::PonderHit,
            UciCommand::IsReady => {
                say(self.out, "readyok")?;
                Control::Continue
            }
            // A GUI that sets up the next position while the engine ponders, without the
            // `stop` UCI asks for (python-chess does, now and then), has moved on: the
            // ponder is dropped without a `bestmove` (the GUI waits for none) and the
            // commands are served in order, so its `go` gets its answer.
            _ if moves_on => Control::Abandon,
            UciCommand::Quit if !behind => Control::Quit,
            // position, go, setoption, ucinewgame ... wait for the move.
            _ => Control::Defer,
        })
    }

    fn notice(&mut self, text: &str) -> io::Result<()> {
        say(self.out, &format!("info string {text}"))
    }
}

/// MultiPV line `k` for a root move that is not the pass's best: its key is an upper bound
/// (docs/uci.md, "MultiPV"), unless the move draws (exactly 0). A bound at a mate says
/// nothing ([`shown_key`]): that line is not shown at this depth (a line without a score
/// would be merged by clients such as python-chess with the score of the line they had).
fn other_line(k: u32, depth: &str, nodes: u32, r: &RootMove) -> Option<String> {
    let key = shown_key(r)?;
    let bound = if r.draw { "" } else { " upperbound" };
    let (score, mv) = (uci_score(key), r.mv.uci());
    Some(format!(
        "info multipv {k}{depth} score {score}{bound} nodes {nodes} pv {mv}"
    ))
}

/// `info string <text>`: UCI's way to tell the user something.
fn info_string<W: Write>(core: &mut SessionCore<W>, text: &str) -> io::Result<()> {
    core.say(&format!("info string {text}"))
}

impl Protocol for Uci {
    type Command = Parsed;
    type Refusal = String;

    fn read(text: &str) -> Result<Option<Parsed>, String> {
        UciCommand::parse(text)
    }

    fn serve<W: Write>(
        &mut self,
        line: UciLine,
        core: &mut SessionCore<W>,
        input: &mut Commands<'_, UciLine>,
    ) -> io::Result<bool> {
        let parsed = match line.read {
            Ok(Some(parsed)) => parsed,
            Ok(None) => return Ok(true),
            Err(why) => return info_string(core, &why).map(|_| true),
        };
        for note in &parsed.notes {
            info_string(core, note)?;
        }
        match parsed.command {
            UciCommand::Uci => identify(core)?,
            UciCommand::IsReady => core.say("readyok")?,
            UciCommand::NewGame => core.player_mut().new_game(),
            UciCommand::SetOption { name, value } => {
                if let Err(why) = options::set(core.player_mut(), &name, &value) {
                    info_string(core, &format!("setoption ignored: {why}"))?;
                }
            }
            UciCommand::Position { start, moves } => position(core, *start, &moves)?,
            UciCommand::Go(g) => return go(core, &g, input),
            // A `ponderhit` or `stop` outside a thought is late: the answer is out already.
            UciCommand::Stop | UciCommand::PonderHit | UciCommand::Ignored => {}
            UciCommand::Quit => return Ok(false),
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

/// `position`: the start and the moves that are legal from it, in order.
fn position<W: Write>(core: &mut SessionCore<W>, start: Board, moves: &[String]) -> io::Result<()> {
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
fn go<W: Write>(
    core: &mut SessionCore<W>,
    g: &Go,
    input: &mut Commands<'_, UciLine>,
) -> io::Result<bool> {
    let req = g.request(core.player().board().side == WHITE);
    let pondering = req.ponder;
    let thought = core.think(&req, input, |out| UciListener { out, pondering })?;
    let quit = match thought {
        Ok(t) => {
            match t.outcome {
                Outcome::Moved(d) => {
                    let best = d.best.map(|m| m.uci()).unwrap_or_else(|| "0000".into());
                    // A book move is no search, but the GUI still gets its move as a line
                    // (without a score: none was searched).
                    if d.book {
                        info_string(core, "book move")?;
                        core.say(&format!("info depth 1 nodes 0 time 0 pv {best}"))?;
                    }
                    // With pondering on, the reply the engine expects, to think on.
                    let ponder = match core.player().predicted_reply() {
                        Some(r) if core.player().ponder() => format!(" ponder {}", r.uci()),
                        _ => String::new(),
                    };
                    core.say(&format!("bestmove {best}{ponder}"))?;
                    // UCI's game is the GUI's: the next `go` without a `position` searches
                    // the position last set up, not the one after this move (an analysis
                    // of `go infinite`, `stop`, `go infinite` stays on its position).
                    core.player_mut().undo();
                }
                Outcome::NoMove => {
                    info_string(core, "no legal move: the game is over")?;
                    core.say("bestmove 0000")?;
                }
                // A ponder the GUI moved on from, or left with `quit`: nothing to answer.
                Outcome::Abandoned => {}
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
