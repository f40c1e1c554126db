//! Breakpoints and watchpoints as the user sees them: numbered (one sequence for both, as
//! in gdb), enabled or not, with a hit count, and for breakpoints an optional condition.
//! The machine only knows bare addresses and ranges; [`Points::sync`] hands it the enabled
//! ones after every change.

use std::ops::RangeInclusive;

use crate::machine::{Machine, Watch, WatchHit, WatchKind, canonical};

use std::fmt::Write as _;

use super::render_state::kind_name;
use super::{DebugSession, MachineHandle};
use crate::debugger::command::Location;
use crate::debugger::expr::{Condition, Expr};

/// A breakpoint.
#[derive(Debug, Clone)]
pub struct Breakpoint {
    /// Its number.
    pub id: usize,
    /// Address of the instruction it stops before.
    pub address: u16,
    /// How the user named the place (symbol, file:line, number).
    pub place: String,
    /// Stop only when this is true.
    pub condition: Option<Condition>,
    /// Active or not.
    pub enabled: bool,
    /// Times it stopped the machine.
    pub hits: u64,
}

/// A watchpoint.
#[derive(Debug, Clone)]
pub struct Watchpoint {
    /// Its number.
    pub id: usize,
    /// Addresses watched.
    pub range: RangeInclusive<u16>,
    /// Reads, writes or both.
    pub kind: WatchKind,
    /// How the user named the place.
    pub place: String,
    /// Active or not.
    pub enabled: bool,
    /// Times it stopped the machine.
    pub hits: u64,
}

/// All breakpoints and watchpoints.
#[derive(Debug, Default)]
pub struct Points {
    /// Breakpoints in the order set.
    pub breakpoints: Vec<Breakpoint>,
    /// Watchpoints in the order set.
    pub watchpoints: Vec<Watchpoint>,
    next_id: usize,
}

/// Numbers that name nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no breakpoint or watchpoint number {0}")]
pub struct NoSuchPoint(pub usize);

impl Points {
    fn take_id(&mut self) -> usize {
        self.next_id += 1;
        self.next_id
    }

    /// Add a breakpoint; returns its number.
    pub fn add_break(
        &mut self,
        address: u16,
        place: String,
        condition: Option<Condition>,
    ) -> usize {
        let id = self.take_id();
        self.breakpoints.push(Breakpoint {
            id,
            address,
            place,
            condition,
            enabled: true,
            hits: 0,
        });
        id
    }

    /// Add a watchpoint; returns its number.
    pub fn add_watch(
        &mut self,
        range: RangeInclusive<u16>,
        kind: WatchKind,
        place: String,
    ) -> usize {
        let id = self.take_id();
        self.watchpoints.push(Watchpoint {
            id,
            range,
            kind,
            place,
            enabled: true,
            hits: 0,
        });
        id
    }

    /// Enable or disable by number.
    pub fn set_enabled(&mut self, id: usize, enabled: bool) -> Result<(), NoSuchPoint> {
        if let Some(b) = self.breakpoints.iter_mut().find(|b| b.id == id) {
            b.enabled = enabled;
        } else if let Some(w) = self.watchpoints.iter_mut().find(|w| w.id == id) {
            w.enabled = enabled;
        } else {
            return Err(NoSuchPoint(id));
        }
        Ok(())
    }

    /// Delete by number.
    pub fn delete(&mut self, id: usize) -> Result<(), NoSuchPoint> {
        let before = self.breakpoints.len() + self.watchpoints.len();
        self.breakpoints.retain(|b| b.id != id);
        self.watchpoints.retain(|w| w.id != id);
        if self.breakpoints.len() + self.watchpoints.len() == before {
            return Err(NoSuchPoint(id));
        }
        Ok(())
    }

    /// Delete everything.
    pub fn clear(&mut self) {
        self.breakpoints.clear();
        self.watchpoints.clear();
    }

    /// Enabled breakpoints at `address`.
    pub fn breaks_at(&mut self, address: u16) -> impl Iterator<Item = &mut Breakpoint> {
        self.breakpoints
            .iter_mut()
            .filter(move |b| b.enabled && b.address == address)
    }

    /// The enabled watchpoint a hit belongs to.
    pub fn watch_for(&mut self, hit: &WatchHit) -> Option<&mut Watchpoint> {
        let address = canonical(hit.address);
        self.watchpoints.iter_mut().find(|w| {
            w.enabled
                && (canonical(*w.range.start())..=canonical(*w.range.end())).contains(&address)
                && match w.kind {
                    WatchKind::Read => !hit.write,
                    WatchKind::Write => hit.write,
                    WatchKind::Access => true,
                }
        })
    }

