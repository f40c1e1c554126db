//! The breakpoints a run stops at for the debugger (before the instruction at an address).
//! Watches (after an instruction whose access matches) are checked by the bus, `memory.rs`.

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
    pub fn add(&mut self, address: u16) {
        if !self.addresses.contains(&address) {
            self.addresses.push(address);
            self.bits[address as usize >> 6] |= 1 << (address & 63);
        }
    }

    pub fn remove(&mut self, address: u16) {
        self.addresses.retain(|&a| a != address);
        self.bits[address as usize >> 6] &= !(1 << (address & 63));
    }

    pub fn clear(&mut self) {
        self.addresses.clear();
        self.bits.fill(0);
    }

    /// The addresses set, in the order set.
    pub fn addresses(&self) -> &[u16] {
        &self.addresses
    }

    /// True when no breakpoint is set (idle skipping is then allowed).
    pub fn is_empty(&self) -> bool {
        self.addresses.is_empty()
    }

    /// True when a breakpoint is set at `pc`.
    #[inline]
    pub fn contains(&self, pc: u16) -> bool {
        !self.addresses.is_empty() && self.bits[pc as usize >> 6] & (1 << (pc & 63)) != 0
    }
}
