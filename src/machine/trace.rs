//! The trace ring: the last few instructions executed, kept for fault reports.
//!
//! A fixed array written once per instruction (address and the four bytes at it), so the
//! hot path never allocates. Disassembly happens only when a report is made.

/// How many instructions a fault report shows.
pub const TRACE_LEN: usize = 16;

/// One executed instruction: where it was and the bytes it started with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceEntry {
    /// Address of the instruction.
    pub pc: u16,
    /// The first four bytes at that address (enough for any Z80 instruction).
    pub bytes: [u8; 4],
}

/// The ring itself.
#[derive(Clone, Debug)]
pub(crate) struct TraceRing {
    entries: [TraceEntry; TRACE_LEN],
    next: usize,
    filled: usize,
}

impl TraceRing {
    pub fn new() -> Self {
        TraceRing {
            entries: [TraceEntry::default(); TRACE_LEN],
            next: 0,
            filled: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, entry: TraceEntry) {
        self.entries[self.next] = entry;
        self.next = (self.next + 1) % TRACE_LEN;
        if self.filled < TRACE_LEN {
            self.filled += 1;
        }
    }

    /// Oldest first.
    pub fn entries(&self) -> Vec<TraceEntry> {
        let start = (self.next + TRACE_LEN - self.filled) % TRACE_LEN;
        (0..self.filled)
            .map(|i| self.entries[(start + i) % TRACE_LEN])
            .collect()
    }

    /// The last `period` instructions form a loop that ran `times` more times without being
    /// executed (idle skipping): make the ring read as if it had.
    pub fn repeat_last(&mut self, period: usize, times: u64) {
        if period == 0 || period > self.filled {
            return;
        }
        let entries = self.entries();
        let body = entries[entries.len() - period..].to_vec();
        let repeats = times.min(TRACE_LEN.div_ceil(period) as u64);
        for _ in 0..repeats {
            for &entry in &body {
                self.push(entry);
            }
        }
    }

    pub fn clear(&mut self) {
        self.next = 0;
        self.filled = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_entries_in_order() {
        let mut ring = TraceRing::new();
        for pc in 0..(TRACE_LEN as u16 + 3) {
            ring.push(TraceEntry { pc, bytes: [0; 4] });
        }
        let pcs: Vec<u16> = ring.entries().iter().map(|e| e.pc).collect();
        let want: Vec<u16> = (3..TRACE_LEN as u16 + 3).collect();
        assert_eq!(pcs, want);
    }
}
