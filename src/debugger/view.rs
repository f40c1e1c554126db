//! What expressions see in a session: the registers (by name, including the alternate set,
//! the index halves and the flags), memory, and the ROM's symbols.

use crate::machine::{Machine, Registers};

use super::debug_info::DebugInfo;
use super::expr::Env;

/// Expression environment: the machine's registers and memory, the program's symbols.
pub(super) struct View<'a> {
    regs: Registers,
    machine: &'a Machine,
    info: &'a DebugInfo,
}

impl<'a> View<'a> {
    /// What expressions see of `machine` now, named by `info`.
    pub fn new(machine: &'a Machine, info: &'a DebugInfo) -> Self {
        View {
            regs: machine.registers(),
            machine,
            info,
        }
    }
}

impl Env for View<'_> {
    fn register(&self, name: &str) -> Option<u16> {
        let r = &self.regs;
        let hi = |v: u16| v >> 8;
        let lo = |v: u16| v & 0xFF;
        let flag = |bit: u8| ((r.f() >> bit) & 1) as u16;
        Some(match name {
            "A" => hi(r.af),
            "F" => lo(r.af),
            "B" => hi(r.bc),
            "C" => lo(r.bc),
            "D" => hi(r.de),
            "E" => lo(r.de),
            "H" => hi(r.hl),
            "L" => lo(r.hl),
            "AF" => r.af,
            "BC" => r.bc,
            "DE" => r.de,
            "HL" => r.hl,
            "AF'" => r.af_alt,
            "BC'" => r.bc_alt,
            "DE'" => r.de_alt,
            "HL'" => r.hl_alt,
            "IX" => r.ix,
            "IY" => r.iy,
            "IXH" => hi(r.ix),
            "IXL" => lo(r.ix),
            "IYH" => hi(r.iy),
            "IYL" => lo(r.iy),
            "SP" => r.sp,
            "PC" => r.pc,
            "I" => r.i as u16,
            "R" => r.r as u16,
            "SF" => flag(7),
            "ZF" => flag(6),
            "HF" => flag(4),
            "PF" | "VF" => flag(2),
            "NF" => flag(1),
            "CF" => flag(0),
            _ => return None,
        })
    }

    fn symbol(&self, name: &str) -> Option<u16> {
        self.info.symbol(name)
    }

    fn byte(&self, address: u16) -> u8 {
        self.machine.read(address)
    }
}
