//! The debugging session: the machine, the host end of the link, what is known about the
//! program, breakpoints and watchpoints, the step-back history and the trace; one method,
//! [`Session::execute`], takes a command line and returns what to show.
//!
//! Running works in two ways. Single steps and traced runs go instruction by instruction
//! through `Machine::step`. Everything else runs the machine in slices of at most
//! [`SLICE_T_STATES`] with the enabled breakpoints and watches installed in it, so the
//! machine's own fast path (and its idle skipping, when nothing is set) does the work.
//! The host end of the link polls whenever the module writes its latch: every unit and
//! every acknowledgement of the protocol is such a write, so the host never misses one and
//! the guest sees the same host as with `protocol::Module`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::Path;

use crate::machine::{Disassembler, Fault, Machine, Registers, RunLimit, Stop, WatchHit};
use crate::protocol::{Command as HostCommand, WirePosition};
use crate::reference::Board;
use crate::reference::board::{file_of, rank_of};

use super::command::{self, COMMANDS, Command, Location, SendData};
use super::debug_info::DebugInfo;
use super::expr::{Condition, Env, Expr};
use super::history::History;
use super::link::HostLink;
use super::points::Points;
use super::render_board::BoardView;
use super::{render_regs, stack, z80};

/// Emulated seconds a run may take unless told otherwise.
pub const DEFAULT_RUN_SECONDS: f64 = 10.0;
/// Emulated seconds allowed for the module to boot and to answer `SETUP`.
const ANSWER_SECONDS: f64 = 2.0;
/// Longest stretch the machine runs without the debugger looking (for the step-back
/// snapshots): about 23 ms of emulated time.
pub const SLICE_T_STATES: u64 = 100_000;
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
}

/// What one command produced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reply {
    /// Text to show (ends with a newline unless empty).
    pub output: String,
    /// The session should end.
    pub quit: bool,
}

/// What a run aims at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goal {
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
enum Halt {
    Done,
    Breakpoint(usize),
    ConditionError(usize, String),
    Watch(usize, WatchHit),
    Target,
    Latch(u8),
    Event,
    Halted,
    TimeLimit(f64),
    Fault(Box<Fault>),
}

/// Where the instruction trace goes.
enum TraceSink {
    Output,
    File(BufWriter<File>, String),
}

/// A debugging session over one machine.
pub struct Session {
    machine: Machine,
    link: HostLink,
    info: DebugInfo,
    points: Points,
    history: History,
    trace: Option<TraceSink>,
    disassembler: Disassembler,
    stack_top: u32,
}

/// Expression environment: the machine's registers and memory, the program's symbols.
struct View<'a> {
    regs: Registers,
    machine: &'a Machine,
    info: &'a DebugInfo,
}

impl Env for View<'_> {
    fn register(&self, name: &str) -> Option<u16> {
        let r = &self.regs;
        let hi = |v: u16| v >> 8;
        let lo = |v: u16| v & 0xFF;
        let flag = |bit: u8| ((r.f() >> bit) & 1) as u16;
        Some(match name {
            "A" => hi(r.af),
            "F" => lo(r.af),
            "B" => hi(r.bc),
            "C" => lo(r.bc),
            "D" => hi(r.de),
            "E" => lo(r.de),
            "H" => hi(r.hl),
            "L" => lo(r.hl),
            "AF" => r.af,
            "BC" => r.bc,
            "DE" => r.de,
            "HL" => r.hl,
            "AF'" => r.af_alt,
            "BC'" => r.bc_alt,
            "DE'" => r.de_alt,
            "HL'" => r.hl_alt,
            "IX" => r.ix,
            "IY" => r.iy,
            "IXH" => hi(r.ix),
            "IXL" => lo(r.ix),
            "IYH" => hi(r.iy),
            "IYL" => lo(r.iy),
            "SP" => r.sp,
            "PC" => r.pc,
            "I" => r.i as u16,
            "R" => r.r as u16,
            "SF" => flag(7),
            "ZF" => flag(6),
            "HF" => flag(4),
            "PF" | "VF" => flag(2),
            "NF" => flag(1),
            "CF" => flag(0),
            _ => return None,
        })
    }

    fn symbol(&self, name: &str) -> Option<u16> {
        self.info.symbol(name)
    }

    fn byte(&self, address: u16) -> u8 {
        self.machine.read(address)
    }
}

