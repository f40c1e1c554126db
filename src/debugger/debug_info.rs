//! What the debugger knows about the guest program beyond its bytes: the symbols (`.sym`),
//! the source map (`.map`: which source line made which bytes) and the source text, taken
//! from the listing (`.lst`), which holds every source line with its `file:line`.
//!
//! Symbol names are matched without regard to case, as the assembler does.

use std::collections::HashMap;
use std::path::Path;

use crate::assembler::{SourceMapEntry, Symbol, SymbolKind, parse_source_map, parse_symbol_file};
use crate::guest::image::{BUILTIN_MAP, BUILTIN_SYMBOLS};

/// The built-in ROM's listing (committed beside `roms/c7010.bin`; its symbols and source
/// map are `guest::image`'s).
const BUILTIN_LISTING: &str = include_str!("../../roms/c7010.lst");

/// A file beside the ROM that exists but cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DebugInfoError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The symbol or source-map file is malformed.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// Where and what.
        source: crate::assembler::ParseError,
    },
}

/// Symbols, source map and source lines of one ROM.
#[derive(Debug, Default, Clone)]
pub struct DebugInfo {
    symbols: Vec<Symbol>,
    by_name: HashMap<String, u16>,
    /// Labels (code and data addresses) sorted by address, for naming addresses.
    labels: Vec<(u16, String)>,
    /// Source map sorted by address.
    map: Vec<SourceMapEntry>,
    /// Source text by (file, line).
    lines: HashMap<(String, u32), String>,
}

impl DebugInfo {
    /// The debug information of the built-in ROM.
    pub fn builtin() -> DebugInfo {
        let symbols = parse_symbol_file(BUILTIN_SYMBOLS).unwrap_or_default();
        let map = parse_source_map(BUILTIN_MAP).unwrap_or_default();
        DebugInfo::from_parts(symbols, map, BUILTIN_LISTING)
    }

    /// Load the `.sym`, `.map` and `.lst` files beside `rom` (same name, other extension).
    /// A missing file just leaves that part empty; a malformed one is an error.
    pub fn beside(rom: &Path) -> Result<DebugInfo, DebugInfoError> {
        let read = |ext: &str| -> Result<Option<(String, String)>, DebugInfoError> {
            let path = rom.with_extension(ext);
            let name = path.display().to_string();
            // Bounded, and never a FIFO or a device that would block or never end.
            match crate::files::read_text(&path, crate::files::SOURCE) {
                Ok(text) => Ok(Some((name, text))),
                Err(crate::files::FileError::Read { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    Ok(None)
                }
                Err(e) => Err(DebugInfoError::Io {
                    path: name,
                    source: std::io::Error::other(e.reason()),
                }),
            }
        };
        let symbols = match read("sym")? {
            Some((path, text)) => {
                parse_symbol_file(&text).map_err(|source| DebugInfoError::Parse { path, source })?
            }
            None => Vec::new(),
        };
        let map = match read("map")? {
            Some((path, text)) => {
                parse_source_map(&text).map_err(|source| DebugInfoError::Parse { path, source })?
            }
            None => Vec::new(),
        };
        let listing = read("lst")?.map(|(_, text)| text).unwrap_or_default();
        let mut info = DebugInfo::from_parts(symbols, map, &listing);
        if info.lines.is_empty() {
            info.read_sources(rom);
        }
        Ok(info)
    }

    /// Without a listing, read the source files the map names, from the directory the
    /// assembler ran in: the current one, or the ROM's directory or its parent (a ROM in
    /// `roms/` assembled from `asm/`). Files not found leave their lines without text.
    fn read_sources(&mut self, rom: &Path) {
        let rom_dir = rom.parent().unwrap_or(Path::new("."));
        let bases = [Path::new("."), rom_dir, rom_dir.parent().unwrap_or(rom_dir)];
        let mut files: Vec<String> = self.map.iter().map(|e| e.file.clone()).collect();
        files.sort();
        files.dedup();
        for file in files {
            let Some(text) = bases
                .iter()
                .find_map(|b| std::fs::read_to_string(b.join(&file)).ok())
            else {
                continue;
            };
            for (i, line) in text.lines().enumerate() {
                self.lines
                    .insert((file.clone(), i as u32 + 1), line.to_string());
            }
        }
    }

    /// Build from parsed symbols, a parsed source map and the listing text.
    pub fn from_parts(symbols: Vec<Symbol>, mut map: Vec<SourceMapEntry>, listing: &str) -> Self {
        let by_name = symbols
            .iter()
            .map(|s| (s.name.to_ascii_uppercase(), s.value))
            .collect();
        let mut labels: Vec<(u16, String)> = symbols
            .iter()
            .filter(|s| matches!(s.kind, SymbolKind::Label | SymbolKind::Local))
            .map(|s| (s.value, s.name.clone()))
            .collect();
        labels.sort();
        map.sort_by_key(|e| e.address);
        DebugInfo {
            symbols,
            by_name,
            labels,
            map,
            lines: listing_lines(listing),
        }
    }

    /// Every symbol, as read.
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// The value of a symbol (case-insensitive).
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.by_name.get(&name.to_ascii_uppercase()).copied()
    }

