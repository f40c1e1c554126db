//! Small views of the session: the call stack (`where`), a memory dump (`mem`), the
//! clock (`cycles`), the latches and the host link (`latches`), the list of breakpoints and
//! watchpoints.

use std::fmt::Write as _;

use crate::machine::WatchKind;

use super::{DebugSession, MachineHandle};
use crate::debugger::expr::Expr;
use crate::debugger::stack;

impl<M: MachineHandle> DebugSession<M> {
    /// What `where` (`bt`) shows: PC's place, then one line a return address found on the
    /// stack.
    pub fn backtrace(&self) -> String {
        let regs = self.machine.registers();
        let mut out = format!("#0  {:04X}  {}\n", regs.pc, self.place(regs.pc));
        let frames = stack::walk(regs.sp, self.stack_top, |a| self.machine.read(a));
        for (i, f) in frames.iter().enumerate() {
            writeln!(
                out,
                "#{}  {:04X}  {}  (CALL {} from {:04X}; return address at {:04X})",
                i + 1,
                f.return_address,
                self.place(f.return_address),
                self.name(f.callee),
                f.call_site,
                f.slot
            )
            .ok();
        }
        out
    }

    /// What `mem` shows: `len` bytes (default 64, at most 4096) from `address`.
    pub(in crate::debugger) fn memory_text(
        &self,
        address: &Expr,
        len: Option<&Expr>,
    ) -> Result<String, String> {
        let start = self.eval_address(address)?;
        let len = match len {
            Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
            None => 64,
        };
        if !(1..=0x1000).contains(&len) {
            return Err(format!("length {len} is not 1..4096"));
        }
        Ok(self.dump(start, len as u32))
    }

    /// What `cycles` shows: T-states, emulated time and instructions since power-on.
    pub(in crate::debugger) fn cycles_text(&self) -> String {
        format!(
            "T-states {}  emulated {:.6} s at {:.6} MHz  ({:.2} PAL frames)  instructions {}\n",
            self.machine.cycles(),
            self.machine.emulated_seconds(),
            self.machine.clock_hz() / 1e6,
            self.machine.cycles() as f64 / crate::machine::PAL_FRAME_T_STATES as f64,
            self.machine.stats().instructions
        )
    }

    pub(in crate::debugger) fn dump(&self, start: u16, len: u32) -> String {
        let mut out = String::new();
        let mut offset = 0u32;
        while offset < len {
            let row = start.wrapping_add(offset as u16);
            let n = (len - offset).min(16);
            let bytes: Vec<u8> = (0..n)
                .map(|i| self.machine.read(row.wrapping_add(i as u16)))
                .collect();
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            let ascii: String = bytes
                .iter()
                .map(|&b| {
                    if (0x20..0x7F).contains(&b) {
                        b as char
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(out, "{row:04X}  {:<47}  {ascii}", hex.join(" ")).ok();
            offset += 16;
        }
        out
    }

    pub(in crate::debugger) fn latches(&self) -> String {
        let h = self.machine.host_latch();
        let m = self.machine.module_latch();
        let mut out = format!(
            "host -> module (H) {h:02X}  {}\nmodule -> host (M) {m:02X}  {}\nhost link: {} unit(s) waiting to go, {} event(s) received\n",
            unit_text(h),
            unit_text(m),
            self.link.pending(),
            self.link.received.len()
        );
        for event in self.link.received.iter().rev().take(5).rev() {
            writeln!(out, "  {event}").ok();
        }
        out
    }

    pub(in crate::debugger) fn list_points(&self) -> String {
        if self.points.breakpoints.is_empty() && self.points.watchpoints.is_empty() {
            return "no breakpoints or watchpoints\n".to_string();
        }
        let mut rows: Vec<(usize, String)> = Vec::new();
        for b in &self.points.breakpoints {
            rows.push((
                b.id,
                format!(
                    "{:<3} break  {:04X} {}{}  {}  hits {}",
                    b.id,
                    b.address,
                    b.place,
                    b.condition
                        .as_ref()
                        .map(|c| format!(" if {c}"))
                        .unwrap_or_default(),
                    if b.enabled { "enabled" } else { "disabled" },
                    b.hits
                ),
            ));
        }
        for w in &self.points.watchpoints {
            rows.push((
                w.id,
                format!(
                    "{:<3} watch  {} {:04X}..{:04X} {}  {}  hits {}",
                    w.id,
                    kind_name(w.kind),
                    w.range.start(),
                    w.range.end(),
                    w.place,
                    if w.enabled { "enabled" } else { "disabled" },
                    w.hits
                ),
            ));
        }
        rows.sort();
        rows.into_iter().map(|(_, r)| r + "\n").collect()
    }
}

pub(in crate::debugger) fn kind_name(kind: WatchKind) -> &'static str {
    match kind {
        WatchKind::Read => "read",
        WatchKind::Write => "write",
        WatchKind::Access => "access",
    }
}

/// A latch value as the link sees it: `SEQ 1 ACK 0 nibble 5`.
pub(in crate::debugger) fn unit_text(unit: u8) -> String {
    let payload = unit & 0x3F;
    let what = match payload {
        0x00..=0x0F => format!("nibble {payload:X}"),
        0x20 => "SOM".to_string(),
        0x3F => "SYNC".to_string(),
        _ => format!("reserved {payload:02X}"),
    };
    format!("SEQ {} ACK {} {what}", unit >> 7, (unit >> 6) & 1)
}
