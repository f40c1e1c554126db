//! `print`, `display` and `set REGISTER`: what gdb and MAME users type first.
//!
//! A display is an expression printed after every stop (a `step`, `continue`, `back`...),
//! numbered from 1 in the order set; `undisplay` removes them.

use std::fmt::Write as _;

use super::{DebugSession, MachineHandle};
use crate::debugger::expr::{Condition, Expr};
use crate::debugger::set_register::set_register;

/// The displays of a session, with the number each was given.
#[derive(Debug, Clone, Default)]
pub struct Displays {
    list: Vec<(usize, Condition)>,
    next: usize,
}

/// A value as `print` shows it: hexadecimal and decimal, or decimal alone when negative.
fn value_text(value: i64) -> String {
    if value < 0 {
        value.to_string()
    } else {
        format!("0x{value:X} ({value})")
    }
}

impl<M: MachineHandle> DebugSession<M> {
    /// One line: `TEXT = VALUE`, or the reason it has no value.
    fn expression_line(&self, condition: &Condition) -> String {
        match condition.expr.eval(&self.view()) {
            Ok(v) => format!("{condition} = {}", value_text(v)),
            Err(e) => format!("{condition}: {e}"),
        }
    }

    /// `print EXPR`.
    pub(in crate::debugger) fn print(
        &self,
        what: &Condition,
        out: &mut String,
    ) -> Result<(), String> {
        let value = what.expr.eval(&self.view()).map_err(|e| e.to_string())?;
        writeln!(out, "{what} = {}", value_text(value)).ok();
        Ok(())
    }

    /// `display [EXPR]`: adds it and prints it; without one, prints every display.
    pub(in crate::debugger) fn display(&mut self, what: Option<Condition>, out: &mut String) {
        match what {
            Some(condition) => {
                self.displays.next += 1;
                let n = self.displays.next;
                writeln!(out, "display {n}: {}", self.expression_line(&condition)).ok();
                self.displays.list.push((n, condition));
            }
            None if self.displays.list.is_empty() => {
                writeln!(out, "no displays").ok();
            }
            None => self.show_displays(out),
        }
    }

    /// Every display, one line each (after each stop).
    pub(in crate::debugger) fn show_displays(&self, out: &mut String) {
        for (n, condition) in &self.displays.list {
            writeln!(out, "display {n}: {}", self.expression_line(condition)).ok();
        }
    }

    /// `undisplay [N...]`.
    pub(in crate::debugger) fn undisplay(
        &mut self,
        ids: &[usize],
        out: &mut String,
    ) -> Result<(), String> {
        if ids.is_empty() {
            self.displays.list.clear();
            writeln!(out, "all displays removed").ok();
            return Ok(());
        }
        for id in ids {
            if !self.displays.list.iter().any(|(n, _)| n == id) {
                return Err(format!("no display {id}"));
            }
        }
        self.displays.list.retain(|(n, _)| !ids.contains(n));
        writeln!(out, "{} display(s) removed", ids.len()).ok();
        Ok(())
    }

    /// `set REGISTER VALUE`, with a snapshot so `back` does not undo it by replay.
    pub(in crate::debugger) fn set_register(
        &mut self,
        name: &str,
        value: &Expr,
        out: &mut String,
    ) -> Result<(), String> {
        let value = value.eval(&self.view()).map_err(|e| e.to_string())?;
        let mut regs = self.machine.registers();
        set_register(&mut regs, name, value)?;
        self.machine.set_registers(&regs);
        self.history.record(&self.machine, &self.link);
        writeln!(out, "{name} = {}", value_text(value)).ok();
        if name == "PC" {
            out.push_str(&self.dis_line(regs.pc, false));
        }
        Ok(())
    }
}