    /// The label at `address` exactly, if there is one.
    pub fn label_at(&self, address: u16) -> Option<&str> {
        let i = self.labels.partition_point(|(a, _)| *a < address);
        self.labels
            .get(i)
            .filter(|(a, _)| *a == address)
            .map(|(_, n)| n.as_str())
    }

    /// The nearest label at or before `address` and the distance from it, e.g. `RECVMSG+3`.
    pub fn name_of(&self, address: u16) -> Option<String> {
        let i = self.labels.partition_point(|(a, _)| *a <= address);
        let (base, name) = self.labels.get(i.checked_sub(1)?)?;
        let offset = address - base;
        Some(if offset == 0 {
            name.clone()
        } else {
            format!("{name}+{offset}")
        })
    }

    /// Name of a RAM address by the symbol at or below it (e.g. `BOARD+35`), through the
    /// mirror; empty if no RAM symbol is at or below it.
    pub fn ram_name(&self, address: u16) -> String {
        // A symbol with exactly this value first (RAMTOP is E800, not LNKTX through the
        // mirror), then the variable that contains the RAM byte.
        if let Some(exact) = self
            .symbols
            .iter()
            .filter(|s| s.value == address)
            .map(|s| s.name.as_str())
            .min()
        {
            return exact.to_string();
        }
        let address = crate::machine::canonical(address);
        self.symbols
            .iter()
            .filter(|s| s.value <= address && s.value >= crate::machine::RAM_START)
            .max_by_key(|s| (s.value, std::cmp::Reverse(s.name.clone())))
            .map(|s| {
                if s.value == address {
                    s.name.clone()
                } else {
                    format!("{}+{}", s.name, address - s.value)
                }
            })
            .unwrap_or_default()
    }

    /// The size of the RAM variable (an EQU symbol) that starts at `address`: the distance
    /// to the next higher symbol value, or `None` if no symbol starts there.
    pub fn variable_size(&self, address: u16) -> Option<u16> {
        if !self.symbols.iter().any(|s| s.value == address) {
            return None;
        }
        self.symbols
            .iter()
            .map(|s| s.value)
            .filter(|&v| v > address)
            .min()
            .map(|next| next - address)
    }

    /// The source map entry whose bytes contain `address`.
    pub fn source_of(&self, address: u16) -> Option<&SourceMapEntry> {
        let i = self.map.partition_point(|e| e.address <= address);
        let e = self.map.get(i.checked_sub(1)?)?;
        ((address as u32) < e.address as u32 + e.len as u32).then_some(e)
    }

    /// The start of the source line whose bytes end right before `address`: the
    /// instruction before it, as the assembler laid it out (the Z80's variable-length
    /// instructions cannot be decoded backwards, the source map knows). `None` when no line
    /// ends there (the start of a routine after data or a gap), or when that line made
    /// more than 4 bytes (data: no Z80 instruction is longer).
    pub fn line_before(&self, address: u16) -> Option<u16> {
        let e = self.source_of(address.checked_sub(1)?)?;
        (e.address as u32 + e.len as u32 == address as u32 && e.len <= 4).then_some(e.address)
    }

