//! `print` and `display`: what gdb and MAME users type first (`set REGISTER` is the
//! session's: it changes the machine).
//!
//! A display is an expression printed after every stop (a `step`, `continue`, `back`...),
//! numbered from 1 in the order set; `undisplay` removes them.

use std::fmt::Write as _;

use crate::debugger::expr::Condition;
use crate::debugger::view::View;

/// The displays of a session, with the number each was given.
#[derive(Debug, Clone, Default)]
pub struct Displays {
    list: Vec<(usize, Condition)>,
    next: usize,
}

/// A value as `print` shows it: hexadecimal and decimal, or decimal alone when negative.
pub(super) fn value_text(value: i64) -> String {
    if value < 0 {
        value.to_string()
    } else {
        format!("0x{value:X} ({value})")
    }
}

impl Displays {
    /// `display [EXPR]`: adds it and prints it; without one, prints every display.
    pub fn display(&mut self, what: Option<Condition>, view: &View, out: &mut String) {
        match what {
            Some(condition) => {
                self.next += 1;
                let n = self.next;
                writeln!(out, "display {n}: {}", expression_line(&condition, view)).ok();
                self.list.push((n, condition));
            }
            None if self.list.is_empty() => {
                writeln!(out, "no displays").ok();
            }
            None => self.show(view, out),
        }
    }

    /// Every display, one line each (after each stop).
    pub fn show(&self, view: &View, out: &mut String) {
        for (n, condition) in &self.list {
            writeln!(out, "display {n}: {}", expression_line(condition, view)).ok();
        }
    }

    /// `undisplay [N...]`.
    pub fn undisplay(&mut self, ids: &[usize], out: &mut String) -> Result<(), String> {
        if ids.is_empty() {
            self.list.clear();
            writeln!(out, "all displays removed").ok();
            return Ok(());
        }
        for id in ids {
            if !self.list.iter().any(|(n, _)| n == id) {
                return Err(format!("no display {id}"));
            }
        }
        self.list.retain(|(n, _)| !ids.contains(n));
        writeln!(out, "{} display(s) removed", ids.len()).ok();
        Ok(())
    }
}

/// One line: `TEXT = VALUE`, or the reason it has no value.
fn expression_line(condition: &Condition, view: &View) -> String {
    match condition.expr.eval(view) {
        Ok(v) => format!("{condition} = {}", value_text(v)),
        Err(e) => format!("{condition}: {e}"),
    }
}

/// `print EXPR`.
pub(super) fn print(what: &Condition, view: &View, out: &mut String) -> Result<(), String> {
    let value = what.expr.eval(view).map_err(|e| e.to_string())?;
    writeln!(out, "{what} = {}", value_text(value)).ok();
    Ok(())
}
