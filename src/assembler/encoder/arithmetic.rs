//! Arithmetic and bit work: the ALU group, INC/DEC, and the CB group (rotations, shifts,
//! BIT/RES/SET).

use super::emitter::Emitter;
use super::fields::{hl_like, r8, ss};
use super::{ALU, BIT_OPS, code_in};
use crate::assembler::mnemonic::Mnemonic::{self, *};
use crate::assembler::operand::{Operand, Reg8, Reg16};

/// INC and DEC of an 8-bit operand or a register pair.
pub(super) fn inc_dec(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let [op] = ops else { return false };
    let dec = m == Dec;
    if let Some(r) = r8(op) {
        out.r8_op(&r, (if dec { 0x05 } else { 0x04 }) | r.code << 3);
        return true;
    }
    if let Some((reg, prefix)) = hl_like(op) {
        out.prefix(prefix);
        out.push(if dec { 0x2B } else { 0x23 });
        return reg == Reg16::Hl || prefix.is_some();
    }
    match ss(op, Reg16::Hl) {
        Some(code) => {
            out.push((if dec { 0x0B } else { 0x03 }) | code << 4);
            true
        }
        None => false,
    }
}

/// BIT, RES and SET: a bit number 0..7 and an 8-bit operand.
pub(super) fn bit_op(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let [bit, op] = ops else { return false };
    let Operand::Immediate(bit) = bit else {
        return false;
    };
    let n = out.ctx.eval(bit);
    if !(0..=7).contains(&n) {
        out.ctx
            .report(bit.col, format!("bit number {n} is out of range (0..7)"));
    }
    let base = (code_in(&BIT_OPS, m) + 1) << 6;
    cb(op, base | ((n & 7) as u8) << 3, out)
}

/// The CB group: rotations, shifts and BIT/RES/SET on r, (HL) or (IX+d).
pub(super) fn cb(op: &Operand, base: u8, out: &mut Emitter) -> bool {
    match r8(op) {
        Some(r) if r.prefix.is_none() => {
            out.push(0xCB);
            out.push(base | r.code);
            true
        }
        Some(r) if r.offset.is_some() => {
            // DDCB: prefix, CB, offset, then the opcode.
            out.prefix(r.prefix);
            out.push(0xCB);
            out.offset(r.offset.flatten());
            out.push(base | 6);
            true
        }
        _ => false,
    }
}

/// ADD, ADC, SUB, SBC, AND, XOR, OR, CP: 8-bit with A, and the 16-bit ADD/ADC/SBC.
pub(super) fn alu(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let k = code_in(&ALU, m);
    // 16-bit arithmetic: ADD HL/IX/IY,ss; ADC/SBC HL,ss.
    if let [dst, src] = ops
        && let Some((reg, prefix)) = hl_like(dst)
    {
        let Some(code) = ss(src, reg) else {
            return false;
        };
        match (m, prefix) {
            (Add, _) => {
                out.prefix(prefix);
                out.push(0x09 | code << 4);
            }
            (Adc, None) => {
                out.push(0xED);
                out.push(0x4A | code << 4);
            }
            (Sbc, None) => {
                out.push(0xED);
                out.push(0x42 | code << 4);
            }
            _ => return false,
        }
        return true;
    }
    // 8-bit: `OP A,x` and `OP x` are both accepted for all eight.
    let src = match ops {
        [Operand::Reg(Reg8::A), src] => src,
        [src] => src,
        _ => return false,
    };
    if let Operand::Immediate(v) = src {
        out.push(0xC6 | k << 3);
        out.byte(v);
        return true;
    }
    match r8(src) {
        Some(r) => {
            out.r8_op(&r, 0x80 | k << 3 | r.code);
            true
        }
        None => false,
    }
}
