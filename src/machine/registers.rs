//! A plain view of the whole CPU state, and its exchange with iz80.
//!
//! iz80 exposes the main registers but not the alternate set, IFF2 or the halted flag
//! except through its own state serialisation. This file is the one place that knows that
//! layout (iz80 0.5.1, `State::serialize`), so save states, reset and the debugger work on
//! [`Registers`] and never on iz80's bytes.

use std::fmt;

/// Every register and flip-flop of the NSC800/Z80, as the debugger and save states see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    /// Accumulator and flags.
    pub af: u16,
    /// BC pair.
    pub bc: u16,
    /// DE pair.
    pub de: u16,
    /// HL pair.
    pub hl: u16,
    /// Alternate AF'.
    pub af_alt: u16,
    /// Alternate BC'.
    pub bc_alt: u16,
    /// Alternate DE'.
    pub de_alt: u16,
    /// Alternate HL'.
    pub hl_alt: u16,
    /// Index register IX.
    pub ix: u16,
    /// Index register IY.
    pub iy: u16,
    /// Stack pointer.
    pub sp: u16,
    /// Program counter.
    pub pc: u16,
    /// Interrupt vector register.
    pub i: u8,
    /// Refresh register (the machine counts M1 cycles into its low 7 bits).
    pub r: u8,
    /// Interrupt enable flip-flop 1.
    pub iff1: bool,
    /// Interrupt enable flip-flop 2.
    pub iff2: bool,
    /// Interrupt mode 0, 1 or 2.
    pub im: u8,
    /// The CPU executed HALT and waits (for an interrupt that never comes on this board).
    pub halted: bool,
}

impl Registers {
    /// The state after the reset line is released: PC=0, IFF1=IFF2=0, IM 0, I=R=0, and
    /// AF=SP=FFFF as emulators (and iz80) set the undefined registers.
    pub fn after_reset() -> Self {
        Registers {
            af: 0xFFFF,
            sp: 0xFFFF,
            ..Registers::default()
        }
    }

    /// The A register.
    pub fn a(&self) -> u8 {
        (self.af >> 8) as u8
    }

    /// The flags register F.
    pub fn f(&self) -> u8 {
        self.af as u8
    }
}

impl fmt::Display for Registers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PC={:04X} SP={:04X} AF={:04X} BC={:04X} DE={:04X} HL={:04X} IX={:04X} IY={:04X} \
             AF'={:04X} BC'={:04X} DE'={:04X} HL'={:04X} I={:02X} R={:02X} IFF1={} IFF2={} IM={}{}",
            self.pc,
            self.sp,
            self.af,
            self.bc,
            self.de,
            self.hl,
            self.ix,
            self.iy,
            self.af_alt,
            self.bc_alt,
            self.de_alt,
            self.hl_alt,
            self.i,
            self.r,
            self.iff1 as u8,
            self.iff2 as u8,
            self.im,
            if self.halted { " HALTED" } else { "" }
        )
    }
}

// iz80 0.5.1 layout: 16 register bytes (A F B C D E H L I R IXH IXL IYH IYL SPH SPL), the
// same 16 for the alternate set, PC (LE), IFF1, IFF2, IM; then the cycle count (u64 LE),
// branch_taken, halted, int_signaled, nmi_pending, reset_pending, int_just_enabled, index,
// displacement.
const REGISTER_BYTES: usize = 16;
const R: usize = 9;
const SHADOW: usize = REGISTER_BYTES;
const PC: usize = 2 * REGISTER_BYTES;
const IFF1: usize = PC + 2;
const IFF2: usize = PC + 3;
const IM: usize = PC + 4;
const CYCLE: usize = PC + 5;
const HALTED: usize = CYCLE + 8 + 1;
const IZ80_STATE_SIZE: usize = CYCLE + 8 + 8;

fn pair(bytes: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([bytes[at], bytes[at + 1]])
}

fn put_pair(bytes: &mut [u8], at: usize, value: u16) {
    bytes[at..at + 2].copy_from_slice(&value.to_be_bytes());
}

