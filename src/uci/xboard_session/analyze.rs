//! xboard's analyze mode: after `analyze` the engine thinks without end on the position and
//! posts a thinking line after every pass, and never moves. The GUI changes the position
//! under it (a move, `undo`, `remove`, `setboard`, `new`) or changes a setting (`option`,
//! `level`, `st`, `sd` ...): the thought is dropped, the command obeyed, and the analysis
//! starts again. `.` asks for a status
//! line (`stat01: ...`), `exit` ends the mode.

use std::io::{self, Write};

use super::{Xboard, answer_anywhere, game_result, thinking_line};
use crate::reference::legal_moves;
use crate::uci::clock::Request;
use crate::uci::player::{Control, InfoLine, Listener, Outcome};
use crate::uci::session_core::{SessionCore, say};
use crate::uci::xboard_command::XboardCommand;

/// Prints the analysis and answers the GUI while the engine analyses.
struct AnalyzeListener<'a, W: Write> {
    out: &'a mut W,
    /// The last thinking line, for `.`.
    last: Option<InfoLine>,
    /// Legal moves of the position analysed (`stat01`'s total).
    moves: usize,
    /// The protocol's state: `time`, `post` and `nopost` change it while analysing (the
    /// analysis itself is always posted).
    state: &'a mut Xboard,
}

impl<W: Write> Listener<super::XboardLine> for AnalyzeListener<'_, W> {
    fn info(&mut self, l: &InfoLine) -> io::Result<()> {
        self.last = Some(l.clone());
        // Analysis is always posted: it is what the mode is for.
        thinking_line(self.out, l)
    }

    /// Nothing waits here: every command acts at once or ends the thought, so `behind`
    /// does not matter.
    fn command(&mut self, line: &super::XboardLine, _behind: bool) -> io::Result<Control> {
        let Ok(command) = &line.read else {
            // Refused: the analysis is dropped and the error said, then it starts again.
            return Ok(Control::Abandon);
        };
        if let Some(c) = &command
            && answer_anywhere(c, self.out, &mut self.state.post)?
        {
            return Ok(Control::Continue);
        }
        Ok(match command {
            Some(XboardCommand::Status) => {
                self.status()?;
                Control::Continue
            }
            Some(XboardCommand::Quit) => Control::Quit,
            Some(XboardCommand::Time(cs)) => {
                self.state.set_own_time(*cs);
                Control::Continue
            }
            // Pondering is for play: taken now, it counts from the next game move.
            Some(XboardCommand::Ponder(on)) => {
                self.state.ponder_after_analysis = Some(*on);
                Control::Continue
            }
            // Nothing to do for these while analysing.
            None | Some(XboardCommand::Ignored | XboardCommand::MoveNow) => Control::Continue,
            // Everything else (`exit`, a move, `undo`, `setboard`, `new`, `option` ...)
            // drops this analysis; the command is obeyed and the analysis starts again on
            // what it leaves (`exit` ends the mode).
            Some(_) => Control::Abandon,
        })
    }

    fn notice(&mut self, text: &str) -> io::Result<()> {
        say(self.out, &format!("tellusererror {text}"))
    }
}

impl<W: Write> AnalyzeListener<'_, W> {
    /// `stat01: time nodes ply mvleft mvtot`: the last completed pass (the module reports
    /// only whole passes, so the moves left of the pass under way are not known: 0).
    fn status(&mut self) -> io::Result<()> {
        let Some(l) = &self.last else {
            return say(self.out, &format!("stat01: 0 0 0 0 {}", self.moves));
        };
        let line = format!(
            "stat01: {} {} {} 0 {}",
            l.time_ms / 10,
            l.info.positions,
            l.info.pass,
            self.moves
        );
        say(self.out, &line)
    }
}

impl Xboard {
    /// Analyse the game's position until a command drops the thought; false when the GUI
    /// quit meanwhile. A position with no legal move (or drawn by rule) is not analysed.
    pub(super) fn analyse<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        input: &mut super::XboardInput<'_>,
    ) -> io::Result<bool> {
        if game_result(core.player().board()).is_some() {
            return Ok(true);
        }
        let moves = legal_moves(core.player().board()).len();
        let req = Request {
            infinite: true,
            ..Request::default()
        };
        let thought = core.think(&req, input, |out| AnalyzeListener {
            out,
            last: None,
            moves,
            state: &mut *self,
        })?;
        if let Some(on) = self.ponder_after_analysis.take() {
            core.player_mut().set_ponder(on);
        }
        match thought {
            Ok(t) => {
                // Analysis never moves: a thought that ended with a move (the GUI closed its
                // input, which tells an endless thought to move) is taken back.
                if let Outcome::Moved(_) = t.outcome {
                    core.player_mut().undo();
                }
                Ok(!t.quit)
            }
            Err(e) => {
                core.say(&format!("tellusererror {e}"))?;
                self.analyzing = false;
                Ok(true)
            }
        }
    }

    /// After a command that changed the position: analyse it when in analyze mode.
    pub(super) fn analyse_again<W: Write>(
        &mut self,
        core: &mut SessionCore<W>,
        input: &mut super::XboardInput<'_>,
    ) -> io::Result<bool> {
        match self.analyzing {
            true => self.analyse(core, input),
            false => Ok(true),
        }
    }
}
