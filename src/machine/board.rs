//! The module board: NSC800 (iz80) + bus + reset line + exact clock, and the loop that runs
//! it instruction by instruction with faults, stops and idle skipping.

use std::panic::{self, AssertUnwindSafe};

use iz80::{Reg8, Reg16};

use super::clock::DEFAULT_CLOCK_HZ;
use super::fault::{Fault, FaultKind};
use super::idle::IdleDetector;
use super::memory::{Bus, RAM_SIZE, RAM_START, ROM_SIZE, Watch, WatchHit, Watched, event};
use super::registers::{self, Registers};
use super::timing::{self, Outcome};
use super::trace::{TraceEntry, TraceRing};

/// Bad configuration: a ROM image or clock the machine cannot take.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// The ROM image has no bytes.
    #[error("the ROM image is empty")]
    EmptyRom,
    /// The ROM image does not fit the 8 KB ROM socket.
    #[error("the ROM image is {0} bytes; the module's ROM holds at most 8192")]
    RomTooLarge(usize),
    /// The clock must be a positive, finite frequency.
    #[error("clock {0} Hz is not a positive, finite frequency")]
    BadClock(f64),
}

/// How long a run may go and what ends it early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunLimit {
    /// Run for this many T-states (to the first instruction boundary at or past them).
    Cycles(u64),
    /// Run until the module writes its latch, for at most this many T-states.
    UntilLatchWrite(u64),
    /// Run until the CPU halts (how a bare test ROM ends), for at most this many T-states.
    UntilHalt(u64),
}

/// Why a run stopped (other than a fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The run's T-state budget is spent.
    TimeUp,
    /// The module wrote this value to its latch (only for [`RunLimit::UntilLatchWrite`]).
    LatchWritten(u8),
    /// The CPU executed HALT (only for [`RunLimit::UntilHalt`]).
    Halted,
    /// PC reached a breakpoint; the instruction there has not run yet.
    Breakpoint(u16),
    /// An access matched a watch; the instruction that made it has completed.
    Watch(WatchHit),
}

/// What one [`Machine::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Address of the instruction executed (or of the HALT the CPU waits in).
    pub pc: u16,
    /// T-states it took.
    pub t_states: u32,
    /// The module wrote its latch.
    pub latch_written: bool,
    /// The CPU is halted after this step.
    pub halted: bool,
    /// The CPU is held in reset: nothing executed, time passed.
    pub in_reset: bool,
    /// An access that matched a watch.
    pub watch: Option<WatchHit>,
}

/// Resource use of the guest, for the hard limits (2 KB RAM including the stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuestStats {
    /// Highest RAM offset (0..=2047) the guest has written, if any.
    pub ram_high_water: Option<u16>,
    /// Lowest stack pointer seen after any instruction (0x10000 stands for SP = 0x0000, the
    /// empty stack at the top of the mirror).
    pub sp_low_water: u32,
    /// Instructions executed since power-on (HALT cycles not counted).
    pub instructions: u64,
}

/// The C7010 module: CPU, 8 KB ROM, 2 KB RAM, two latches, reset line, clock.
pub struct Machine {
    pub(super) cpu: iz80::Cpu,
    pub(super) bus: Bus,
    pub(super) cycles: u64,
    pub(super) clock_hz: f64,
    pub(super) reset_held: bool,
    /// Cycle count at the end of the module's latest read of the host's latch (`IN`): how
    /// the host sees that a busy module still listens (`protocol::supervisor`).
    pub(super) last_latch_read: u64,
    pub(super) sp_low_water: u32,
    pub(super) instructions: u64,
    /// Instructions counted but not emulated by this host (skipped while idle, or counted
    /// before a state was loaded): `host_steps` is the difference.
    pub(super) instructions_not_emulated: u64,
    trace: TraceRing,
    fault: Option<Fault>,
    breakpoints: Vec<u16>,
    breakpoint_bits: Box<[u64; 1024]>,
    idle: IdleDetector,
    idle_skip: bool,
    /// M1 cycles not yet added to the CPU's R (see `bump_r`).
    pending_r: u8,
    /// T-states spent at each ROM address, when profiling (see [`Machine::set_profiling`]).
    profile: Option<Box<[u64; ROM_SIZE]>>,
}

