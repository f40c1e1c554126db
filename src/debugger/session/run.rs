//! Running the machine for the session: towards a goal (N instructions, a location, a
//! return, the next latch write or event), stopping at breakpoints (with their conditions),
//! watchpoints, faults and the emulated-time limit.
//!
//! Single steps and traced runs go instruction by instruction through `Machine::step`.
//! Everything else runs the machine in slices of at most [`SLICE_T_STATES`] with the enabled
//! breakpoints and watches (and a temporary breakpoint for the goal) installed in it, so
//! the machine's own fast path (and its idle skipping, when nothing is set) does the work.
//! The host end of the link polls whenever the module writes its latch: every unit and
//! every acknowledgement of the protocol is such a write, so the host never misses one and
//! the guest sees the same host as with `protocol::Module`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write as _};

use crate::machine::{Fault, RunLimit, Stop, WatchHit};

use super::render_state::unit_text;
use super::{DEFAULT_RUN_SECONDS, DebugSession, DebugSessionError, MachineHandle};
use crate::debugger::command::Location;
use crate::debugger::expr::Condition;
use crate::debugger::view::View;
use crate::debugger::{stack, z80};
use crate::protocol::{Command as HostCommand, WirePosition};
use crate::reference::Board;
use crate::reference::board::{file_of, rank_of};

/// Longest stretch the machine runs without the debugger looking (for the step-back
/// snapshots): about 23 ms of emulated time.
pub const SLICE_T_STATES: u64 = 100_000;

/// Emulated seconds allowed for the module to boot and to answer `SETUP`.
const ANSWER_SECONDS: f64 = 2.0;

/// What a run aims at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::debugger) enum Goal {
    /// This many instructions.
    Steps(u64),
    /// Until something stops it.
    Continue,
    /// PC at this address.
    RunTo(u16),
    /// PC at `address` with SP at or above `min_sp` (a return from a call).
    Return { address: u16, min_sp: u32 },
    /// The module writes its latch.
    Latch,
    /// The host link receives an event.
    Event,
}

/// Why a run stopped.
#[derive(Debug, Clone)]
pub(in crate::debugger) enum Halt {
    /// The instructions asked for ran.
    Done,
    /// This breakpoint (its condition true).
    Breakpoint(usize),
    /// This breakpoint's condition could not be evaluated (why).
    ConditionError(usize, String),
    /// This watchpoint saw this access.
    Watch(usize, WatchHit),
    /// The goal's location was reached.
    Target,
    /// The module wrote this value to its latch.
    Latch(u8),
    /// The host received an event.
    Event,
    /// The CPU executed HALT.
    Halted,
    /// The emulated-time budget (seconds) ran out.
    TimeLimit(f64),
    /// The machine faulted.
    Fault(Box<Fault>),
}

/// Where the instruction trace goes.
pub(in crate::debugger) enum TraceSink {
    /// Into the command's output.
    Output,
    /// Into a file (and its name, for errors).
    File(BufWriter<File>, String),
}

/// Start-up (`SETUP`), the commands that run towards a place (`next`, `finish`, `run-to`),
/// the trace switch, and the run loop itself.
impl<M: MachineHandle> DebugSession<M> {
    /// `next`: one instruction, running a CALL or RST through to its return.
    pub(in crate::debugger) fn step_over(&mut self, out: &mut String) {
        let pc = self.machine.registers().pc;
        let bytes = self.listing().bytes_at(pc);
        if z80::is_call(bytes[0]) || z80::is_rst(bytes[0]) {
            let sp = self.machine.registers().sp;
            let min_sp = if sp == 0 { 0x10000 } else { sp as u32 };
            let address = pc.wrapping_add(z80::length(bytes));
            self.go(Goal::Return { address, min_sp }, DEFAULT_RUN_SECONDS, out);
        } else {
            self.go(Goal::Steps(1), DEFAULT_RUN_SECONDS, out);
        }
    }

