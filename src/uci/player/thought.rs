//! The thinking loop of a [`Player`]: one `go` turned into an engine limit and a budget
//! (`plan`, the time rule of docs/uci.md), the engine run slice by slice while the GUI's
//! commands are handed to the listener, a ponder's hit, the restart after a module failure,
//! and the lines told (the decision's own last).

use std::io;
use std::time::{Duration, Instant};

use super::super::clock::{ClockMode, Request, allocate};
use super::super::input::{Commands, Poll};
use super::super::multipv::other_lines;
use super::{
    Control, InfoLine, Listener, Outcome, Player, PlayerError, REF_INFINITE_POSITIONS,
    SLICE_T_STATES, Thought,
};
use crate::engine::{Decision, EngineError, Heard, Info, Limit, Notice, Stops};
use crate::machine::DEFAULT_CLOCK_HZ;
use crate::reference::{Move, legal_moves, levels};

/// What the GUI asked of a thought while it ran.
#[derive(Clone, Copy, Debug, Default)]
struct Asked {
    stop: bool,
    abandon: bool,
    quit: bool,
    /// `ponderhit` came: the thought is for our move now, with the clock running.
    hit: bool,
}

/// What one `go` turns into.
#[derive(Clone, Copy, Debug)]
struct Plan {
    limit: Limit,
    /// Emulated time to spend (engines with a clock, emulated mode).
    t_states: Option<u64>,
    /// Real time after which the engine is told to move.
    wall_ms: Option<u64>,
    depth: Option<u8>,
}

impl Player {
    /// Positions per second of emulated time at the session's clock rate, for engines that
    /// count positions instead of T-states (the guest's nominal rate, scaled by the clock).
    fn positions_per_second(&self) -> f64 {
        f64::from(levels::POSITIONS_PER_SECOND) * self.clock_mhz() * 1e6 / DEFAULT_CLOCK_HZ
    }

    fn plan(&self, req: &Request) -> Plan {
        let alloc = allocate(req);
        let clocked = self.table.engine().has_clock();
        let emulated = self.clock == ClockMode::Emulated;
        // Positions the reference may spend on the allocated time (in either clock mode: it
        // cannot be interrupted, so time is always counted in positions for it).
        let time_positions = alloc.map(|a| {
            let n = a.think_ms as f64 * self.positions_per_second() / 1000.0;
            n.clamp(1.0, f64::from(u32::MAX)) as u32
        });
        // A level chosen on purpose is the most a move gets under a clock too (a strength
        // set in the GUI holds whatever the time control); the clock may end the thought
        // sooner. Nodes and depth lift it. The default level only plays when the GUI gives
        // no time at all: a GUI's or a script's time limit governs.
        let level_budget = levels::budget(self.playing_level()).unwrap_or(u32::MAX);
        let capped = req.depth.is_none() && self.level_caps_the_clock();
        let limit = match (clocked, req.nodes, time_positions) {
            (_, Some(n), None) | (true, Some(n), Some(_)) => Limit::Positions(n),
            (false, Some(n), Some(t)) => Limit::Positions(n.min(t)),
            (false, None, Some(t)) if capped => Limit::Positions(t.min(level_budget)),
            (false, None, Some(t)) => Limit::Positions(t),
            (false, None, None) if req.infinite => Limit::Positions(REF_INFINITE_POSITIONS),
            (true, None, Some(_)) if capped => Limit::Level,
            (true, None, Some(_)) => Limit::Infinite,
            (true, None, None) if req.infinite => Limit::Infinite,
            // A depth limit lifts the level's budget: the engine searches until it reports
            // that pass (the module ends by itself after its deepest pass or a mate). The
            // reference cannot be stopped after a pass: it keeps the level's budget.
            (true, None, None) if req.depth.is_some() => Limit::Infinite,
            (_, None, None) => Limit::Level,
        };
        let t_states = alloc
            .filter(|_| clocked && emulated)
            .map(|a| (a.think_ms as f64 * self.clock_mhz() * 1000.0) as u64);
        let wall_ms = alloc.map(|a| {
            if emulated {
                a.wall_limit_ms
            } else {
                a.think_ms
            }
        });
        Plan {
            limit,
            t_states,
            wall_ms,
            depth: req.depth,
        }
    }

    fn time_ms(&self, t0: u64, wall0: Instant, positions: u32) -> u64 {
        match (self.clock, self.table.engine().has_clock()) {
            (ClockMode::Wall, _) => wall0.elapsed().as_millis() as u64,
            (ClockMode::Emulated, true) => {
                let t = self.table.engine().t_states().saturating_sub(t0) as f64;
                (t / (self.clock_mhz() * 1000.0)) as u64
            }
            (ClockMode::Emulated, false) => {
                (f64::from(positions) * 1000.0 / self.positions_per_second()) as u64
            }
        }
    }

