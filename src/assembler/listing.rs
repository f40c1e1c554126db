//! The listing: every assembled line with its address, bytes and origin.
//!
//! ```text
//! ADDR  BYTES         FILE:LINE          SOURCE
//! 0000  F3            asm/main.asm:6     RESET:  DI
//! 0001  31 00 E8      asm/main.asm:7             LD      SP,0E800H
//! 0004  = 0E800       asm/main.asm:9     TOP     EQU     0E800H
//! ```
//!
//! A line with more than four bytes continues on the next listing lines (address and bytes
//! only). Lines from a macro or REPT expansion have a `+` before their source text. EQU and
//! DEFL lines show `= value` in the bytes column. Lines in a false IF branch are left out.

use super::pass::Record;
use super::symbols::pad;

/// The FILE:LINE column is as wide as its longest entry up to this many characters; a
/// longer entry pushes its line's source to the right.
const MAX_PLACE_COLUMN: usize = 60;

/// Bytes shown on one listing line.
const BYTES_PER_ROW: usize = 4;

/// Renders the listing of `records`, naming files from `files`.
pub fn render(main: &str, records: &[Record], files: &[String]) -> String {
    let place = |r: &Record| {
        format!(
            "{}:{}",
            files.get(r.file).map_or("?", String::as_str),
            r.line
        )
    };
    let width = records
        .iter()
        .map(|r| place(r).len())
        .filter(|n| *n <= MAX_PLACE_COLUMN)
        .max()
        .unwrap_or(9)
        .max(9);
    let mut out = format!("; c7010 listing of {main}\n");
    out.push_str(&format!("ADDR  {:<13} FILE:LINE", "BYTES"));
    pad(&mut out, "FILE:LINE".len(), width);
    out.push_str("  SOURCE\n");
    for r in records {
        let address = match (r.address, r.bytes.is_empty(), r.value) {
            (Some(a), false, _) => format!("{a:04X}"),
            (Some(a), true, None)
                if !r.text.trim().is_empty() && !r.text.trim().starts_with(';') =>
            {
                format!("{a:04X}")
            }
            _ => "    ".to_string(),
        };
        let first_bytes = match r.value {
            Some(v) => format!("= {:04X}", v as u16),
            None => hex(r.bytes.iter().take(BYTES_PER_ROW)),
        };
        let marker = if r.expanded { "+" } else { " " };
        let place = place(r);
        let mut line = format!("{address}  {first_bytes:<13} {place}");
        // Padded by characters, as `format!` pads (the width above counts bytes).
        pad(&mut line, place.chars().count(), width);
        line.push(' ');
        line.push_str(marker);
        line.push_str(&r.text);
        out.push_str(line.trim_end());
        out.push('\n');
        let start = r.address.unwrap_or(0);
        for (k, chunk) in r.bytes.chunks(BYTES_PER_ROW).enumerate().skip(1) {
            let a = start.wrapping_add((k * BYTES_PER_ROW) as u16);
            out.push_str(&format!("{a:04X}  {}\n", hex(chunk.iter())));
        }
    }
    out
}

fn hex<'a>(bytes: impl Iterator<Item = &'a u8>) -> String {
    bytes
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}
