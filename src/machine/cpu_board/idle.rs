//! Idle detection and skipping: recognising a guest that only polls an unchanged latch, and
//! jumping over the polls.
//!
//! The module spends most of a game waiting for a key: a loop of IN, compare, jump. When two
//! consecutive polls happen at the same PC with the same value read, every register equal
//! (R aside, which only counts fetches) and no RAM byte changed and no latch written in
//! between, the whole machine state at the second poll equals that at the first, so it
//! repeats with that period for as long as the host leaves the latch alone. The machine then
//! advances the clock by whole periods instead of executing them (`Machine::consider_idle_skip`,
//! in the run loop).

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

impl Period {
    /// How many whole periods fit between `cycles` and `end` with the end not reached, if
    /// any: every state skipped is then one the step-by-step path would have passed through,
    /// and that path finishes the run exactly as it would have.
    pub fn whole_periods_before(&self, cycles: u64, end: u64) -> Option<u64> {
        let room = end.saturating_sub(cycles);
        (room > self.cycles).then(|| (room - 1) / self.cycles)
    }
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
