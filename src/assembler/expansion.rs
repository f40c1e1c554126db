//! Macro definitions and expansions, REPT blocks: running a body as part of the pass.
//!
//! Each expansion is its own LOCAL scope; expansions nest at most [`MAX_MACRO_DEPTH`] deep,
//! so a macro that uses itself ends with an error instead of a stack overflow.

use std::rc::Rc;

use super::expr;
use super::macros::{self, MacroDef};
use super::operand;
use super::pass::{Pass, Statement, is_keyword};
use super::source::SourceLine;

/// How deep macros may call macros.
pub const MAX_MACRO_DEPTH: u32 = 64;

impl Pass<'_> {
    pub(super) fn define_macro(
        &mut self,
        stmt: &Statement,
        label: Option<String>,
        lines: &[SourceLine],
        next: usize,
    ) -> usize {
        let op_col = stmt.op.map_or(1, |t| t.col);
        let parts = operand::split_commas(stmt.operands);
        // `NAME MACRO a,b` or `MACRO NAME,a,b`.
        let (name, param_parts) = match label {
            Some(name) => (Some(name), &parts[..]),
            None => match parts.split_first() {
                Some(([t], rest)) if t.ident().is_some() => (t.ident().map(str::to_string), rest),
                _ => (None, &parts[..]),
            },
        };
        let end = self.block_end(lines, next);
        let after = end.map_or(lines.len(), |e| e + 1);
        if end.is_none() {
            self.error(op_col, "MACRO without ENDM");
        }
        let Some(name) = name else {
            self.error(op_col, "MACRO needs a name");
            return after;
        };
        let mut params = Vec::new();
        for part in param_parts {
            match part {
                [t] if t.ident().is_some() => {
                    params.push(t.ident().unwrap_or_default().to_string())
                }
                _ => {
                    let col = part.first().map_or(op_col, |t| t.col);
                    self.error(col, "macro parameters are names separated by commas");
                }
            }
        }
        if is_keyword(&name) || expr::is_reserved(&name) {
            self.error(
                op_col,
                format!("'{name}' is a reserved word and cannot name a macro"),
            );
            return after;
        }
        if self.macros.contains_key(&name) {
            self.error(op_col, format!("macro '{name}' is already defined"));
            return after;
        }
        // The definition is listed as written (its lines have no address of their own).
        for line in lines.get(next..after).unwrap_or(&[]) {
            self.record(line);
            if let Some(r) = self.records.last_mut() {
                r.address = None;
            }
        }
        let body = lines
            .get(next..after.saturating_sub(1).max(next))
            .unwrap_or(&[])
            .to_vec();
        self.macros
            .insert(name.clone(), Rc::new(MacroDef { name, params, body }));
        after
    }

    pub(super) fn rept(
        &mut self,
        line: &SourceLine,
        stmt: &Statement,
        lines: &[SourceLine],
        next: usize,
    ) -> usize {
        let op_col = stmt.op.map_or(1, |t| t.col);
        let end = self.block_end(lines, next);
        let after = end.map_or(lines.len(), |e| e + 1);
        if end.is_none() {
            self.error(op_col, "REPT without ENDM");
            return after;
        }
        let count = self.eval_tokens(stmt.operands, "REPT").unwrap_or(0);
        if !(0..=0xFFFF).contains(&count) {
            self.error(op_col, format!("REPT count {count} is outside 0..65535"));
            return after;
        }
        let body = lines.get(next..after - 1).unwrap_or(&[]);
        let context: Rc<str> = Rc::from(format!(
            "in REPT at {}:{}",
            self.program
                .files
                .get(line.file)
                .map_or("?", String::as_str),
            line.line
        ));
        let Some(expanded) = self.expansion(body, &macros::Bindings::new(), &context) else {
            return after;
        };
        for _ in 0..count {
            if !self.enter_expansion(op_col) {
                break;
            }
            self.run_block(&expanded);
            self.leave_expansion();
            if self.ended {
                break;
            }
        }
        after
    }

    /// The ENDM closing the block that starts at `lines[start]` (see `macros::find_endm`);
    /// the lines scanned count against the pass's limits.
    pub(super) fn block_end(&mut self, lines: &[SourceLine], start: usize) -> Option<usize> {
        let end = macros::find_endm(lines, start);
        let scanned = lines.get(start..end.unwrap_or(lines.len())).unwrap_or(&[]);
        let text = scanned.iter().map(|l| l.text.len()).sum();
        self.charge(scanned.len(), text);
        end
    }

    /// The lines of one macro or REPT expansion, unless they would take the pass past its
    /// text limit (then reported, and the pass ends). Their text is charged when made (as
    /// well as when run): expansions nested 64 deep, all held at once, stay within the limit.
    fn expansion(
        &mut self,
        body: &[SourceLine],
        bindings: &macros::Bindings,
        context: &Rc<str>,
    ) -> Option<Vec<SourceLine>> {
        let left = self.text_left();
        let Some(expanded) = macros::expand(body, bindings, context, left) else {
            // Charging more than is left reports it and ends the pass.
            self.charge(0, left.saturating_add(1));
            return None;
        };
        let made = expanded.iter().map(|l| l.text.len()).sum();
        self.charge(0, made).then_some(expanded)
    }

    pub(super) fn enter_expansion(&mut self, col: u32) -> bool {
        if self.depth >= MAX_MACRO_DEPTH {
            self.error(
                col,
                format!("macros nested more than {MAX_MACRO_DEPTH} deep (recursive macro?)"),
            );
            self.ended = true;
            return false;
        }
        self.depth += 1;
        self.push_scope(false, col);
        true
    }

    pub(super) fn leave_expansion(&mut self) {
        self.depth -= 1;
        self.exit_macro = false;
        // Drop scopes opened inside (an unclosed PROC in a macro) and the expansion's own.
        while let Some(scope) = self.scopes.pop() {
            if !scope.is_proc {
                break;
            }
        }
    }

    pub(super) fn expand_macro(&mut self, def: &MacroDef, args: &[String], line: &SourceLine) {
        let context: Rc<str> = Rc::from(format!(
            "in macro {} used at {}:{}",
            def.name,
            self.program
                .files
                .get(line.file)
                .map_or("?", String::as_str),
            line.line
        ));
        let bindings = macros::bind(&def.params, args);
        let Some(expanded) = self.expansion(&def.body, &bindings, &context) else {
            return;
        };
        if self.enter_expansion(1) {
            self.run_block(&expanded);
            self.leave_expansion();
        }
    }
}