    /// The first address produced by `file:line` (the file matched by its full name as in
    /// the map, or by its last path component).
    pub fn address_of_line(&self, file: &str, line: u32) -> Option<u16> {
        self.map
            .iter()
            .filter(|e| e.line == line && same_file(&e.file, file))
            .map(|e| e.address)
            .min()
    }

    /// True if some source-map entry names this file.
    pub fn knows_file(&self, file: &str) -> bool {
        self.map.iter().any(|e| same_file(&e.file, file))
    }

    /// The text of a source line, if the listing had it.
    pub fn line_text(&self, file: &str, line: u32) -> Option<&str> {
        self.lines
            .get(&(file.to_string(), line))
            .map(String::as_str)
    }
}

/// `asm/proto.asm` matches `asm/proto.asm` and `proto.asm`.
fn same_file(full: &str, given: &str) -> bool {
    full == given || full.rsplit('/').next() == Some(given)
}

/// Source lines from a listing (format in `src/assembler/listing.rs`): the `FILE:LINE` column
/// starts at column 20 and the text at the `SOURCE` column of the header. Lines from macro
/// expansions (marked `+`) are left out: the source map points them at the definition.
fn listing_lines(listing: &str) -> HashMap<(String, u32), String> {
    let mut lines = HashMap::new();
    let mut text_column = None;
    for row in listing.lines() {
        if row.starts_with("ADDR ") {
            text_column = row.find("SOURCE");
            continue;
        }
        let Some(column) = text_column else { continue };
        let Some(place) = row.get(20..).and_then(|r| r.split_whitespace().next()) else {
            continue;
        };
        let Some((file, line)) = place.rsplit_once(':') else {
            continue;
        };
        let Ok(line) = line.parse::<u32>() else {
            continue;
        };
        let marker = row.as_bytes().get(column.wrapping_sub(1)).copied();
        if marker == Some(b'+') {
            continue;
        }
        let text = row.get(column..).unwrap_or("").to_string();
        lines.entry((file.to_string(), line)).or_insert(text);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_knows_symbols_lines_and_text() {
        let info = DebugInfo::builtin();
        let recv = info.symbol("recvmsg").expect("RECVMSG in the symbols");
        assert_eq!(info.label_at(recv), Some("RECVMSG"));
        assert_eq!(info.name_of(recv + 2).as_deref(), Some("RECVMSG+2"));
        // RESET: DI at 0000, then LD SP,RAMTOP (0001) and CALL LINIT (0004) on the next lines.
        let reset = info.source_of(0x0000).unwrap();
        assert_eq!(reset.file.as_str(), "asm/main.asm");
        assert!(
            info.line_text("asm/main.asm", reset.line)
                .unwrap()
                .contains("RESET:")
        );
        let entry = info.source_of(0x0001).unwrap();
        assert_eq!(
            (entry.file.as_str(), entry.line),
            ("asm/main.asm", reset.line + 1)
        );
        assert_eq!(
            info.address_of_line("main.asm", reset.line + 2),
            Some(0x0004)
        );
        assert!(info.knows_file("proto.asm"));
        // LD SP,RAMTOP (3 bytes at 0001) ends at 0004: the line before CALL LINIT.
        assert_eq!(info.line_before(0x0004), Some(0x0001));
        assert_eq!(info.line_before(0x0003), None, "inside an instruction");
        assert_eq!(info.line_before(0x0000), None);
        assert_eq!(info.variable_size(info.symbol("BOARD").unwrap()), Some(120));
        assert_eq!(info.ram_name(0xE800), "RAMTOP");
        assert_eq!(
            info.ram_name(info.symbol("BOARD").unwrap() + 35),
            "BOARD+35"
        );
        assert_eq!(info.ram_name(0xE801), "LNKRX", "through the mirror");
    }
}