impl Session {
    /// A session on `machine` (as built, at power-on), knowing `info` about its program:
    /// the console resets the module and the session stops at the reset address.
    pub fn new(mut machine: Machine, info: DebugInfo) -> Session {
        let mut link = HostLink::new();
        link.restart(&mut machine);
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
        }
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

    /// What is known about the program.
    pub fn info(&self) -> &DebugInfo {
        &self.info
    }

    /// Boot the module (run until `READY`) and set up a position with `SETUP` through the
    /// host link, running until the module answers. Returns what happened, as text.
    pub fn setup_fen(&mut self, fen: &str) -> Result<String, SessionError> {
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

    fn view(&self) -> View<'_> {
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
    fn name(&self, address: u16) -> String {
        self.info
            .name_of(address)
            .unwrap_or_else(|| format!("{address:04X}"))
    }

    fn run_command(&mut self, command: Command, out: &mut String) -> Result<bool, String> {
        match command {
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
            Command::Regs => {
                let regs = self.machine.registers();
                out.push_str(&render_regs::render(&regs, &self.place(regs.pc)));
            }
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
                let mut a = match address {
                    Some(e) => self.eval_address(&e)?,
                    None => self.machine.registers().pc,
                };
                for _ in 0..count.unwrap_or(10) {
                    out.push_str(&self.dis_line(a, true));
                    a = a.wrapping_add(z80::length(self.bytes_at(a)));
                }
            }
            Command::Src(location) => {
                let address = match location {
                    Some(location) => self.resolve(&location)?.0,
                    None => self.machine.registers().pc,
                };
                out.push_str(&self.source_around(address)?);
            }
            Command::Where => out.push_str(&self.backtrace()),
            Command::Board => {
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
                out.push_str(
                    &BoardView {
                        read: &read,
                        board,
                        plies,
                    }
                    .render(),
                );
            }
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
                self.machine
                    .save_state_to(Path::new(&name))
                    .map_err(|e| format!("cannot save {name}: {e}"))?;
                writeln!(out, "saved the machine state to {name}").ok();
            }
            Command::Load(name) => {
                let machine = Machine::load_state_from(Path::new(&name))
                    .map_err(|e| format!("cannot load {name}: {e}"))?;
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

    /// Run towards `goal` for at most `seconds` of emulated time and report the stop.
    fn go(&mut self, goal: Goal, seconds: f64, out: &mut String) {
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
                self.info_name_ram(hit.address),
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
        out.push_str(&self.dis_line(regs.pc, false));
    }

    /// Name of a RAM address by the variable that contains it (e.g. `BOARD+35`).
    fn info_name_ram(&self, address: u16) -> String {
        let address = crate::machine::canonical(address);
        self.info
            .symbols()
            .iter()
            .filter(|s| s.value <= address && s.value >= crate::machine::RAM_START)
            .max_by_key(|s| (s.value, std::cmp::Reverse(s.name.clone())))
            .map(|s| {
                if s.value == address {
                    s.name.clone()
                } else {
                    format!("{}+{}", s.name, address - s.value)
                }
            })
            .unwrap_or_default()
    }

    /// The heart of running: see the module header.
    fn advance(&mut self, goal: Goal, seconds: f64, out: &mut String) -> Halt {
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
    fn check_boundary(&mut self, goal: Goal) -> Option<Halt> {
        let regs = self.machine.registers();
        let view = View {
            regs,
            machine: &self.machine,
            info: &self.info,
        };
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
    fn after_progress(&mut self, poll: bool, out: &mut String) -> bool {
        let mut got_event = false;
        if poll {
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

    fn advance_by_steps(&mut self, goal: Goal, end: u64, seconds: f64, out: &mut String) -> Halt {
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

    fn advance_by_slices(&mut self, goal: Goal, end: u64, seconds: f64, out: &mut String) -> Halt {
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

    fn bytes_at(&self, address: u16) -> [u8; 4] {
        [0u16, 1, 2, 3].map(|i| self.machine.read(address.wrapping_add(i)))
    }

    /// `RECVMSG+3  asm/proto.asm:122`.
    fn place(&self, address: u16) -> String {
        let mut text = self.info.name_of(address).unwrap_or_default();
        if let Some(e) = self.info.source_of(address) {
            write!(text, "  {}:{}", e.file, e.line).ok();
        }
        text
    }

    /// One line naming PC.
    fn here(&self) -> String {
        let pc = self.machine.registers().pc;
        format!("PC {pc:04X} {}", self.place(pc))
            .trim_end()
            .to_string()
    }

    /// One disassembled line with its label, operand names and source line.
    fn dis_line(&mut self, address: u16, with_label: bool) -> String {
        let bytes = self.bytes_at(address);
        let len = z80::length(bytes) as usize;
        let text = self.disassembler.disassemble(address, bytes);
        let text = self.name_operands(&text);
        let hex: Vec<String> = bytes[..len].iter().map(|b| format!("{b:02X}")).collect();
        let mut line = String::new();
        if with_label && let Some(label) = self.info.label_at(address) {
            writeln!(line, "{label}:").ok();
        }
        let pc = self.machine.registers().pc;
        let marker = match (
            address == pc,
            self.points
                .breakpoints
                .iter()
                .any(|b| b.enabled && b.address == address),
        ) {
            (true, true) => "*>",
            (true, false) => "=>",
            (false, true) => "* ",
            (false, false) => "  ",
        };
        let source = match self.info.source_of(address) {
            Some(e) if e.address == address => {
                let text = self.info.line_text(&e.file, e.line).unwrap_or("");
                format!("{}:{}  {}", short_file(&e.file), e.line, squeeze(text))
            }
            Some(e) => format!("{}:{}", short_file(&e.file), e.line),
            None => String::new(),
        };
        let head = format!("{marker}{address:04X}  {:<12} {text}", hex.join(" "));
        if source.is_empty() {
            writeln!(line, "{head}").ok();
        } else {
            writeln!(line, "{head:<46}; {source}").ok();
        }
        line
    }

    /// Append `<NAME>` to a 16-bit operand that is a label or a RAM variable.
    fn name_operands(&self, text: &str) -> String {
        let Some(start) = text.rfind([' ', '(', ',']) else {
            return text.to_string();
        };
        let word = text[start + 1..].trim_end_matches(')');
        let Some(hex) = word.strip_suffix('h').filter(|h| h.len() == 4) else {
            return text.to_string();
        };
        let Ok(value) = u16::from_str_radix(hex, 16) else {
            return text.to_string();
        };
        let name = if value >= crate::machine::RAM_START {
            Some(self.info_name_ram(value)).filter(|n| !n.is_empty())
        } else {
            self.info.label_at(value).map(str::to_string)
        };
        match name {
            Some(name) => format!("{text} <{name}>"),
            None => text.to_string(),
        }
    }

    fn source_around(&self, address: u16) -> Result<String, String> {
        let entry = self
            .info
            .source_of(address)
            .ok_or_else(|| format!("no source line for {address:04X}"))?;
        let mut out = String::new();
        let first = entry.line.saturating_sub(5).max(1);
        for line in first..=entry.line + 5 {
            let Some(text) = self.info.line_text(&entry.file, line) else {
                if line > entry.line {
                    break;
                }
                continue;
            };
            let marker = if line == entry.line { "=>" } else { "  " };
            writeln!(out, "{marker}{}:{line:<5} {text}", entry.file).ok();
        }
        if out.is_empty() {
            return Err(format!(
                "no text for {}:{} (no listing beside the ROM)",
                entry.file, entry.line
            ));
        }
        Ok(out)
    }

    fn backtrace(&self) -> String {
        let regs = self.machine.registers();
        let mut out = format!("#0  {:04X}  {}\n", regs.pc, self.place(regs.pc));
        let frames = stack::walk(regs.sp, self.stack_top, |a| self.machine.read(a));
        for (i, f) in frames.iter().enumerate() {
            writeln!(
                out,
                "#{}  {:04X}  {}  (CALL {} from {:04X}; return address at {:04X})",
                i + 1,
                f.return_address,
                self.place(f.return_address),
                self.name(f.callee),
                f.call_site,
                f.slot
            )
            .ok();
        }
        out
    }

    fn dump(&self, start: u16, len: u32) -> String {
        let mut out = String::new();
        let mut offset = 0u32;
        while offset < len {
            let row = start.wrapping_add(offset as u16);
            let n = (len - offset).min(16);
            let bytes: Vec<u8> = (0..n)
                .map(|i| self.machine.read(row.wrapping_add(i as u16)))
                .collect();
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            let ascii: String = bytes
                .iter()
                .map(|&b| {
                    if (0x20..0x7F).contains(&b) {
                        b as char
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(out, "{row:04X}  {:<47}  {ascii}", hex.join(" ")).ok();
            offset += 16;
        }
        out
    }

    fn latches(&self) -> String {
        let h = self.machine.host_latch();
        let m = self.machine.module_latch();
        let mut out = format!(
            "host -> module (H) {h:02X}  {}\nmodule -> host (M) {m:02X}  {}\nhost link: {} unit(s) waiting to go, {} event(s) received\n",
            unit_text(h),
            unit_text(m),
            self.link.pending(),
            self.link.received.len()
        );
        for event in self.link.received.iter().rev().take(5).rev() {
            writeln!(out, "  {event}").ok();
        }
        out
    }

    fn list_points(&self) -> String {
        if self.points.breakpoints.is_empty() && self.points.watchpoints.is_empty() {
            return "no breakpoints or watchpoints\n".to_string();
        }
        let mut rows: Vec<(usize, String)> = Vec::new();
        for b in &self.points.breakpoints {
            rows.push((
                b.id,
                format!(
                    "{:<3} break  {:04X} {}{}  {}  hits {}",
                    b.id,
                    b.address,
                    b.place,
                    b.condition
                        .as_ref()
                        .map(|c| format!(" if {c}"))
                        .unwrap_or_default(),
                    if b.enabled { "enabled" } else { "disabled" },
                    b.hits
                ),
            ));
        }
        for w in &self.points.watchpoints {
            rows.push((
                w.id,
                format!(
                    "{:<3} watch  {} {:04X}..{:04X} {}  {}  hits {}",
                    w.id,
                    kind_name(w.kind),
                    w.range.start(),
                    w.range.end(),
                    w.place,
                    if w.enabled { "enabled" } else { "disabled" },
                    w.hits
                ),
            ));
        }
        rows.sort();
        rows.into_iter().map(|(_, r)| r + "\n").collect()
    }
}

fn kind_name(kind: crate::machine::WatchKind) -> &'static str {
    match kind {
        crate::machine::WatchKind::Read => "read",
        crate::machine::WatchKind::Write => "write",
        crate::machine::WatchKind::Access => "access",
    }
}

/// A latch value as the link sees it: `SEQ 1 ACK 0 nibble 5`.
fn unit_text(unit: u8) -> String {
    let payload = unit & 0x3F;
    let what = match payload {
        0x00..=0x0F => format!("nibble {payload:X}"),
        0x20 => "SOM".to_string(),
        0x3F => "SYNC".to_string(),
        _ => format!("reserved {payload:02X}"),
    };
    format!("SEQ {} ACK {} {what}", unit >> 7, (unit >> 6) & 1)
}

/// `asm/proto.asm` -> `proto.asm`, to keep lines short.
fn short_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// Runs of blanks to one blank.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `help` and `help COMMAND`.
fn help(topic: Option<&str>) -> Result<String, String> {
    match topic {
        None => {
            let mut out =
                String::from("commands (short forms in brackets; 'help COMMAND' for more):\n");
            for c in COMMANDS {
                let names = if c.aliases.is_empty() {
                    c.name.to_string()
                } else {
                    format!("{} ({})", c.name, c.aliases.join(", "))
                };
                writeln!(out, "  {names:<28} {}", c.summary).ok();
            }
            out.push_str(
                "expressions: numbers (42 0x2A $2A 2AH %101010), registers, flags (ZF CF ...),\n  symbols, (ADDR) a byte, w@ADDR a word, [..] grouping, C operators\n",
            );
            Ok(out)
        }
        Some(word) => {
            let c = command::lookup(word).ok_or_else(|| format!("no command '{word}'"))?;
            Ok(format!(
                "{}\n  {}\n  short forms: {}\n  example: {}\n",
                c.usage,
                c.summary,
                if c.aliases.is_empty() {
                    "-".to_string()
                } else {
                    c.aliases.join(", ")
                },
                c.example
            ))
        }
    }
}
