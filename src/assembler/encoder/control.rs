//! Control flow and CPU control: JP, CALL, RET, JR/DJNZ, RST and IM.

use super::emitter::Emitter;
use super::fields::{cond_code, index_prefix};
use crate::assembler::mnemonic::Mnemonic::{self, *};
use crate::assembler::operand::{Operand, Reg16, Value};

/// JP nn, JP cc,nn, JP (HL)/(IX)/(IY).
pub(super) fn jump(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [Operand::Immediate(v)] => {
            out.push(0xC3);
            out.word(v);
            true
        }
        [Operand::Indirect(Reg16::Hl) | Operand::Pair(Reg16::Hl)] => {
            out.push(0xE9);
            true
        }
        [Operand::Indexed(reg, None) | Operand::Pair(reg @ (Reg16::Ix | Reg16::Iy))] => {
            out.push(index_prefix(*reg));
            out.push(0xE9);
            true
        }
        [cond, Operand::Immediate(v)] => conditional_word(0xC2, cond, v, out),
        _ => false,
    }
}

/// CALL nn, CALL cc,nn.
pub(super) fn call(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [Operand::Immediate(v)] => {
            out.push(0xCD);
            out.word(v);
            true
        }
        [cond, Operand::Immediate(v)] => conditional_word(0xC4, cond, v, out),
        _ => false,
    }
}

/// `base | cc << 3` and a word: the conditional JP and CALL.
fn conditional_word(base: u8, cond: &Operand, v: &Value, out: &mut Emitter) -> bool {
    match cond_code(cond) {
        Some(cc) => {
            out.push(base | cc << 3);
            out.word(v);
            true
        }
        None => false,
    }
}

/// RET, RET cc.
pub(super) fn ret(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [] => {
            out.push(0xC9);
            true
        }
        [cond] => match cond_code(cond) {
            Some(cc) => {
                out.push(0xC0 | cc << 3);
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// JR e, JR NZ/Z/NC/C,e and DJNZ e.
pub(super) fn relative_jump(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let opcode = match (m, ops) {
        (Djnz, [Operand::Immediate(_)]) => 0x10,
        (Jr, [Operand::Immediate(_)]) => 0x18,
        (Jr, [cond, Operand::Immediate(_)]) => match cond_code(cond) {
            Some(cc) if cc < 4 => 0x20 | cc << 3,
            _ => return false,
        },
        _ => return false,
    };
    let Some(Operand::Immediate(v)) = ops.last() else {
        return false;
    };
    out.push(opcode);
    out.relative(v);
    true
}

/// RST 00h..38h.
pub(super) fn restart(ops: &[Operand], out: &mut Emitter) -> bool {
    let [Operand::Immediate(v)] = ops else {
        return false;
    };
    let n = out.ctx.eval(v);
    if !(0..=0x38).contains(&n) || n % 8 != 0 {
        out.ctx.report(
            v.col,
            format!("RST needs 00h, 08h, 10h, ... 38h, not {n:02X}h"),
        );
    }
    out.push(0xC7 | (n as u8 & 0x38));
    true
}

/// IM 0, 1, 2.
pub(super) fn interrupt_mode(ops: &[Operand], out: &mut Emitter) -> bool {
    let [Operand::Immediate(v)] = ops else {
        return false;
    };
    let n = out.ctx.eval(v);
    let code = match n {
        0 => 0x46,
        1 => 0x56,
        2 => 0x5E,
        _ => {
            out.ctx.report(
                v.col,
                format!("interrupt mode {n} does not exist (0, 1, 2)"),
            );
            0x46
        }
    };
    out.push(0xED);
    out.push(code);
    true
}