    fn info_line(&self, info: &Info, t0: u64, wall0: Instant) -> InfoLine {
        InfoLine {
            info: Info {
                root: Vec::new(),
                ..info.clone()
            },
            time_ms: self.time_ms(t0, wall0, info.positions),
            multipv: self.multipv,
            others: other_lines(&info.root, info.pv.first().copied(), self.multipv),
        }
    }

    /// Hand a command to the listener (which defers it when it must wait behind deferred
    /// ones); keep the ones to read again after the thought in `held`.
    fn route<T>(
        &self,
        line: T,
        listener: &mut dyn Listener<T>,
        held: &mut Vec<T>,
    ) -> io::Result<Control> {
        let control = listener.command(&line, !held.is_empty())?;
        if matches!(control, Control::Defer | Control::Abandon) {
            held.push(line);
        }
        Ok(control)
    }

    /// Think about the game's position as `req` asks, printing analysis through `listener`
    /// and handing it every command that arrives meanwhile. A move found is played on the
    /// game. An endless thought (`req.infinite`) waits for a `MoveNow` before it returns.
    ///
    /// The thought is the table's: its stops, the restart after a module failure and the
    /// twin's move (`engine::table`); the listener says each notice in one line (the fault
    /// report goes to stderr), so the GUI always gets a move.
    pub fn think<T>(
        &mut self,
        req: &Request,
        input: &mut Commands<'_, T>,
        listener: &mut dyn Listener<T>,
    ) -> Result<Thought, PlayerError> {
        // Commands for after the thought, in order, as they were read; served however the
        // thought ends.
        let mut held: Vec<T> = Vec::new();
        let mut asked = Asked::default();
        let thought = self.think_holding(req, input, listener, &mut held, &mut asked);
        input.unread(held);
        if thought.is_err() {
            // The engine's state is unknown after a failure: set it up afresh next time.
            self.table.forget_engine_game();
        }
        thought
    }

    /// One thought, the GUI's commands that must wait for its move held in `held`: starts
    /// the engine, runs it until it decides, and gives the move (after `stop` when the GUI
    /// must have the last word: an endless thought or a ponder).
    fn think_holding<T>(
        &mut self,
        req: &Request,
        input: &mut Commands<'_, T>,
        listener: &mut dyn Listener<T>,
        held: &mut Vec<T>,
        asked: &mut Asked,
    ) -> Result<Thought, PlayerError> {
        let Some(mut run) = self.start_run(req, listener)? else {
            // No legal move: nothing to think about, but the answer to an endless thought or
            // a ponder still waits for `stop` (or `ponderhit`), as the GUI expects.
            if req.infinite || req.ponder {
                self.wait_for_stop(input, listener, held, asked, req, req.ponder)?;
            }
            return Ok(Thought {
                outcome: Outcome::NoMove,
                quit: asked.quit,
            });
        };
        let (decision, line) =
            self.run_until_decided(req, input, listener, held, asked, &mut run)?;
        // GUIs and adapters (polyglot) take the last line as the move's score and PV: it
        // must be the move's own. XBoard also drops the lines of a ponder, so a hit tells
        // its decision again.
        let told = !line.shown || asked.hit;
        if told {
            self.tell_decision(&decision, &line.moves, &run, listener)?;
        }
        // UCI: the answer to `go infinite` waits for `stop`, and a ponder's for `stop` or
        // `ponderhit`, even when the engine is done (a hit then tells the decision again).
        if (req.infinite || run.pondering) && !(asked.stop || asked.abandon || asked.quit) {
            self.wait_for_stop(input, listener, held, asked, req, run.pondering)?;
            if asked.hit && !told {
                self.tell_decision(&decision, &line.moves, &run, listener)?;
            }
        }
        let outcome = match decision.best {
            _ if asked.abandon => Outcome::Abandoned,
            // Quit while pondering on a reply that never came: no move of ours to play.
            _ if asked.quit && run.pondering && !asked.hit => Outcome::Abandoned,
            None => Outcome::NoMove,
            Some(_) => {
                self.table
                    .accept(&decision)
                    .map_err(|e| EngineError::IllegalMove(e.to_string()))?;
                Outcome::Moved(decision)
            }
        };
        Ok(Thought {
            outcome,
            quit: asked.quit,
        })
    }

