//! The debugging session: the machine, the host end of the link, what is known about the
//! program, breakpoints and watchpoints, the step-back history and the trace; one method,
//! [`Session::execute`], takes a command line and returns what to show.
//!
//! How it runs is in `run.rs`; what it shows in the `render_*` files.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::Path;

use crate::machine::{Disassembler, Machine};
use crate::protocol::{Command as HostCommand, WirePosition};
use crate::reference::Board;
use crate::reference::board::{file_of, rank_of};

use super::command::{self, Command, Location, SendData, help};
use super::debug_info::DebugInfo;
use super::expr::Expr;
use super::history::History;
use super::link::HostLink;
use super::points::Points;
use super::render_board::{BoardView, PlyMoves};
use super::render_state::{kind_name, unit_text};
use super::run::{Goal, Halt, TraceSink};
use super::view::View;
use super::{render_regs, stack, z80};

/// Emulated seconds a run may take unless told otherwise.
pub const DEFAULT_RUN_SECONDS: f64 = 10.0;
/// Emulated seconds allowed for the module to boot and to answer `SETUP`.
const ANSWER_SECONDS: f64 = 2.0;
/// The initial stack pointer when the symbols do not say (RAMTOP of `asm/ram.asm`).
const DEFAULT_STACK_TOP: u32 = 0xE800;

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The FEN given with `--fen` is not a position.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// The module did not answer during start-up.
    #[error("the module did not answer: {0}")]
    NoAnswer(String),
    /// The session is attached to a module its host runs ([`Session::attach`]): the host
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

/// A debugging session over one machine.
pub struct Session {
    pub(super) machine: Machine,
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
}

impl Session {
    /// A session on `machine` (as built, at power-on), knowing `info` about its program:
    /// the console resets the module and the session stops at the reset address.
    pub fn new(mut machine: Machine, info: DebugInfo) -> Session {
        let mut link = HostLink::new();
        link.restart(&mut machine);
        Session::build(machine, link, info)
    }

    /// A session on a machine that is already running (the window's module, paused where it
    /// is): no reset, and the host end of the link stays out of it (see `owns_link`), so
    /// the machine can go back to the console with [`Session::into_machine`] and the
    /// console's link carries on where it was. Commands that talk over the link (`send`,
    /// `go`) and [`Session::setup_fen`] refuse ([`SessionError::Attached`]): they are for
    /// sessions made with [`Session::new`].
    pub fn attach(machine: Machine, info: DebugInfo) -> Session {
        let mut session = Session::build(machine, HostLink::new(), info);
        session.owns_link = false;
        session
    }

    /// A session on `machine` as it is, with `link` as the host end.
    fn build(machine: Machine, link: HostLink, info: DebugInfo) -> Session {
        let stack_top = info.symbol("RAMTOP").map_or(DEFAULT_STACK_TOP, |t| {
            if t == 0 { 0x10000 } else { t as u32 }
        });
        let mut history = History::new();
        history.record(&machine, &link);
        Session {
            machine,
            link,
            info,
            points: Points::default(),
            history,
            trace: None,
            disassembler: Disassembler::new(),
            stack_top,
            owns_link: true,
        }
    }

    /// End the session and hand the machine back, with no breakpoint or watchpoint left
    /// in it.
    pub fn into_machine(mut self) -> Machine {
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
    /// [`Session::external_change`] afterwards so `back` does not undo it by replay.
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
        let board = self
            .info
            .symbol("BOARD")
            .ok_or("no BOARD symbol in this ROM")?;
        let plies = match (
            self.info.symbol("PLYN"),
            self.info.symbol("PLYTAB"),
            self.info.symbol("MOVESTK"),
        ) {
            (Some(a), Some(b), Some(c)) => Some((a, b, c)),
            _ => None,
        };
        let read = |a: u16| self.machine.read(a);
        Ok(f(&BoardView {
            read: &read,
            board,
            plies,
        }))
    }

    /// What is known about the program.
    pub fn info(&self) -> &DebugInfo {
        &self.info
    }

