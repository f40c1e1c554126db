//! Bytes out: the listing record of each line and the 64 KB memory a pass writes.

use super::{Pass, Record};
use crate::assembler::source::SourceLine;

impl Pass<'_> {
    /// Opens a record for a line in the listing; emitted bytes go to the last record.
    pub(in crate::assembler) fn record(&mut self, line: &SourceLine) {
        self.records.push(Record {
            file: line.file,
            line: line.line,
            text: line.text.clone(),
            address: u16::try_from(self.pc).ok(),
            bytes: Vec::new(),
            value: None,
            expanded: line.context.is_some(),
        });
    }

    /// Appends bytes at the current address.
    pub(in crate::assembler) fn emit(&mut self, bytes: &[u8]) {
        let stored = self.storage_for(bytes.len());
        self.store(&bytes[..stored]);
        self.pc += (bytes.len() - stored) as i64;
    }

    /// Appends `count` bytes of `fill` at the current address (DS).
    pub(in crate::assembler) fn emit_fill(&mut self, fill: u8, count: usize) {
        let stored = self.storage_for(count);
        self.store(&vec![fill; stored]);
        self.pc += (count - stored) as i64;
    }

    /// Writes bytes at the current address, into the memory and the line's record.
    fn store(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let Ok(address) = u16::try_from(self.pc) else {
                if !self.past_end_reported {
                    self.past_end_reported = true;
                    self.error(0, "code goes past address FFFF");
                }
                return;
            };
            let a = usize::from(address);
            if self.memory.written[a] && !self.overlap_reported {
                self.overlap_reported = true;
                self.error(
                    0,
                    format!("address {address:04X} is written twice (overlapping ORG)"),
                );
            }
            self.memory.bytes[a] = b;
            self.memory.written[a] = true;
            self.pc += 1;
            if let Some(r) = self.records.last_mut() {
                r.bytes.push(b);
            }
        }
    }
}
