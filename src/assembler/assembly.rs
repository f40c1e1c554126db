//! The result of an assembly: the bytes, the symbols, the source map and the listing.

use super::error::{AsmError, AsmErrors};
use super::listing;
use super::pass::PassResult;
use super::source::Program;
use super::source_map::{self, SourceMapEntry};
use super::symbols::{self, Symbol};

/// A successful assembly.
#[derive(Debug, Clone)]
pub struct Assembly {
    main: String,
    origin: u16,
    /// From the lowest to the highest emitted address; gaps are 0xFF.
    bytes: Vec<u8>,
    symbols: Vec<Symbol>,
    source_map: Vec<SourceMapEntry>,
    listing: String,
    lines: usize,
    passes: usize,
}

impl Assembly {
    pub(super) fn new(program: &Program, pass: PassResult, passes: usize) -> Assembly {
        let written = &pass.memory.written;
        let low = written.iter().position(|w| *w);
        let high = written.iter().rposition(|w| *w);
        let (origin, bytes) = match (low, high) {
            (Some(low), Some(high)) => (low as u16, pass.memory.bytes[low..=high].to_vec()),
            _ => (0, Vec::new()),
        };
        let symbols = pass
            .order
            .iter()
            .filter_map(|name| {
                pass.symbols.get(name).map(|d| Symbol {
                    name: name.clone(),
                    value: d.value as u16,
                    kind: d.kind,
                })
            })
            .collect();
        let mut source_map = Vec::new();
        for r in &pass.records {
            let Some(start) = r.address else { continue };
            for (k, chunk) in r.bytes.chunks(255).enumerate() {
                source_map.push(SourceMapEntry {
                    address: start.wrapping_add((k * 255) as u16),
                    len: chunk.len() as u8,
                    file: program.files.get(r.file).cloned().unwrap_or_default(),
                    line: r.line,
                });
            }
        }
        let main = program.files.first().cloned().unwrap_or_default();
        let listing = listing::render(&main, &pass.records, &program.files);
        Assembly {
            main,
            origin,
            bytes,
            symbols,
            source_map,
            listing,
            lines: program.lines.len(),
            passes,
        }
    }

    /// The binary as the CLI writes it: lowest to highest emitted address, gaps 0xFF; with
    /// `size`, padded with 0xFF to `size` bytes, an error when the code does not fit.
    pub fn image(&self, size: Option<usize>) -> Result<Vec<u8>, AsmErrors> {
        let mut image = self.bytes.clone();
        if let Some(size) = size {
            if image.len() > size {
                let end = usize::from(self.origin) + image.len() - 1;
                return Err(AsmErrors::single(AsmError::new(
                    &self.main,
                    0,
                    0,
                    format!(
                        "the code is {} bytes ({:04X}-{end:04X}), more than the size of {size} bytes",
                        image.len(),
                        self.origin
                    ),
                )));
            }
            image.resize(size, 0xFF);
        }
        Ok(image)
    }

    /// Source lines read (INCLUDEs expanded, macro expansions not counted).
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Passes it took for the symbols to settle.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// The lowest emitted address (0 when nothing was emitted).
    pub fn origin(&self) -> u16 {
        self.origin
    }

    /// The value of a symbol (locals as `NAME#N`).
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.symbols
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.value)
    }

    /// All symbols, in definition order.
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// Which lines produced which bytes, in assembly order.
    pub fn source_map(&self) -> &[SourceMapEntry] {
        &self.source_map
    }

    /// The listing text.
    pub fn listing(&self) -> String {
        self.listing.clone()
    }

    /// The symbol file text (see [`symbols::parse_symbol_file`] to read it back).
    pub fn symbol_file(&self) -> String {
        symbols::write_symbol_file(&self.symbols)
    }

    /// The source-map file text (see [`source_map::parse_source_map`] to read it back).
    pub fn source_map_file(&self) -> String {
        source_map::write_source_map(&self.source_map)
    }
}
