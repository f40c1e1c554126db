//! The module's bus: 8 KB ROM, 2 KB RAM mirrored over 0xE000-0xFFFF, open bus elsewhere,
//! and the two I/O latches that answer on every port.
//!
//! The bus is what iz80 sees through its `Machine` trait. Besides serving reads and writes
//! it records, for the instruction that is running, what the machine must check afterwards:
//! a write to ROM (a fault), a latch write (a stop reason), a port read and whether any RAM
//! byte changed (for idle skipping), and hits on the debugger's watches.

use std::ops::RangeInclusive;

/// ROM size: 0x0000-0x1FFF.
pub const ROM_SIZE: usize = 0x2000;
/// RAM size: 2 KB.
pub const RAM_SIZE: usize = 0x0800;
/// First address of RAM (and of its mirrors, which reach 0xFFFF).
pub const RAM_START: u16 = 0xE000;
/// What an unmapped address reads as.
pub const OPEN_BUS: u8 = 0xFF;

/// Which accesses a watch reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchKind {
    /// Data reads (the instruction's own opcode and operand bytes are not counted).
    Read,
    /// Writes.
    Write,
    /// Both.
    Access,
}

/// A debugger watch on an address range. RAM addresses match through the mirror, so a
/// watch on 0xE010 also fires for 0xF810.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Addresses watched (CPU addresses).
    pub range: RangeInclusive<u16>,
    /// Reads, writes or both.
    pub kind: WatchKind,
}

/// One access that matched a watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchHit {
    /// The address the CPU used.
    pub address: u16,
    /// The value read or written.
    pub value: u8,
    /// True for a write, false for a read.
    pub write: bool,
    /// Address of the instruction that made the access.
    pub pc: u16,
}

/// The RAM address a CPU address stands for (0xE000-0xE7FF), or the address itself.
#[inline]
pub fn canonical(address: u16) -> u16 {
    if address >= RAM_START {
        RAM_START | (address & (RAM_SIZE as u16 - 1))
    } else {
        address
    }
}

/// Event bits of one instruction (see [`Bus::events`]).
pub(crate) mod event {
    /// A write to ROM (address and value in `Bus::rom_write`).
    pub const ROM_WRITE: u8 = 1;
    /// The module wrote its latch.
    pub const LATCH_WRITE: u8 = 2;
    /// The module read the host's latch.
    pub const PORT_READ: u8 = 4;
    /// An access matched a watch (in `Bus::watch_hit`).
    pub const WATCH: u8 = 8;
}

/// Memory, latches and the per-instruction event record.
#[derive(Clone)]
pub(crate) struct Bus {
    pub rom: Box<[u8; ROM_SIZE]>,
    pub ram: Box<[u8; RAM_SIZE]>,
    /// Latch H->M: written by the host (console), read by the module with IN.
    pub host_latch: u8,
    /// Latch M->H: written by the module with OUT, read by the host.
    pub module_latch: u8,
    /// Highest RAM offset (0..2047) ever written.
    pub ram_high_water: Option<u16>,

    /// Events of the current instruction ([`event`] bits), cleared before each one, so the
    /// machine checks one byte after an instruction instead of one flag per event.
    pub events: u8,
    /// The first ROM write of the instruction (valid with [`event::ROM_WRITE`]).
    pub rom_write: (u16, u8),
    /// Set when a RAM byte changed value (cleared by the idle detector, not per instruction).
    pub ram_changed: bool,

    // Watches (the debugger's); `watching` keeps the common path to one test.
    pub watching: bool,
    pub watches: Vec<Watch>,
    pub watch_hit: Option<WatchHit>,
    /// Start and length of the running instruction, so its own bytes are not data reads.
    pub fetch_start: u16,
    pub fetch_len: u16,
}

impl Bus {
    pub fn new(rom: Box<[u8; ROM_SIZE]>) -> Self {
        Bus {
            rom,
            ram: Box::new([0; RAM_SIZE]),
            host_latch: 0,
            module_latch: 0,
            ram_high_water: None,
            events: 0,
            rom_write: (0, 0),
            ram_changed: false,
            watching: false,
            watches: Vec::new(),
            watch_hit: None,
            fetch_start: 0,
            fetch_len: 0,
        }
    }

    /// Stop after an access matching `watch`.
    pub fn add_watch(&mut self, watch: Watch) {
        self.watches.push(watch);
        self.watching = true;
    }

    /// Watch nothing.
    pub fn clear_watches(&mut self) {
        self.watches.clear();
        self.watching = false;
    }

