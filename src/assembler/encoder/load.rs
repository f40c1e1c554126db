//! The moves between registers and memory: LD in all its forms, PUSH/POP and EX.

use super::emitter::Emitter;
use super::fields::{R8, hl_like, r8, ss};
use crate::assembler::mnemonic::Mnemonic::{self, *};
use crate::assembler::operand::{Operand, Reg8, Reg16, Value};

/// PUSH and POP of BC, DE, HL, AF, IX, IY.
pub(super) fn push_pop(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let base = if m == Push { 0xC5 } else { 0xC1 };
    match ops {
        [Operand::Pair(Reg16::Af)] => {
            out.push(base | 0x30);
            true
        }
        [op] => match (ss(op, Reg16::Hl), hl_like(op)) {
            (Some(code), _) if code != 3 => {
                out.push(base | code << 4);
                true
            }
            (_, Some((_, Some(prefix)))) => {
                out.push(prefix);
                out.push(base | 0x20);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// EX DE,HL; EX AF,AF'; EX (SP),HL/IX/IY.
pub(super) fn exchange(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [Operand::Pair(Reg16::De), Operand::Pair(Reg16::Hl)] => {
            out.push(0xEB);
            true
        }
        [
            Operand::Pair(Reg16::Af),
            Operand::Pair(Reg16::AfAlt | Reg16::Af),
        ] => {
            out.push(0x08);
            true
        }
        [Operand::Indirect(Reg16::Sp), op] => match hl_like(op) {
            Some((_, prefix)) => {
                out.prefix(prefix);
                out.push(0xE3);
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// LD in all its forms; the 8-bit register-to-register ones in [`ld_r8_r8`].
pub(super) fn ld(dst: &Operand, src: &Operand, out: &mut Emitter) -> bool {
    use Operand::*;
    match (dst, src) {
        (Reg(Reg8::A), Indirect(Reg16::Bc)) => out.push(0x0A),
        (Reg(Reg8::A), Indirect(Reg16::De)) => out.push(0x1A),
        (Indirect(Reg16::Bc), Reg(Reg8::A)) => out.push(0x02),
        (Indirect(Reg16::De), Reg(Reg8::A)) => out.push(0x12),
        (Reg(Reg8::A), Memory(v)) => {
            out.push(0x3A);
            out.word(v);
        }
        (Memory(v), Reg(Reg8::A)) => {
            out.push(0x32);
            out.word(v);
        }
        (Reg(Reg8::A), Reg(Reg8::I)) => out.bytes.extend_from_slice(&[0xED, 0x57]),
        (Reg(Reg8::A), Reg(Reg8::R)) => out.bytes.extend_from_slice(&[0xED, 0x5F]),
        (Reg(Reg8::I), Reg(Reg8::A)) => out.bytes.extend_from_slice(&[0xED, 0x47]),
        (Reg(Reg8::R), Reg(Reg8::A)) => out.bytes.extend_from_slice(&[0xED, 0x4F]),
        (Pair(Reg16::Sp), Pair(Reg16::Hl | Reg16::Ix | Reg16::Iy)) => {
            let (_, prefix) = hl_like(src).unwrap_or((Reg16::Hl, None));
            out.prefix(prefix);
            out.push(0xF9);
        }
        (Pair(_), Immediate(v)) => return ld_pair_word(dst, 0x21, (None, 0x01), v, out),
        (Pair(_), Memory(v)) => return ld_pair_word(dst, 0x2A, (Some(0xED), 0x4B), v, out),
        (Memory(v), Pair(_)) => return ld_pair_word(src, 0x22, (Some(0xED), 0x43), v, out),
        (_, Immediate(v)) => {
            let Some(r) = r8(dst) else { return false };
            out.r8_op(&r, 0x06 | r.code << 3);
            out.byte(v);
        }
        _ => return ld_r8_r8(dst, src, out),
    }
    true
}

/// `LD rr,nn`, `LD rr,(nn)` and `LD (nn),rr`: `hl_opcode` for HL, IX and IY (behind their
/// prefix), `ss_form` (prefix, opcode with the pair code in bits 4-5) for BC, DE and SP.
fn ld_pair_word(
    pair: &Operand,
    hl_opcode: u8,
    ss_form: (Option<u8>, u8),
    v: &Value,
    out: &mut Emitter,
) -> bool {
    if let Some((_, prefix)) = hl_like(pair) {
        out.prefix(prefix);
        out.push(hl_opcode);
    } else if let Some(code) = ss(pair, Reg16::Hl) {
        out.prefix(ss_form.0);
        out.push(ss_form.1 | code << 4);
    } else {
        return false;
    }
    out.word(v);
    true
}

/// `LD r,r'` with the prefix rules: one DD/FD prefix at most; with (IX+d) the other
/// register is a plain one (H and L mean H and L); with IXH/IXL the other is not H, L, (HL)
/// nor from the other index register.
fn ld_r8_r8(dst: &Operand, src: &Operand, out: &mut Emitter) -> bool {
    let (Some(d), Some(s)) = (r8(dst), r8(src)) else {
        return false;
    };
    if d.code == 6 && s.code == 6 {
        return false; // that would be HALT
    }
    let indexed = d.offset.is_some() || s.offset.is_some();
    let prefix = match (d.prefix, s.prefix) {
        (Some(a), Some(b)) if a != b || indexed => return false,
        (Some(p), _) | (_, Some(p)) => Some(p),
        (None, None) => None,
    };
    if prefix.is_some() && !indexed {
        let plain_mem = |r: &R8| r.prefix.is_none() && r.code == 6;
        if d.plain_hl || s.plain_hl || plain_mem(&d) || plain_mem(&s) {
            return false;
        }
    }
    out.prefix(prefix);
    out.push(0x40 | d.code << 3 | s.code);
    if let Some(offset) = d.offset.or(s.offset) {
        out.offset(offset);
    }
    true
}