    /// Give the machine the enabled breakpoints (plus `extra`, a temporary one) and watches.
    pub fn sync(&self, machine: &mut Machine, extra: Option<u16>) {
        machine.clear_breakpoints();
        for b in self.breakpoints.iter().filter(|b| b.enabled) {
            machine.add_breakpoint(b.address);
        }
        if let Some(address) = extra {
            machine.add_breakpoint(address);
        }
        machine.clear_watches();
        for w in self.watchpoints.iter().filter(|w| w.enabled) {
            machine.add_watch(Watch {
                range: w.range.clone(),
                kind: w.kind,
            });
        }
    }
}

/// The commands that set, enable and delete points (`break`, `watch`, `enable`, `disable`,
/// `delete`): each hands the machine the new set.
impl<M: MachineHandle> DebugSession<M> {
    /// `break`: a breakpoint at a location, with an optional condition.
    pub(in crate::debugger) fn set_break(
        &mut self,
        location: &Location,
        condition: Option<Condition>,
        out: &mut String,
    ) -> Result<(), String> {
        let (address, place) = self.resolve(location)?;
        if let Some(condition) = &condition {
            // Evaluate once now: an unknown name is reported here, not at a hit.
            condition
                .expr
                .eval(&self.view())
                .map_err(|e| e.to_string())?;
        }
        let text = condition
            .as_ref()
            .map(|c| format!(" if {c}"))
            .unwrap_or_default();
        let id = self.points.add_break(address, place.clone(), condition);
        self.points.sync(&mut self.machine, None);
        writeln!(out, "breakpoint {id} at {address:04X} {place}{text}").ok();
        Ok(())
    }

    /// `watch`: a watchpoint over `len` bytes from `address` (by default the size of the
    /// named variable, else one byte).
    pub(in crate::debugger) fn set_watch(
        &mut self,
        kind: WatchKind,
        address: &Expr,
        len: Option<&Expr>,
        out: &mut String,
    ) -> Result<(), String> {
        let start = self.eval_address(address)?;
        let named = address
            .as_name()
            .filter(|name| self.info.symbol(name).is_some());
        let len = match len {
            Some(len) => len.eval(&self.view()).map_err(|e| e.to_string())?,
            None if named.is_some() => self.info.variable_size(start).unwrap_or(1) as i64,
            None => 1,
        };
        if !(1..=0x10000 - start as i64).contains(&len) {
            return Err(format!("length {len} does not fit from {start:04X}"));
        }
        let end = (start as i64 + len - 1) as u16;
        let place = match named {
            Some(name) => name.to_ascii_uppercase(),
            None => format!("{start:04X}"),
        };
        let id = self.points.add_watch(start..=end, kind, place.clone());
        self.points.sync(&mut self.machine, None);
        writeln!(
            out,
            "watchpoint {id}: {} {start:04X}..{end:04X} {place} ({len} byte{})",
            kind_name(kind),
            if len == 1 { "" } else { "s" }
        )
        .ok();
        Ok(())
    }

    /// `enable` and `disable`.
    pub(in crate::debugger) fn enable_points(
        &mut self,
        ids: &[usize],
        enabled: bool,
        out: &mut String,
    ) -> Result<(), String> {
        if ids.is_empty() {
            return Err("which numbers?".into());
        }
        for &id in ids {
            self.points
                .set_enabled(id, enabled)
                .map_err(|e| e.to_string())?;
            let state = if enabled { "enabled" } else { "disabled" };
            writeln!(out, "{id} {state}").ok();
        }
        self.points.sync(&mut self.machine, None);
        Ok(())
    }

    /// `delete`: the points numbered, or all of them.
    pub(in crate::debugger) fn delete_points(
        &mut self,
        ids: &[usize],
        out: &mut String,
    ) -> Result<(), String> {
        if ids.is_empty() {
            self.points.clear();
            writeln!(out, "all breakpoints and watchpoints deleted").ok();
        }
        for &id in ids {
            self.points.delete(id).map_err(|e| e.to_string())?;
            writeln!(out, "{id} deleted").ok();
        }
        self.points.sync(&mut self.machine, None);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_enable_delete() {
        let mut p = Points::default();
        let a = p.add_break(0x10, "X".into(), None);
        let b = p.add_watch(0xE000..=0xE001, WatchKind::Write, "V".into());
        assert_eq!((a, b), (1, 2));
        p.set_enabled(1, false).unwrap();
        assert_eq!(p.breaks_at(0x10).count(), 0);
        p.set_enabled(1, true).unwrap();
        assert_eq!(p.breaks_at(0x10).count(), 1);
        let write = WatchHit {
            address: 0xE801,
            value: 1,
            write: true,
            pc: 0,
        };
        assert_eq!(
            p.watch_for(&write).map(|w| w.id),
            Some(2),
            "mirror address matches"
        );
        let read = WatchHit {
            write: false,
            ..write
        };
        assert!(p.watch_for(&read).is_none());
        assert_eq!(p.delete(7), Err(NoSuchPoint(7)));
        p.delete(2).unwrap();
        assert!(p.watchpoints.is_empty());
        assert_eq!(
            p.add_break(0x20, "Y".into(), None),
            3,
            "numbers are not reused"
        );
    }
}
