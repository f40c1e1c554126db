//! What one pass may spend: lines and text run (macro and REPT expansions counted each
//! time, lines scanned for an ENDM too), open PROC scopes, and errors kept.
//!
//! Every input, however large or self-multiplying (a REPT in a REPT, a macro that doubles
//! its argument at each level, a PROC never closed), so ends with a clear error in time and
//! memory bounded by these numbers, never with the memory or the stack exhausted.

use std::collections::{HashMap, HashSet};

use super::Pass;
use crate::assembler::error::AsmError;
use crate::assembler::source::{MAX_SOURCE_TEXT, MAX_SOURCE_TEXT_WORDS};

/// Most lines a pass may run (guards REPT inside REPT).
pub const MAX_LINES_PER_PASS: usize = 2_000_000;

/// Most PROC blocks open at once (each symbol lookup walks the open scopes).
pub const MAX_OPEN_PROCS: usize = 256;

/// Most distinct errors kept; the rest are counted in one last error.
pub const MAX_ERRORS: usize = 1000;

/// Most bytes a pass stores: one more than the address space, so that storing them has
/// written some address twice or gone past FFFF, and said so. Later bytes only move the
/// address (`REPT 65535` of `ORG 0` and `DS 65535` would store 4 GB).
pub const MAX_BYTES_STORED: usize = 0x10001;

/// What a pass has spent so far, and the errors it keeps.
#[derive(Default)]
pub(in crate::assembler) struct Spending {
    /// Lines run or scanned.
    lines: usize,
    /// Bytes of those lines.
    text: usize,
    /// The texts of the errors kept, to keep each once.
    error_texts: HashSet<String>,
    /// Errors not kept once [`MAX_ERRORS`] were.
    errors_dropped: usize,
    /// Bytes stored (see [`MAX_BYTES_STORED`]).
    bytes_stored: usize,
    /// Where each reading error of the program is, by file name and line (built once).
    load_errors_at: Option<HashMap<(String, u32), Vec<usize>>>,
    /// Reading errors already reported.
    load_errors_reported: HashSet<usize>,
}

impl Pass<'_> {
    /// Charges `lines` lines of `text` bytes to the pass; past a limit reports it on the
    /// current line, ends the pass and returns false.
    pub(in crate::assembler) fn charge(&mut self, lines: usize, text: usize) -> bool {
        let spent = &mut self.spending;
        spent.lines = spent.lines.saturating_add(lines);
        spent.text = spent.text.saturating_add(text);
        let message = if spent.lines > MAX_LINES_PER_PASS {
            format!("more than {MAX_LINES_PER_PASS} lines assembled: runaway REPT?")
        } else if spent.text > MAX_SOURCE_TEXT {
            format!(
                "more than {MAX_SOURCE_TEXT_WORDS} of source text assembled in one pass: \
                 runaway REPT or macro?"
            )
        } else {
            return true;
        };
        if !self.ended {
            self.error(0, message);
            self.ended = true;
        }
        false
    }

    /// How many of `len` bytes about to be emitted to store; counts them as stored.
    pub(in crate::assembler) fn storage_for(&mut self, len: usize) -> usize {
        let spent = &mut self.spending;
        let room = MAX_BYTES_STORED.saturating_sub(spent.bytes_stored).min(len);
        spent.bytes_stored += room;
        room
    }

    /// Bytes of text the pass may still run.
    pub(in crate::assembler) fn text_left(&self) -> usize {
        MAX_SOURCE_TEXT.saturating_sub(self.spending.text)
    }

    /// Keeps `error` unless the same text is already kept or [`MAX_ERRORS`] are.
    pub(in crate::assembler) fn keep_error(&mut self, error: AsmError) {
        let spent = &mut self.spending;
        if spent.error_texts.len() >= MAX_ERRORS {
            spent.errors_dropped += 1;
            return;
        }
        if spent.error_texts.insert(error.to_string()) {
            self.errors.push(error);
        }
    }

    /// The last error of a pass that dropped some: how many.
    pub(in crate::assembler) fn report_dropped_errors(&mut self) {
        let dropped = self.spending.errors_dropped;
        if dropped > 0 {
            let main = self.program.files.first().map_or("?", String::as_str);
            self.errors.push(AsmError::new(
                main,
                0,
                0,
                format!("{dropped} more errors not shown (only the first {MAX_ERRORS} are)"),
            ));
        }
    }

    /// Reports the reading errors of line `line` of file `file` (an INCLUDE line), in
    /// their place in the source.
    pub(in crate::assembler) fn report_load_errors_at(&mut self, file: usize, line: u32) {
        let program = self.program;
        let index = self.spending.load_errors_at.get_or_insert_with(|| {
            let mut index: HashMap<(String, u32), Vec<usize>> = HashMap::new();
            for (k, e) in program.errors.iter().enumerate() {
                index.entry((e.file.clone(), e.line)).or_default().push(k);
            }
            index
        });
        let name = program.files.get(file).map_or("?", String::as_str);
        let Some(found) = index.get(&(name.to_string(), line)) else {
            return;
        };
        for k in found.clone() {
            if self.spending.load_errors_reported.insert(k) {
                self.keep_error(program.errors[k].clone());
            }
        }
    }

    /// Reports the reading errors on lines no pass reached (after END, say).
    pub(in crate::assembler) fn report_remaining_load_errors(&mut self) {
        let program = self.program;
        for (k, e) in program.errors.iter().enumerate() {
            if !self.spending.load_errors_reported.contains(&k) {
                self.keep_error(e.clone());
            }
        }
    }

    /// Checks that one more PROC may open; reports it otherwise.
    pub(in crate::assembler) fn may_open_proc(&mut self, col: u32) -> bool {
        let open = self.scopes.iter().filter(|s| s.is_proc).count();
        if open >= MAX_OPEN_PROCS {
            self.error(
                col,
                format!("more than {MAX_OPEN_PROCS} PROC blocks open at once (ENDP missing?)"),
            );
            return false;
        }
        true
    }
}
