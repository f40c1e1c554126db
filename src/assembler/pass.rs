//! One assembly pass over the program: statements, labels, conditionals, macros, scopes.
//!
//! The assembler runs passes until every symbol keeps its value from one pass to the next
//! (forward references settle), then keeps the last pass: its bytes, its listing records and
//! its errors. Each pass reads symbols it has not defined yet from the previous pass.

use std::collections::HashMap;
use std::rc::Rc;

use super::directive::Directive;
use super::encoder;
use super::error::AsmError;
use super::expr::{self, EvalError};
use super::lexer::{self, Token};
use super::macros::{self, MacroDef};
use super::mnemonic::Mnemonic;
use super::operand::{self, Value};
use super::source::{self, Program, SourceLine};
use super::symbols::SymbolKind;

pub mod limits;
mod scopes;

use limits::Spending;
use scopes::LocalScope;

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

struct IfFrame {
    /// This branch is assembled.
    active: bool,
    /// Some branch of this IF was (or is) taken.
    taken: bool,
    /// The IF itself is in an assembled region.
    parent_active: bool,
    else_seen: bool,
    file: usize,
    line: u32,
    col: u32,
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

/// A statement's parts: optional label, optional operation word, operand tokens.
pub(super) struct Statement<'t> {
    pub(super) label: Option<&'t Token>,
    pub(super) op: Option<&'t Token>,
    pub(super) operands: &'t [Token],
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

    pub(super) fn run_block(&mut self, lines: &[SourceLine]) {
        let mut ifs: Vec<IfFrame> = Vec::new();
        let mut i = 0;
        while i < lines.len() && !self.ended && !self.exit_macro {
            let line = &lines[i];
            i += 1;
            self.current = (line.file, line.line, line.context.clone());
            if !self.charge(1, line.text.len()) {
                break;
            }
            let active = ifs.last().is_none_or(|f| f.active);
            if let Some(source::FileDirective {
                word,
                label,
                name,
                col,
            }) = source::file_directive(&line.text)
            {
                if word == "INCLUDE" {
                    self.report_load_errors_at(line.file, line.line);
                }
                if active {
                    self.record(line);
                    if let Some(label) = label {
                        self.define_label(&label, 1);
                    }
                    if word == "INCBIN" {
                        self.incbin(line.file, name, col);
                    }
                }
                continue;
            }
            let tokens = match lexer::tokenize(&line.text) {
                Ok(t) => t,
                Err(e) => {
                    if active {
                        self.record(line);
                        self.error(e.col, e.message);
                    }
                    continue;
                }
            };
            let stmt = self.split_statement(&tokens);
            let op = stmt.op.and_then(Token::ident).map(str::to_ascii_uppercase);
            let directive = op.as_deref().and_then(Directive::parse);
            if self.conditional(directive, &stmt, line, &mut ifs, active) {
                continue;
            }
            if !active {
                // Skip a whole macro definition in a false branch, so its body's IF/ENDIF
                // does not disturb ours.
                if matches!(directive, Some(Directive::Macro | Directive::Rept)) {
                    i = self.block_end(lines, i).map_or(lines.len(), |e| e + 1);
                }
                continue;
            }
            self.record(line);
            i = self.statement(line, &tokens, &stmt, op.as_deref(), lines, i);
        }
        for frame in ifs {
            self.current = (
                frame.file,
                frame.line,
                lines.first().and_then(|l| l.context.clone()),
            );
            self.error(frame.col, "IF without ENDIF");
        }
    }

    /// IF, ELSE and ENDIF: keeps the stack of open conditionals; true when the statement
    /// was one of them.
    fn conditional(
        &mut self,
        directive: Option<Directive>,
        stmt: &Statement,
        line: &SourceLine,
        ifs: &mut Vec<IfFrame>,
        active: bool,
    ) -> bool {
        match directive {
            Some(Directive::If) => {
                let taken = active
                    && self
                        .eval_tokens(stmt.operands, "IF")
                        .is_some_and(|v| v != 0);
                if active {
                    self.record(line);
                }
                ifs.push(IfFrame {
                    active: active && taken,
                    taken,
                    parent_active: active,
                    else_seen: false,
                    file: line.file,
                    line: line.line,
                    col: stmt.op.map_or(1, |t| t.col),
                });
                true
            }
            Some(Directive::Else) => {
                match ifs.last_mut() {
                    Some(frame) if !frame.else_seen => {
                        frame.else_seen = true;
                        frame.active = frame.parent_active && !frame.taken;
                        frame.taken = true;
                        if frame.parent_active {
                            self.record(line);
                        }
                    }
                    Some(_) => {
                        self.error(stmt.op.map_or(1, |t| t.col), "second ELSE for the same IF")
                    }
                    None => self.error(stmt.op.map_or(1, |t| t.col), "ELSE without IF"),
                }
                true
            }
            Some(Directive::Endif) => {
                match ifs.pop() {
                    Some(frame) if frame.parent_active => self.record(line),
                    Some(_) => {}
                    None => self.error(stmt.op.map_or(1, |t| t.col), "ENDIF without IF"),
                }
                true
            }
            _ => false,
        }
    }

