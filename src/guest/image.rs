//! The guest ROM image with its symbol table, from `roms/` (built in) or from files.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use crate::assembler::{ParseError, parse_symbol_file};
use crate::reference::book::{Book, BookError};

/// The committed ROM, assembled from `asm/` (a test proves it is current).
pub const BUILTIN_ROM: &[u8] = include_bytes!("../../roms/c7010.bin");
/// The committed symbol file of [`BUILTIN_ROM`].
pub const BUILTIN_SYMBOLS: &str = include_str!("../../roms/c7010.sym");
/// The committed source map of [`BUILTIN_ROM`] (address, length, line, file).
pub const BUILTIN_MAP: &str = include_str!("../../roms/c7010.map");

/// Why an image or its symbols could not be used.
#[derive(Debug)]
pub enum ImageError {
    /// The file could not be read.
    Io(String, std::io::Error),
    /// The symbol file does not parse.
    Symbols(ParseError),
    /// A symbol the caller needs is not in the table.
    MissingSymbol(String),
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Io(path, e) => write!(f, "{path}: {e}"),
            ImageError::Symbols(e) => write!(f, "symbol file: {e}"),
            ImageError::MissingSymbol(name) => {
                write!(f, "the ROM's symbol table has no `{name}`")
            }
        }
    }
}

impl std::error::Error for ImageError {}

/// A ROM image and its symbols (upper case names, as the assembler writes them).
#[derive(Clone, Debug)]
pub struct GuestImage {
    /// The bytes, at most 8 KB.
    pub rom: Vec<u8>,
    symbols: HashMap<String, u16>,
}

impl GuestImage {
    /// The ROM and symbols committed in `roms/`.
    pub fn builtin() -> GuestImage {
        Self::from_parts(BUILTIN_ROM.to_vec(), BUILTIN_SYMBOLS)
            .expect("the committed symbol file parses (tests/asm/roms.rs checks it)")
    }

    /// A ROM file and the `.sym` file beside it (same stem), if there is one.
    pub fn load(rom_path: &Path) -> Result<GuestImage, ImageError> {
        let shown = rom_path.display().to_string();
        let rom = crate::files::read(rom_path, crate::files::ROM_IMAGE)
            .map_err(|e| ImageError::Io(shown, std::io::Error::other(e.reason())))?;
        let sym_path = rom_path.with_extension("sym");
        let text = match crate::files::read_text(&sym_path, crate::files::SOURCE) {
            Ok(text) => text,
            Err(crate::files::FileError::Read { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                String::new()
            }
            Err(e) => {
                let why = std::io::Error::other(e.reason());
                return Err(ImageError::Io(sym_path.display().to_string(), why));
            }
        };
        Self::from_parts(rom, &text)
    }

    /// An image from bytes and symbol-file text.
    pub fn from_parts(rom: Vec<u8>, symbol_text: &str) -> Result<GuestImage, ImageError> {
        let symbols = parse_symbol_file(symbol_text)
            .map_err(ImageError::Symbols)?
            .into_iter()
            .map(|s| (s.name.to_ascii_uppercase(), s.value))
            .collect();
        Ok(GuestImage { rom, symbols })
    }

    /// The value of a symbol.
    pub fn symbol(&self, name: &str) -> Result<u16, ImageError> {
        self.symbols
            .get(&name.to_ascii_uppercase())
            .copied()
            .ok_or_else(|| ImageError::MissingSymbol(name.to_string()))
    }

    /// The opening book the ROM holds at its `BOOK` label, validated (every move legal):
    /// `Ok(None)` when the image has no `BOOK` symbol (an older ROM, a test ROM).
    pub fn book(&self) -> Result<Option<Book>, BookError> {
        match self.symbols.get("BOOK") {
            Some(&addr) => Book::from_image(&self.rom, addr as usize).map(Some),
            None => Ok(None),
        }
    }

    /// The name of the symbol with this value, preferring labels that look like routines.
    pub fn name_of(&self, value: u16) -> Option<&str> {
        self.symbols
            .iter()
            .filter(|(_, v)| **v == value)
            .map(|(k, _)| k.as_str())
            .min()
    }
}
