//! Source text: reading files, splitting lines, expanding INCLUDE before the passes.
//!
//! As in pasmo, INCLUDE is processed before assembly (so an IF cannot choose a file). A file
//! named in INCLUDE or INCBIN is looked for next to the including file first, then in the
//! current directory. File names are quoted (`"a b.asm"` or `'x.asm'`) or run up to the
//! next blank.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::error::AsmError;

/// One line of source, after INCLUDE expansion (and, in a pass, after macro expansion).
#[derive(Debug, Clone)]
pub struct SourceLine {
    /// Index into the file table.
    pub file: usize,
    /// 1-based line number in that file.
    pub line: u32,
    /// The text, without its newline.
    pub text: Rc<str>,
    /// Set for lines that come from a macro or REPT body: "in macro X expanded at f:l".
    pub context: Option<Rc<str>>,
}

/// The files read for an assembly and their lines, INCLUDEs expanded.
#[derive(Debug, Default)]
pub struct Program {
    /// File names as shown in messages, listing and source map.
    pub files: Vec<String>,
    /// Where each file lives, for INCLUDE/INCBIN relative to it.
    pub dirs: Vec<Option<PathBuf>>,
    /// Every line in assembly order.
    pub lines: Vec<SourceLine>,
    /// Problems met while reading (missing include, recursion).
    pub errors: Vec<AsmError>,
    /// Bytes of source read so far, a file included twice counted twice.
    pub text_read: usize,
}

/// INCLUDEs deeper than this are taken as recursion.
const MAX_INCLUDE_DEPTH: usize = 32;

/// Most source text an assembly reads (INCLUDEs counted each time they are met) and a pass
/// runs (macro and REPT expansions counted each time): a file that includes itself twice,
/// or a REPT in a REPT, ends with an error, not with the memory or the time exhausted.
/// The guest program is about 0.3 MiB; a table of 65,536 one-byte DB lines about 1.3 MiB.
/// A pass runs about 1 MiB of dense data lines a second.
pub const MAX_SOURCE_TEXT: usize = 16 << 20;

/// [`MAX_SOURCE_TEXT`] in words, for messages.
pub const MAX_SOURCE_TEXT_WORDS: &str = "16 MiB";

/// Most files an assembly reads, a file included twice counted twice (the guest reads 15).
pub const MAX_FILES: usize = 1000;

/// An INCLUDE or INCBIN line, read before tokenising (file names are not tokens).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDirective {
    /// `INCLUDE` or `INCBIN`.
    pub word: String,
    /// The label before the directive, if any.
    pub label: Option<String>,
    /// The file name, or what is wrong with it.
    pub name: Result<String, String>,
    /// 1-based column where the name starts.
    pub col: u32,
}

/// If `text` is an INCLUDE or INCBIN line, returns its parts.
pub fn file_directive(text: &str) -> Option<FileDirective> {
    let bytes = text.as_bytes();
    let word_at = |from: usize| -> (usize, usize) {
        let mut s = from;
        while s < bytes.len() && (bytes[s] == b' ' || bytes[s] == b'\t') {
            s += 1;
        }
        let mut e = s;
        while e < bytes.len() && (bytes[e].is_ascii_alphanumeric() || b"_?@.$".contains(&bytes[e]))
        {
            e += 1;
        }
        (s, e)
    };
    let (s1, e1) = word_at(0);
    let first = text.get(s1..e1)?;
    let is_file_word =
        |w: &str| w.eq_ignore_ascii_case("INCLUDE") || w.eq_ignore_ascii_case("INCBIN");
    let (label, word, rest_from) = if is_file_word(first) {
        (None, first, e1)
    } else {
        let mut after = e1;
        if bytes.get(after) == Some(&b':') {
            after += 1;
        }
        let (s2, e2) = word_at(after);
        let second = text.get(s2..e2)?;
        if first.is_empty() || !is_file_word(second) {
            return None;
        }
        (Some(first.to_string()), second, e2)
    };
    let mut s = rest_from;
    while s < bytes.len() && (bytes[s] == b' ' || bytes[s] == b'\t') {
        s += 1;
    }
    let col = super::lexer::column(text, s);
    let rest = text.get(s..).unwrap_or("");
    let name = match rest.chars().next() {
        None | Some(';') => Err(format!("{} needs a file name", word.to_ascii_uppercase())),
        Some(q @ ('"' | '\'')) => match rest[1..].find(q) {
            Some(end) => Ok(rest[1..1 + end].to_string()),
            None => Err(format!("the file name has no closing {q}")),
        },
        Some(_) => Ok(rest
            .split([' ', '\t', ';'])
            .next()
            .unwrap_or_default()
            .to_string()),
    };
    Some(FileDirective {
        word: word.to_ascii_uppercase(),
        label,
        name,
        col,
    })
}