    /// Finds label, operation and operands in a line's tokens.
    pub(super) fn split_statement<'t>(&self, tokens: &'t [Token]) -> Statement<'t> {
        let Some(first) = tokens.first() else {
            return Statement {
                label: None,
                op: None,
                operands: &[],
            };
        };
        let defines = |t: Option<&Token>| {
            t.and_then(Token::ident)
                .and_then(Directive::parse)
                .is_some_and(Directive::defines_a_name)
        };
        let (label, rest) = match (first.ident(), tokens.get(1)) {
            (Some(_), Some(colon)) if colon.is_op(":") => (Some(first), &tokens[2..]),
            // `DEC EQU 1`: taken as a definition so that the message says "reserved word".
            (Some(_), next) if defines(next) => (Some(first), &tokens[1..]),
            (Some(word), next) if !is_keyword(word) => {
                let defines = defines(next);
                let is_macro = self.macros.contains_key(word);
                if defines || (first.col == 1 && !is_macro) {
                    (Some(first), &tokens[1..])
                } else {
                    (None, tokens)
                }
            }
            _ => (None, tokens),
        };
        Statement {
            label,
            op: rest.first(),
            operands: rest.get(1..).unwrap_or(&[]),
        }
    }

    /// Assembles one active statement; returns the index of the next line to run.
    pub(super) fn statement(
        &mut self,
        line: &SourceLine,
        tokens: &[Token],
        stmt: &Statement,
        op: Option<&str>,
        lines: &[SourceLine],
        next: usize,
    ) -> usize {
        self.dollar = self.pc;
        let label_name = stmt.label.and_then(Token::ident).map(str::to_string);
        let label_col = stmt.label.map_or(1, |t| t.col);
        let op_col = stmt.op.map_or(1, |t| t.col);
        if let Some(op_token) = stmt.op
            && op_token.ident().is_none()
        {
            self.error(
                op_col,
                format!(
                    "instruction or directive expected, found '{}'",
                    expr::describe(op_token)
                ),
            );
            return next;
        }
        let directive = op.and_then(Directive::parse);
        // The directives that define the label before them, or whose body is lines below.
        match (directive, op) {
            (Some(Directive::Equ | Directive::Defl), Some(word)) => {
                self.equate(word, label_name, stmt, label_col, op_col);
                return next;
            }
            (Some(Directive::Macro), _) => return self.define_macro(stmt, label_name, lines, next),
            (Some(Directive::Rept), _) => return self.rept(line, stmt, lines, next),
            (Some(Directive::Endm), _) => {
                self.error(op_col, "ENDM without MACRO or REPT");
                return next;
            }
            _ => {}
        }
        if let Some(name) = &label_name {
            self.define_label(name, label_col);
        }
        let Some(op) = op else { return next };
        match directive {
            Some(directive) => self.directive(directive, line, stmt, op_col),
            None => match Mnemonic::parse(op) {
                Some(mnemonic) => self.instruction(mnemonic, stmt.operands, op_col),
                None => self.macro_call(line, tokens, stmt, op_col),
            },
        }
        next
    }

    /// The work of a directive on a line of its own (after its label is defined).
    fn directive(
        &mut self,
        directive: Directive,
        line: &SourceLine,
        stmt: &Statement,
        op_col: u32,
    ) {
        match directive {
            Directive::Org => self.origin(stmt),
            Directive::Db => self.define_bytes(stmt.operands, op_col),
            Directive::Dw => self.define_words(stmt.operands, op_col),
            Directive::Ds => self.define_space(stmt.operands, op_col),
            Directive::End => self.ended = true,
            Directive::Proc => {
                if self.may_open_proc(op_col) {
                    self.push_scope(true, op_col);
                }
            }
            Directive::Endp => {
                if self.scopes.last().is_some_and(|s| s.is_proc) {
                    self.scopes.pop();
                } else {
                    self.error(op_col, "ENDP without PROC");
                }
            }
            Directive::Local => self.declare_locals(stmt.operands, op_col),
            Directive::Exitm => {
                if self.depth == 0 {
                    self.error(op_col, "EXITM outside a macro");
                } else {
                    self.exit_macro = true;
                }
            }
            Directive::Error => {
                let text = stmt
                    .operands
                    .first()
                    .map_or("", |t| line.text.get(t.start..).unwrap_or(""));
                self.error(op_col, format!(".ERROR {}", text.trim()));
            }
            Directive::Public | Directive::Warning => {}
            // Done before: IF/ELSE/ENDIF, INCLUDE and INCBIN by `run_block`, the ones that
            // define a name or own the lines below by `statement`.
            Directive::If
            | Directive::Else
            | Directive::Endif
            | Directive::Include
            | Directive::Incbin
            | Directive::Equ
            | Directive::Defl
            | Directive::Macro
            | Directive::Endm
            | Directive::Rept => {}
        }
    }

    /// `name EQU value` and `name DEFL value`: the value is also shown in the listing.
    fn equate(
        &mut self,
        word: &str,
        label_name: Option<String>,
        stmt: &Statement,
        label_col: u32,
        op_col: u32,
    ) {
        let kind = if word == "EQU" {
            SymbolKind::Equ
        } else {
            SymbolKind::Defl
        };
        let Some(name) = label_name else {
            self.error(op_col, format!("{word} needs a name before it"));
            return;
        };
        let value = self.eval_tokens(stmt.operands, word).unwrap_or(0);
        if let Some(r) = self.records.last_mut() {
            r.value = Some(value);
        }
        self.define(&name, value, kind, label_col);
    }

    /// `ORG address`: the address of what follows, also in the listing's record.
    fn origin(&mut self, stmt: &Statement) {
        let Some(v) = self.eval_tokens(stmt.operands, "ORG") else {
            return;
        };
        if (0..=0xFFFF).contains(&v) {
            self.pc = v;
            if let Some(r) = self.records.last_mut() {
                r.address = Some(v as u16);
            }
        } else {
            self.error(stmt.operands[0].col, format!("ORG {v} is outside 0..FFFF"));
        }
    }

    /// A word that is no instruction and no directive: a macro's expansion, or an error
    /// (with a hint when it looks like a label without its ':').
    fn macro_call(&mut self, line: &SourceLine, tokens: &[Token], stmt: &Statement, op_col: u32) {
        let word = stmt
            .op
            .and_then(Token::ident)
            .unwrap_or_default()
            .to_string();
        if let Some(def) = self.macros.get(&word).cloned() {
            let args = macros::argument_texts(&line.text, stmt.operands);
            self.expand_macro(&def, &args, line);
        } else if stmt.label.is_none()
            && tokens
                .get(1)
                .is_some_and(|t| t.ident().is_some_and(is_keyword))
        {
            self.error(
                op_col,
                format!("'{word}' is not an instruction; a label in this place needs a ':'"),
            );
        } else {
            self.error(
                op_col,
                format!("unknown instruction, directive or macro '{word}'"),
            );
        }
    }

    pub(super) fn instruction(
        &mut self,
        mnemonic: Mnemonic,
        operand_tokens: &[Token],
        op_col: u32,
    ) {
        let mut operands = Vec::new();
        for part in operand::split_commas(operand_tokens) {
            if part.is_empty() {
                let col = operand_tokens.first().map_or(op_col, |t| t.col);
                self.error(col, "empty operand");
                return;
            }
            match operand::parse(part) {
                Ok(op) => operands.push(op),
                Err(e) => {
                    self.error(e.col, e.message);
                    return;
                }
            }
        }
        self.value_undefined = false;
        match encoder::encode(mnemonic, &operands, self) {
            Ok(bytes) => self.emit(&bytes),
            Err(message) => self.error(op_col, message),
        }
    }

    /// Opens a record for a line in the listing; emitted bytes go to the last record.
    pub(super) fn record(&mut self, line: &SourceLine) {
        self.records.push(Record {
            file: line.file,
            line: line.line,
            text: line.text.clone(),
            address: u16::try_from(self.pc).ok(),
            bytes: Vec::new(),
            value: None,
            expanded: line.context.is_some(),
        });
    }

    /// Appends bytes at the current address.
    pub(super) fn emit(&mut self, bytes: &[u8]) {
        let stored = self.storage_for(bytes.len());
        self.store(&bytes[..stored]);
        self.pc += (bytes.len() - stored) as i64;
    }

    /// Appends `count` bytes of `fill` at the current address (DS).
    pub(super) fn emit_fill(&mut self, fill: u8, count: usize) {
        let stored = self.storage_for(count);
        self.store(&vec![fill; stored]);
        self.pc += (count - stored) as i64;
    }

    /// Writes bytes at the current address, into the memory and the line's record.
    fn store(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let Ok(address) = u16::try_from(self.pc) else {
                if !self.past_end_reported {
                    self.past_end_reported = true;
                    self.error(0, "code goes past address FFFF");
                }
                return;
            };
            let a = usize::from(address);
            if self.memory.written[a] && !self.overlap_reported {
                self.overlap_reported = true;
                self.error(
                    0,
                    format!("address {address:04X} is written twice (overlapping ORG)"),
                );
            }
            self.memory.bytes[a] = b;
            self.memory.written[a] = true;
            self.pc += 1;
            if let Some(r) = self.records.last_mut() {
                r.bytes.push(b);
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

impl encoder::Context for Pass<'_> {
    fn eval(&mut self, value: &Value) -> i64 {
        let mut errors = Vec::new();
        let v = expr::eval(&value.expr, self, &mut errors);
        self.value_undefined |= !errors.is_empty();
        self.report_eval(errors, value.col);
        v
    }

    fn report(&mut self, col: u32, message: String) {
        if !self.value_undefined {
            self.error(col, message);
        }
    }

    fn instruction_address(&self) -> i64 {
        self.dollar
    }
}
