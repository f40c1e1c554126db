//! The Z80 cross-assembler: Zilog syntax, pasmo-compatible, into a ROM image with a
//! listing, a symbol file and a source map.
//!
//! One concept per file: [`lexer`] (characters to tokens), [`expr`] (expressions),
//! [`operand`] (registers and addressing), [`encoder`] (instructions to bytes),
//! [`directives`] (data directives), [`macros`] (bodies and substitution), [`source`]
//! (files and INCLUDE), [`pass`] (one pass: statements, labels, IF; with `pass/scopes.rs`,
//! symbol definitions and PROC/LOCAL, and [`limits`], what a pass may spend),
//! [`expansion`] (running macros and REPT), [`symbols`], [`source_map`], [`listing`],
//! [`assembly`] (the result).
//!
//! See `docs/assembler.md` for the accepted language and the output formats.

pub mod assembly;
pub mod directive;
pub mod directives;
pub mod encoder;
pub mod error;
pub mod expansion;
pub mod expr;
pub mod lexer;
pub mod listing;
pub mod macros;
pub mod mnemonic;
pub mod operand;
pub mod pass;
pub mod source;
pub mod source_map;
pub mod symbols;

pub use pass::limits;

use std::collections::HashMap;
use std::path::Path;

pub use assembly::Assembly;
pub use error::{AsmError, AsmErrors};
pub use source_map::{SourceMapEntry, parse_source_map};
pub use symbols::{ParseError, Symbol, SymbolKind, parse_symbol_file};

use pass::{Pass, SymbolDef};
use source::Program;

/// Passes after which symbols that still move are reported.
const MAX_PASSES: usize = 16;

/// Assembles the file at `path`; INCLUDE and INCBIN are looked for beside the including file
/// first, then relative to the current directory.
pub fn assemble_file(path: &Path) -> Result<Assembly, AsmErrors> {
    let name = path.to_string_lossy().replace('\\', "/");
    let bytes = crate::files::read(path, crate::files::SOURCE)
        .map_err(|e| AsmErrors::single(AsmError::new(&name, 0, 0, e.to_string())))?;
    let text = String::from_utf8_lossy(&bytes);
    let dir = path.parent().map(Path::to_path_buf);
    assemble_program(Program::load(&name, &text, dir))
}

/// Assembles `text`, named `name` in messages; INCLUDE/INCBIN are relative to the cwd.
pub fn assemble_source(name: &str, text: &str) -> Result<Assembly, AsmErrors> {
    assemble_program(Program::load(name, text, None))
}

fn same_values(a: &HashMap<String, SymbolDef>, b: &HashMap<String, SymbolDef>) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|(k, v)| b.get(k).is_some_and(|w| w.value == v.value))
}

fn assemble_program(program: Program) -> Result<Assembly, AsmErrors> {
    let mut previous = HashMap::new();
    let mut passes = 0;
    loop {
        passes += 1;
        let result = Pass::run(&program, &previous);
        let settled = passes >= 2 && same_values(&result.symbols, &previous);
        if settled || passes >= MAX_PASSES {
            let mut errors = result.errors.clone();
            if !settled {
                let moving: Vec<&str> = result
                    .symbols
                    .iter()
                    .filter(|(k, v)| {
                        previous
                            .get(*k)
                            .is_none_or(|p: &SymbolDef| p.value != v.value)
                    })
                    .map(|(k, _)| k.as_str())
                    .take(5)
                    .collect();
                let main = program.files.first().cloned().unwrap_or_default();
                errors.push(AsmError::new(
                    &main,
                    0,
                    0,
                    format!(
                        "symbol values do not settle after {MAX_PASSES} passes (e.g. {})",
                        moving.join(", ")
                    ),
                ));
            }
            dedup(&mut errors);
            if errors.is_empty() {
                return Ok(Assembly::new(&program, result, passes));
            }
            return Err(AsmErrors(errors));
        }
        previous = result.symbols;
    }
}

/// Drops repeated identical errors (a macro used twice with the same mistake in its body is
/// still reported once per use, as its message names the use).
fn dedup(errors: &mut Vec<AsmError>) {
    let mut seen = std::collections::HashSet::new();
    errors.retain(|e| seen.insert(e.to_string()));
}