    /// Boot the module (run until `READY`) and set up a position with `SETUP` through the
    /// host link, running until the module answers. Returns what happened, as text.
    pub fn setup_fen(&mut self, fen: &str) -> Result<String, SessionError> {
        if !self.owns_link {
            return Err(SessionError::Attached);
        }
        let board = Board::from_fen(fen).map_err(|e| SessionError::Fen(e.to_string()))?;
        let mut out = String::new();
        let limit = ANSWER_SECONDS;
        if self.link.received.is_empty() {
            let halt = self.advance(Goal::Event, limit, &mut out);
            if !matches!(halt, Halt::Event) {
                return Err(SessionError::NoAnswer(format!(
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
            return Err(SessionError::NoAnswer(format!(
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
    pub(super) fn name(&self, address: u16) -> String {
        self.info
            .name_of(address)
            .unwrap_or_else(|| format!("{address:04X}"))
    }

    fn run_command(&mut self, command: Command, out: &mut String) -> Result<bool, String> {
        match command {
            Command::Send(_) if !self.owns_link => return Err(SessionError::Attached.to_string()),
            Command::Nothing => {}
            Command::Quit => return Ok(true),
            Command::Help(topic) => out.push_str(&help(topic.as_deref())?),
            Command::Break {
                location,
                condition,
            } => {
                let (address, place) = self.resolve(&location)?;
                if let Some(condition) = &condition {
                    // Evaluate once now: an unknown name is reported here, not at a hit.
                    condition
                        .expr
                        .eval(&self.view())
                        .map_err(|e| e.to_string())?;
                }
                let text = condition
                    .as_ref()
                    .map(|c| format!(" if {c}"))
                    .unwrap_or_default();
                let id = self.points.add_break(address, place.clone(), condition);
                self.points.sync(&mut self.machine, None);
                writeln!(out, "breakpoint {id} at {address:04X} {place}{text}").ok();
            }
            Command::Watch { kind, address, len } => {
                let start = self.eval_address(&address)?;
                let len = match len {
                    Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
                    None => match address.as_name() {
                        Some(name) if self.info.symbol(name).is_some() => {
                            self.info.variable_size(start).unwrap_or(1) as i64
                        }
                        _ => 1,
                    },
                };
                if !(1..=0x10000 - start as i64).contains(&len) {
                    return Err(format!("length {len} does not fit from {start:04X}"));
                }
                let end = (start as i64 + len - 1) as u16;
                let place = match address.as_name() {
                    Some(name) if self.info.symbol(name).is_some() => name.to_ascii_uppercase(),
                    _ => format!("{start:04X}"),
                };
                let id = self.points.add_watch(start..=end, kind, place.clone());
                self.points.sync(&mut self.machine, None);
                writeln!(
                    out,
                    "watchpoint {id}: {} {start:04X}..{end:04X} {place} ({len} byte{})",
                    kind_name(kind),
                    if len == 1 { "" } else { "s" }
                )
                .ok();
            }
            Command::List => out.push_str(&self.list_points()),
            Command::Enable(ids) | Command::Disable(ids) if ids.is_empty() => {
                return Err("which numbers?".into());
            }
            Command::Enable(ids) => {
                for id in ids {
                    self.points
                        .set_enabled(id, true)
                        .map_err(|e| e.to_string())?;
                    writeln!(out, "{id} enabled").ok();
                }
                self.points.sync(&mut self.machine, None);
            }
            Command::Disable(ids) => {
                for id in ids {
                    self.points
                        .set_enabled(id, false)
                        .map_err(|e| e.to_string())?;
                    writeln!(out, "{id} disabled").ok();
                }
                self.points.sync(&mut self.machine, None);
            }
            Command::Delete(ids) => {
                if ids.is_empty() {
                    self.points.clear();
                    writeln!(out, "all breakpoints and watchpoints deleted").ok();
                }
                for id in ids {
                    self.points.delete(id).map_err(|e| e.to_string())?;
                    writeln!(out, "{id} deleted").ok();
                }
                self.points.sync(&mut self.machine, None);
            }
            Command::Step(n) => self.go(Goal::Steps(n), DEFAULT_RUN_SECONDS, out),
            Command::Next => {
                let pc = self.machine.registers().pc;
                let bytes = self.bytes_at(pc);
                if z80::is_call(bytes[0]) || z80::is_rst(bytes[0]) {
                    let sp = self.machine.registers().sp;
                    let min_sp = if sp == 0 { 0x10000 } else { sp as u32 };
                    let address = pc.wrapping_add(z80::length(bytes));
                    self.go(Goal::Return { address, min_sp }, DEFAULT_RUN_SECONDS, out);
                } else {
                    self.go(Goal::Steps(1), DEFAULT_RUN_SECONDS, out);
                }
            }
            Command::Finish => {
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
            }
            Command::Continue(seconds) => {
                self.go(Goal::Continue, seconds.unwrap_or(DEFAULT_RUN_SECONDS), out)
            }
            Command::RunTo(location) => {
                let (address, _) = self.resolve(&location)?;
                self.go(Goal::RunTo(address), DEFAULT_RUN_SECONDS, out);
            }
            Command::UntilLatch => self.go(Goal::Latch, DEFAULT_RUN_SECONDS, out),
            Command::Regs => out.push_str(&self.registers_text()),
            Command::Mem { address, len } => {
                let start = self.eval_address(&address)?;
                let len = match len {
                    Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
                    None => 64,
                };
                if !(1..=0x1000).contains(&len) {
                    return Err(format!("length {len} is not 1..4096"));
                }
                out.push_str(&self.dump(start, len as u32));
            }
            Command::Poke { address, bytes } => {
                let start = self.eval_address(&address)?;
                for (i, &b) in bytes.iter().enumerate() {
                    let a = start.wrapping_add(i as u16);
                    match crate::machine::ram_offset(a) {
                        Some(offset) => self.machine.ram_mut()[offset as usize] = b,
                        None => return Err(format!("{a:04X} is not RAM")),
                    }
                }
                self.history.record(&self.machine, &self.link);
                writeln!(out, "{} byte(s) written at {start:04X}", bytes.len()).ok();
            }
            Command::Dis { address, count } => {
                let a = match address {
                    Some(e) => self.eval_address(&e)?,
                    None => self.machine.registers().pc,
                };
                let text = self.disassembly(a, count.unwrap_or(10) as usize);
                out.push_str(&text);
            }
            Command::Src(location) => {
                let address = match location {
                    Some(location) => self.resolve(&location)?.0,
                    None => self.machine.registers().pc,
                };
                out.push_str(&self.source_around(address)?);
            }
            Command::Where => out.push_str(&self.backtrace()),
            Command::Board => out.push_str(&self.with_board(|view| view.render())?),
            Command::Cycles => {
                let stats = self.machine.stats();
                writeln!(
                    out,
                    "T-states {}  emulated {:.6} s at {:.6} MHz  ({:.2} PAL frames)  instructions {}",
                    self.machine.cycles(),
                    self.machine.emulated_seconds(),
                    self.machine.clock_hz() / 1e6,
                    self.machine.cycles() as f64 / crate::machine::PAL_FRAME_T_STATES as f64,
                    stats.instructions
                )
                .ok();
            }
            Command::Latches => out.push_str(&self.latches()),
            Command::Send(SendData::Message { kind, payload }) => {
                self.send_message(kind, &payload);
                writeln!(
                    out,
                    "queued message type {kind:02X} with {} payload byte(s); {} unit(s) waiting",
                    payload.len(),
                    self.link.pending()
                )
                .ok();
            }
            Command::Send(SendData::Raw(unit)) => {
                self.machine.host_write(unit);
                self.history.host_wrote(&self.machine, &self.link);
                writeln!(out, "host latch = {unit:02X} ({})", unit_text(unit)).ok();
            }
            Command::Trace { on: false, .. } => {
                if let Some(TraceSink::File(mut file, name)) = self.trace.take() {
                    file.flush()
                        .map_err(|e| format!("cannot write {name}: {e}"))?;
                }
                self.trace = None;
                writeln!(out, "trace off").ok();
            }
            Command::Trace { on: true, file } => {
                self.trace = Some(match file {
                    Some(name) => {
                        let f = File::create(&name)
                            .map_err(|e| format!("cannot create {name}: {e}"))?;
                        writeln!(out, "tracing to {name}").ok();
                        TraceSink::File(BufWriter::new(f), name)
                    }
                    None => {
                        writeln!(out, "tracing here").ok();
                        TraceSink::Output
                    }
                });
            }
            Command::Save(name) => {
                crate::files::write_atomic(Path::new(&name), &self.machine.save_state())
                    .map_err(|e| e.to_string())?;
                writeln!(out, "saved the machine state to {name}").ok();
            }
            Command::Load(name) => {
                let machine = crate::files::read(Path::new(&name), crate::files::MACHINE_SAVE)
                    .map_err(|e| e.to_string())
                    .and_then(|bytes| {
                        Machine::load_state(&bytes).map_err(|e| format!("cannot load {name}: {e}"))
                    })?;
                self.replace_machine(machine);
                self.history.clear();
                self.history.record(&self.machine, &self.link);
                writeln!(out, "loaded {name}").ok();
                writeln!(out, "{}", self.here()).ok();
            }
            Command::Back(n) => {
                let (machine, link) = self
                    .history
                    .back(&self.machine, n)
                    .map_err(|e| e.to_string())?;
                self.replace_machine(machine);
                self.link = link;
                writeln!(out, "back {n} instruction(s)").ok();
                writeln!(out, "{}", self.here()).ok();
            }
        }
        Ok(false)
    }

    fn replace_machine(&mut self, machine: Machine) {
        self.machine = machine;
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
