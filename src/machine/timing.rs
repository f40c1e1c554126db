//! Exact T-states per instruction, computed from the opcode bytes before the CPU core runs.
//!
//! iz80 mis-times several instruction groups (IX/IY forms, JP cc, JR cc not taken, undefined
//! ED xx) and stops its clock on HALT, so the machine keeps its own count. The numbers come
//! from the Zilog Z80 CPU User Manual (UM0080), instruction by instruction; the tables here
//! are built from the opcode's bit fields (x/y/z/p/q as in the usual Z80 decoding scheme) and
//! checked against a separately transcribed table in `tests/data/machine/z80_timings.txt`.
//!
//! An instruction's cost can depend on its outcome. [`decode`] returns both costs and the rule
//! that picks one: a condition code read from F *before* the instruction runs, DJNZ's B, or a
//! block instruction that repeats (the core moves PC back onto the ED byte).

/// Which of the two costs of an instruction applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One cost only.
    Fixed,
    /// Conditional jump/call/return: taken when `F & mask` is non-zero == `when_set`.
    Condition {
        /// The flag bit tested (Z, C, P/V or S).
        mask: u8,
        /// Taken when the flag is set (true) or clear (false).
        when_set: bool,
    },
    /// DJNZ: taken unless B is 1 before the instruction (it decrements to 0).
    Djnz,
    /// LDIR/CPIR/INIR/OTIR and the decrementing forms: the long cost when the core moved PC
    /// back onto the ED byte to run the instruction again.
    Repeat,
    /// HALT: one cost; the CPU halts afterwards.
    Halt,
}

/// The timing of one decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// T-states when the branch is taken or the block instruction repeats (the only cost for
    /// [`Outcome::Fixed`]).
    pub taken: u8,
    /// T-states when the branch is not taken or the block instruction ends.
    pub not_taken: u8,
    /// How to choose between the two.
    pub outcome: Outcome,
    /// Number of opcode fetch (M1) cycles, which is what increments the R register.
    pub m1_cycles: u8,
    /// Offset from the instruction start to the ED byte (for [`Outcome::Repeat`]).
    pub ed_offset: u8,
    /// Length of the instruction in bytes, prefixes included.
    pub length: u8,
    /// LD A,R or LD R,A: the instruction reads or writes R.
    pub r_access: bool,
}

const fn fixed(t: u8) -> Timing {
    Timing {
        taken: t,
        not_taken: t,
        outcome: Outcome::Fixed,
        m1_cycles: 1,
        ed_offset: 0,
        length: 0,
        r_access: false,
    }
}

/// The flag tested by condition code `cc` (0..7 = NZ Z NC C PO PE P M) and its wanted value.
const fn condition(cc: usize) -> Outcome {
    // Z = bit 6, C = bit 0, P/V = bit 2, S = bit 7.
    let mask = match cc >> 1 {
        0 => 0x40,
        1 => 0x01,
        2 => 0x04,
        _ => 0x80,
    };
    Outcome::Condition {
        mask,
        when_set: cc & 1 == 1,
    }
}

/// Unprefixed opcodes, by the quadrant of their top two bits (`x`), then `y` and `z`.
const fn unprefixed(op: usize) -> Timing {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    match x {
        0 => quadrant_0(y, z),
        1 => {
            if y == 6 && z == 6 {
                // HALT
                Timing {
                    outcome: Outcome::Halt,
                    ..fixed(4)
                }
            } else if y == 6 || z == 6 {
                fixed(7) // LD r,(HL) / LD (HL),r
            } else {
                fixed(4)
            }
        }
        2 => fixed(if z == 6 { 7 } else { 4 }), // ALU A,r / (HL)
        _ => quadrant_3(y, z),
    }
}

/// Opcodes 00-3F: relative jumps, 16-bit loads and arithmetic, INC/DEC, LD r,n, rotates.
const fn quadrant_0(y: usize, z: usize) -> Timing {
    let q = y & 1;
    let p = y >> 1;
    match z {
        0 => match y {
            0 | 1 => fixed(4), // NOP, EX AF,AF'
            2 => Timing {
                taken: 13,
                not_taken: 8,
                outcome: Outcome::Djnz,
                ..fixed(0)
            },
            3 => fixed(12), // JR e
            _ => Timing {
                taken: 12,
                not_taken: 7,
                outcome: condition(y - 4),
                ..fixed(0)
            },
        },
        1 => fixed(if q == 0 { 10 } else { 11 }), // LD rr,nn / ADD HL,rr
        2 => match p {
            0 | 1 => fixed(7), // LD (BC),A / LD A,(DE) ...
            2 => fixed(16),    // LD (nn),HL / LD HL,(nn)
            _ => fixed(13),    // LD (nn),A / LD A,(nn)
        },
        3 => fixed(6),                               // INC rr / DEC rr
        4 | 5 => fixed(if y == 6 { 11 } else { 4 }), // INC/DEC r, (HL)
        6 => fixed(if y == 6 { 10 } else { 7 }),     // LD r,n / LD (HL),n
        _ => fixed(4),                               // rotates on A, DAA, CPL, SCF, CCF
    }
}

