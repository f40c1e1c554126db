//! The source map: which source line produced which bytes, for the debugger.
//!
//! The file (`.map`) is plain text, one entry a line, in address order:
//!
//! ```text
//! ; c7010 source map: address length line file
//! 0000 1 6 asm/main.asm
//! 0001 3 7 asm/main.asm
//! ```
//!
//! Address and length are hexadecimal and decimal; the file name is last so it may hold
//! blanks. A statement longer than 255 bytes (DEFS, INCBIN) gets several entries. Lines from
//! a macro body point at the body line in the macro definition.

use super::symbols::ParseError;

/// One run of bytes and the line that produced them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceMapEntry {
    /// First address.
    pub address: u16,
    /// Number of bytes (1..=255).
    pub len: u8,
    /// Source file name as given to the assembler.
    pub file: String,
    /// 1-based line in that file.
    pub line: u32,
}

/// Writes entries in the source-map format (sorted by address).
pub fn write_source_map(entries: &[SourceMapEntry]) -> String {
    let mut sorted: Vec<&SourceMapEntry> = entries.iter().collect();
    sorted.sort_by_key(|e| e.address);
    let mut out = String::from("; c7010 source map: address length line file\n");
    for e in sorted {
        out.push_str(&format!(
            "{:04X} {} {} {}\n",
            e.address, e.len, e.line, e.file
        ));
    }
    out
}

/// Reads a source-map file written by [`write_source_map`].
pub fn parse_source_map(text: &str) -> Result<Vec<SourceMapEntry>, ParseError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with(';') {
            continue;
        }
        let err = |message: String| ParseError {
            line: i + 1,
            message,
        };
        let mut fields = line.splitn(4, ' ');
        let (Some(address), Some(len), Some(line_no), Some(file)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(err(format!(
                "expected 'address length line file', found '{line}'"
            )));
        };
        let address = u16::from_str_radix(address, 16)
            .map_err(|_| err(format!("'{address}' is not a hexadecimal address")))?;
        let len: u8 = len
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| err(format!("'{len}' is not a length 1..255")))?;
        let line_no: u32 = line_no
            .parse()
            .map_err(|_| err(format!("'{line_no}' is not a line number")))?;
        if file.is_empty() {
            return Err(err("missing file name".into()));
        }
        entries.push(SourceMapEntry {
            address,
            len,
            file: file.to_string(),
            line: line_no,
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let entries = vec![
            SourceMapEntry {
                address: 0x10,
                len: 3,
                file: "a b.asm".into(),
                line: 7,
            },
            SourceMapEntry {
                address: 0,
                len: 255,
                file: "main.asm".into(),
                line: 1,
            },
        ];
        let back = parse_source_map(&write_source_map(&entries)).unwrap();
        assert_eq!(back, vec![entries[1].clone(), entries[0].clone()]);
        assert!(parse_source_map("0000 0 1 x.asm").is_err());
        assert!(parse_source_map("zz 1 1 x.asm").is_err());
        assert_eq!(parse_source_map("; x\n0000 1 1").unwrap_err().line, 2);
    }
}
