//! Where a run stops for the debugger: breakpoints (before the instruction at an address)
//! and watches (after an instruction whose access matches).

use super::Machine;
use crate::machine::memory::Watch;

/// The breakpoints set: their addresses in the order set, and one bit per address so the
/// run loop's test costs one load.
#[derive(Clone)]
pub(in crate::machine) struct Breakpoints {
    addresses: Vec<u16>,
    bits: Box<[u64; 1024]>,
}

impl Default for Breakpoints {
    fn default() -> Self {
        Breakpoints {
            addresses: Vec::new(),
            bits: Box::new([0; 1024]),
        }
    }
}

impl Breakpoints {
    fn add(&mut self, address: u16) {
        if !self.addresses.contains(&address) {
            self.addresses.push(address);
            self.bits[address as usize >> 6] |= 1 << (address & 63);
        }
    }

    fn remove(&mut self, address: u16) {
        self.addresses.retain(|&a| a != address);
        self.bits[address as usize >> 6] &= !(1 << (address & 63));
    }

    fn clear(&mut self) {
        self.addresses.clear();
        self.bits.fill(0);
    }

    /// True when no breakpoint is set (idle skipping is then allowed).
    pub(in crate::machine) fn is_empty(&self) -> bool {
        self.addresses.is_empty()
    }

    /// True when a breakpoint is set at `pc`.
    #[inline]
    pub(in crate::machine) fn contains(&self, pc: u16) -> bool {
        !self.addresses.is_empty() && self.bits[pc as usize >> 6] & (1 << (pc & 63)) != 0
    }
}

impl Machine {
    /// Stop runs before the instruction at `address` executes.
    pub fn add_breakpoint(&mut self, address: u16) {
        self.breakpoints.add(address);
    }

    /// Remove a breakpoint.
    pub fn remove_breakpoint(&mut self, address: u16) {
        self.breakpoints.remove(address);
    }

    /// Remove every breakpoint.
    pub fn clear_breakpoints(&mut self) {
        self.breakpoints.clear();
    }

    /// The breakpoints set.
    pub fn breakpoints(&self) -> &[u16] {
        &self.breakpoints.addresses
    }

    /// Stop runs after an instruction whose access matches `watch`.
    pub fn add_watch(&mut self, watch: Watch) {
        self.bus.watches.push(watch);
        self.bus.watching = true;
    }

    /// Remove every watch.
    pub fn clear_watches(&mut self) {
        self.bus.watches.clear();
        self.bus.watching = false;
    }
}
