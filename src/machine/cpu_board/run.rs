//! The run loop: one instruction at a time with its exact T-states, faults raised, and the
//! stops a run ends on (its budget, a latch write, HALT, a breakpoint, a watch).

use std::panic::{self, AssertUnwindSafe};

use iz80::{Reg8, Reg16};

use super::Machine;
use crate::machine::fault::{Fault, FaultKind};
use crate::machine::memory::{RAM_START, ROM_SIZE, WatchHit, Watched, event};
use crate::machine::timing::{self, Outcome, Timing};

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

impl Machine {
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

    /// The hot path: execute the (not halted) instruction at `pc`, count its T-states, and
    /// return whether it was a HALT. A fault is recorded in `self.fault` and reported as
    /// `Err(())`, so the common path moves no large values around. Events are left in the bus
    /// for the caller.
    /// `PROFILE` says whether the profile may be on: the hot loop of [`Machine::run`] is
    /// compiled twice, so a run without profiling pays nothing for it.
    #[inline(always)]
    fn execute<const PROFILE: bool>(&mut self, pc: u16) -> Result<bool, ()> {
        if (ROM_SIZE as u16..RAM_START).contains(&pc) {
            self.raise(FaultKind::OpenBusExecution { address: pc });
            return Err(());
        }

        let bus = &self.bus;
        let timing = timing::decode(|i| bus.read(pc.wrapping_add(i)));
        // F and B decide conditional costs; read them before the instruction changes them.
        let before = if timing.taken != timing.not_taken {
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
        self.run_core()?;

        let regs = self.cpu.immutable_registers();
        let t_states = t_states(&timing, pc, before, regs.pc());
        let sp = regs.get16(Reg16::SP);
        self.cycles = self.cycles.saturating_add(t_states as u64);
        self.instructions += 1;
        if PROFILE
            && let Some(profile) = &mut self.profile
            && let Some(slot) = profile.get_mut(pc as usize)
        {
            *slot += t_states as u64;
        }
        self.check_after(sp)?;
        Ok(matches!(timing.outcome, Outcome::Halt))
    }

    /// Runs the decoded instruction in the core; a panic in the core becomes a fault.
    #[inline(always)]
    fn run_core(&mut self) -> Result<(), ()> {
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
        Ok(())
    }

    /// What the instruction may not do, checked after it ran: leave the stack outside RAM
    /// or write the ROM (faults); latch traffic resets the idle clocks.
    #[inline(always)]
    fn check_after(&mut self, sp: u16) -> Result<(), ()> {
        // SP as a 17-bit value where 0x0000 counts as 0x10000: the empty stack at the top of
        // the RAM mirror (the first push goes to 0xFFFF).
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
        Ok(())
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
            if !first && self.breakpoints.contains(pc) {
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
    /// ahead by whole periods, staying before the end of the run (see `idle.rs`).
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
        let Some(k) = period.whole_periods_before(self.cycles, end) else {
            return;
        };
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

/// The T-states of an instruction at `pc` that ran: a conditional one's taken or not-taken
/// cost, judged by F and B from before it (`before`) and, for a repeat, the PC after it.
#[inline(always)]
fn t_states(timing: &Timing, pc: u16, before: (u8, u8), pc_after: u16) -> u8 {
    if timing.taken == timing.not_taken {
        return timing.taken;
    }
    let (flags, b) = before;
    let taken = match timing.outcome {
        Outcome::Condition { mask, when_set } => (flags & mask != 0) == when_set,
        Outcome::Djnz => b != 1,
        Outcome::Repeat => pc_after == pc.wrapping_add(timing.ed_offset as u16),
        Outcome::Fixed | Outcome::Halt => true,
    };
    if taken {
        timing.taken
    } else {
        timing.not_taken
    }
}