    /// `finish`: run until the routine PC is in returns to its caller.
    pub(in crate::debugger) fn finish(&mut self, out: &mut String) -> Result<(), String> {
        let sp = self.machine.registers().sp;
        let frames = stack::walk(sp, self.stack_top, |a| self.machine.read(a));
        let frame = frames
            .first()
            .ok_or("no return address on the stack: not inside a called routine")?;
        writeln!(
            out,
            "run until {} returns to {:04X} {}",
            self.name(frame.callee),
            frame.return_address,
            self.name(frame.return_address)
        )
        .ok();
        let goal = Goal::Return {
            address: frame.return_address,
            min_sp: frame.slot as u32 + 2,
        };
        self.go(goal, DEFAULT_RUN_SECONDS, out);
        Ok(())
    }

    /// `run-to`: run until PC reaches a location.
    pub(in crate::debugger) fn run_to(
        &mut self,
        location: &Location,
        out: &mut String,
    ) -> Result<(), String> {
        let (address, _) = self.resolve(location)?;
        self.go(Goal::RunTo(address), DEFAULT_RUN_SECONDS, out);
        Ok(())
    }

    /// `trace on [FILE]`: every instruction run from now on, into the output or the file.
    pub(in crate::debugger) fn trace_on(
        &mut self,
        file: Option<String>,
        out: &mut String,
    ) -> Result<(), String> {
        self.trace = Some(match file {
            Some(name) => {
                let f = crate::files::create_stream(std::path::Path::new(&name))
                    .map_err(|e| e.to_string())?;
                writeln!(out, "tracing to {name}").ok();
                TraceSink::File(BufWriter::new(f), name)
            }
            None => {
                writeln!(out, "tracing here").ok();
                TraceSink::Output
            }
        });
        Ok(())
    }

    /// `trace off`: the trace file, if any, is flushed and closed.
    pub(in crate::debugger) fn trace_off(&mut self, out: &mut String) -> Result<(), String> {
        if let Some(TraceSink::File(mut file, name)) = self.trace.take() {
            file.flush()
                .map_err(|e| format!("cannot write {name}: {e}"))?;
        }
        self.trace = None;
        writeln!(out, "trace off").ok();
        Ok(())
    }

    /// Boot the module (run until `READY`) and set up a position with `SETUP` through the
    /// host link, running until the module answers. Returns what happened, as text.
    pub fn setup_fen(&mut self, fen: &str) -> Result<String, DebugSessionError> {
        if !self.owns_link {
            return Err(DebugSessionError::Attached);
        }
        let board = Board::from_fen(fen).map_err(|e| DebugSessionError::Fen(e.to_string()))?;
        let mut out = String::new();
        let limit = ANSWER_SECONDS;
        if self.link.received.is_empty() {
            let halt = self.advance(Goal::Event, limit, &mut out);
            if !matches!(halt, Halt::Event) {
                return Err(DebugSessionError::NoAnswer(format!(
                    "no READY after reset: {halt:?}"
                )));
            }
        }
        let mut squares = [0u8; 64];
        for rank in 0..8u8 {
            for file in 0..8u8 {
                let sq = 21 + file + 10 * rank;
                let code = board.sq[sq as usize];
                let kind = crate::reference::piece::kind(code);
                squares[(rank * 8 + file) as usize] = match code {
                    0 => 0,
                    _ => kind | if code & 0x80 != 0 { 8 } else { 0 },
                };
            }
        }
        let position = WirePosition {
            squares,
            side: (board.side != 0) as u8,
            castling: board.castling,
            ep: (board.ep != 0).then(|| rank_of(board.ep) * 8 + file_of(board.ep)),
            halfmove: board.halfmove,
            fullmove: board.fullmove,
        };
        let (kind, payload) = HostCommand::Setup(Box::new(position)).encode();
        writeln!(out, "host -> module: SETUP {fen}").ok();
        self.send_message(kind, &payload);
        let halt = self.advance(Goal::Event, limit, &mut out);
        if !matches!(halt, Halt::Event) {
            return Err(DebugSessionError::NoAnswer(format!(
                "no answer to SETUP: {halt:?}"
            )));
        }
        writeln!(out, "{}", self.here()).ok();
        Ok(out)
    }

