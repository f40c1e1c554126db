//! Idle detection and skipping: recognising a guest that only polls an unchanged latch, and
//! jumping over the polls.
//!
//! The module spends most of a game waiting for a key: a loop of IN, compare, jump. When two
//! consecutive polls happen at the same PC with the same value read, every register equal
//! (R aside, which only counts fetches) and no RAM byte changed and no latch written in
//! between, the whole machine state at the second poll equals that at the first, so it
//! repeats with that period for as long as the host leaves the latch alone. The machine then
//! advances the clock by whole periods instead of executing them.

use super::Machine;
use crate::machine::registers;

/// The loop found between two identical polls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Period {
    /// T-states per loop iteration.
    pub cycles: u64,
    /// Instructions per loop iteration.
    pub instructions: u64,
    /// M1 cycles per iteration (R's increment), modulo 128.
    pub m1_cycles: u64,
}

/// The last poll seen.
#[derive(Clone, Debug, Default)]
struct Poll {
    pc: u16,
    latch: u8,
    /// iz80's serialised state with R and the cycle count blanked.
    state: Vec<u8>,
    cycles: u64,
    instructions: u64,
    r: u8,
}

/// Remembers the last poll and recognises the next identical one.
#[derive(Clone, Debug, Default)]
pub(crate) struct IdleDetector {
    last: Option<Poll>,
}

impl IdleDetector {
    /// Forget the last poll (something changed the machine from outside, or the guest wrote).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// A poll just happened; returns the loop period if it repeats the previous one exactly.
    #[allow(clippy::too_many_arguments)]
    pub fn observe(
        &mut self,
        cpu: &iz80::Cpu,
        pc: u16,
        latch: u8,
        ram_changed: bool,
        cycles: u64,
        r: u8,
        instructions: u64,
    ) -> Option<Period> {
        let state = registers::comparable_state(cpu);
        let period = match &self.last {
            Some(last)
                if !ram_changed
                    && last.pc == pc
                    && last.latch == latch
                    && last.state == state
                    && cycles > last.cycles =>
            {
                Some(Period {
                    cycles: cycles - last.cycles,
                    instructions: instructions - last.instructions,
                    m1_cycles: (r.wrapping_sub(last.r) & 0x7F) as u64,
                })
            }
            _ => None,
        };
        self.last = Some(Poll {
            pc,
            latch,
            state,
            cycles,
            instructions,
            r,
        });
        period
    }

    /// The machine skipped ahead; the remembered poll moves with it.
    pub fn skipped(&mut self, cycles: u64, instructions: u64, r: u8) {
        if let Some(last) = &mut self.last {
            last.cycles = cycles;
            last.instructions = instructions;
            last.r = r;
        }
    }
}

impl Machine {
    /// The guest just read the latch. If it is polling an unchanged latch in a loop that
    /// changes nothing (same PC, same registers but R, no RAM change, no latch write since
    /// the last identical poll), the machine state repeats exactly every loop period: jump
    /// ahead by whole periods, staying before the end of the run, so the step-by-step path
    /// finishes the run exactly as it would have.
    pub(in crate::machine) fn consider_idle_skip(&mut self, pc: u16, end: u64) {
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