/// Opcodes C0-FF: returns, jumps, calls, stack, I/O, prefixes, ALU A,n and RST.
const fn quadrant_3(y: usize, z: usize) -> Timing {
    let q = y & 1;
    let p = y >> 1;
    match z {
        0 => Timing {
            taken: 11,
            not_taken: 5,
            outcome: condition(y),
            ..fixed(0)
        },
        1 => match (q, p) {
            (0, _) => fixed(10), // POP rr
            (_, 0) => fixed(10), // RET
            (_, 1) => fixed(4),  // EXX
            (_, 2) => fixed(4),  // JP (HL)
            _ => fixed(6),       // LD SP,HL
        },
        2 => fixed(10), // JP cc,nn: 10 either way
        3 => match y {
            0 => fixed(10),     // JP nn
            1 => fixed(0),      // CB prefix, handled apart
            2 | 3 => fixed(11), // OUT (n),A / IN A,(n)
            4 => fixed(19),     // EX (SP),HL
            _ => fixed(4),      // EX DE,HL, DI, EI
        },
        4 => Timing {
            taken: 17,
            not_taken: 10,
            outcome: condition(y),
            ..fixed(0)
        },
        5 => {
            if q == 0 {
                fixed(11) // PUSH rr
            } else if p == 0 {
                fixed(17) // CALL nn
            } else {
                fixed(0) // DD, ED, FD prefixes, handled apart
            }
        }
        6 => fixed(7),  // ALU A,n
        _ => fixed(11), // RST
    }
}

/// CB-prefixed opcodes (rotates, shifts, BIT, RES, SET).
const fn cb(op: usize) -> Timing {
    let on_memory = op & 7 == 6;
    let is_bit = op >> 6 == 1;
    let t = match (on_memory, is_bit) {
        (false, _) => 8,
        (true, true) => 12,
        (true, false) => 15,
    };
    Timing {
        m1_cycles: 2,
        ..fixed(t)
    }
}

/// ED-prefixed opcodes, including the undefined ones (8 T-states, an 8-T no-operation).
const fn ed(op: usize) -> Timing {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    let t = match x {
        1 => match z {
            0 | 1 => 12, // IN r,(C) / OUT (C),r
            2 => 15,     // SBC/ADC HL,rr
            3 => 20,     // LD (nn),rr / LD rr,(nn)
            4 => 8,      // NEG
            5 => 14,     // RETN / RETI
            6 => 8,      // IM n
            _ => match y {
                0..=3 => 9,  // LD I,A / LD R,A / LD A,I / LD A,R
                4 | 5 => 18, // RRD / RLD
                _ => 8,      // undefined
            },
        },
        2 if z <= 3 && y >= 4 => {
            if y >= 6 {
                // LDIR CPIR INIR OTIR LDDR CPDR INDR OTDR
                return Timing {
                    taken: 21,
                    not_taken: 16,
                    outcome: Outcome::Repeat,
                    m1_cycles: 2,
                    ed_offset: 0,
                    length: 0,
                    r_access: false,
                };
            }
            16 // LDI CPI INI OUTI LDD CPD IND OUTD
        }
        _ => 8,
    };
    Timing {
        m1_cycles: 2,
        ..fixed(t)
    }
}

