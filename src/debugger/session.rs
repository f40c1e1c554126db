//! The debugging session: the machine, the host end of the link, what is known about the
//! program, breakpoints and watchpoints, the step-back history and the trace; one method,
//! [`DebugSession::execute`], takes a command line and returns what to show.
//!
//! `DebugSession` is implemented here and in its run loop (`run.rs`, which needs the whole
//! session). Its parts are types of their own with private fields: the breakpoints and
//! watchpoints (`points::Points`), the step-back history (`history::History`), the displays
//! (`inspect::Displays`), the listings (`render_dis::Listing`), what expressions see
//! (`view::View`). `run_command` dispatches each command: to a part's method, or to a short
//! method here that resolves the places it names and keeps the machine in step.

use std::fmt::Write as _;
use std::ops::DerefMut;
use std::path::Path;

use crate::machine::{Disassembler, Machine, WatchKind};

use super::command::{self, DebugCommand, Location, SendData, help};
use super::debug_info::DebugInfo;
use super::expr::{Condition, Expr};
use super::link::HostLink;
use super::render_board::{BoardLayout, BoardView, PlyMoves};
use super::render_dis::Listing;
use super::render_regs;
use super::set_register::set_register;
use super::view::View;
use history::History;
use points::Points;
use render_state::unit_text;
use run::{Goal, TraceSink};

pub mod history;
mod inspect;
pub mod points;
mod render_state;
mod run;

