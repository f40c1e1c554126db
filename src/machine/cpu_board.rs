//! The module's circuit board: the NSC800 (iz80), its bus (8 KB ROM, 2 KB RAM, two
//! latches), the reset line and the exact clock, with the views the host and the debugger
//! take of them, and its save states. The whole `Machine` is here and in its run loop,
//! `run.rs`; its parts are types of their own with private fields: the breakpoints
//! (`breakpoints.rs`), the idle detector (`idle.rs`), the save-state format (`../state.rs`).

use std::path::Path;

use iz80::Reg8;

use super::clock::DEFAULT_CLOCK_HZ;
use super::fault::{Fault, FaultKind};
use super::memory::{Bus, RAM_SIZE, RAM_START, ROM_SIZE, Watch};
use super::registers::{self, Registers};
use super::state::{Saved, StateError};
use super::trace::{TraceEntry, TraceRing};

mod breakpoints;
mod idle;
mod run;

use breakpoints::Breakpoints;
use idle::IdleDetector;
pub use run::{RunLimit, Step, Stop};

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
    cpu: iz80::Cpu,
    bus: Bus,
    cycles: u64,
    clock_hz: f64,
    reset_held: bool,
    /// Cycle count at the end of the module's latest read of the host's latch (`IN`): how
    /// the host sees that a busy module still listens (`protocol::supervisor`).
    last_latch_read: u64,
    sp_low_water: u32,
    instructions: u64,
    /// Instructions counted but not emulated by this host (skipped while idle, or counted
    /// before a state was loaded): `host_steps` is the difference.
    instructions_not_emulated: u64,
    trace: TraceRing,
    fault: Option<Fault>,
    breakpoints: Breakpoints,
    idle: IdleDetector,
    idle_skip: bool,
    /// M1 cycles not yet added to the CPU's R (see `bump_r`).
    pending_r: u8,
    /// T-states spent at each ROM address, when profiling (see [`Machine::set_profiling`]).
    profile: Option<Box<[u64; ROM_SIZE]>>,
}

/// A copy that runs on exactly as the original: iz80's CPU is not `Clone` (it holds its
/// decoder as a trait object), so its whole state goes over through iz80's own serialising,
/// which holds every field of it (registers, cycle count, halt, interrupt and index state).
impl Clone for Machine {
    fn clone(&self) -> Machine {
        let mut cpu = iz80::Cpu::new_z80();
        cpu.deserialize(&self.cpu.serialize())
            .expect("iz80 reads back what it wrote");
        Machine {
            cpu,
            bus: self.bus.clone(),
            cycles: self.cycles,
            clock_hz: self.clock_hz,
            reset_held: self.reset_held,
            last_latch_read: self.last_latch_read,
            sp_low_water: self.sp_low_water,
            instructions: self.instructions,
            instructions_not_emulated: self.instructions_not_emulated,
            trace: self.trace.clone(),
            fault: self.fault.clone(),
            breakpoints: self.breakpoints.clone(),
            idle: self.idle.clone(),
            idle_skip: self.idle_skip,
            pending_r: self.pending_r,
            profile: self.profile.clone(),
        }
    }
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
            breakpoints: Breakpoints::default(),
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

    /// The whole machine as bytes (the layout is in `state.rs` and `docs/machine.md`).
    /// Breakpoints, watches, the trace ring and a pending fault are not part of it.
    pub fn save_state(&self) -> Vec<u8> {
        Saved {
            registers: self.registers(),
            cycles: self.cycles,
            clock_hz: self.clock_hz,
            reset_held: self.reset_held,
            host_latch: self.bus.host_latch,
            module_latch: self.bus.module_latch,
            ram_high_water: self.bus.ram_high_water,
            sp_low_water: self.sp_low_water,
            instructions: self.instructions,
            ram: *self.bus.ram,
            rom: *self.bus.rom,
        }
        .encode()
    }

    /// A machine restored from [`Machine::save_state`] bytes; it continues exactly as the
    /// saved one would have.
    pub fn load_state(bytes: &[u8]) -> Result<Machine, StateError> {
        let saved = Saved::decode(bytes)?;
        let mut machine = Machine::new(&saved.rom[..])
            .and_then(|m| m.with_clock_hz(saved.clock_hz))
            .map_err(|e| StateError::Corrupt(e.to_string()))?;
        machine.set_registers(&saved.registers);
        machine.cycles = saved.cycles;
        machine.reset_held = saved.reset_held;
        machine.bus.host_latch = saved.host_latch;
        machine.bus.module_latch = saved.module_latch;
        machine.last_latch_read = saved.cycles;
        machine.bus.ram_high_water = saved.ram_high_water;
        machine.sp_low_water = saved.sp_low_water;
        machine.instructions = saved.instructions;
        machine.instructions_not_emulated = saved.instructions;
        *machine.bus.ram = saved.ram;
        Ok(machine)
    }

    /// Write [`Machine::save_state`] to a file, atomically (a new file, then a rename).
    pub fn save_state_to(&self, path: &Path) -> Result<(), StateError> {
        crate::files::write_atomic(path, &self.save_state())
            .map_err(|e| StateError::File(e.to_string()))
    }

    /// Read a machine from a save-state file.
    pub fn load_state_from(path: &Path) -> Result<Machine, StateError> {
        let bytes = crate::files::read(path, crate::files::MACHINE_SAVE)
            .map_err(|e| StateError::File(e.to_string()))?;
        Machine::load_state(&bytes)
    }

    /// Stop runs before the instruction at `address` executes.
    pub fn add_breakpoint(&mut self, address: u16) {
        self.breakpoints.add(address);
    }

    /// Remove a breakpoint.
    pub fn remove_breakpoint(&mut self, address: u16) {
        self.breakpoints.remove(address);
    }

    /// Remove every breakpoint.
    pub fn clear_breakpoints(&mut self) {
        self.breakpoints.clear();
    }

    /// The breakpoints set.
    pub fn breakpoints(&self) -> &[u16] {
        self.breakpoints.addresses()
    }

    /// Stop runs after an instruction whose access matches `watch`.
    pub fn add_watch(&mut self, watch: Watch) {
        self.bus.add_watch(watch);
    }

    /// Remove every watch.
    pub fn clear_watches(&mut self) {
        self.bus.clear_watches();
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
