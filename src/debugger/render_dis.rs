//! `dis`, `src` and the line shown at every stop: an instruction with its label, bytes,
//! disassembly (16-bit operands named by symbols), and its source line from the source map
//! and the listing; and `where`, the call stack named the same way.

use std::fmt::Write as _;

use crate::machine::{Disassembler, Machine};

use super::debug_info::DebugInfo;
use super::session::points::Points;
use super::{stack, z80};

/// What the session's listings read: the machine, what is known about the program, and
/// the breakpoints (marked in the disassembly). Made for one command from the session's
/// parts; it changes nothing.
pub(super) struct Listing<'a> {
    machine: &'a Machine,
    info: &'a DebugInfo,
    points: &'a Points,
}

impl<'a> Listing<'a> {
    /// A listing of `machine` as `info` names it, marking the breakpoints of `points`.
    pub fn new(machine: &'a Machine, info: &'a DebugInfo, points: &'a Points) -> Self {
        Listing {
            machine,
            info,
            points,
        }
    }

    /// The four bytes from `address` (the longest instruction).
    pub fn bytes_at(&self, address: u16) -> [u8; 4] {
        [0u16, 1, 2, 3].map(|i| self.machine.read(address.wrapping_add(i)))
    }

    /// `RECVMSG+3` or the bare address.
    pub fn name(&self, address: u16) -> String {
        self.info
            .name_of(address)
            .unwrap_or_else(|| format!("{address:04X}"))
    }

    /// `RECVMSG+3  asm/proto.asm:122`.
    pub fn place(&self, address: u16) -> String {
        let mut text = self.info.name_of(address).unwrap_or_default();
        if let Some(e) = self.info.source_of(address) {
            write!(text, "  {}:{}", e.file, e.line).ok();
        }
        text
    }

    /// One line naming PC.
    pub fn here(&self) -> String {
        let pc = self.machine.registers().pc;
        format!("PC {pc:04X} {}", self.place(pc))
            .trim_end()
            .to_string()
    }

    /// `count` disassembled lines from `address`, with labels.
    pub fn disassembly(&self, dis: &mut Disassembler, address: u16, count: usize) -> String {
        let mut out = String::new();
        let mut a = address;
        for _ in 0..count {
            out.push_str(&self.dis_line(dis, a, true));
            a = a.wrapping_add(z80::length(self.bytes_at(a)));
        }
        out
    }

    /// One disassembled line with its label, operand names and source line.
    pub fn dis_line(&self, dis: &mut Disassembler, address: u16, with_label: bool) -> String {
        let bytes = self.bytes_at(address);
        let len = z80::length(bytes) as usize;
        let text = dis.disassemble(address, bytes);
        let text = self.name_operands(&text);
        let hex: Vec<String> = bytes[..len].iter().map(|b| format!("{b:02X}")).collect();
        let mut line = String::new();
        if with_label && let Some(label) = self.info.label_at(address) {
            writeln!(line, "{label}:").ok();
        }
        let pc = self.machine.registers().pc;
        let marker = match (
            address == pc,
            self.points
                .breakpoints
                .iter()
                .any(|b| b.enabled && b.address == address),
        ) {
            (true, true) => "*>",
            (true, false) => "=>",
            (false, true) => "* ",
            (false, false) => "  ",
        };
        let source = match self.info.source_of(address) {
            Some(e) if e.address == address => {
                let text = self.info.line_text(&e.file, e.line).unwrap_or("");
                format!("{}:{}  {}", short_file(&e.file), e.line, squeeze(text))
            }
            Some(e) => format!("{}:{}", short_file(&e.file), e.line),
            None => String::new(),
        };
        let head = format!("{marker}{address:04X}  {:<12} {text}", hex.join(" "));
        if source.is_empty() {
            writeln!(line, "{head}").ok();
        } else {
            writeln!(line, "{head:<46}; {source}").ok();
        }
        line
    }

    /// Append `<NAME>` to a 16-bit operand that is a label or a RAM variable.
    fn name_operands(&self, text: &str) -> String {
        let Some(start) = text.rfind([' ', '(', ',']) else {
            return text.to_string();
        };
        let word = text[start + 1..].trim_end_matches(')');
        let Some(hex) = word.strip_suffix('h').filter(|h| h.len() == 4) else {
            return text.to_string();
        };
        let Ok(value) = u16::from_str_radix(hex, 16) else {
            return text.to_string();
        };
        let name = if value >= crate::machine::RAM_START {
            Some(self.info.ram_name(value)).filter(|n| !n.is_empty())
        } else {
            self.info.label_at(value).map(str::to_string)
        };
        match name {
            Some(name) => format!("{text} <{name}>"),
            None => text.to_string(),
        }
    }

    /// What `src` shows: the source lines around `address`.
    pub fn source_around(&self, address: u16) -> Result<String, String> {
        let entry = self
            .info
            .source_of(address)
            .ok_or_else(|| format!("no source line for {address:04X}"))?;
        let mut out = String::new();
        let first = entry.line.saturating_sub(5).max(1);
        for line in first..=entry.line + 5 {
            let Some(text) = self.info.line_text(&entry.file, line) else {
                if line > entry.line {
                    break;
                }
                continue;
            };
            let marker = if line == entry.line { "=>" } else { "  " };
            writeln!(out, "{marker}{}:{line:<5} {text}", entry.file).ok();
        }
        if out.is_empty() {
            return Err(format!(
                "no text for {}:{} (no listing beside the ROM)",
                entry.file, entry.line
            ));
        }
        Ok(out)
    }

    /// What `where` (`bt`) shows: PC's place, then one line a return address found on the
    /// stack (which starts at `stack_top`).
    pub fn backtrace(&self, stack_top: u32) -> String {
        let regs = self.machine.registers();
        let mut out = format!("#0  {:04X}  {}\n", regs.pc, self.place(regs.pc));
        let frames = stack::walk(regs.sp, stack_top, |a| self.machine.read(a));
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
}

/// `asm/proto.asm` -> `proto.asm`, to keep lines short.
fn short_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// Runs of blanks to one blank.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
