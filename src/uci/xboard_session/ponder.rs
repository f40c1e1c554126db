//! xboard pondering (`hard`): after its move the engine ponders on the reply it predicts
//! (the second move of its principal variation) through the table's one pondering
//! (`Table::ponder`: the reply is played on the engine only, not on the game). When the
//! opponent plays that move, it goes on the game and the same search goes on with our clock
//! running (a hit: the positions counter carries on); any other move, or a command that
//! changes the game, stops it and the command is obeyed (a move is then searched as usual).

use std::io::{self, Write};

use super::{Xboard, answer_anywhere, game_result, thinking_line};
use crate::engine::EngineError;
use crate::reference::{Board, Move};
use crate::uci::clock::Request;
use crate::uci::player::{Control, InfoLine, Listener, Outcome, Thought};
use crate::uci::session_core::{SessionCore, say};
use crate::uci::xboard_command::XboardCommand;

/// How a ponder ended.
pub enum Pondered {
    /// The opponent played the predicted move; the thought that went on.
    Hit(Result<Thought, EngineError>),
    /// No ponder, or it was stopped (another move, a command): the game never had the
    /// predicted move; the command waits to be read.
    Missed,
    /// The interface quit.
    Quit,
}

/// Prints thinking lines and watches for the opponent's move while the engine ponders.
struct PonderListener<'a, W: Write> {
    out: &'a mut W,
    /// The reply pondered on.
    predicted: Move,
    /// The protocol's state: `time`, `post` and `nopost` change it while pondering (the
    /// clock of a hit, and of the search after a miss, is the one `time` gave last).
    state: &'a mut Xboard,
    /// The position pondered on (after the predicted reply).
    board: Board,
    /// The opponent played the reply: the lines are for our move now.
    hit: bool,
}

impl<W: Write> Listener<super::XboardLine> for PonderListener<'_, W> {
    fn info(&mut self, l: &InfoLine) -> io::Result<()> {
        if !self.state.post {
            return Ok(());
        }
        // Until the hit the line is for the position after the reply: it is shown from the
        // game's position, the reply first, as polyglot shows a UCI engine's ponder.
        match self.hit {
            true => thinking_line(self.out, l),
            false => {
                let mut line = l.clone();
                line.info.pv.insert(0, self.predicted);
                thinking_line(self.out, &line)
            }
        }
    }

    /// Nothing waits here: every command acts at once or ends the thought, so `behind`
    /// does not matter.
    fn command(&mut self, line: &super::XboardLine, _behind: bool) -> io::Result<Control> {
        let Ok(command) = &line.read else {
            // Refused: the ponder stops and the error is said after it.
            return Ok(Control::Abandon);
        };
        if let Some(c) = &command
            && answer_anywhere(c, self.out, &mut self.state.post)?
        {
            return Ok(Control::Continue);
        }
        Ok(match command {
            Some(XboardCommand::UserMove(m)) if *m == self.predicted.uci() => {
                self.hit = true;
                Control::PonderHit
            }
            Some(XboardCommand::UserMove(_)) => Control::Abandon,
            Some(XboardCommand::Time(cs)) => {
                self.state.set_own_time(*cs);
                Control::Continue
            }
            Some(XboardCommand::Quit) => Control::Quit,
            // Not our move: `?` has nothing to stop.
            None
            | Some(XboardCommand::Ignored | XboardCommand::MoveNow | XboardCommand::Ponder(true)) => {
                Control::Continue
            }
            // Anything else (`easy`, `new`, `force`, `undo`, `setboard`, `level` ...)
            // stops the ponder and is obeyed after it.
            Some(_) => Control::Abandon,
        })
    }

    fn notice(&mut self, text: &str) -> io::Result<()> {
        say(self.out, &format!("tellusererror {text}"))
    }

    fn ponder_request(&self, _asked: &Request) -> Request {
        // The clock as it stands now (`time` came just before the move).
        self.state.request(&self.board)
    }
}

impl Xboard {
    /// Ponder on the predicted reply until the opponent moves (see the module's text).
    pub(super) fn ponder<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        input: &mut super::XboardInput<'_>,
    ) -> io::Result<Pondered> {
        let Some(reply) = core.player().predicted_reply() else {
            return Ok(Pondered::Missed);
        };
        // The position pondered on: the game's, after the reply.
        let mut board = core.player().board().clone();
        board.make(reply);
        if game_result(&board).is_some() {
            return Ok(Pondered::Missed);
        }
        let mut req = self.request(&board);
        req.ponder = true;
        req.ponder_on = Some(reply);
        let thought = core.think(&req, input, |out| PonderListener {
            out,
            predicted: reply,
            state: self,
            board,
            hit: false,
        })?;
        Ok(match thought {
            Ok(t) if t.quit => Pondered::Quit,
            Ok(Thought {
                outcome: Outcome::Abandoned,
                ..
            }) => Pondered::Missed,
            other => Pondered::Hit(other),
        })
    }
}