/// Finds a file named in INCLUDE/INCBIN: beside the including file, then as given.
pub fn resolve(name: &str, dir: Option<&Path>) -> PathBuf {
    if let Some(dir) = dir {
        let beside = dir.join(name);
        if beside.exists() {
            return beside;
        }
    }
    PathBuf::from(name)
}

/// Shown name for an included file: its path as resolved, with forward slashes.
fn display_name(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

impl Program {
    /// Reads `text` as the main file `name` (whose directory is `dir`), expanding INCLUDEs.
    pub fn load(name: &str, text: &str, dir: Option<PathBuf>) -> Program {
        let mut program = Program::default();
        program.add_file(name.to_string(), text, dir, 0);
        program
    }

    fn add_file(&mut self, name: String, text: &str, dir: Option<PathBuf>, depth: usize) {
        let file = self.files.len();
        self.files.push(name);
        self.dirs.push(dir);
        self.text_read = self.text_read.saturating_add(text.len());
        if depth == 0 && text.len() > MAX_SOURCE_TEXT {
            self.errors.push(AsmError::new(
                &self.files[file],
                0,
                0,
                format!(
                    "the source is {} bytes, more than the {MAX_SOURCE_TEXT_WORDS} an assembly reads",
                    text.len()
                ),
            ));
            return;
        }
        let mut pieces: Vec<&str> = text.split('\n').collect();
        if pieces.len() > 1 && pieces.last() == Some(&"") {
            pieces.pop(); // the empty piece after the final newline
        }
        for (i, raw) in pieces.into_iter().enumerate() {
            let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            self.lines.push(SourceLine {
                file,
                line: line_no,
                text: Rc::from(raw),
                context: None,
            });
            if let Some(directive) = file_directive(raw)
                && directive.word == "INCLUDE"
            {
                if self.text_read > MAX_SOURCE_TEXT || self.files.len() >= MAX_FILES {
                    let message = format!(
                        "INCLUDE past the limits of {MAX_FILES} files or \
                         {MAX_SOURCE_TEXT_WORDS} read (is a file included again and again?)"
                    );
                    self.errors.push(AsmError::new(
                        &self.files[file],
                        line_no,
                        directive.col,
                        message,
                    ));
                    continue;
                }
                self.include(file, line_no, directive.col, directive.name, depth);
            }
        }
    }

    fn include(
        &mut self,
        file: usize,
        line: u32,
        col: u32,
        name: Result<String, String>,
        depth: usize,
    ) {
        let here = self.files[file].clone();
        let name = match name {
            Ok(n) => n,
            Err(message) => {
                self.errors.push(AsmError::new(&here, line, col, message));
                return;
            }
        };
        if depth >= MAX_INCLUDE_DEPTH {
            self.errors.push(AsmError::new(
                &here,
                line,
                col,
                format!("INCLUDE nested more than {MAX_INCLUDE_DEPTH} deep (does '{name}' include itself?)"),
            ));
            return;
        }
        let path = resolve(&name, self.dirs[file].as_deref());
        match crate::files::read(&path, crate::files::INCLUDE) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let dir = path.parent().map(Path::to_path_buf);
                self.add_file(display_name(&path), &text, dir, depth + 1);
            }
            Err(e) => self
                .errors
                .push(AsmError::new(&here, line, col, e.to_string())),
        }
    }
}
