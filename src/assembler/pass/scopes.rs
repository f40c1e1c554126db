//! Symbol definitions and LOCAL scopes (PROC/ENDP blocks and macro expansions).
//!
//! A name declared LOCAL in a scope is stored as `name#N`, N numbering the scopes of a pass
//! in source order (the same in every pass, so forward references to locals settle).

use std::collections::HashMap;

use super::{Pass, SymbolDef, is_keyword};
use crate::assembler::expr;
use crate::assembler::lexer::Token;
use crate::assembler::operand;
use crate::assembler::symbols::SymbolKind;

/// A LOCAL scope: a PROC block or one macro/REPT expansion.
pub(in crate::assembler) struct LocalScope {
    /// Number of the scope in the pass (the `N` of `name#N`).
    pub(in crate::assembler) id: u32,
    /// A PROC block (closed by ENDP) rather than an expansion.
    pub(in crate::assembler) is_proc: bool,
    /// Where the PROC (or expansion) starts: file, line, column.
    pub(in crate::assembler) opened_at: (usize, u32, u32),
    /// Declared names and their names in the symbol table.
    pub(in crate::assembler) locals: HashMap<String, String>,
}

impl Pass<'_> {
    /// The name a symbol has in the table: locals get `#scope`.
    pub(in crate::assembler) fn resolve(&self, name: &str) -> (String, bool) {
        for scope in self.scopes.iter().rev() {
            if let Some(mangled) = scope.locals.get(name) {
                return (mangled.clone(), true);
            }
        }
        (name.to_string(), false)
    }

    pub(in crate::assembler) fn define_label(&mut self, name: &str, col: u32) {
        let value = self.pc;
        self.define(name, value, SymbolKind::Label, col);
    }

    pub(in crate::assembler) fn define(
        &mut self,
        name: &str,
        value: i64,
        kind: SymbolKind,
        col: u32,
    ) {
        if expr::is_reserved(name) || is_keyword(name) {
            self.error(
                col,
                format!("'{name}' is a reserved word and cannot be a symbol"),
            );
            return;
        }
        let (key, local) = self.resolve(name);
        let kind = if local && kind == SymbolKind::Label {
            SymbolKind::Local
        } else {
            kind
        };
        let (file, line, _) = self.current.clone();
        if let Some(existing) = self.symbols.get_mut(&key) {
            if existing.kind == SymbolKind::Defl && kind == SymbolKind::Defl {
                existing.value = value;
                return;
            }
            let at = format!(
                "{}:{}",
                self.program
                    .files
                    .get(existing.file)
                    .map_or("?", String::as_str),
                existing.line
            );
            self.error(col, format!("'{name}' is already defined at {at}"));
            return;
        }
        self.symbols.insert(
            key.clone(),
            SymbolDef {
                value,
                kind,
                file,
                line,
            },
        );
        self.order.push(key);
    }

    pub(in crate::assembler) fn push_scope(&mut self, is_proc: bool, col: u32) {
        self.next_scope += 1;
        self.scopes.push(LocalScope {
            id: self.next_scope,
            is_proc,
            opened_at: (self.current.0, self.current.1, col),
            locals: HashMap::new(),
        });
    }

    pub(in crate::assembler) fn declare_locals(&mut self, operands: &[Token], op_col: u32) {
        let mut names = Vec::new();
        for part in operand::split_commas(operands) {
            match part {
                [t] if t
                    .ident()
                    .is_some_and(|n| !expr::is_reserved(n) && !is_keyword(n)) =>
                {
                    names.push(t.ident().unwrap_or_default().to_string());
                }
                _ => {
                    let col = part.first().map_or(op_col, |t| t.col);
                    self.error(col, "LOCAL takes a list of names");
                    return;
                }
            }
        }
        if names.is_empty() {
            self.error(op_col, "LOCAL takes a list of names");
            return;
        }
        let Some(scope) = self.scopes.last_mut() else {
            self.error(op_col, "LOCAL outside PROC or macro");
            return;
        };
        for name in names {
            let mangled = format!("{name}#{}", scope.id);
            scope.locals.entry(name).or_insert(mangled);
        }
    }
}

impl expr::Scope for Pass<'_> {
    fn value(&mut self, name: &str) -> Option<i64> {
        let (key, _) = self.resolve(name);
        self.symbols
            .get(&key)
            .or_else(|| self.previous.get(&key))
            .map(|d| d.value)
    }

    fn dollar(&self) -> i64 {
        self.dollar
    }
}