/// DD/FD-prefixed opcodes other than CB and ED, including the prefix's own 4 T-states.
const fn indexed(op: usize) -> Timing {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    let t = match op {
        0x09 | 0x19 | 0x29 | 0x39 => 15, // ADD IX,rr
        0x21 => 14,                      // LD IX,nn
        0x22 | 0x2A => 20,               // LD (nn),IX / LD IX,(nn)
        0x23 | 0x2B => 10,               // INC IX / DEC IX
        0x24 | 0x25 | 0x2C | 0x2D => 8,  // INC/DEC IXH/IXL (undocumented)
        0x26 | 0x2E => 11,               // LD IXH,n / LD IXL,n (undocumented)
        0x34 | 0x35 => 23,               // INC/DEC (IX+d)
        0x36 => 19,                      // LD (IX+d),n
        0xE1 => 14,                      // POP IX
        0xE3 => 23,                      // EX (SP),IX
        0xE5 => 15,                      // PUSH IX
        0xE9 => 8,                       // JP (IX)
        0xF9 => 10,                      // LD SP,IX
        _ => {
            let memory_load = x == 1 && op != 0x76 && (y == 6 || z == 6);
            let memory_alu = x == 2 && z == 6;
            if memory_load || memory_alu {
                19 // LD r,(IX+d) / LD (IX+d),r / ALU A,(IX+d)
            } else {
                // The prefix changes nothing (or only swaps H/L for IXH/IXL): it costs 4
                // T-states like a NOP in front of the unprefixed instruction.
                let base = unprefixed(op);
                return Timing {
                    taken: base.taken + 4,
                    not_taken: base.not_taken + 4,
                    m1_cycles: 2,
                    ..base
                };
            }
        }
    };
    Timing {
        m1_cycles: 2,
        ..fixed(t)
    }
}

/// Length in bytes of an unprefixed instruction.
const fn unprefixed_length(op: usize) -> u8 {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    let q = y & 1;
    let p = y >> 1;
    match (x, z) {
        (0, 0) if y < 2 => 1,  // NOP, EX AF,AF'
        (0, 0) => 2,           // DJNZ e, JR e, JR cc,e
        (0, 1) if q == 0 => 3, // LD rr,nn
        (0, 2) if p >= 2 => 3, // LD (nn),HL / LD HL,(nn) / LD (nn),A / LD A,(nn)
        (0, 6) => 2,           // LD r,n
        (0, _) | (1, _) | (2, _) => 1,
        (_, 2) | (_, 4) => 3,            // JP cc,nn / CALL cc,nn
        (_, 3) if y == 0 => 3,           // JP nn
        (_, 3) if y <= 3 => 2,           // CB xx (every CB instruction), OUT (n),A, IN A,(n)
        (_, 5) if q == 1 && p == 0 => 3, // CALL nn
        (_, 6) => 2,                     // ALU A,n
        _ => 1, // RET cc, POP, RET, EXX, JP (HL), LD SP,HL, EX, DI, EI, PUSH, RST
    }
}

/// Whether an opcode after DD/FD addresses (IX+d) and so carries a displacement byte.
const fn has_displacement(op: usize) -> bool {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    (x == 1 && op != 0x76 && (y == 6 || z == 6))
        || (x == 2 && z == 6)
        || op == 0x34
        || op == 0x35
        || op == 0x36
}

/// Length of an ED instruction: 4 for LD (nn),rr and LD rr,(nn), 2 otherwise.
const fn ed_length(op: usize) -> u8 {
    if op >> 6 == 1 && op & 7 == 3 { 4 } else { 2 }
}

/// A 256-entry table from one of the builders above (a macro: const fns cannot call through
/// function pointers).
macro_rules! table {
    ($build:ident) => {{
        let mut out = [fixed(0); 256];
        let mut op = 0;
        while op < 256 {
            out[op] = $build(op);
            op += 1;
        }
        out
    }};
}

const fn indexed_length(op: usize) -> u8 {
    1 + unprefixed_length(op) + has_displacement(op) as u8
}

// The tables the decoder reads: timing and length of every opcode, built at compile time.
const fn unprefixed_entry(op: usize) -> Timing {
    let is_prefix = op == 0xCB || op == 0xDD || op == 0xED || op == 0xFD;
    Timing {
        length: if is_prefix { 0 } else { unprefixed_length(op) },
        ..unprefixed(op)
    }
}
const fn cb_entry(op: usize) -> Timing {
    Timing {
        length: 2,
        ..cb(op)
    }
}
const fn ed_entry(op: usize) -> Timing {
    Timing {
        length: ed_length(op),
        r_access: op == 0x4F || op == 0x5F, // LD R,A / LD A,R
        ..ed(op)
    }
}
const fn indexed_entry(op: usize) -> Timing {
    Timing {
        length: indexed_length(op),
        ..indexed(op)
    }
}

static UNPREFIXED: [Timing; 256] = table!(unprefixed_entry);
static CB: [Timing; 256] = table!(cb_entry);
static ED: [Timing; 256] = table!(ed_entry);
static INDEXED: [Timing; 256] = table!(indexed_entry);

/// DDCB/FDCB: 23 T-states, BIT n,(IX+d) 20. Two M1 cycles (the prefixes); d and the opcode
/// are read as plain memory.
const INDEXED_CB: Timing = Timing {
    m1_cycles: 2,
    length: 4,
    ..fixed(23)
};
const INDEXED_CB_BIT: Timing = Timing {
    m1_cycles: 2,
    length: 4,
    ..fixed(20)
};

