//! One assembly pass over the program: statements, labels, conditionals, macros, scopes.
//!
//! The assembler runs passes until every symbol keeps its value from one pass to the next
//! (forward references settle), then keeps the last pass: its bytes, its listing records and
//! its errors. Each pass reads symbols it has not defined yet from the previous pass.
//!
//! The pass's state is here; its work is in topics: `pass/block.rs` (the line loop and
//! IF/ELSE/ENDIF), `pass/statement.rs` (one statement: label, directive, instruction, macro
//! call), `pass/emit.rs` (listing records and memory), `pass/scopes.rs` (symbol definitions
//! and PROC/LOCAL), `pass/limits.rs` (what a pass may spend).

use std::collections::HashMap;
use std::rc::Rc;

use super::directive::Directive;
use super::error::AsmError;
use super::expr::{self, EvalError};
use super::lexer::Token;
use super::macros::MacroDef;
use super::mnemonic::Mnemonic;
use super::source::Program;
use super::symbols::SymbolKind;

mod block;
mod emit;
pub mod limits;
mod scopes;
mod statement;

use limits::Spending;
use scopes::LocalScope;
pub(super) use statement::Statement;

/// A symbol as a pass knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolDef {
    /// Its value (range checked where it is used).
    pub value: i64,
    /// How it was defined.
    pub kind: SymbolKind,
    /// Where: file index and line.
    pub file: usize,
    /// 1-based line.
    pub line: u32,
}

/// One line as it appears in the listing.
#[derive(Debug, Clone)]
pub struct Record {
    /// File index.
    pub file: usize,
    /// 1-based line.
    pub line: u32,
    /// The source text.
    pub text: Rc<str>,
    /// Address of the first byte emitted, or of the statement.
    pub address: Option<u16>,
    /// Bytes emitted by the line.
    pub bytes: Vec<u8>,
    /// Value of an EQU/DEFL.
    pub value: Option<i64>,
    /// True for lines that come from a macro or REPT expansion.
    pub expanded: bool,
}

/// The 64 KB address space and which bytes were written.
pub struct Memory {
    /// Byte per address.
    pub bytes: Vec<u8>,
    /// True where a byte was emitted.
    pub written: Vec<bool>,
}

/// What a pass produced.
pub struct PassResult {
    /// Symbols defined in this pass.
    pub symbols: HashMap<String, SymbolDef>,
    /// Their names in definition order.
    pub order: Vec<String>,
    /// Errors found in this pass.
    pub errors: Vec<AsmError>,
    /// Listing records.
    pub records: Vec<Record>,
    /// The emitted bytes.
    pub memory: Memory,
}

/// True for mnemonics and directives: reserved words.
pub(super) fn is_keyword(word: &str) -> bool {
    Mnemonic::parse(word).is_some() || Directive::parse(word).is_some()
}

/// The state of one pass.
pub struct Pass<'p> {
    pub(super) program: &'p Program,
    pub(super) previous: &'p HashMap<String, SymbolDef>,
    pub(super) symbols: HashMap<String, SymbolDef>,
    pub(super) order: Vec<String>,
    pub(super) macros: HashMap<String, Rc<MacroDef>>,
    pub(super) pc: i64,
    pub(super) dollar: i64,
    pub(super) errors: Vec<AsmError>,
    pub(super) records: Vec<Record>,
    pub(super) memory: Memory,
    pub(super) scopes: Vec<LocalScope>,
    pub(super) next_scope: u32,
    pub(super) ended: bool,
    pub(super) exit_macro: bool,
    pub(super) depth: u32,
    /// Lines and text run, errors kept (see `limits.rs`).
    pub(super) spending: Spending,
    pub(super) past_end_reported: bool,
    pub(super) overlap_reported: bool,
    /// The current instruction used an undefined symbol: its range errors are noise.
    pub(super) value_undefined: bool,
    /// The line being assembled: file, line number, macro context.
    pub(super) current: (usize, u32, Option<Rc<str>>),
}

impl<'p> Pass<'p> {
    /// Runs one pass over `program`, reading not-yet-defined symbols from `previous`.
    pub fn run(program: &'p Program, previous: &'p HashMap<String, SymbolDef>) -> PassResult {
        let mut pass = Pass {
            program,
            previous,
            symbols: HashMap::new(),
            order: Vec::new(),
            macros: HashMap::new(),
            pc: 0,
            dollar: 0,
            errors: Vec::new(),
            records: Vec::new(),
            memory: Memory {
                bytes: vec![0xFF; 0x10000],
                written: vec![false; 0x10000],
            },
            scopes: Vec::new(),
            next_scope: 0,
            ended: false,
            exit_macro: false,
            depth: 0,
            spending: Spending::default(),
            past_end_reported: false,
            overlap_reported: false,
            value_undefined: false,
            current: (0, 0, None),
        };
        pass.run_block(&program.lines);
        if let Some(open) = pass.scopes.iter().find(|s| s.is_proc).map(|s| s.opened_at) {
            pass.current = (open.0, open.1, None);
            pass.error(open.2, "PROC without ENDP");
        }
        // Reading errors on lines no pass reached (after END, say) are still errors.
        pass.report_remaining_load_errors();
        pass.report_dropped_errors();
        PassResult {
            symbols: pass.symbols,
            order: pass.order,
            errors: pass.errors,
            records: pass.records,
            memory: pass.memory,
        }
    }

    /// Reports an error on the current line.
    pub(super) fn error(&mut self, col: u32, message: impl Into<String>) {
        let (file, line, context) = &self.current;
        let mut message = message.into();
        if let Some(context) = context {
            message.push_str(" (");
            message.push_str(context);
            message.push(')');
        }
        let name = self.program.files.get(*file).map_or("?", String::as_str);
        let error = AsmError::new(name, *line, col, message);
        self.keep_error(error);
    }

    pub(super) fn report_eval(&mut self, errors: Vec<EvalError>, fallback_col: u32) {
        for e in errors {
            let col = if e.col == 0 { fallback_col } else { e.col };
            self.error(col, e.message);
        }
    }

    /// Evaluates an expression given as tokens (all of them).
    pub(super) fn eval_tokens(&mut self, tokens: &[Token], what: &str) -> Option<i64> {
        let Some(first) = tokens.first() else {
            self.error(0, format!("{what} needs a value"));
            return None;
        };
        match expr::parse_all(tokens) {
            Ok(e) => {
                let mut errors = Vec::new();
                let v = expr::eval(&e, self, &mut errors);
                self.report_eval(errors, first.col);
                Some(v)
            }
            Err(e) => {
                self.error(e.col, e.message);
                None
            }
        }
    }

    pub(super) fn program(&self) -> &Program {
        self.program
    }

    pub(super) fn error_at(&mut self, col: u32, message: String) {
        self.error(col, message);
    }

    pub(super) fn eval_value(&mut self, tokens: &[Token], what: &str) -> Option<i64> {
        self.eval_tokens(tokens, what)
    }
}