impl Machine {
    /// A machine with this ROM image (shorter images are padded with 0xFF, the erased state),
    /// RAM cleared, latches 0, reset released, at the default 4.433619 MHz clock.
    pub fn new(rom: &[u8]) -> Result<Machine, ConfigError> {
        if rom.is_empty() {
            return Err(ConfigError::EmptyRom);
        }
        if rom.len() > ROM_SIZE {
            return Err(ConfigError::RomTooLarge(rom.len()));
        }
        let mut image = Box::new([0xFFu8; ROM_SIZE]);
        image[..rom.len()].copy_from_slice(rom);
        let mut machine = Machine {
            cpu: iz80::Cpu::new(),
            bus: Bus::new(image),
            cycles: 0,
            clock_hz: DEFAULT_CLOCK_HZ,
            reset_held: false,
            last_latch_read: 0,
            sp_low_water: 0x10000,
            instructions: 0,
            instructions_not_emulated: 0,
            trace: TraceRing::new(),
            fault: None,
            breakpoints: Vec::new(),
            breakpoint_bits: Box::new([0; 1024]),
            idle: IdleDetector::default(),
            idle_skip: true,
            pending_r: 0,
            profile: None,
        };
        machine.reset();
        Ok(machine)
    }

    /// The same machine with another CPU clock (Hz).
    pub fn with_clock_hz(mut self, hz: f64) -> Result<Machine, ConfigError> {
        if !(hz.is_finite() && hz > 0.0) {
            return Err(ConfigError::BadClock(hz));
        }
        self.clock_hz = hz;
        Ok(self)
    }

    /// The CPU clock in Hz.
    pub fn clock_hz(&self) -> f64 {
        self.clock_hz
    }

    /// Turn idle skipping on or off (on by default). Results are identical either way; only
    /// host time differs.
    pub fn set_idle_skip(&mut self, on: bool) {
        self.idle_skip = on;
        self.idle.forget();
    }

    /// Pulse the reset line: the CPU restarts at 0x0000 with interrupts off and IM 0. RAM,
    /// latches and the clock count are kept (as on the board); a fault is cleared.
    pub fn reset(&mut self) {
        registers::write(&mut self.cpu, &Registers::after_reset());
        self.pending_r = 0;
        self.trace.clear();
        self.fault = None;
        self.idle.forget();
    }

    /// Hold (`true`) or release (`false`) the reset line, as the console does through its
    /// port pin P11. While held the CPU does nothing and time passes.
    pub fn set_reset(&mut self, held: bool) {
        if held && !self.reset_held {
            self.reset();
        }
        self.reset_held = held;
    }

    /// Whether the reset line is held.
    pub fn reset_held(&self) -> bool {
        self.reset_held
    }

    /// The host (console) writes latch H->M.
    pub fn host_write(&mut self, value: u8) {
        self.bus.host_latch = value;
        self.idle.forget();
    }

    /// Latch H->M as last written by the host.
    pub fn host_latch(&self) -> u8 {
        self.bus.host_latch
    }

    /// Latch M->H as last written by the module.
    pub fn module_latch(&self) -> u8 {
        self.bus.module_latch
    }

    /// The cycle count when the module last read the host's latch (0 if it never has since
    /// power-on or since a state was loaded). A module that waits for the host, or searches
    /// and looks for `MOVENOW`, reads it again and again; one stuck in a loop does not.
    pub fn last_latch_read(&self) -> u64 {
        self.last_latch_read
    }

    /// T-states since power-on.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Emulated seconds since power-on.
    pub fn emulated_seconds(&self) -> f64 {
        self.cycles as f64 / self.clock_hz
    }

    /// The 2 KB of RAM (offset 0 = 0xE000).
    pub fn ram(&self) -> &[u8] {
        &self.bus.ram[..]
    }

    /// The RAM, writable (tests and the debugger set up guest data through this).
    pub fn ram_mut(&mut self) -> &mut [u8] {
        &mut self.bus.ram[..]
    }