/// Decode the timing of the instruction whose bytes `fetch(0)`, `fetch(1)`, ... returns.
///
/// `fetch` reads memory relative to the instruction start without side effects. A chain of
/// DD/FD prefixes costs 4 T-states and one M1 cycle per extra prefix, as each prefix is a
/// separate fetch on a real Z80.
#[inline(always)]
pub fn decode(mut fetch: impl FnMut(u16) -> u8) -> Timing {
    let op = fetch(0);
    let plain = UNPREFIXED[op as usize];
    // Prefix bytes have length 0 in the unprefixed table: one test finds all four.
    if plain.length != 0 {
        return plain;
    }
    match op {
        0xCB => CB[fetch(1) as usize],
        0xED => ED[fetch(1) as usize],
        _ => decode_indexed(&mut fetch),
    }
}

/// DD/FD forms: rarer, so kept out of line.
#[inline(never)]
fn decode_indexed(fetch: &mut dyn FnMut(u16) -> u8) -> Timing {
    let mut offset: u16 = 1;
    let mut next = fetch(1);
    // Bounded: memory is finite and open bus reads 0xFF, which ends any chain.
    while (next == 0xDD || next == 0xFD) && offset < 0xFFFF {
        offset += 1;
        next = fetch(offset);
    }
    let extra = (offset - 1).min(50) as u8;
    let t = match next {
        0xCB => {
            if fetch(offset + 2) >> 6 == 1 {
                INDEXED_CB_BIT
            } else {
                INDEXED_CB
            }
        }
        0xED => {
            // The prefix is ignored; it costs a NOP's 4 T-states and one M1 cycle.
            let e = ED[fetch(offset + 1) as usize];
            Timing {
                taken: e.taken + 4,
                not_taken: e.not_taken + 4,
                m1_cycles: 3,
                ed_offset: 1,
                length: 1 + e.length,
                ..e
            }
        }
        _ => INDEXED[next as usize],
    };
    Timing {
        taken: t.taken.saturating_add(4 * extra),
        not_taken: t.not_taken.saturating_add(4 * extra),
        m1_cycles: t.m1_cycles.saturating_add(extra),
        ed_offset: t.ed_offset.saturating_add(extra),
        length: t.length.saturating_add(extra),
        ..t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(bytes: &[u8]) -> Timing {
        decode(|i| bytes.get(i as usize).copied().unwrap_or(0))
    }

    #[test]
    fn spot_checks_from_the_manual() {
        assert_eq!(of(&[0x00]).taken, 4);
        assert_eq!(of(&[0xDD, 0x7E, 0x05]).taken, 19); // LD A,(IX+5)
        assert_eq!(of(&[0xC2, 0, 0]).not_taken, 10); // JP NZ
        assert_eq!(of(&[0x20, 0]).not_taken, 7); // JR NZ
        assert_eq!(of(&[0xED, 0x00]).taken, 8); // undefined ED
        assert_eq!(of(&[0xDD, 0xCB, 0x01, 0x46]).taken, 20); // BIT 0,(IX+1)
        assert_eq!(of(&[0xFD, 0xCB, 0x01, 0xC6]).taken, 23); // SET 0,(IY+1)
        let ldir = of(&[0xED, 0xB0]);
        assert_eq!(
            (ldir.taken, ldir.not_taken, ldir.outcome),
            (21, 16, Outcome::Repeat)
        );
    }

    #[test]
    fn prefix_chains_cost_four_each() {
        assert_eq!(of(&[0xDD, 0xDD, 0x21, 0, 0]).taken, 18); // extra DD + LD IX,nn
        assert_eq!(of(&[0xDD, 0xFD, 0x00]).taken, 12);
        let t = of(&[0xDD, 0xED, 0xB0]);
        assert_eq!((t.taken, t.not_taken, t.ed_offset), (25, 20, 1));
    }

    #[test]
    fn lengths_of_each_form() {
        assert_eq!(of(&[0x00]).length, 1);
        assert_eq!(of(&[0x21, 0, 0]).length, 3);
        assert_eq!(of(&[0xED, 0x43, 0, 0]).length, 4); // LD (nn),BC
        assert_eq!(of(&[0xDD, 0x36, 1, 2]).length, 4); // LD (IX+d),n
        assert_eq!(of(&[0xFD, 0x7E, 1]).length, 3); // LD A,(IY+d)
        assert_eq!(of(&[0xDD, 0xCB, 1, 0x46]).length, 4);
        assert_eq!(of(&[0xDD, 0xDD, 0xE5]).length, 3); // DD, then PUSH IX
    }
}