    /// Read without side effects (also used to fetch opcodes for timing and tracing).
    #[inline]
    pub fn read(&self, address: u16) -> u8 {
        if (address as usize) < ROM_SIZE {
            self.rom[address as usize]
        } else if address >= RAM_START {
            self.ram[(address as usize) & (RAM_SIZE - 1)]
        } else {
            OPEN_BUS
        }
    }

    /// Clear the per-instruction events.
    #[inline]
    pub fn begin_instruction(&mut self, pc: u16, length: u8) {
        self.events = 0;
        if self.watching {
            self.watch_hit = None;
            self.fetch_start = pc;
            self.fetch_len = length as u16;
        }
    }

    #[cold]
    pub fn check_watch(&mut self, address: u16, value: u8, write: bool) {
        if self.watch_hit.is_some() {
            return;
        }
        if !write && address.wrapping_sub(self.fetch_start) < self.fetch_len {
            return;
        }
        let canon = canonical(address);
        let hit = self.watches.iter().any(|w| {
            let kind_matches = match w.kind {
                WatchKind::Read => !write,
                WatchKind::Write => write,
                WatchKind::Access => true,
            };
            kind_matches
                && (w.range.contains(&address)
                    || (canonical(*w.range.start()) <= canon && canon <= canonical(*w.range.end())))
        });
        if hit {
            self.events |= event::WATCH;
            self.watch_hit = Some(WatchHit {
                address,
                value,
                write,
                pc: self.fetch_start,
            });
        }
    }
}

impl Bus {
    /// A CPU write: RAM (through the mirror), ROM (refused, recorded), or nothing.
    #[inline(always)]
    fn write(&mut self, address: u16, value: u8) {
        if address >= RAM_START {
            let offset = address & (RAM_SIZE as u16 - 1);
            let cell = &mut self.ram[offset as usize];
            if *cell != value {
                *cell = value;
                self.ram_changed = true;
            }
            if self.ram_high_water < Some(offset) {
                self.ram_high_water = Some(offset);
            }
        } else if (address as usize) < ROM_SIZE {
            // The write goes nowhere; the machine turns it into a fault after the instruction.
            if self.events & event::ROM_WRITE == 0 {
                self.events |= event::ROM_WRITE;
                self.rom_write = (address, value);
            }
        }
        // 0x2000-0xDFFF: open bus, the write is lost.
    }
}

/// The bus as the CPU sees it when no watch is set: no per-access watch test.
impl iz80::Machine for Bus {
    #[inline]
    fn peek(&mut self, address: u16) -> u8 {
        self.read(address)
    }

    #[inline]
    fn poke(&mut self, address: u16, value: u8) {
        self.write(address, value);
    }

    #[inline]
    fn port_in(&mut self, _port: u16) -> u8 {
        // Every port reads the host->module latch; reading does not clear it.
        self.events |= event::PORT_READ;
        self.host_latch
    }

    #[inline]
    fn port_out(&mut self, _port: u16, value: u8) {
        // Every port writes the module->host latch; a write overwrites.
        self.module_latch = value;
        self.events |= event::LATCH_WRITE;
    }
}

/// The bus as the CPU sees it while the debugger watches addresses: every access is checked.
pub(crate) struct Watched<'a>(pub &'a mut Bus);

impl iz80::Machine for Watched<'_> {
    fn peek(&mut self, address: u16) -> u8 {
        let value = self.0.read(address);
        self.0.check_watch(address, value, false);
        value
    }

    fn poke(&mut self, address: u16, value: u8) {
        self.0.write(address, value);
        self.0.check_watch(address, value, true);
    }

    fn port_in(&mut self, port: u16) -> u8 {
        self.0.port_in(port)
    }

    fn port_out(&mut self, port: u16, value: u8) {
        self.0.port_out(port, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iz80::Machine as _;

    fn bus() -> Bus {
        let mut rom = Box::new([0u8; ROM_SIZE]);
        rom[0x1FFF] = 0x42;
        Bus::new(rom)
    }

    #[test]
    fn ram_is_mirrored_and_rom_is_read_only() {
        let mut b = bus();
        b.poke(0xF810, 7);
        assert_eq!(b.peek(0xE010), 7);
        assert_eq!(b.peek(0xE810), 7);
        b.poke(0x1FFF, 0);
        assert_eq!(b.peek(0x1FFF), 0x42);
        assert_eq!(b.events, event::ROM_WRITE);
        assert_eq!(b.rom_write, (0x1FFF, 0));
        assert_eq!(b.peek(0x2000), OPEN_BUS);
        assert_eq!(b.peek(0xDFFF), OPEN_BUS);
        assert_eq!(b.ram_high_water, Some(0x10));
    }
}
