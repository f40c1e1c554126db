//! The debugging session: the machine, the host end of the link, what is known about the
//! program, breakpoints and watchpoints, the step-back history and the trace; one method,
//! [`DebugSession::execute`], takes a command line and returns what to show.
//!
//! `run_command` only dispatches: each command's work is in the file that owns what it
//! touches: running in `run.rs`, breakpoints and watchpoints in `points.rs`, changes from
//! outside and step-back in `history.rs`, what it shows in the `render_*` files.

use std::fmt::Write as _;
use std::ops::DerefMut;

use crate::machine::{Disassembler, Machine};
use crate::protocol::{Command as HostCommand, WirePosition};
use crate::reference::Board;
use crate::reference::board::{file_of, rank_of};

use super::command::{self, DebugCommand, Location, SendData, help};
use super::debug_info::DebugInfo;
use super::expr::Expr;
use super::link::HostLink;
use super::render_board::{BoardLayout, BoardView, PlyMoves};
use super::view::View;
use super::{render_regs, z80};
use history::History;
use points::Points;
use render_state::unit_text;
use run::{Goal, Halt, TraceSink};

pub mod history;
mod inspect;
pub mod points;
mod render_state;
mod run;

/// Emulated seconds a run may take unless told otherwise.
pub const DEFAULT_RUN_SECONDS: f64 = 10.0;
/// The most emulated seconds one `continue` may run: an emulated hour, far beyond the
/// longest move of a timed level (level 5, about 4 minutes), and about 72 s on the host
/// with a breakpoint set (50 x real time: docs/debugger.md); a larger number is refused, so
/// no `continue` runs for ever (in a script nothing could interrupt it).
pub const MAX_RUN_SECONDS: f64 = 3600.0;
/// Emulated seconds allowed for the module to boot and to answer `SETUP`.
const ANSWER_SECONDS: f64 = 2.0;
/// The initial stack pointer when the symbols do not say (RAMTOP of `asm/ram.asm`).
const DEFAULT_STACK_TOP: u32 = 0xE800;

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum DebugSessionError {
    /// The FEN given with `--fen` is not a position.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// The module did not answer during start-up.
    #[error("the module did not answer: {0}")]
    NoAnswer(String),
    /// The session is attached to a module its host runs ([`DebugSession::attach`]): the host
    /// owns the link, so the session sends nothing over it.
    #[error(
        "this session is attached to a running module: its host owns the link (no SETUP, send or go)"
    )]
    Attached,
}

/// What one command produced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reply {
    /// Text to show (ends with a newline unless empty).
    pub output: String,
    /// The session should end.
    pub quit: bool,
}

/// How a session holds its machine: owned (`Box<Machine>`, `c7010 debug`) or borrowed
/// (`&mut Machine`, the window's panel borrowing the console's module for a pause).
pub trait MachineHandle: DerefMut<Target = Machine> {}

impl<M: DerefMut<Target = Machine>> MachineHandle for M {}

/// A debugging session over one machine, owned or borrowed ([`MachineHandle`]).
pub struct DebugSession<M: MachineHandle = Box<Machine>> {
    pub(super) machine: M,
    pub(super) link: HostLink,
    pub(super) info: DebugInfo,
    pub(super) points: Points,
    pub(super) history: History,
    pub(super) trace: Option<TraceSink>,
    pub(super) disassembler: Disassembler,
    pub(super) stack_top: u32,
    /// False for a session attached to a module the console is running (the window's
    /// debugger panel): the console's own host end owns the link, so this session neither
    /// takes the module's units nor sends any; while it holds the machine the host is simply
    /// paused.
    pub(super) owns_link: bool,
    /// Expressions printed after every stop (`display`).
    pub(super) displays: inspect::Displays,
}

impl DebugSession {
    /// A session on `machine` (as built, at power-on), knowing `info` about its program:
    /// the console resets the module and the session stops at the reset address.
    pub fn new(machine: Machine, info: DebugInfo) -> DebugSession {
        let mut machine = Box::new(machine);
        let mut link = HostLink::new();
        link.restart(&mut machine);
        DebugSession::build(machine, link, info)
    }
}

