//! Step-back history: automatic snapshots of the machine (a save state and the host link)
//! every [`SNAPSHOT_EVERY`] instructions and after every write from outside (the host
//! writing its latch, a `poke`), kept in a ring of [`CAPACITY`].
//!
//! Going back N instructions loads the newest snapshot at or before the target instruction
//! count and re-executes up to it. Because a snapshot follows every outside write, the
//! stretch re-executed contains none: the guest alone produces it, exactly as before
//! (loading a save state restores bit-exact execution, docs/machine.md).

use std::collections::VecDeque;

use crate::machine::Machine;

use super::link::HostLink;

/// Instructions between automatic snapshots.
pub const SNAPSHOT_EVERY: u64 = 2_000;
/// Snapshots kept: at least `SNAPSHOT_EVERY * CAPACITY / 2` instructions of history when the
/// host is quiet (about 10 KB each).
pub const CAPACITY: usize = 128;

/// One snapshot.
struct Snapshot {
    instructions: u64,
    state: Vec<u8>,
    link: HostLink,
}

/// Why the history cannot go back as far as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// The target is older than the oldest snapshot.
    #[error("can go back at most {available} instructions (asked {asked})")]
    TooFar {
        /// Instructions available.
        available: u64,
        /// Instructions asked.
        asked: u64,
    },
    /// Re-executing failed (the machine faulted on the way, or a snapshot is unreadable).
    #[error("cannot replay: {0}")]
    Replay(String),
}

/// The ring of snapshots.
#[derive(Default)]
pub struct History {
    snapshots: VecDeque<Snapshot>,
}

impl History {
    /// An empty history.
    pub fn new() -> Self {
        History::default()
    }

    /// Forget everything (after loading a state: a new timeline).
    pub fn clear(&mut self) {
        self.snapshots.clear();
    }

    /// Snapshots held.
    pub fn len(&self) -> usize {
        self.snapshots.len()
    }

    /// True when no snapshot is held.
    pub fn is_empty(&self) -> bool {
        self.snapshots.is_empty()
    }

    /// Take a snapshot now (replacing one taken at the same instruction count).
    pub fn record(&mut self, machine: &Machine, link: &HostLink) {
        let instructions = machine.stats().instructions;
        if self
            .snapshots
            .back()
            .is_some_and(|s| s.instructions == instructions)
        {
            self.snapshots.pop_back();
        }
        if self.snapshots.len() == CAPACITY {
            self.snapshots.pop_front();
        }
        self.snapshots.push_back(Snapshot {
            instructions,
            state: machine.save_state(),
            link: link.clone(),
        });
    }

    /// Take a snapshot if [`SNAPSHOT_EVERY`] instructions passed since the last one.
    pub fn maybe_record(&mut self, machine: &Machine, link: &HostLink) {
        let now = machine.stats().instructions;
        let last = self.snapshots.back().map_or(0, |s| s.instructions);
        if self.snapshots.is_empty() || now >= last + SNAPSHOT_EVERY {
            self.record(machine, link);
        }
    }

    /// The machine and link as they were `n` instructions before `machine`'s present.
    /// Snapshots newer than the target are dropped (the future is re-executed when the
    /// user runs forward again).
    pub fn back(&mut self, machine: &Machine, n: u64) -> Result<(Machine, HostLink), HistoryError> {
        let now = machine.stats().instructions;
        let oldest = self.snapshots.front().map_or(now, |s| s.instructions);
        let target = now
            .checked_sub(n)
            .filter(|t| *t >= oldest)
            .ok_or(HistoryError::TooFar {
                available: now - oldest,
                asked: n,
            })?;
        while self
            .snapshots
            .back()
            .is_some_and(|s| s.instructions > target)
        {
            self.snapshots.pop_back();
        }
        let snapshot = self.snapshots.back().ok_or(HistoryError::TooFar {
            available: 0,
            asked: n,
        })?;
        let mut restored = Machine::load_state(&snapshot.state)
            .map_err(|e| HistoryError::Replay(e.to_string()))?;
        restored.set_watchdog_seconds(machine.watchdog_seconds());
        while restored.stats().instructions < target {
            let before = restored.cycles();
            restored
                .step()
                .map_err(|f| HistoryError::Replay(f.kind.to_string()))?;
            if restored.cycles() == before {
                return Err(HistoryError::Replay("the machine does not advance".into()));
            }
        }
        Ok((restored, snapshot.link.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A guest that counts in RAM forever: `back` must give exactly the state a fresh run
    /// reaches after the same number of instructions.
    #[test]
    fn back_equals_a_fresh_run_to_the_same_instruction() {
        // LD HL,0E000H; loop: INC (HL); INC HL; RES 3,H (stay in RAM low half); JR loop
        let rom = [0x21, 0x00, 0xE0, 0x34, 0x23, 0xCB, 0x9C, 0x18, 0xFA];
        let mut machine = Machine::new(&rom).unwrap();
        let link = HostLink::new();
        let mut history = History::new();
        history.record(&machine, &link);
        for _ in 0..10_000 {
            machine.step().unwrap();
            history.maybe_record(&machine, &link);
        }
        assert!(history.len() >= 5);
        let (back, _) = history.back(&machine, 2_345).unwrap();
        let mut fresh = Machine::new(&rom).unwrap();
        while fresh.stats().instructions < 10_000 - 2_345 {
            fresh.step().unwrap();
        }
        assert_eq!(back.save_state(), fresh.save_state());
        assert_eq!(back.registers(), fresh.registers());
        // Too far back is an error, not a panic.
        assert!(matches!(
            history.back(&back, 1_000_000),
            Err(HistoryError::TooFar { .. })
        ));
    }
}