    /// Run towards `goal` for at most `seconds` of emulated time and report the stop.
    pub(in crate::debugger) fn go(&mut self, goal: Goal, seconds: f64, out: &mut String) {
        let halt = self.advance(goal, seconds, out);
        let regs = self.machine.registers();
        let line = match halt {
            Halt::Done | Halt::Target => String::new(),
            Halt::Breakpoint(id) => {
                let condition = self
                    .points
                    .breakpoints
                    .iter()
                    .find(|b| b.id == id)
                    .and_then(|b| b.condition.as_ref())
                    .map(|c| format!(" ({c})"))
                    .unwrap_or_default();
                format!(
                    "breakpoint {id} at {:04X} {}{condition}",
                    regs.pc,
                    self.name(regs.pc)
                )
            }
            Halt::ConditionError(id, e) => {
                format!("breakpoint {id}: cannot evaluate the condition: {e}")
            }
            Halt::Watch(id, hit) => format!(
                "watchpoint {id}: {} {:04X} {} = {:02X} by the instruction at {:04X} {}",
                if hit.write { "write" } else { "read" },
                hit.address,
                self.info.ram_name(hit.address),
                hit.value,
                hit.pc,
                self.name(hit.pc)
            ),
            Halt::Latch(v) => format!("the module wrote its latch: {v:02X} ({})", unit_text(v)),
            Halt::Event => "the host received an event".to_string(),
            Halt::Halted => "the CPU halted".to_string(),
            Halt::TimeLimit(s) => match goal {
                Goal::Continue => format!("nothing stopped the module in {s} emulated seconds"),
                _ => format!("not there after {s} emulated seconds: stopped"),
            },
            Halt::Fault(fault) => format!("FAULT: {fault}"),
        };
        if !line.is_empty() {
            writeln!(out, "{line}").ok();
        }
        self.show_stop(out);
    }

    /// The heart of running: see the module header.
    pub(in crate::debugger) fn advance(
        &mut self,
        goal: Goal,
        seconds: f64,
        out: &mut String,
    ) -> Halt {
        let budget = (seconds * self.machine.clock_hz()) as u64;
        let end = self.machine.cycles().saturating_add(budget);
        let target = match goal {
            Goal::RunTo(a) | Goal::Return { address: a, .. } => Some(a),
            _ => None,
        };
        self.points.sync(&mut self.machine, target);
        let halt = if matches!(goal, Goal::Steps(_)) || self.trace.is_some() {
            self.advance_by_steps(goal, end, seconds, out)
        } else {
            self.advance_by_slices(goal, end, seconds, out)
        };
        self.points.sync(&mut self.machine, None);
        if let Some(TraceSink::File(file, _)) = &mut self.trace {
            file.flush().ok();
        }
        halt
    }

    /// Checks made at an instruction boundary before running on: breakpoints and the goal.
    pub(in crate::debugger) fn check_boundary(&mut self, goal: Goal) -> Option<Halt> {
        let regs = self.machine.registers();
        let view = View::new(&self.machine, &self.info);
        let mut stop = None;
        for b in self.points.breaks_at(regs.pc) {
            let hit = match &b.condition {
                None => Ok(true),
                Some(Condition { expr, .. }) => expr.eval(&view).map(|v| v != 0),
            };
            match hit {
                Ok(true) => {
                    b.hits += 1;
                    stop.get_or_insert(Halt::Breakpoint(b.id));
                }
                Ok(false) => {}
                Err(e) => {
                    stop.get_or_insert(Halt::ConditionError(b.id, e.to_string()));
                }
            }
        }
        if stop.is_some() {
            return stop;
        }
        match goal {
            Goal::RunTo(a) if regs.pc == a => Some(Halt::Target),
            Goal::Return { address, min_sp } if regs.pc == address => {
                let sp = if regs.sp == 0 {
                    0x10000
                } else {
                    regs.sp as u32
                };
                (sp >= min_sp).then_some(Halt::Target)
            }
            _ => None,
        }
    }

