//! `dis`, `src` and the line shown at every stop: an instruction with its label, bytes,
//! disassembly (16-bit operands named by symbols), and its source line from the source map
//! and the listing.

use std::fmt::Write as _;

use super::command::Location;
use super::expr::Expr;
use super::session::{DebugSession, MachineHandle};
use super::z80;

impl<M: MachineHandle> DebugSession<M> {
    pub(super) fn bytes_at(&self, address: u16) -> [u8; 4] {
        [0u16, 1, 2, 3].map(|i| self.machine.read(address.wrapping_add(i)))
    }

    /// `RECVMSG+3  asm/proto.asm:122`.
    pub(super) fn place(&self, address: u16) -> String {
        let mut text = self.info.name_of(address).unwrap_or_default();
        if let Some(e) = self.info.source_of(address) {
            write!(text, "  {}:{}", e.file, e.line).ok();
        }
        text
    }

    /// One line naming PC.
    pub(super) fn here(&self) -> String {
        let pc = self.machine.registers().pc;
        format!("PC {pc:04X} {}", self.place(pc))
            .trim_end()
            .to_string()
    }

    /// One disassembled line with its label, operand names and source line.
    pub(super) fn dis_line(&mut self, address: u16, with_label: bool) -> String {
        let bytes = self.bytes_at(address);
        let len = z80::length(bytes) as usize;
        let text = self.disassembler.disassemble(address, bytes);
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
    pub(super) fn name_operands(&self, text: &str) -> String {
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

    /// What `dis` shows: `count` instructions (default 10) from `address` (default PC).
    pub(super) fn disassembly_text(
        &mut self,
        address: Option<&Expr>,
        count: Option<u64>,
    ) -> Result<String, String> {
        let start = match address {
            Some(e) => self.eval_address(e)?,
            None => self.machine.registers().pc,
        };
        Ok(self.disassembly(start, count.unwrap_or(10) as usize))
    }

    /// What `src` shows: the source lines around a location (default PC).
    pub(super) fn source_text(&self, location: Option<&Location>) -> Result<String, String> {
        let address = match location {
            Some(location) => self.resolve(location)?.0,
            None => self.machine.registers().pc,
        };
        self.source_around(address)
    }

    pub(super) fn source_around(&self, address: u16) -> Result<String, String> {
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
}

/// `asm/proto.asm` -> `proto.asm`, to keep lines short.
fn short_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// Runs of blanks to one blank.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
