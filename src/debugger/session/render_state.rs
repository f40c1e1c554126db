//! Small views of the machine: a memory dump (`mem`), the clock (`cycles`), the latches and
//! the host link (`latches`), and the names of watch kinds and latch units.

use std::fmt::Write as _;

use crate::debugger::link::HostLink;
use crate::machine::{Machine, WatchKind};

/// What `cycles` shows: T-states, emulated time and instructions since power-on.
pub(super) fn cycles_text(machine: &Machine) -> String {
    format!(
        "T-states {}  emulated {:.6} s at {:.6} MHz  ({:.2} PAL frames)  instructions {}\n",
        machine.cycles(),
        machine.emulated_seconds(),
        machine.clock_hz() / 1e6,
        machine.cycles() as f64 / crate::machine::PAL_FRAME_T_STATES as f64,
        machine.stats().instructions
    )
}

/// What `mem` shows: `len` bytes from `start`, 16 a row, in hexadecimal and ASCII.
pub(super) fn dump(machine: &Machine, start: u16, len: u32) -> String {
    let mut out = String::new();
    let mut offset = 0u32;
    while offset < len {
        let row = start.wrapping_add(offset as u16);
        let n = (len - offset).min(16);
        let bytes: Vec<u8> = (0..n)
            .map(|i| machine.read(row.wrapping_add(i as u16)))
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

/// What `latches` shows: both latches and the host link's traffic.
pub(super) fn latches(machine: &Machine, link: &HostLink) -> String {
    let h = machine.host_latch();
    let m = machine.module_latch();
    let mut out = format!(
        "host -> module (H) {h:02X}  {}\nmodule -> host (M) {m:02X}  {}\nhost link: {} unit(s) waiting to go, {} event(s) received\n",
        unit_text(h),
        unit_text(m),
        link.pending(),
        link.received.len()
    );
    for event in link.received.iter().rev().take(5).rev() {
        writeln!(out, "  {event}").ok();
    }
    out
}

pub(super) fn kind_name(kind: WatchKind) -> &'static str {
    match kind {
        WatchKind::Read => "read",
        WatchKind::Write => "write",
        WatchKind::Access => "access",
    }
}

/// A latch value as the link sees it: `SEQ 1 ACK 0 nibble 5`.
pub(super) fn unit_text(unit: u8) -> String {
    let payload = unit & 0x3F;
    let what = match payload {
        0x00..=0x0F => format!("nibble {payload:X}"),
        0x20 => "SOM".to_string(),
        0x3F => "SYNC".to_string(),
        _ => format!("reserved {payload:02X}"),
    };
    format!("SEQ {} ACK {} {what}", unit >> 7, (unit >> 6) & 1)
}