/// Emulated seconds a run may take unless told otherwise.
pub const DEFAULT_RUN_SECONDS: f64 = 10.0;
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
    machine: M,
    link: HostLink,
    info: DebugInfo,
    points: Points,
    history: History,
    trace: Option<TraceSink>,
    disassembler: Disassembler,
    stack_top: u32,
    /// False for a session attached to a module the console is running (the window's
    /// debugger panel): the console's own host end owns the link, so this session neither
    /// takes the module's units nor sends any; while it holds the machine the host is simply
    /// paused.
    owns_link: bool,
    /// Expressions printed after every stop (`display`).
    displays: inspect::Displays,
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
        render_regs::render(&regs, &self.listing().place(regs.pc))
    }

    /// What `dis` shows for `count` instructions from `address`.
    pub fn disassembly(&mut self, address: u16, count: usize) -> String {
        Listing::new(&self.machine, &self.info, &self.points).disassembly(
            &mut self.disassembler,
            address,
            count,
        )
    }

    /// What `where` (`bt`) shows: PC's place, then one line a return address found on the
    /// stack.
    pub fn backtrace(&self) -> String {
        self.listing().backtrace(self.stack_top)
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

    /// What expressions see.
    fn view(&self) -> View<'_> {
        View::new(&self.machine, &self.info)
    }

    /// The session's listings of the machine.
    fn listing(&self) -> Listing<'_> {
        Listing::new(&self.machine, &self.info, &self.points)
    }

    /// One line naming PC.
    fn here(&self) -> String {
        self.listing().here()
    }

    /// One disassembled line (the stop line with `with_label` false).
    fn dis_line(&mut self, address: u16, with_label: bool) -> String {
        Listing::new(&self.machine, &self.info, &self.points).dis_line(
            &mut self.disassembler,
            address,
            with_label,
        )
    }

    /// What every stop ends with: the stop line and the displays.
    fn show_stop(&mut self, out: &mut String) {
        let pc = self.machine.registers().pc;
        out.push_str(&self.dis_line(pc, false));
        self.displays
            .show(&View::new(&self.machine, &self.info), out);
    }

    fn eval_address(&self, expr: &Expr) -> Result<u16, String> {
        expr.eval_address(&self.view()).map_err(|e| e.to_string())
    }

    fn resolve(&self, location: &Location) -> Result<(u16, String), String> {
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
    fn name(&self, address: u16) -> String {
        self.listing().name(address)
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
            DebugCommand::List => out.push_str(&self.points.list_text()),
            DebugCommand::Enable(ids) => self.points.enable_listed(&ids, true, out)?,
            DebugCommand::Disable(ids) => self.points.enable_listed(&ids, false, out)?,
            DebugCommand::Delete(ids) => self.points.delete_listed(&ids, out)?,
            DebugCommand::Step(n) => self.go(Goal::Steps(n), DEFAULT_RUN_SECONDS, out),
            DebugCommand::Next => self.step_over(out),
            DebugCommand::Finish => self.finish(out)?,
            DebugCommand::Continue(seconds) => {
                self.go(Goal::Continue, seconds.unwrap_or(DEFAULT_RUN_SECONDS), out)
            }
            DebugCommand::RunTo(location) => self.run_to(&location, out)?,
            DebugCommand::UntilLatch => self.go(Goal::Latch, DEFAULT_RUN_SECONDS, out),
            DebugCommand::Regs => out.push_str(&self.registers_text()),
            DebugCommand::Print(what) => inspect::print(&what, &self.view(), out)?,
            DebugCommand::Display(what) => {
                let view = View::new(&self.machine, &self.info);
                self.displays.display(what, &view, out)
            }
            DebugCommand::Undisplay(ids) => self.displays.undisplay(&ids, out)?,
            DebugCommand::SetRegister { name, value } => self.set_register(&name, &value, out)?,
            DebugCommand::Mem { address, len } => {
                out.push_str(&self.memory_text(&address, len.as_ref())?)
            }
            DebugCommand::Poke { address, bytes } => self.poke(&address, &bytes, out)?,
            DebugCommand::Dis { address, count } => {
                let start = self.address_or_pc(address.as_ref())?;
                out.push_str(&self.disassembly(start, count.unwrap_or(10) as usize))
            }
            DebugCommand::Src(location) => {
                let address = match location {
                    Some(location) => self.resolve(&location)?.0,
                    None => self.machine.registers().pc,
                };
                out.push_str(&self.listing().source_around(address)?)
            }
            DebugCommand::Where => out.push_str(&self.backtrace()),
            DebugCommand::Board => out.push_str(&self.with_board(|view| view.render())?),
            DebugCommand::Cycles => out.push_str(&render_state::cycles_text(&self.machine)),
            DebugCommand::Latches => {
                out.push_str(&render_state::latches(&self.machine, &self.link))
            }
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

    /// `dis`'s and `mem`'s start: the address given, or PC.
    fn address_or_pc(&self, address: Option<&Expr>) -> Result<u16, String> {
        match address {
            Some(e) => self.eval_address(e),
            None => Ok(self.machine.registers().pc),
        }
    }

    /// What `mem` shows: `len` bytes (default 64, at most 4096) from `address`.
    fn memory_text(&self, address: &Expr, len: Option<&Expr>) -> Result<String, String> {
        let start = self.eval_address(address)?;
        let len = match len {
            Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
            None => 64,
        };
        if !(1..=0x1000).contains(&len) {
            return Err(format!("length {len} is not 1..4096"));
        }
        Ok(render_state::dump(&self.machine, start, len as u32))
    }

    /// `break`: a breakpoint at a location, with an optional condition.
    fn set_break(
        &mut self,
        location: &Location,
        condition: Option<Condition>,
        out: &mut String,
    ) -> Result<(), String> {
        let (address, place) = self.resolve(location)?;
        if let Some(condition) = &condition {
            // Evaluate once now: an unknown name is reported here, not at a hit.
            condition
                .expr
                .eval(&self.view())
                .map_err(|e| e.to_string())?;
        }
        out.push_str(&self.points.set_break(address, place, condition));
        self.points.sync(&mut self.machine, None);
        Ok(())
    }

    /// `watch`: a watchpoint over `len` bytes from `address` (by default the size of the
    /// named variable, else one byte).
    fn set_watch(
        &mut self,
        kind: WatchKind,
        address: &Expr,
        len: Option<&Expr>,
        out: &mut String,
    ) -> Result<(), String> {
        let start = self.eval_address(address)?;
        let named = address
            .as_name()
            .filter(|name| self.info.symbol(name).is_some());
        let len = match len {
            Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
            None if named.is_some() => self.info.variable_size(start).unwrap_or(1) as i64,
            None => 1,
        };
        let place = match named {
            Some(name) => name.to_ascii_uppercase(),
            None => format!("{start:04X}"),
        };
        out.push_str(&self.points.set_watch(kind, start, len, place)?);
        self.points.sync(&mut self.machine, None);
        Ok(())
    }

    /// `set REGISTER VALUE`, with a snapshot so `back` does not undo it by replay.
    fn set_register(&mut self, name: &str, value: &Expr, out: &mut String) -> Result<(), String> {
        let value = value.eval(&self.view()).map_err(|e| e.to_string())?;
        let mut regs = self.machine.registers();
        set_register(&mut regs, name, value)?;
        self.machine.set_registers(&regs);
        self.history.record(&self.machine, &self.link);
        writeln!(out, "{name} = {}", inspect::value_text(value)).ok();
        if name == "PC" {
            out.push_str(&self.dis_line(regs.pc, false));
        }
        Ok(())
    }

    /// `poke`: bytes written into RAM, and a snapshot so `back` does not undo them by replay.
    fn poke(&mut self, address: &Expr, bytes: &[u8], out: &mut String) -> Result<(), String> {
        let start = self.eval_address(address)?;
        for (i, &b) in bytes.iter().enumerate() {
            let a = start.wrapping_add(i as u16);
            match crate::machine::ram_offset(a) {
                Some(offset) => self.machine.ram_mut()[offset as usize] = b,
                None => return Err(format!("{a:04X} is not RAM")),
            }
        }
        self.history.record(&self.machine, &self.link);
        writeln!(out, "{} byte(s) written at {start:04X}", bytes.len()).ok();
        Ok(())
    }

    /// `save`: the machine state into a file.
    fn save_state(&mut self, name: &str, out: &mut String) -> Result<(), String> {
        // Atomically: a failed save leaves the old file whole.
        crate::files::write_atomic(Path::new(name), &self.machine.save_state())
            .map_err(|e| e.to_string())?;
        writeln!(out, "saved the machine state to {name}").ok();
        Ok(())
    }

    /// `load`: a machine state from a file; the history starts again from it.
    fn load_state(&mut self, name: &str, out: &mut String) -> Result<(), String> {
        // A regular file of bounded size only: never a FIFO or /dev/zero.
        let machine = crate::files::read(Path::new(name), crate::files::MACHINE_SAVE)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                Machine::load_state(&bytes).map_err(|e| format!("cannot load {name}: {e}"))
            })?;
        self.replace_machine(machine);
        self.history.clear();
        self.history.record(&self.machine, &self.link);
        writeln!(out, "loaded {name}").ok();
        writeln!(out, "{}", self.here()).ok();
        Ok(())
    }

    /// `back`: the machine and the host link as they were `n` instructions ago.
    fn step_back(&mut self, n: u64, out: &mut String) -> Result<(), String> {
        let (machine, link) = self
            .history
            .back(&self.machine, n)
            .map_err(|e| e.to_string())?;
        self.replace_machine(machine);
        self.link = link;
        writeln!(out, "back {n} instruction(s)").ok();
        // The stop line `step` shows: address, bytes, disassembly, source line.
        self.show_stop(out);
        Ok(())
    }

    fn replace_machine(&mut self, machine: Machine) {
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