    /// Starts the table's thought with the request's limit and stops; `None` when the side
    /// to move has no legal move (nothing to think about).
    fn start_run<T>(
        &mut self,
        req: &Request,
        listener: &mut dyn Listener<T>,
    ) -> Result<Option<Run>, PlayerError> {
        if legal_moves(self.table.board()).is_empty() {
            return Ok(None);
        }
        let plan = self.plan(req);
        // Pondering: the module searches until stopped, and the clock does not run until
        // `ponderhit`.
        let limit = match req.ponder && self.table.engine().has_clock() {
            true => Limit::Infinite,
            false => plan.limit,
        };
        let heard = match (req.ponder, req.ponder_on) {
            // The reply is played on the engine only; the game gets it at the hit.
            (true, Some(reply)) => self.table.ponder(reply),
            // Analysis searches even in the book (the book has no lines to show).
            _ => {
                let analysis = req.infinite || req.depth.is_some() || self.multipv > 1;
                self.table.think(limit, analysis, Stops::default())
            }
        };
        let heard = match heard {
            Err(EngineError::GameOver) => return Ok(None),
            other => other?,
        };
        // The thought's clock starts once the engine has the game.
        let mut run = Run {
            t0: self.table.engine().t_states(),
            wall0: Instant::now(),
            pondering: req.ponder,
            decided: None,
        };
        self.show(heard, listener, &mut run)?;
        if !req.ponder {
            let stops = self.stops(&plan, run.t0, run.wall0, None);
            let heard = self.table.set_stops(stops)?;
            self.show(heard, listener, &mut run)?;
        }
        Ok(Some(run))
    }

    /// The stops of a thought whose clock started at `t0` / `wall0` under `plan`, the most
    /// emulated time `cap` besides.
    fn stops(&self, plan: &Plan, t0: u64, wall0: Instant, cap: Option<u64>) -> Stops {
        let t_states = [plan.t_states, cap].into_iter().flatten().min();
        Stops {
            at_t_state: t_states.map(|t| t0.saturating_add(t)),
            at_instant: plan.wall_ms.map(|ms| wall0 + Duration::from_millis(ms)),
            depth: plan.depth,
            positions: None,
        }
    }

    /// The decision's own line: for a move chosen before any pass completed (without a
    /// depth: see [`InfoLine`]), for a pass cut short that found another move than the
    /// line shown last, and after a ponder hit. A book move gets none (the protocol says
    /// it).
    fn tell_decision<T>(
        &self,
        decision: &Decision,
        line: &[Move],
        run: &Run,
        listener: &mut dyn Listener<T>,
    ) -> Result<(), PlayerError> {
        if decision.best.is_none() || decision.book {
            return Ok(());
        }
        let line = InfoLine {
            info: Info {
                pass: decision.passes,
                score: decision.score,
                positions: decision.positions,
                pv: line.to_vec(),
                root: Vec::new(),
            },
            time_ms: self.time_ms(run.t0, run.wall0, decision.positions),
            multipv: self.multipv,
            others: Vec::new(),
        };
        listener.info(&line)?;
        Ok(())
    }

    /// Shows what the table's thought said: its lines (a pass 0 line, the reference's book
    /// move or its move before a pass, is no analysis: GUIs drop `depth 0`), its notices;
    /// a decision is kept in `run`.
    fn show<T>(
        &self,
        heard: Vec<Heard>,
        listener: &mut dyn Listener<T>,
        run: &mut Run,
    ) -> Result<(), PlayerError> {
        for h in heard {
            match h {
                Heard::Line(info) if info.pass == 0 => {}
                Heard::Line(info) => listener.info(&self.info_line(&info, run.t0, run.wall0))?,
                Heard::Notice(notice) => listener.notice(&notice_text(notice))?,
                Heard::Decided {
                    decision,
                    line,
                    line_shown,
                } => {
                    let line = DecisionLine {
                        moves: line,
                        shown: line_shown,
                    };
                    run.decided = Some((decision, line));
                }
            }
        }
        Ok(())
    }

    /// Step the table's thought slice by slice until it decides, showing what it says and
    /// handing the GUI's commands to the listener between slices.
    fn run_until_decided<T>(
        &mut self,
        req: &Request,
        input: &mut Commands<'_, T>,
        listener: &mut dyn Listener<T>,
        held: &mut Vec<T>,
        asked: &mut Asked,
        run: &mut Run,
    ) -> Result<(Decision, DecisionLine), PlayerError> {
        loop {
            if let Some(decided) = run.decided.take() {
                return Ok(decided);
            }
            let heard = self.table.step(SLICE_T_STATES)?;
            self.show(heard, listener, run)?;
            if run.decided.is_some() {
                continue;
            }
            // Once told to move, commands wait until the move is out.
            while !self.table.moving() {
                let control = match input.poll() {
                    Poll::Line(line) => self.route(line, listener, held)?,
                    Poll::Empty => break,
                    // The GUI is gone: an endless thought ends now, a bounded one finishes.
                    Poll::Closed if req.infinite || run.pondering => Control::MoveNow,
                    Poll::Closed => break,
                };
                match control {
                    Control::Continue | Control::Defer => continue,
                    Control::PonderHit => {
                        self.ponder_hit(req, listener, asked, run)?;
                        continue;
                    }
                    Control::MoveNow => asked.stop = true,
                    Control::Abandon => asked.abandon = true,
                    Control::Quit => asked.quit = true,
                }
                let heard = self.table.move_now()?;
                self.show(heard, listener, run)?;
                if run.decided.is_some() {
                    break;
                }
            }
        }
    }