/// Read every register out of the CPU.
pub(crate) fn read(cpu: &iz80::Cpu) -> Registers {
    let s = cpu.serialize();
    debug_assert!(s.len() >= IZ80_STATE_SIZE);
    Registers {
        af: pair(&s, 0),
        bc: pair(&s, 2),
        de: pair(&s, 4),
        hl: pair(&s, 6),
        i: s[8],
        r: s[R],
        ix: pair(&s, 10),
        iy: pair(&s, 12),
        sp: pair(&s, 14),
        af_alt: pair(&s, SHADOW),
        bc_alt: pair(&s, SHADOW + 2),
        de_alt: pair(&s, SHADOW + 4),
        hl_alt: pair(&s, SHADOW + 6),
        pc: u16::from_le_bytes([s[PC], s[PC + 1]]),
        iff1: s[IFF1] != 0,
        iff2: s[IFF2] != 0,
        im: s[IM],
        halted: s[HALTED] != 0,
    }
}

/// Load every register into the CPU (and clear its pending-event flags).
pub(crate) fn write(cpu: &mut iz80::Cpu, r: &Registers) {
    let mut s = vec![0u8; IZ80_STATE_SIZE];
    put_pair(&mut s, 0, r.af);
    put_pair(&mut s, 2, r.bc);
    put_pair(&mut s, 4, r.de);
    put_pair(&mut s, 6, r.hl);
    s[8] = r.i;
    s[R] = r.r;
    put_pair(&mut s, 10, r.ix);
    put_pair(&mut s, 12, r.iy);
    put_pair(&mut s, 14, r.sp);
    put_pair(&mut s, SHADOW, r.af_alt);
    put_pair(&mut s, SHADOW + 2, r.bc_alt);
    put_pair(&mut s, SHADOW + 4, r.de_alt);
    put_pair(&mut s, SHADOW + 6, r.hl_alt);
    s[PC..PC + 2].copy_from_slice(&r.pc.to_le_bytes());
    s[IFF1] = r.iff1 as u8;
    s[IFF2] = r.iff2 as u8;
    s[IM] = r.im;
    s[HALTED] = r.halted as u8;
    // Our own size matches iz80 0.5.1, so this cannot fail; a mismatch is a programming
    // error caught by the round-trip test below.
    let loaded = cpu.deserialize(&s);
    debug_assert!(loaded.is_ok());
}

/// iz80's whole state with the parts that change in an exactly repeating loop blanked: R
/// (which counts fetches) and iz80's own cycle counter. Two equal results mean equal CPU
/// states for everything an instruction can observe (the idle detector relies on it).
pub(crate) fn comparable_state(cpu: &iz80::Cpu) -> Vec<u8> {
    let mut s = cpu.serialize();
    if s.len() >= IZ80_STATE_SIZE {
        s[R] = 0;
        s[CYCLE..CYCLE + 8].fill(0);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_round_trips_through_iz80() {
        let want = Registers {
            af: 0x1234,
            bc: 0x2345,
            de: 0x3456,
            hl: 0x4567,
            af_alt: 0x5678,
            bc_alt: 0x6789,
            de_alt: 0x789A,
            hl_alt: 0x89AB,
            ix: 0x9ABC,
            iy: 0xABCD,
            sp: 0xBCDE,
            pc: 0xCDEF,
            i: 0x12,
            r: 0x34,
            iff1: true,
            iff2: false,
            im: 2,
            halted: true,
        };
        let mut cpu = iz80::Cpu::new();
        write(&mut cpu, &want);
        assert_eq!(read(&cpu), want);
        // And iz80's own accessors agree on the layout.
        let regs = cpu.immutable_registers();
        assert_eq!(regs.get16(iz80::Reg16::IX), 0x9ABC);
        assert_eq!(regs.get16(iz80::Reg16::SP), 0xBCDE);
        assert_eq!(regs.pc(), 0xCDEF);
        assert_eq!(regs.get8(iz80::Reg8::R), 0x34);
        assert_eq!(regs.get_interrupt_mode(), (true, 2));
        assert!(cpu.is_halted());
        assert_eq!(serialized_len(), IZ80_STATE_SIZE);
    }

    fn serialized_len() -> usize {
        iz80::Cpu::new().serialize().len()
    }
}
