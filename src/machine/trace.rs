//! The trace ring: the last few instructions executed, kept for fault reports.
//!
//! Fixed arrays written once per instruction, so the hot path never allocates. Disassembly
//! happens only when a report is made.

use super::memory::{Bus, RAM_START};

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

/// The ring itself: addresses of the last instructions, plus the bytes of those that ran
/// from RAM (ROM cannot change, so its bytes are read back when a report is made).
#[derive(Clone, Debug)]
pub(crate) struct TraceRing {
    pcs: [u16; TRACE_LEN],
    ram_bytes: [[u8; 4]; TRACE_LEN],
    /// Instructions pushed since the last clear.
    count: u64,
}

impl TraceRing {
    pub fn new() -> Self {
        TraceRing {
            pcs: [0; TRACE_LEN],
            ram_bytes: [[0; 4]; TRACE_LEN],
            count: 0,
        }
    }

    /// Record the instruction at `pc` (called once per instruction: one store for ROM code).
    #[inline(always)]
    pub fn push(&mut self, pc: u16, bus: &Bus) {
        let slot = (self.count % TRACE_LEN as u64) as usize;
        self.pcs[slot] = pc;
        if pc >= RAM_START {
            self.ram_bytes[slot] = [0u16, 1, 2, 3].map(|i| bus.read(pc.wrapping_add(i)));
        }
        self.count += 1;
    }

    fn push_entry(&mut self, entry: TraceEntry) {
        let slot = (self.count % TRACE_LEN as u64) as usize;
        self.pcs[slot] = entry.pc;
        self.ram_bytes[slot] = entry.bytes;
        self.count += 1;
    }

    /// Oldest first; the bytes of ROM entries are left zero (the machine fills them in).
    pub fn entries(&self) -> Vec<TraceEntry> {
        let filled = self.count.min(TRACE_LEN as u64);
        (self.count - filled..self.count)
            .map(|n| {
                let slot = (n % TRACE_LEN as u64) as usize;
                let pc = self.pcs[slot];
                let bytes = if pc >= RAM_START {
                    self.ram_bytes[slot]
                } else {
                    [0; 4]
                };
                TraceEntry { pc, bytes }
            })
            .collect()
    }

    /// The last `period` instructions form a loop that ran `times` more times without being
    /// executed (idle skipping): make the ring read as if it had.
    pub fn repeat_last(&mut self, period: usize, times: u64) {
        if period == 0 || period as u64 > self.count.min(TRACE_LEN as u64) {
            return;
        }
        let entries = self.entries();
        let body = entries[entries.len() - period..].to_vec();
        let repeats = times.min(TRACE_LEN.div_ceil(period) as u64);
        for _ in 0..repeats {
            for &entry in &body {
                self.push_entry(entry);
            }
        }
    }

    pub fn clear(&mut self) {
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_entries_in_order() {
        let mut ring = TraceRing::new();
        let mut rom = Box::new([0u8; crate::machine::ROM_SIZE]);
        rom[5] = 0x42;
        let mut bus = Bus::new(rom);
        bus.ram[0] = 0x3E;
        for pc in 0..(TRACE_LEN as u16 + 3) {
            ring.push(pc, &bus);
        }
        let pcs: Vec<u16> = ring.entries().iter().map(|e| e.pc).collect();
        let want: Vec<u16> = (3..TRACE_LEN as u16 + 3).collect();
        assert_eq!(pcs, want);
        // Code in RAM keeps its bytes; ROM entries are filled in later by the machine.
        ring.push(0xE000, &bus);
        let last = *ring.entries().last().unwrap();
        assert_eq!(last.bytes[0], 0x3E);
        assert_eq!(ring.entries()[0].bytes, [0; 4]);
    }

    #[test]
    fn repeating_a_loop_keeps_its_phase() {
        let mut ring = TraceRing::new();
        let bus = Bus::new(Box::new([0u8; crate::machine::ROM_SIZE]));
        for pc in [1, 2, 3, 1, 2, 3] {
            ring.push(pc, &bus);
        }
        ring.repeat_last(3, 1_000);
        let pcs: Vec<u16> = ring.entries().iter().map(|e| e.pc).collect();
        assert_eq!(pcs.len(), TRACE_LEN);
        assert_eq!(pcs.last(), Some(&3));
        assert!(pcs.windows(2).all(|w| w[1] == w[0] % 3 + 1));
    }
}