    /// The 8 KB ROM image (padded).
    pub fn rom(&self) -> &[u8] {
        &self.bus.rom[..]
    }

    /// What the CPU would read at `address`, without side effects (no watch fires).
    pub fn read(&self, address: u16) -> u8 {
        self.bus.read(address)
    }

    /// Every CPU register.
    pub fn registers(&self) -> Registers {
        let mut registers = registers::read(&self.cpu);
        registers.r = self.current_r();
        registers
    }

    /// Replace every CPU register (the debugger and timing tests use this).
    pub fn set_registers(&mut self, registers: &Registers) {
        registers::write(&mut self.cpu, registers);
        self.pending_r = 0;
        self.idle.forget();
    }

    /// The guest's resource use so far.
    pub fn stats(&self) -> GuestStats {
        GuestStats {
            ram_high_water: self.bus.ram_high_water,
            sp_low_water: self.sp_low_water,
            instructions: self.instructions,
        }
    }

    /// Instructions the host has really emulated; smaller than [`GuestStats::instructions`]
    /// by what idle skipping jumped over. Host work, not guest state: not saved.
    pub fn host_steps(&self) -> u64 {
        self.instructions - self.instructions_not_emulated
    }

    /// The fault the machine is stuck in, if any (cleared by [`Machine::reset`]).
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// The last instructions executed, oldest first.
    pub fn trace(&self) -> Vec<TraceEntry> {
        let mut entries = self.trace.entries();
        for entry in &mut entries {
            if entry.pc < RAM_START {
                // Traced by address only (ROM does not change): read the bytes back.
                entry.bytes = [0u16, 1, 2, 3].map(|i| self.bus.read(entry.pc.wrapping_add(i)));
            }
        }
        entries
    }

    /// Stop runs before the instruction at `address` executes.
    pub fn add_breakpoint(&mut self, address: u16) {
        if !self.breakpoints.contains(&address) {
            self.breakpoints.push(address);
            self.breakpoint_bits[address as usize >> 6] |= 1 << (address & 63);
        }
    }

    /// Remove a breakpoint.
    pub fn remove_breakpoint(&mut self, address: u16) {
        self.breakpoints.retain(|&a| a != address);
        self.breakpoint_bits[address as usize >> 6] &= !(1 << (address & 63));
    }

    /// Remove every breakpoint.
    pub fn clear_breakpoints(&mut self) {
        self.breakpoints.clear();
        self.breakpoint_bits.fill(0);
    }

    /// The breakpoints set.
    pub fn breakpoints(&self) -> &[u16] {
        &self.breakpoints
    }

    /// Stop runs after an instruction whose access matches `watch`.
    pub fn add_watch(&mut self, watch: Watch) {
        self.bus.watches.push(watch);
        self.bus.watching = true;
    }

    /// Remove every watch.
    pub fn clear_watches(&mut self) {
        self.bus.watches.clear();
        self.bus.watching = false;
    }

    #[inline]
    fn is_breakpoint(&self, pc: u16) -> bool {
        !self.breakpoints.is_empty()
            && self.breakpoint_bits[pc as usize >> 6] & (1 << (pc & 63)) != 0
    }

    #[cold]
    #[inline(never)]
    fn raise(&mut self, kind: FaultKind) -> Fault {
        let fault = Fault::new(kind, self.registers(), self.cycles, &self.trace());
        self.fault = Some(fault.clone());
        fault
    }

    /// Count `n` M1 cycles into R. They are kept aside and added to the CPU's R only when
    /// something can see it (LD A,R, a register read, a save), which saves the hot path two
    /// register accesses per instruction.
    #[inline(always)]
    fn bump_r(&mut self, n: u64) {
        // Only R's low 7 bits count, and 256 is a multiple of 128: wrapping is exact.
        self.pending_r = self.pending_r.wrapping_add(n as u8);
    }

    /// R as the guest would read it now.
    fn current_r(&self) -> u8 {
        let r = self.cpu.immutable_registers().get8(Reg8::R);
        (r & 0x80) | (r.wrapping_add(self.pending_r) & 0x7F)
    }