    /// Poll the host link and keep the history; events are shown.
    pub(in crate::debugger) fn after_progress(&mut self, poll: bool, out: &mut String) -> bool {
        let mut got_event = false;
        if poll && self.owns_link {
            let (events, wrote) = self.link.poll(&mut self.machine);
            for event in events {
                writeln!(out, "module -> host: {event}").ok();
                got_event = true;
            }
            if wrote {
                self.history.host_wrote(&self.machine, &self.link);
            }
        }
        self.history.maybe_record(&self.machine, &self.link);
        got_event
    }

    pub(in crate::debugger) fn advance_by_steps(
        &mut self,
        goal: Goal,
        end: u64,
        seconds: f64,
        out: &mut String,
    ) -> Halt {
        let mut done = 0u64;
        loop {
            if done > 0
                && let Some(halt) = self.check_boundary(goal)
            {
                return halt;
            }
            if self.machine.cycles() >= end {
                return Halt::TimeLimit(seconds);
            }
            if self.trace.is_some() {
                let pc = self.machine.registers().pc;
                let line = format!("{:>10} {}", self.machine.cycles(), self.dis_line(pc, false));
                match &mut self.trace {
                    Some(TraceSink::File(file, _)) => {
                        file.write_all(line.as_bytes()).ok();
                    }
                    _ => out.push_str(&line),
                }
            }
            let step = match self.machine.step() {
                Ok(step) => step,
                Err(fault) => return Halt::Fault(Box::new(fault)),
            };
            done += 1;
            let event = self.after_progress(step.latch_written, out);
            if let Some(hit) = step.watch
                && let Some(w) = self.points.watch_for(&hit)
            {
                w.hits += 1;
                return Halt::Watch(w.id, hit);
            }
            if step.halted {
                return Halt::Halted;
            }
            match goal {
                Goal::Latch if step.latch_written => {
                    return Halt::Latch(self.machine.module_latch());
                }
                Goal::Event if event => return Halt::Event,
                Goal::Steps(n) if done >= n => return Halt::Done,
                _ => {}
            }
        }
    }

    pub(in crate::debugger) fn advance_by_slices(
        &mut self,
        goal: Goal,
        end: u64,
        seconds: f64,
        out: &mut String,
    ) -> Halt {
        let mut first = true;
        loop {
            if !first && let Some(halt) = self.check_boundary(goal) {
                return halt;
            }
            let now = self.machine.cycles();
            if now >= end {
                return Halt::TimeLimit(seconds);
            }
            let slice = (end - now).min(SLICE_T_STATES);
            let before = self.machine.stats().instructions;
            let stop = self.machine.run(RunLimit::UntilLatchWrite(slice));
            if self.machine.stats().instructions != before {
                first = false;
            }
            match stop {
                Err(fault) => return Halt::Fault(Box::new(fault)),
                Ok(Stop::Breakpoint(_)) => {
                    first = false;
                    self.after_progress(false, out);
                }
                Ok(Stop::Watch(hit)) => {
                    self.after_progress(false, out);
                    if let Some(w) = self.points.watch_for(&hit) {
                        w.hits += 1;
                        return Halt::Watch(w.id, hit);
                    }
                }
                Ok(Stop::LatchWritten(v)) => {
                    let event = self.after_progress(true, out);
                    if goal == Goal::Latch {
                        return Halt::Latch(v);
                    }
                    if goal == Goal::Event && event {
                        return Halt::Event;
                    }
                }
                Ok(Stop::Halted) => return Halt::Halted,
                Ok(Stop::TimeUp) => {
                    if self.after_progress(false, out) && goal == Goal::Event {
                        return Halt::Event;
                    }
                }
            }
        }
    }
}
