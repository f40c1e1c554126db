//! Symbols: what the assembly defined, and the symbol file (`.sym`) written and read back.
//!
//! The symbol file is plain text, one symbol a line, sorted by value then name:
//!
//! ```text
//! ; c7010 symbols: name value kind
//! RESET 0000 label
//! ECHO 0004 label
//! LOOP#1 0010 local
//! SCREEN 00F0 equ
//! ```
//!
//! Local labels (PROC/LOCAL, labels in macros) are written `NAME#N`, N counting the scopes
//! in source order. Lines starting with `;` and blank lines are ignored when reading.

use std::fmt;
use std::str::FromStr;

/// How a symbol got its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A label: the address of a line.
    Label,
    /// A label local to a PROC or macro expansion.
    Local,
    /// Defined with EQU.
    Equ,
    /// Defined with DEFL (may be redefined).
    Defl,
}

impl SymbolKind {
    /// The word used in the symbol file.
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolKind::Label => "label",
            SymbolKind::Local => "local",
            SymbolKind::Equ => "equ",
            SymbolKind::Defl => "defl",
        }
    }
}

impl fmt::Display for SymbolKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SymbolKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "label" => Ok(SymbolKind::Label),
            "local" => Ok(SymbolKind::Local),
            "equ" => Ok(SymbolKind::Equ),
            "defl" => Ok(SymbolKind::Defl),
            other => Err(format!("unknown symbol kind '{other}'")),
        }
    }
}

/// One symbol of an assembly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Its name (locals as `NAME#N`).
    pub name: String,
    /// Its value as a 16-bit number.
    pub value: u16,
    /// How it was defined.
    pub kind: SymbolKind,
}

/// An error reading a symbol or source-map file: 1-based line and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the file being read.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Names are padded to the longest one up to this many characters; a longer name is not
/// padded (a name of any length must neither blow up every line nor overflow `format!`).
pub const MAX_NAME_COLUMN: usize = 40;

/// Writes symbols in the symbol-file format (sorted by value, then name).
pub fn write_symbol_file(symbols: &[Symbol]) -> String {
    let mut sorted: Vec<&Symbol> = symbols.iter().collect();
    sorted.sort_by(|a, b| a.value.cmp(&b.value).then_with(|| a.name.cmp(&b.name)));
    let width = sorted
        .iter()
        .map(|s| s.name.len())
        .filter(|n| *n <= MAX_NAME_COLUMN)
        .max()
        .unwrap_or(0);
    let mut out = String::from("; c7010 symbols: name value kind\n");
    for s in sorted {
        out.push_str(&s.name);
        pad(&mut out, s.name.chars().count(), width);
        out.push_str(&format!(" {:04X} {}\n", s.value, s.kind));
    }
    out
}

/// Appends spaces to bring text of `len` characters to `width` (none if it is wider), as
/// `format!("{:<width$}")` would, without its limit of 65,535.
pub fn pad(out: &mut String, len: usize, width: usize) {
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
}

/// Reads a symbol file written by [`write_symbol_file`].
pub fn parse_symbol_file(text: &str) -> Result<Vec<Symbol>, ParseError> {
    let mut symbols = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        let err = |message: String| ParseError {
            line: i + 1,
            message,
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, value, kind] = fields[..] else {
            return Err(err(format!("expected 'name value kind', found '{line}'")));
        };
        let value = u16::from_str_radix(value, 16)
            .map_err(|_| err(format!("'{value}' is not a 4-digit hexadecimal value")))?;
        let kind = kind.parse().map_err(err)?;
        symbols.push(Symbol {
            name: name.to_string(),
            value,
            kind,
        });
    }
    Ok(symbols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let symbols = vec![
            Symbol {
                name: "START".into(),
                value: 0x0100,
                kind: SymbolKind::Label,
            },
            Symbol {
                name: "LOOP#1".into(),
                value: 0x0104,
                kind: SymbolKind::Local,
            },
            Symbol {
                name: "SIZE".into(),
                value: 0x0010,
                kind: SymbolKind::Equ,
            },
            Symbol {
                name: "N".into(),
                value: 0xFFFF,
                kind: SymbolKind::Defl,
            },
        ];
        let text = write_symbol_file(&symbols);
        let back = parse_symbol_file(&text).unwrap();
        assert_eq!(back.len(), 4);
        assert_eq!(back[0].name, "SIZE");
        for s in &symbols {
            assert!(back.contains(s), "{s:?}");
        }
        assert_eq!(parse_symbol_file("X 12G4 label").unwrap_err().line, 1);
        assert!(
            parse_symbol_file("; c\nX 1234 thing")
                .unwrap_err()
                .message
                .contains("kind")
        );
        assert!(parse_symbol_file("X 1234").is_err());
    }
}
