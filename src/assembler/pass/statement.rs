//! One statement: its label, operation and operands found, then the work of its directive,
//! instruction or macro call.

use super::{Pass, is_keyword};
use crate::assembler::directive::Directive;
use crate::assembler::encoder;
use crate::assembler::expr;
use crate::assembler::lexer::Token;
use crate::assembler::macros;
use crate::assembler::mnemonic::Mnemonic;
use crate::assembler::operand::{self, Value};
use crate::assembler::source::SourceLine;
use crate::assembler::symbols::SymbolKind;

/// A statement's parts: optional label, optional operation word, operand tokens.
pub(in crate::assembler) struct Statement<'t> {
    pub(in crate::assembler) label: Option<&'t Token>,
    pub(in crate::assembler) op: Option<&'t Token>,
    pub(in crate::assembler) operands: &'t [Token],
}

impl Pass<'_> {
    /// Finds label, operation and operands in a line's tokens.
    pub(in crate::assembler) fn split_statement<'t>(&self, tokens: &'t [Token]) -> Statement<'t> {
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
    pub(in crate::assembler) fn statement(
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

    pub(in crate::assembler) fn instruction(
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