impl<M: MachineHandle> DebugSession<M> {
    /// A session on a machine that is already running (the window's module, paused where it
    /// is): no reset, and the host end of the link stays out of it (see `owns_link`), so
    /// the machine can go back to the console with [`DebugSession::into_machine`] and the
    /// console's link carries on where it was. Commands that talk over the link (`send`,
    /// `go`) and [`DebugSession::setup_fen`] refuse ([`DebugSessionError::Attached`]): they are for
    /// sessions made with [`DebugSession::new`].
    pub fn attach(machine: M, info: DebugInfo) -> DebugSession<M> {
        let mut session = DebugSession::build(machine, HostLink::new(), info);
        session.owns_link = false;
        session
    }

    /// A session on `machine` as it is, with `link` as the host end.
    fn build(machine: M, link: HostLink, info: DebugInfo) -> DebugSession<M> {
        let stack_top = info.symbol("RAMTOP").map_or(DEFAULT_STACK_TOP, |t| {
            if t == 0 { 0x10000 } else { t as u32 }
        });
        let mut history = History::new();
        history.record(&machine, &link);
        DebugSession {
            machine,
            link,
            info,
            points: Points::default(),
            history,
            trace: None,
            disassembler: Disassembler::new(),
            stack_top,
            owns_link: true,
            displays: inspect::Displays::default(),
        }
    }

    /// End the session and hand the machine back, with no breakpoint or watchpoint left
    /// in it.
    pub fn into_machine(mut self) -> M {
        self.machine.clear_breakpoints();
        self.machine.clear_watches();
        self.machine
    }

    /// What `regs` shows.
    pub fn registers_text(&self) -> String {
        let regs = self.machine.registers();
        render_regs::render(&regs, &self.place(regs.pc))
    }

    /// What `dis` shows for `count` instructions from `address`.
    pub fn disassembly(&mut self, address: u16, count: usize) -> String {
        let mut out = String::new();
        let mut a = address;
        for _ in 0..count {
            out.push_str(&self.dis_line(a, true));
            a = a.wrapping_add(z80::length(self.bytes_at(a)));
        }
        out
    }

    /// The machine (to read it in tests and front ends).
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The machine, to change it from outside (a test setting up RAM). Call
    /// [`DebugSession::external_change`] afterwards so `back` does not undo it by replay.
    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// Record that the machine was changed from outside (a snapshot for `back`).
    pub fn external_change(&mut self) {
        self.history.record(&self.machine, &self.link);
    }

    /// The move list of the guest's current ply (PLYN, PLYTAB, MOVESTK in RAM), to compare
    /// with the reference engine.
    pub fn ply_moves(&self) -> Result<PlyMoves, String> {
        self.with_board(|view| view.ply_moves())?
    }

    /// Run `f` on a view of the guest's board in RAM.
    fn with_board<T>(&self, f: impl FnOnce(&BoardView) -> T) -> Result<T, String> {
        let layout = BoardLayout::from_symbols(self.info.symbols())?;
        let read = |a: u16| self.machine.read(a);
        Ok(f(&BoardView {
            read: &read,
            layout: &layout,
        }))
    }

    /// What is known about the program.
    pub fn info(&self) -> &DebugInfo {
        &self.info
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

    /// Run one command line.
    pub fn execute(&mut self, line: &str) -> Reply {
        let mut out = String::new();
        let quit = match command::parse(line) {
            Ok(command) => match self.run_command(command, &mut out) {
                Ok(quit) => quit,
                Err(message) => {
                    writeln!(out, "error: {message}").ok();
                    false
                }
            },
            Err(e) => {
                writeln!(out, "error: {e}").ok();
                false
            }
        };
        Reply { output: out, quit }
    }

    pub(super) fn view(&self) -> View<'_> {
        View {
            regs: self.machine.registers(),
            machine: &self.machine,
            info: &self.info,
        }
    }

    pub(super) fn eval_address(&self, expr: &Expr) -> Result<u16, String> {
        expr.eval_address(&self.view()).map_err(|e| e.to_string())
    }

    pub(super) fn resolve(&self, location: &Location) -> Result<(u16, String), String> {
        match location {
            Location::Address(expr) => {
                let address = self.eval_address(expr)?;
                let place = match expr.as_name() {
                    Some(name) if self.info.symbol(name).is_some() => name.to_ascii_uppercase(),
                    _ => self.name(address),
                };
                Ok((address, place))
            }
            Location::Line { file, line } => {
                if !self.info.knows_file(file) {
                    return Err(format!("no source file '{file}' in the source map"));
                }
                let address = self
                    .info
                    .address_of_line(file, *line)
                    .ok_or_else(|| format!("{file}:{line} produced no code"))?;
                Ok((address, format!("{file}:{line}")))
            }
        }
    }