    /// `ponderhit`: the opponent played the predicted move, so the thought under way is now
    /// for our move: its clock starts (the allocation from now on); the search and its
    /// positions counter go on.
    fn ponder_hit<T>(
        &mut self,
        req: &Request,
        listener: &mut dyn Listener<T>,
        asked: &mut Asked,
        run: &mut Run,
    ) -> Result<(), PlayerError> {
        if !run.pondering {
            return Ok(());
        }
        run.pondering = false;
        asked.hit = true;
        self.reply_came(req)?;
        let mut now_req = listener.ponder_request(req);
        now_req.ponder = false;
        let plan = self.plan(&now_req);
        let now = self.table.engine().t_states();
        // The thought began without a budget: the level's time caps it from the hit, as
        // its budget caps a thought begun on our own time (`plan`).
        let level_t_states = match now_req.depth {
            None if self.level_caps_the_clock() || plan.t_states.is_none() => {
                self.table.level().t_states(self.clock_mhz() * 1e6)
            }
            _ => None,
        };
        // A positions limit (`go ponder nodes N`) counts the ponder's positions too: a
        // pass that reaches it ends the thought, and what is left of it is given as time
        // at the module's rate.
        let mut stops = self.stops(&plan, now, Instant::now(), level_t_states);
        if let Limit::Positions(n) = plan.limit
            && self.table.engine().has_clock()
        {
            stops.positions = Some(n);
            let seen = self.table.thought_positions();
            let left = f64::from(n.saturating_sub(seen));
            let t = (left / self.positions_per_second() * self.clock_mhz() * 1e6) as u64;
            stops.at_t_state = Some(stops.at_t_state.map_or(now + t, |at| at.min(now + t)));
        }
        let heard = self.table.set_stops(stops)?;
        self.show(heard, listener, run)
    }

    /// After the engine decided on an endless thought or a ponder: wait for `stop` (or, for
    /// a ponder, `ponderhit`, which answers at once), handling the other commands meanwhile.
    /// A `ponderhit` that is not for a ponder is stray: it ends nothing.
    fn wait_for_stop<T>(
        &mut self,
        input: &mut Commands<'_, T>,
        listener: &mut dyn Listener<T>,
        held: &mut Vec<T>,
        asked: &mut Asked,
        req: &Request,
        pondering: bool,
    ) -> Result<(), PlayerError> {
        while let Some(line) = input.next_command() {
            match self.route(line, listener, held)? {
                Control::Continue | Control::Defer => {}
                Control::MoveNow => break,
                Control::PonderHit if !pondering => {}
                Control::PonderHit => {
                    asked.hit = true;
                    self.reply_came(req)?;
                    break;
                }
                Control::Abandon => {
                    asked.abandon = true;
                    break;
                }
                Control::Quit => {
                    asked.quit = true;
                    break;
                }
            }
        }
        Ok(())
    }

    /// The opponent played the reply pondered on: a reply pondered beyond the game
    /// (`Request::ponder_on`) is played on the game now, and the thought is the engine's own.
    fn reply_came(&mut self, req: &Request) -> Result<(), PlayerError> {
        let Some(reply) = req.ponder_on else {
            return Ok(());
        };
        match self.table.ponder_hit(reply) {
            Some(_) => Ok(()),
            None => Err(EngineError::IllegalMove(reply.uci()).into()),
        }
    }

    /// The reply the engine expects after its move (`bestmove ... ponder`, and what xboard's
    /// pondering thinks about): the table's ([`crate::engine::Table::expected_reply`]).
    pub fn predicted_reply(&self) -> Option<Move> {
        self.table.expected_reply()
    }
}

/// The state of one thought's run as the GUI sees it: its clocks, whether it is on the
/// opponent's time, its decision once heard.
struct Run {
    /// Where the thought's reported time counts from.
    t0: u64,
    wall0: Instant,
    /// Thinking on the opponent's time: the clock does not run until `ponderhit`.
    pondering: bool,
    decided: Option<(Decision, DecisionLine)>,
}

/// The decision's own line, and whether the GUI was shown it as the thought's last pass.
struct DecisionLine {
    moves: Vec<Move>,
    shown: bool,
}

/// A notice of the table's failure policy in one line (its `Display`), the fault report
/// of a reset module to stderr.
fn notice_text(notice: Notice) -> String {
    if let Notice::Reset {
        report: Some(report),
        ..
    } = &notice
    {
        eprintln!("{report}");
    }
    notice.to_string()
}
