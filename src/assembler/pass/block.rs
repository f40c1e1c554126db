//! The line loop of a pass: each line to its statement, with IF/ELSE/ENDIF deciding which
//! lines are assembled, and INCLUDE/INCBIN lines (already read by `source.rs`) recorded.

use super::{Pass, Statement};
use crate::assembler::directive::Directive;
use crate::assembler::lexer::{self, Token};
use crate::assembler::source::{self, SourceLine};

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

impl Pass<'_> {
    pub(in crate::assembler) fn run_block(&mut self, lines: &[SourceLine]) {
        let mut ifs: Vec<IfFrame> = Vec::new();
        let mut i = 0;
        while i < lines.len() && !self.ended && !self.exit_macro {
            let line = &lines[i];
            i += 1;
            self.current = (line.file, line.line, line.context.clone());
            if !self.charge(1, line.text.len()) {
                break;
            }
            // `$` is the address of this line's statement for every directive that reads
            // it, IF included (IF is decided below, before `statement` runs): pasmo's rule.
            self.dollar = self.pc;
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
}
