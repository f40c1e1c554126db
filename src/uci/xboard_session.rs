//! The xboard / WinBoard protocol (CECP version 2): `protover 2` features, `new`, `force`,
//! `go`, `playother`, `usermove`, `level`, `st`, `sd`, `time`, `otim`, `post`/`nopost`,
//! `undo`, `remove`, `setboard`, `ping`, `result`, `?`, `quit`.
//!
//! Moves are in coordinate notation (e2e4, e7e8q); thinking lines are `ply score time nodes
//! pv` with the score in centipawns (mate in N: 100000 + N) and the time in centiseconds.
//! A refused move is answered `Illegal move: ...`, an unknown command `Error (...)`.

use std::io::{self, Write};

use super::clock::Request;
use super::input::Commands;
use super::multipv::shown_key;
use super::options;
use super::player::{Control, InfoLine, Listener, Outcome, Thought};
use super::score::xboard_score;
use super::session_core::{GuiLine, GuiSession, Protocol, SessionCore, say};
use super::xboard_command::{Refused, TimeControl, XboardCommand};
use crate::engine::EngineError;
use crate::reference::piece::{BLACK, WHITE};
use crate::reference::{Board, Move, legal_moves};

mod analyze;
mod ponder;

use ponder::Pondered;

/// The xboard protocol's side of a session: the engine's side, force mode, whether to post
/// thinking lines, and the time control; the game itself lives in the
/// [`Player`](super::player::Player).
#[derive(Clone, Debug)]
pub struct Xboard {
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The side the engine plays (WHITE or BLACK) when not in force mode.
    engine_side: u8,
    pub(super) post: bool,
    control: Option<TimeControl>,
    move_time_ms: Option<u64>,
    depth: Option<u8>,
    /// The engine's clock from `time`, in milliseconds.
    own_ms: Option<u64>,
    /// Analyze mode (`analyze` until `exit`): the engine thinks without end on every
    /// position the GUI sets and never moves.
    pub(super) analyzing: bool,
    /// `hard` or `easy` given during an analysis: taken when it ends.
    pub(super) ponder_after_analysis: Option<bool>,
}

/// At the start of a session the engine plays Black, as after `new`.
impl Default for Xboard {
    fn default() -> Xboard {
        Xboard {
            force: false,
            engine_side: BLACK,
            post: false,
            control: None,
            move_time_ms: None,
            depth: None,
            own_ms: None,
            analyzing: false,
            ponder_after_analysis: None,
        }
    }
}

/// An xboard session over a [`Player`](super::player::Player), writing to `out`.
pub type XboardSession<W> = GuiSession<Xboard, W>;

/// An xboard line, read into its command.
pub(super) type XboardLine = GuiLine<Xboard>;

/// The GUI's commands in an xboard session.
pub(super) type XboardInput<'a> = Commands<'a, XboardLine>;

/// Prints thinking lines and answers commands while the engine thinks.
struct XboardListener<'a, W: Write> {
    out: &'a mut W,
    post: &'a mut bool,
}

impl<W: Write> Listener<XboardLine> for XboardListener<'_, W> {
    fn info(&mut self, l: &InfoLine) -> io::Result<()> {
        if !*self.post {
            return Ok(());
        }
        thinking_line(self.out, l)
    }

    fn command(&mut self, line: &XboardLine, behind: bool) -> io::Result<Control> {
        let Ok(command) = &line.read else {
            // Refused: said after the move, in order.
            return Ok(Control::Defer);
        };
        // `?` is for the thought under way; behind deferred commands the rest waits.
        if behind && *command != Some(XboardCommand::MoveNow) {
            return Ok(Control::Defer);
        }
        let Some(command) = command else {
            return Ok(Control::Continue);
        };
        if answer_anywhere(command, self.out, self.post)? {
            return Ok(Control::Continue);
        }
        Ok(match command {
            XboardCommand::MoveNow => Control::MoveNow,
            XboardCommand::Quit => Control::Quit,
            // These end or change the game under the engine (xboard sends them when the
            // user starts over or the game ends on the clock): drop the thought, then obey.
            XboardCommand::New
            | XboardCommand::Force
            | XboardCommand::SetBoard(_)
            | XboardCommand::Undo
            | XboardCommand::Remove
            | XboardCommand::Edit => Control::Abandon,
            // Everything else (a move, go, time, level ...) is for after this move.
            _ => Control::Defer,
        })
    }

    fn notice(&mut self, text: &str) -> io::Result<()> {
        say(self.out, &format!("tellusererror {text}"))
    }
}

