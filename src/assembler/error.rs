//! Assembly errors: where in the source (file, line, column) and what went wrong.
//!
//! Every distinct error the assembler finds is collected (it keeps going line by line), up
//! to `limits::MAX_ERRORS` and one that counts the rest, so the library returns
//! [`AsmErrors`], a list, and prints each as `file:line:col: error: message`.

use std::fmt;

/// One error in the input, located at a 1-based line and column of a named file.
///
/// `line` 0 means "the whole file" (for example an output that does not fit), `col` 0
/// means "the whole line".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    /// The file name as given to the assembler (or as written in INCLUDE).
    pub file: String,
    /// 1-based line number, 0 when the error is not about one line.
    pub line: u32,
    /// 1-based column, 0 when the error is about the whole line.
    pub col: u32,
    /// What went wrong, in words a person understands.
    pub message: String,
}

impl AsmError {
    /// An error at `file:line:col`.
    pub fn new(file: &str, line: u32, col: u32, message: impl Into<String>) -> Self {
        AsmError {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
        }
    }
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (0, _) => write!(f, "{}: error: {}", self.file, self.message),
            (line, 0) => write!(f, "{}:{}: error: {}", self.file, line, self.message),
            (line, col) => write!(f, "{}:{}:{}: error: {}", self.file, line, col, self.message),
        }
    }
}

impl std::error::Error for AsmError {}

/// All the errors of one assembly, in source order; never empty when returned as an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmErrors(pub Vec<AsmError>);

impl AsmErrors {
    /// A list holding one error.
    pub fn single(error: AsmError) -> Self {
        AsmErrors(vec![error])
    }

    /// The errors, in source order.
    pub fn errors(&self) -> &[AsmError] {
        &self.0
    }
}

impl fmt::Display for AsmErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for AsmErrors {}
