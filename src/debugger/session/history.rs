//! Step-back history: automatic snapshots of the machine (a save state and the host link)
//! every [`SNAPSHOT_EVERY`] instructions, kept in a ring of [`CAPACITY`], and a log of the
//! host's latch writes in between (with the host link as it was after each).
//!
//! Going back N instructions loads the newest snapshot at or before the target instruction
//! count and re-executes up to it, writing the host latch again where the log says: the
//! guest then goes through exactly the same states as before (loading a save state restores
//! bit-exact execution, docs/machine.md). Changes of RAM from outside (`poke`) take a
//! snapshot of their own instead of a log entry; they are rare.

use std::collections::VecDeque;

use crate::debugger::link::HostLink;
use crate::machine::Machine;

/// Instructions between automatic snapshots (and the most `back` ever re-executes).
pub const SNAPSHOT_EVERY: u64 = 20_000;
/// Snapshots kept (about 10 KB each): `SNAPSHOT_EVERY * (CAPACITY - 1)` instructions of
/// history at least.
pub const CAPACITY: usize = 64;

/// One snapshot.
struct Snapshot {
    /// Order among snapshots and inputs.
    seq: u64,
    instructions: u64,
    state: Vec<u8>,
    link: HostLink,
}

/// One host latch write, made after instruction number `instructions`.
struct Input {
    seq: u64,
    instructions: u64,
    value: u8,
    /// The host link after the poll that wrote.
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

/// The ring of snapshots and the input log.
#[derive(Default)]
pub struct History {
    snapshots: VecDeque<Snapshot>,
    inputs: VecDeque<Input>,
    seq: u64,
}

impl History {
    /// An empty history.
    pub fn new() -> Self {
        History::default()
    }

    /// Forget everything (after loading a state: a new timeline).
    pub fn clear(&mut self) {
        self.snapshots.clear();
        self.inputs.clear();
    }

    /// Snapshots held.
    pub fn len(&self) -> usize {
        self.snapshots.len()
    }

    /// True when no snapshot is held.
    pub fn is_empty(&self) -> bool {
        self.snapshots.is_empty()
    }

    fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// Take a snapshot now.
    pub fn record(&mut self, machine: &Machine, link: &HostLink) {
        let seq = self.next_seq();
        if self.snapshots.len() == CAPACITY {
            self.snapshots.pop_front();
            // Inputs older than the oldest snapshot can never be replayed.
            let oldest = self.snapshots.front().map_or(0, |s| s.seq);
            while self.inputs.front().is_some_and(|i| i.seq < oldest) {
                self.inputs.pop_front();
            }
        }
        self.snapshots.push_back(Snapshot {
            seq,
            instructions: machine.stats().instructions,
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

    /// Log that the host just wrote its latch (the value is read from the machine).
    pub fn host_wrote(&mut self, machine: &Machine, link: &HostLink) {
        let seq = self.next_seq();
        self.inputs.push_back(Input {
            seq,
            instructions: machine.stats().instructions,
            value: machine.host_latch(),
            link: link.clone(),
        });
    }

    /// The machine and link as they were `n` instructions before `machine`'s present.
    /// Snapshots and inputs newer than the target are dropped (the future is re-executed
    /// when the user runs forward again).
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
        while self.snapshots.len() > 1
            && self
                .snapshots
                .back()
                .is_some_and(|s| s.instructions > target)
        {
            self.snapshots.pop_back();
        }
        while self.inputs.back().is_some_and(|i| i.instructions > target) {
            self.inputs.pop_back();
        }
        let snapshot = self.snapshots.back().ok_or(HistoryError::TooFar {
            available: 0,
            asked: n,
        })?;
        let mut restored = Machine::load_state(&snapshot.state)
            .map_err(|e| HistoryError::Replay(e.to_string()))?;
        let mut link = snapshot.link.clone();
        let mut inputs = self
            .inputs
            .iter()
            .filter(|i| i.seq > snapshot.seq)
            .peekable();
        loop {
            let at = restored.stats().instructions;
            while let Some(input) = inputs.next_if(|i| i.instructions <= at) {
                restored.host_write(input.value);
                link = input.link.clone();
            }
            if at >= target {
                break;
            }
            let before = restored.cycles();
            restored
                .step()
                .map_err(|f| HistoryError::Replay(f.kind.to_string()))?;
            if restored.cycles() == before {
                return Err(HistoryError::Replay("the machine does not advance".into()));
            }
        }
        Ok((restored, link))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A guest that copies the host latch into RAM forever, with the host writing now and
    /// then: `back` must give exactly the state a fresh run (with the same writes at the same
    /// instructions) reaches.
    #[test]
    fn back_equals_a_fresh_run_to_the_same_instruction() {
        // LD HL,0E000H; loop: IN A,(0); LD (HL),A; INC HL; RES 3,H; JR loop
        let rom = [
            0x21, 0x00, 0xE0, 0xDB, 0x00, 0x77, 0x23, 0xCB, 0x9C, 0x18, 0xF8,
        ];
        let total = 100_000u64;
        let writes_at = |i: u64| i.is_multiple_of(7_919).then_some((i / 7_919) as u8);
        let run = |until: u64, history: Option<&mut History>| {
            let mut machine = Machine::new(&rom).unwrap();
            let link = HostLink::new();
            let mut history = history;
            if let Some(h) = history.as_deref_mut() {
                h.record(&machine, &link);
            }
            while machine.stats().instructions < until {
                machine.step().unwrap();
                if let Some(value) = writes_at(machine.stats().instructions) {
                    machine.host_write(value);
                    if let Some(h) = history.as_deref_mut() {
                        h.host_wrote(&machine, &link);
                    }
                }
                if let Some(h) = history.as_deref_mut() {
                    h.maybe_record(&machine, &link);
                }
            }
            machine
        };
        for n in [23_456, 1, 7_919 * 3] {
            let mut history = History::new();
            let machine = run(total, Some(&mut history));
            assert!(history.len() >= 5);
            // Too far back is an error, not a panic, and changes nothing.
            assert!(matches!(
                history.back(&machine, 10_000_000),
                Err(HistoryError::TooFar { .. })
            ));
            let (back, _) = history.back(&machine, n).unwrap();
            let fresh = run(total - n, None);
            assert!(back.save_state() == fresh.save_state(), "back {n}");
            // Going back again starts from the new present.
            let (again, _) = history.back(&back, 5).unwrap();
            let fresh = run(total - n - 5, None);
            assert!(again.save_state() == fresh.save_state(), "back {n} then 5");
        }
    }
}