    /// Move the pending M1 cycles into the CPU's R.
    fn sync_r(&mut self) {
        let r = self.current_r();
        self.cpu.registers().set8(Reg8::R, r);
        self.pending_r = 0;
    }

    /// Count the T-states spent at each ROM address from now on (`true`), or stop counting
    /// and forget the counts (`false`). Idle-skipped waiting is not counted.
    pub fn set_profiling(&mut self, on: bool) {
        self.profile = on.then(|| Box::new([0; ROM_SIZE]));
    }

    /// T-states spent at each ROM address since profiling was switched on.
    pub fn profile(&self) -> Option<&[u64; ROM_SIZE]> {
        self.profile.as_deref()
    }

    /// Execute one instruction (or wait one 4-T HALT cycle, or one 4-T cycle in reset).
    ///
    /// Faults detected here: execution from open bus (before executing), a ROM write and SP
    /// leaving RAM (after), a panic of the CPU core. A halted CPU is reported
    /// in [`Step::halted`]; whether that is a fault depends on the run (see [`Machine::run`]).
    pub fn step(&mut self) -> Result<Step, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let pc = self.cpu.immutable_registers().pc();
        if self.reset_held || self.cpu.is_halted() {
            self.cycles = self.cycles.saturating_add(4);
            if !self.reset_held {
                // A halted CPU still fetches (NOPs): R counts.
                self.bump_r(1);
            }
            return Ok(Step {
                pc,
                t_states: 4,
                latch_written: false,
                halted: !self.reset_held,
                in_reset: self.reset_held,
                watch: None,
            });
        }
        let before = self.cycles;
        self.execute::<true>(pc)
            .map_err(|()| self.current_fault())?;
        let events = self.bus.events;
        Ok(Step {
            pc,
            t_states: (self.cycles - before) as u32,
            latch_written: events & event::LATCH_WRITE != 0,
            halted: self.cpu.is_halted(),
            in_reset: false,
            watch: if events & event::WATCH != 0 {
                self.bus.watch_hit
            } else {
                None
            },
        })
    }

    #[cold]
    fn current_fault(&self) -> Fault {
        self.fault.clone().unwrap_or_else(|| {
            Fault::new(
                FaultKind::CorePanic {
                    message: "fault record missing".to_string(),
                },
                self.registers(),
                self.cycles,
                &[],
            )
        })
    }

    /// The hot path: execute the (not halted) instruction at `pc`, count its T-states, and
    /// return whether it was a HALT. A fault is recorded in `self.fault` and reported as
    /// `Err(())`, so the common path moves no large values around. Events are left in the bus
    /// for the caller.
    #[inline(always)]
    /// `PROFILE` says whether the profile may be on: the hot loop of [`Machine::run`] is
    /// compiled twice, so a run without profiling pays nothing for it.
    fn execute<const PROFILE: bool>(&mut self, pc: u16) -> Result<bool, ()> {
        if (ROM_SIZE as u16..RAM_START).contains(&pc) {
            self.raise(FaultKind::OpenBusExecution { address: pc });
            return Err(());
        }

        let bus = &self.bus;
        let timing = timing::decode(|i| bus.read(pc.wrapping_add(i)));
        // F and B decide conditional costs; read them before the instruction changes them.
        let (flags, b) = if timing.taken != timing.not_taken {
            let regs = self.cpu.immutable_registers();
            (regs.get8(Reg8::F), regs.get8(Reg8::B))
        } else {
            (0, 0)
        };
        self.trace.push(pc, bus);
        self.bump_r(timing.m1_cycles as u64);
        if timing.r_access {
            // LD A,R sees this instruction's own fetches; LD R,A starts from a clean count.
            self.sync_r();
        }
        self.bus.begin_instruction(pc, timing.length);

        let (cpu, bus) = (&mut self.cpu, &mut self.bus);
        let ran = panic::catch_unwind(AssertUnwindSafe(|| {
            if bus.watching {
                cpu.execute_instruction(&mut Watched(bus));
            } else {
                cpu.execute_instruction(bus);
            }
        }));
        if let Err(payload) = ran {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            self.raise(FaultKind::CorePanic { message });
            return Err(());
        }

        let regs = self.cpu.immutable_registers();
        let t_states = if timing.taken == timing.not_taken {
            timing.taken
        } else {
            let taken = match timing.outcome {
                Outcome::Condition { mask, when_set } => (flags & mask != 0) == when_set,
                Outcome::Djnz => b != 1,
                Outcome::Repeat => regs.pc() == pc.wrapping_add(timing.ed_offset as u16),
                Outcome::Fixed | Outcome::Halt => true,
            };
            if taken {
                timing.taken
            } else {
                timing.not_taken
            }
        };
        self.cycles = self.cycles.saturating_add(t_states as u64);
        self.instructions += 1;
        if PROFILE
            && let Some(profile) = &mut self.profile
            && let Some(slot) = profile.get_mut(pc as usize)
        {
            *slot += t_states as u64;
        }

        // SP as a 17-bit value where 0x0000 counts as 0x10000: the empty stack at the top of
        // the RAM mirror (the first push goes to 0xFFFF).
        let sp = regs.get16(Reg16::SP);
        let sp_extended = (sp.wrapping_sub(1) as u32) + 1;
        if sp_extended < RAM_START as u32 {
            self.raise(FaultKind::StackOutsideRam { sp });
            return Err(());
        }
        self.sp_low_water = self.sp_low_water.min(sp_extended);
        let events = self.bus.events;
        if events != 0 {
            if events & event::ROM_WRITE != 0 {
                let (address, value) = self.bus.rom_write;
                self.raise(FaultKind::RomWrite { address, value });
                return Err(());
            }
            if events & event::LATCH_WRITE != 0 {
                self.idle.forget();
            }
            if events & event::PORT_READ != 0 {
                self.last_latch_read = self.cycles;
            }
        }
        Ok(matches!(timing.outcome, Outcome::Halt))
    }

    /// Run until the limit, a breakpoint, a watch or a fault.
    ///
    /// A breakpoint at the PC the run starts from is passed (so a debugger can continue from
    /// it). HALT ends a [`RunLimit::UntilHalt`] run with [`Stop::Halted`]; in other runs HALT
    /// with interrupts disabled is [`FaultKind::DeadHalt`], and with interrupts enabled the
    /// CPU waits out the run (no interrupt is wired) with the clock running.
    pub fn run(&mut self, limit: RunLimit) -> Result<Stop, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let (budget, until_latch, until_halt) = match limit {
            RunLimit::Cycles(n) => (n, false, false),
            RunLimit::UntilLatchWrite(n) => (n, true, false),
            RunLimit::UntilHalt(n) => (n, false, true),
        };
        let end = self.cycles.saturating_add(budget);
        if self.reset_held {
            // The CPU does nothing; time passes.
            self.cycles = self.cycles.max(end);
            return Ok(Stop::TimeUp);
        }
        if self.profile.is_some() {
            self.run_until::<true>(end, until_latch, until_halt)
        } else {
            self.run_until::<false>(end, until_latch, until_halt)
        }
    }

    /// [`Machine::run`]'s loop up to the cycle count `end`.
    fn run_until<const PROFILE: bool>(
        &mut self,
        end: u64,
        until_latch: bool,
        until_halt: bool,
    ) -> Result<Stop, Fault> {
        let mut first = true;
        // Only HALT halts the CPU, so look at the halted state on entry and after a HALT.
        let mut maybe_halted = true;
        while self.cycles < end {
            if maybe_halted && self.cpu.is_halted() {
                if until_halt {
                    return Ok(Stop::Halted);
                }
                if !self.cpu.immutable_registers().get_interrupt_mode().0 {
                    return Err(self.raise(FaultKind::DeadHalt));
                }
                self.wait_halted(end);
                continue;
            }
            let pc = self.cpu.immutable_registers().pc();
            if !first && self.is_breakpoint(pc) {
                return Ok(Stop::Breakpoint(pc));
            }
            first = false;
            match self.execute::<PROFILE>(pc) {
                Ok(halt) => maybe_halted = halt,
                Err(()) => return Err(self.current_fault()),
            }
            let events = self.bus.events;
            if events != 0 {
                if events & event::WATCH != 0
                    && let Some(hit) = self.bus.watch_hit
                {
                    return Ok(Stop::Watch(hit));
                }
                if events & event::LATCH_WRITE != 0 && until_latch {
                    return Ok(Stop::LatchWritten(self.bus.module_latch));
                }
                if events & event::PORT_READ != 0 && self.idle_skip {
                    self.consider_idle_skip(pc, end);
                }
            }
            if maybe_halted && self.cpu.is_halted() {
                // Decide now (not at the next turn) so a HALT on the last T-state of the
                // budget still ends an UntilHalt run or faults.
                if until_halt {
                    return Ok(Stop::Halted);
                }
                if !self.cpu.immutable_registers().get_interrupt_mode().0 {
                    return Err(self.raise(FaultKind::DeadHalt));
                }
            }
        }
        Ok(Stop::TimeUp)
    }

    /// Run for `t_states` T-states.
    pub fn run_for(&mut self, t_states: u64) -> Result<Stop, Fault> {
        self.run(RunLimit::Cycles(t_states))
    }

    /// Run until the module writes its latch, for at most `max_t_states`.
    pub fn run_until_latch(&mut self, max_t_states: u64) -> Result<Stop, Fault> {
        self.run(RunLimit::UntilLatchWrite(max_t_states))
    }

    /// Run until HALT, for at most `max_t_states`.
    pub fn run_until_halt(&mut self, max_t_states: u64) -> Result<Stop, Fault> {
        self.run(RunLimit::UntilHalt(max_t_states))
    }

    /// A halted CPU with interrupts enabled waits in 4-T cycles; jump over them in one go,
    /// stopping where the step-by-step path would (the end of the run).
    fn wait_halted(&mut self, end: u64) {
        let cycles_needed = end.saturating_sub(self.cycles).max(1);
        let waits = cycles_needed.div_ceil(4);
        self.cycles = self.cycles.saturating_add(waits.saturating_mul(4));
        self.bump_r(waits % 128);
    }

    /// The guest just read the latch. If it is polling an unchanged latch in a loop that
    /// changes nothing (same PC, same registers but R, no RAM change, no latch write since
    /// the last identical poll), the machine state repeats exactly every loop period: jump
    /// ahead by whole periods, staying before the end of the run, so the step-by-step path
    /// finishes the run exactly as it would have.
    fn consider_idle_skip(&mut self, pc: u16, end: u64) {
        let ram_changed = std::mem::take(&mut self.bus.ram_changed);
        if !self.breakpoints.is_empty() || self.bus.watching {
            self.idle.forget();
            return;
        }
        let r = self.current_r();
        let Some(period) = self.idle.observe(
            &self.cpu,
            pc,
            self.bus.host_latch,
            ram_changed,
            self.cycles,
            r,
            self.instructions,
        ) else {
            return;
        };
        // Largest k with cycles + k * period < end: every skipped state is one the slow
        // path would have passed through.
        let room = end.saturating_sub(self.cycles);
        if room <= period.cycles {
            return;
        }
        let k = (room - 1) / period.cycles;
        self.cycles += k * period.cycles;
        self.instructions += k * period.instructions;
        self.instructions_not_emulated += k * period.instructions;
        self.trace.repeat_last(period.instructions as usize, k);
        self.bump_r((k % 128) * period.m1_cycles);
        let r = self.current_r();
        self.idle.skipped(self.cycles, self.instructions, r);
        // Every skipped period polled the latch.
        self.last_latch_read = self.cycles;
    }
}

/// The RAM offset (0..2047) a CPU address maps to, if it is a RAM address.
pub fn ram_offset(address: u16) -> Option<u16> {
    (address >= RAM_START).then_some(address & (RAM_SIZE as u16 - 1))
}

impl std::fmt::Debug for Machine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Machine")
            .field("registers", &self.registers())
            .field("cycles", &self.cycles)
            .field("clock_hz", &self.clock_hz)
            .field("reset_held", &self.reset_held)
            .field("host_latch", &self.bus.host_latch)
            .field("module_latch", &self.bus.module_latch)
            .field("fault", &self.fault.as_ref().map(|f| &f.kind))
            .finish_non_exhaustive()
    }
}