    /// `RECVMSG+3` or the bare address.
    pub(super) fn name(&self, address: u16) -> String {
        self.info
            .name_of(address)
            .unwrap_or_else(|| format!("{address:04X}"))
    }

    /// Does one command's work (in the file that owns what it changes or shows); true
    /// when the session should end.
    fn run_command(&mut self, command: DebugCommand, out: &mut String) -> Result<bool, String> {
        match command {
            DebugCommand::Send(_) if !self.owns_link => {
                return Err(DebugSessionError::Attached.to_string());
            }
            DebugCommand::Nothing => {}
            DebugCommand::Quit => return Ok(true),
            DebugCommand::Help(topic) => out.push_str(&help(topic.as_deref())?),
            DebugCommand::Break {
                location,
                condition,
            } => self.set_break(&location, condition, out)?,
            DebugCommand::Watch { kind, address, len } => {
                self.set_watch(kind, &address, len.as_ref(), out)?
            }
            DebugCommand::List => out.push_str(&self.list_points()),
            DebugCommand::Enable(ids) => self.enable_points(&ids, true, out)?,
            DebugCommand::Disable(ids) => self.enable_points(&ids, false, out)?,
            DebugCommand::Delete(ids) => self.delete_points(&ids, out)?,
            DebugCommand::Step(n) => self.go(Goal::Steps(n), DEFAULT_RUN_SECONDS, out),
            DebugCommand::Next => self.step_over(out),
            DebugCommand::Finish => self.finish(out)?,
            DebugCommand::Continue(seconds) => {
                self.go(Goal::Continue, seconds.unwrap_or(DEFAULT_RUN_SECONDS), out)
            }
            DebugCommand::RunTo(location) => self.run_to(&location, out)?,
            DebugCommand::UntilLatch => self.go(Goal::Latch, DEFAULT_RUN_SECONDS, out),
            DebugCommand::Regs => out.push_str(&self.registers_text()),
            DebugCommand::Print(what) => self.print(&what, out)?,
            DebugCommand::Display(what) => self.display(what, out),
            DebugCommand::Undisplay(ids) => self.undisplay(&ids, out)?,
            DebugCommand::SetRegister { name, value } => self.set_register(&name, &value, out)?,
            DebugCommand::Mem { address, len } => {
                out.push_str(&self.memory_text(&address, len.as_ref())?)
            }
            DebugCommand::Poke { address, bytes } => self.poke(&address, &bytes, out)?,
            DebugCommand::Dis { address, count } => {
                out.push_str(&self.disassembly_text(address.as_ref(), count)?)
            }
            DebugCommand::Src(location) => out.push_str(&self.source_text(location.as_ref())?),
            DebugCommand::Where => out.push_str(&self.backtrace()),
            DebugCommand::Board => out.push_str(&self.with_board(|view| view.render())?),
            DebugCommand::Cycles => out.push_str(&self.cycles_text()),
            DebugCommand::Latches => out.push_str(&self.latches()),
            DebugCommand::Send(data) => self.send(data, out),
            DebugCommand::Trace { on: false, .. } => self.trace_off(out)?,
            DebugCommand::Trace { on: true, file } => self.trace_on(file, out)?,
            DebugCommand::Save(name) => self.save_state(&name, out)?,
            DebugCommand::Load(name) => self.load_state(&name, out)?,
            DebugCommand::Back(n) => self.step_back(n, out)?,
        }
        Ok(false)
    }

    /// `send`: a message through the host link, or one raw unit straight into the latch.
    fn send(&mut self, data: SendData, out: &mut String) {
        match data {
            SendData::Message { kind, payload } => {
                self.send_message(kind, &payload);
                writeln!(
                    out,
                    "queued message type {kind:02X} with {} payload byte(s); {} unit(s) waiting",
                    payload.len(),
                    self.link.pending()
                )
                .ok();
            }
            SendData::Raw(unit) => {
                self.machine.host_write(unit);
                self.history.host_wrote(&self.machine, &self.link);
                writeln!(out, "host latch = {unit:02X} ({})", unit_text(unit)).ok();
            }
        }
    }

    pub(super) fn replace_machine(&mut self, machine: Machine) {
        *self.machine = machine;
        self.points.sync(&mut self.machine, None);
    }

    fn send_message(&mut self, kind: u8, payload: &[u8]) {
        self.link.queue_message(kind, payload);
        let (_, wrote) = self.link.poll(&mut self.machine);
        if wrote {
            self.history.host_wrote(&self.machine, &self.link);
        }
    }
}