/// The commands answered alike in every state (idle, thinking, pondering, analysing):
/// `ping` with its `pong`, `post` and `nopost`. True when `command` was one of them.
pub(super) fn answer_anywhere<W: Write>(
    command: &XboardCommand,
    out: &mut W,
    post: &mut bool,
) -> io::Result<bool> {
    match command {
        XboardCommand::Ping(n) => say(out, &format!("pong {n}"))?,
        XboardCommand::Post(on) => *post = *on,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Write one thinking line, `ply score time nodes pv`; none for a line without a ply (a
/// decision before the first pass).
pub(super) fn thinking_line<W: Write>(out: &mut W, line: &InfoLine) -> io::Result<()> {
    let (l, centiseconds) = (&line.info, line.time_ms / 10);
    if l.pass == 0 {
        return Ok(());
    }
    // MultiPV: the next root moves by key, one thinking line each at the same depth (CECP
    // cannot mark a bound: these keys are upper bounds unless the move draws, docs/uci.md),
    // before the best line: XBoard takes the last line of a depth as the engine's score.
    // A bound at a mate cannot be shown as a bound: that line is left out.
    for (other, key) in line.others.iter().filter_map(|o| Some((o, shown_key(o)?))) {
        let line = format!(
            "{} {} {} {} {}",
            l.pass,
            xboard_score(key),
            centiseconds,
            l.positions,
            other.mv.uci()
        );
        say(out, &line)?;
    }
    let pv: Vec<String> = l.pv.iter().map(Move::uci).collect();
    let line = format!(
        "{} {} {} {} {}",
        l.pass,
        xboard_score(l.score),
        centiseconds,
        l.positions,
        pv.join(" ")
    );
    say(out, line.trim_end())
}

/// The result line when the side to move has no move or the game is drawn by rule.
pub(super) fn game_result(board: &Board) -> Option<&'static str> {
    if legal_moves(board).is_empty() {
        Some(match (board.in_check(), board.side == WHITE) {
            (true, true) => "0-1 {Black mates}",
            (true, false) => "1-0 {White mates}",
            (false, _) => "1/2-1/2 {Stalemate}",
        })
    } else if board.halfmove >= 100 {
        Some("1/2-1/2 {50 move rule}")
    } else {
        None
    }
}

/// `Error (<kind>): <command>`: xboard's answer to a command it cannot obey.
pub(super) fn error<W: Write>(
    core: &mut SessionCore<W>,
    kind: &str,
    command: &str,
) -> io::Result<()> {
    core.say(&format!("Error ({kind}): {}", command.trim()))
}

impl Protocol for Xboard {
    type Command = XboardCommand;
    type Refusal = Refused;

    fn read(text: &str) -> Result<Option<XboardCommand>, Refused> {
        XboardCommand::parse(text)
    }

    fn serve<W: Write>(
        &mut self,
        line: XboardLine,
        core: &mut SessionCore<W>,
        input: &mut XboardInput<'_>,
    ) -> io::Result<bool> {
        let XboardLine { text, read } = line;
        let line = text.as_str();
        let command = match read {
            Ok(Some(command)) => command,
            Ok(None) => return Ok(true),
            Err(why) => {
                if let Some(tell) = &why.tell {
                    core.say(&format!("tellusererror {tell}"))?;
                }
                return error(core, &why.kind, line).map(|_| true);
            }
        };
        match command {
            XboardCommand::Ponder(on) => core.player_mut().set_ponder(on),
            XboardCommand::Ignored | XboardCommand::MoveNow | XboardCommand::Status => {}
            XboardCommand::Protover => features(core)?,
            XboardCommand::New => self.new_game(core),
            XboardCommand::Undo if !core.player_mut().undo() => {
                error(core, "nothing to undo", line)?
            }
            XboardCommand::Undo => {}
            // Refused, these may have dropped a thought of the engine's (a command that
            // changes the game stops it): the engine on move thinks again.
            XboardCommand::Remove if core.player().moves().len() < 2 => {
                error(core, "nothing to undo", line)?;
                return self.think_if_on_move(core, input);
            }
            XboardCommand::Remove => {
                core.player_mut().undo();
                core.player_mut().undo();
            }
            XboardCommand::SetBoard(b) => core.player_mut().set_game(*b, Vec::new()),
            XboardCommand::Analyze => {
                self.analyzing = true;
                return self.analyse(core, input);
            }
            XboardCommand::Exit => self.analyzing = false,
            XboardCommand::Option { name, value } => {
                if let Err(why) = options::set(core.player_mut(), &name, &value) {
                    error(core, &why, line)?;
                }
            }
            XboardCommand::Edit => {
                error(core, "edit mode not supported, use setboard", line)?;
                return self.think_if_on_move(core, input);
            }
            XboardCommand::Force => self.force = true,
            XboardCommand::Go => {
                self.force = false;
                self.engine_side = core.player().board().side;
                return self.think(core, input);
            }
            XboardCommand::PlayOther => {
                self.force = false;
                self.engine_side = core.player().board().side ^ BLACK;
            }
            XboardCommand::UserMove(m) => return self.user_move(core, &m, input),
            XboardCommand::Level(tc) => {
                self.control = Some(tc);
                self.move_time_ms = None;
            }
            XboardCommand::St(ms) => self.move_time_ms = Some(ms),
            XboardCommand::Sd(d) => self.depth = Some(d),
            XboardCommand::Time(cs) => self.set_own_time(cs),
            XboardCommand::Post(_) | XboardCommand::Ping(_) => {
                answer_anywhere(&command, core.out(), &mut self.post)?;
            }
            XboardCommand::Quit => return Ok(false),
        }
        // In analyze mode a command reaches here only when it dropped the analysis (a
        // move, `undo`, `setboard`, `option`, `level` ...): obeyed, it starts again.
        self.analyse_again(core, input)
    }
}

impl Xboard {
    /// `new`: the start position, the engine plays Black, no depth limit or clock yet.
    fn new_game<W: Write>(&mut self, core: &mut SessionCore<W>) {
        core.player_mut().new_game();
        self.force = false;
        self.engine_side = BLACK;
        self.depth = None;
        self.own_ms = None;
    }
}

/// `protover 2`: the features this engine offers. Only those that differ from CECP v2's
/// defaults (or have none) are declared: `setboard`, `usermove`, `ping`, `playother` (all
/// default 0); `sigint=0` (the engine would die of xboard's SIGINT); `colors=0` (no
/// `white`/`black`); `draw=0` (no draw offers: the module cannot judge them); one `option`
/// for each of the engine's options. Left at their defaults: `san=0`, `time=1`, `reuse=1`,
/// `analyze=1`, `sigterm=1` (a SIGTERM ends the session as `quit` does; python-chess rejects
/// `sigterm=0`).
fn features<W: Write>(core: &mut SessionCore<W>) -> io::Result<()> {
    let name = core.player().engine_name();
    core.say("feature done=0")?;
    core.say(&format!(
        "feature myname=\"{name}\" setboard=1 usermove=1 ping=1 playother=1 sigint=0 \
         colors=0 draw=0"
    ))?;
    // Pondering is `hard`/`easy` in xboard, and the `UCI_` options are UCI's own.
    for spec in options::specs(core.player()) {
        if spec.name != "Ponder" && !spec.name.starts_with("UCI_") {
            core.say(&format!("feature {}", options::xboard_feature(&spec)))?;
        }
    }
    core.say("feature done=1")
}

impl Xboard {
    /// `time N`: the engine's clock, in centiseconds (negative counts as 0).
    pub(super) fn set_own_time(&mut self, cs: i64) {
        self.own_ms = Some(cs.max(0) as u64 * 10);
    }

    /// The user's move; the engine answers it when it is its turn. False when the interface
    /// quit while the engine thought.
    fn user_move<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        text: &str,
        input: &mut XboardInput<'_>,
    ) -> io::Result<bool> {
        if let Err(e) = core.player_mut().play_text(text) {
            return core
                .say(&format!("Illegal move ({e}): {text}"))
                .map(|_| true);
        }
        if self.analyzing {
            return self.analyse(core, input);
        }
        if let Some(result) = game_result(core.player().board()) {
            core.say(result)?;
            return Ok(true);
        }
        if !self.force && core.player().board().side == self.engine_side {
            return self.think(core, input);
        }
        Ok(true)
    }

    /// What to think with: a fixed time per move (`st`), else the time control with the
    /// engine's clock, else the clock alone; and the depth (`sd`).
    pub(super) fn request(&self, board: &Board) -> Request {
        let mut req = Request {
            depth: self.depth,
            ..Request::default()
        };
        if let Some(ms) = self.move_time_ms {
            req.movetime_ms = Some(ms);
        } else if let Some(tc) = self.control {
            req.remaining_ms = Some(self.own_ms.unwrap_or(tc.base_ms));
            req.increment_ms = tc.increment_ms;
            if tc.moves > 0 {
                // Moves this side has made in the game so far, from the move number.
                let made = u32::from(board.fullmove.saturating_sub(1));
                req.moves_to_go = Some(tc.moves - made % tc.moves);
            }
        } else if let Some(ms) = self.own_ms {
            req.remaining_ms = Some(ms);
        }
        req
    }

    /// Think and play a move, then ponder on the predicted reply when `hard` (and, after a
    /// hit, play and ponder again); false when the interface quit meanwhile.
    fn think<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        input: &mut XboardInput<'_>,
    ) -> io::Result<bool> {
        if let Some(result) = game_result(core.player().board()) {
            core.say(result)?;
            return Ok(true);
        }
        let req = self.request(core.player().board());
        let post = &mut self.post;
        let mut thought = core.think(&req, input, |out| XboardListener { out, post })?;
        loop {
            match self.answer(core, thought)? {
                Answered::Quit => return Ok(false),
                Answered::Done => return Ok(true),
                Answered::Moved if !core.player().ponder() => return Ok(true),
                Answered::Moved => match self.ponder(core, input)? {
                    Pondered::Hit(t) => thought = t,
                    Pondered::Missed => return Ok(true),
                    Pondered::Quit => return Ok(false),
                },
            }
        }
    }

    /// Thinks when it is the engine's move (not in force or analyze mode, the game not
    /// over); false when the interface quit meanwhile.
    fn think_if_on_move<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        input: &mut XboardInput<'_>,
    ) -> io::Result<bool> {
        let on_move = core.player().board().side == self.engine_side;
        if self.force || self.analyzing || !on_move {
            return Ok(true);
        }
        self.think(core, input)
    }

    /// Say how a thought ended: the move and the result it brings, or the error.
    fn answer<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        thought: Result<Thought, EngineError>,
    ) -> io::Result<Answered> {
        let t = match thought {
            Ok(t) => t,
            Err(e) => {
                core.say(&format!("tellusererror {e}"))?;
                self.force = true;
                return Ok(Answered::Done);
            }
        };
        let mut moved = false;
        match t.outcome {
            Outcome::Moved(d) => {
                if let Some(m) = d.best {
                    core.say(&format!("move {}", m.uci()))?;
                }
                match game_result(core.player().board()) {
                    Some(result) => core.say(result)?,
                    None => moved = true,
                }
            }
            Outcome::NoMove => {
                let result = game_result(core.player().board()).unwrap_or("1/2-1/2 {No move}");
                core.say(result)?;
            }
            Outcome::Abandoned => {}
        }
        Ok(match (t.quit, moved) {
            (true, _) => Answered::Quit,
            (false, true) => Answered::Moved,
            (false, false) => Answered::Done,
        })
    }
}

/// How [`Xboard::answer`] left the game.
enum Answered {
    /// The engine moved and the game goes on (time to ponder, if wanted).
    Moved,
    /// Nothing more to do (no move, a result, an error, an abandoned thought).
    Done,
    /// The interface quit.
    Quit,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_by_rule() {
        let mated = Board::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(game_result(&mated), Some("1-0 {White mates}"));
        let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(game_result(&stalemate), Some("1/2-1/2 {Stalemate}"));
        assert_eq!(game_result(&Board::startpos()), None);
    }
}
