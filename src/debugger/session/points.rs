//! Breakpoints and watchpoints as the user sees them: numbered (one sequence for both, as
//! in gdb), enabled or not, with a hit count, and for breakpoints an optional condition.
//! The machine only knows bare addresses and ranges; [`Points::sync`] hands it the enabled
//! ones after every change. The commands' texts (`break`, `watch`, `enable`, `disable`,
//! `delete`, `list`) are made here; the session resolves the places they name.

use std::ops::RangeInclusive;

use crate::machine::{Machine, Watch, WatchHit, WatchKind, canonical};

use std::fmt::Write as _;

use super::render_state::kind_name;
use crate::debugger::expr::Condition;

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

    /// `break`: a breakpoint at `address`, named `place`; the line that reports it.
    pub fn set_break(
        &mut self,
        address: u16,
        place: String,
        condition: Option<Condition>,
    ) -> String {
        let text = condition
            .as_ref()
            .map(|c| format!(" if {c}"))
            .unwrap_or_default();
        let id = self.add_break(address, place.clone(), condition);
        format!("breakpoint {id} at {address:04X} {place}{text}\n")
    }

    /// `watch`: a watchpoint over `len` bytes from `start`, named `place`; the line that
    /// reports it, or why the bytes do not fit below 0x10000.
    pub fn set_watch(
        &mut self,
        kind: WatchKind,
        start: u16,
        len: i64,
        place: String,
    ) -> Result<String, String> {
        if !(1..=0x10000 - start as i64).contains(&len) {
            return Err(format!("length {len} does not fit from {start:04X}"));
        }
        let end = (start as i64 + len - 1) as u16;
        let id = self.add_watch(start..=end, kind, place.clone());
        Ok(format!(
            "watchpoint {id}: {} {start:04X}..{end:04X} {place} ({len} byte{})\n",
            kind_name(kind),
            if len == 1 { "" } else { "s" }
        ))
    }

    /// `enable` and `disable`: the points numbered.
    pub fn enable_listed(
        &mut self,
        ids: &[usize],
        enabled: bool,
        out: &mut String,
    ) -> Result<(), String> {
        if ids.is_empty() {
            return Err("which numbers?".into());
        }
        for &id in ids {
            self.set_enabled(id, enabled).map_err(|e| e.to_string())?;
            let state = if enabled { "enabled" } else { "disabled" };
            writeln!(out, "{id} {state}").ok();
        }
        Ok(())
    }

    /// `delete`: the points numbered, or all of them.
    pub fn delete_listed(&mut self, ids: &[usize], out: &mut String) -> Result<(), String> {
        if ids.is_empty() {
            self.clear();
            writeln!(out, "all breakpoints and watchpoints deleted").ok();
        }
        for &id in ids {
            self.delete(id).map_err(|e| e.to_string())?;
            writeln!(out, "{id} deleted").ok();
        }
        Ok(())
    }

    /// What `list` shows: every point, by number.
    pub fn list_text(&self) -> String {
        if self.breakpoints.is_empty() && self.watchpoints.is_empty() {
            return "no breakpoints or watchpoints\n".to_string();
        }
        let mut rows: Vec<(usize, String)> = Vec::new();
        for b in &self.breakpoints {
            rows.push((
                b.id,
                format!(
                    "{:<3} break  {:04X} {}{}  {}  hits {}",
                    b.id,
                    b.address,
                    b.place,
                    b.condition
                        .as_ref()
                        .map(|c| format!(" if {c}"))
                        .unwrap_or_default(),
                    if b.enabled { "enabled" } else { "disabled" },
                    b.hits
                ),
            ));
        }
        for w in &self.watchpoints {
            rows.push((
                w.id,
                format!(
                    "{:<3} watch  {} {:04X}..{:04X} {}  {}  hits {}",
                    w.id,
                    kind_name(w.kind),
                    w.range.start(),
                    w.range.end(),
                    w.place,
                    if w.enabled { "enabled" } else { "disabled" },
                    w.hits
                ),
            ));
        }
        rows.sort();
        rows.into_iter().map(|(_, r)| r + "\n").collect()
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
