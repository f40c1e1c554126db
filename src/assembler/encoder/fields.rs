//! The operand fields of a Z80 opcode: the 3-bit `r` of an 8-bit operand (with its DD/FD
//! prefix and index offset), the 2-bit `ss` of a register pair, HL/IX/IY with their prefix,
//! and the 3-bit condition `cc`.

use crate::assembler::operand::{Cond, Operand, Reg8, Reg16, Value};

/// An 8-bit operand in the `r` field: prefix (DD/FD or none), code 0-7, index offset.
pub(super) struct R8<'a> {
    pub(super) prefix: Option<u8>,
    pub(super) code: u8,
    pub(super) offset: Option<Option<&'a Value>>,
    /// H or L written plainly (they cannot mix with a DD/FD prefix from IXH..IYL).
    pub(super) plain_hl: bool,
}

pub(super) fn index_prefix(reg: Reg16) -> u8 {
    if reg == Reg16::Iy { 0xFD } else { 0xDD }
}

pub(super) fn r8(op: &Operand) -> Option<R8<'_>> {
    let (prefix, code) = match op {
        Operand::Reg(r) => match r {
            Reg8::B => (None, 0),
            Reg8::C => (None, 1),
            Reg8::D => (None, 2),
            Reg8::E => (None, 3),
            Reg8::H => (None, 4),
            Reg8::L => (None, 5),
            Reg8::A => (None, 7),
            Reg8::Ixh => (Some(0xDD), 4),
            Reg8::Ixl => (Some(0xDD), 5),
            Reg8::Iyh => (Some(0xFD), 4),
            Reg8::Iyl => (Some(0xFD), 5),
            Reg8::I | Reg8::R => return None,
        },
        Operand::Indirect(Reg16::Hl) => (None, 6),
        Operand::Indexed(reg, offset) => {
            return Some(R8 {
                prefix: Some(index_prefix(*reg)),
                code: 6,
                offset: Some(offset.as_ref()),
                plain_hl: false,
            });
        }
        _ => return None,
    };
    Some(R8 {
        prefix,
        code,
        offset: None,
        plain_hl: matches!(op, Operand::Reg(Reg8::H | Reg8::L)),
    })
}

/// 16-bit pair code for BC/DE/HL-or-index/SP (the `ss` field); `index` is the pair standing
/// for HL (HL, IX or IY).
pub(super) fn ss(op: &Operand, index: Reg16) -> Option<u8> {
    match op {
        Operand::Pair(Reg16::Bc) => Some(0),
        Operand::Pair(Reg16::De) => Some(1),
        Operand::Pair(p) if *p == index => Some(2),
        Operand::Pair(Reg16::Sp) => Some(3),
        _ => None,
    }
}

/// HL, IX or IY: the register and its prefix.
pub(super) fn hl_like(op: &Operand) -> Option<(Reg16, Option<u8>)> {
    match op {
        Operand::Pair(Reg16::Hl) => Some((Reg16::Hl, None)),
        Operand::Pair(r @ (Reg16::Ix | Reg16::Iy)) => Some((*r, Some(index_prefix(*r)))),
        _ => None,
    }
}

pub(super) fn cond_code(op: &Operand) -> Option<u8> {
    match op {
        Operand::Cond(c) => Some(match c {
            Cond::Nz => 0,
            Cond::Z => 1,
            Cond::Nc => 2,
            Cond::Po => 4,
            Cond::Pe => 5,
            Cond::P => 6,
            Cond::M => 7,
        }),
        Operand::Reg(Reg8::C) => Some(3),
        _ => None,
    }
}
