//! Port input and output: IN and OUT, including the undocumented `IN (C)`, `IN F,(C)` and
//! `OUT (C),0`.

use super::emitter::Emitter;
use super::fields::r8;
use crate::assembler::expr::Expr;
use crate::assembler::operand::{Operand, Reg8, Value};

/// IN A,(n); IN r,(C); IN (C) and IN F,(C).
pub(super) fn input(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [Operand::Reg(Reg8::A), Operand::Memory(port)] => {
            out.push(0xDB);
            out.byte(port);
            true
        }
        [Operand::PortC] => {
            out.bytes.extend_from_slice(&[0xED, 0x70]);
            true
        }
        [
            Operand::Immediate(Value {
                expr: Expr::Symbol(s, _),
                ..
            }),
            Operand::PortC,
        ] if s.eq_ignore_ascii_case("F") => {
            out.bytes.extend_from_slice(&[0xED, 0x70]);
            true
        }
        [op, Operand::PortC] => port_c(0x40, op, out),
        _ => false,
    }
}

/// OUT (n),A; OUT (C),r and OUT (C),0.
pub(super) fn output(ops: &[Operand], out: &mut Emitter) -> bool {
    match ops {
        [Operand::Memory(port), Operand::Reg(Reg8::A)] => {
            out.push(0xD3);
            out.byte(port);
            true
        }
        [Operand::PortC, Operand::Immediate(v)] => {
            if out.ctx.eval(v) != 0 {
                out.ctx
                    .report(v.col, "OUT (C) can only send a register or 0".into());
            }
            out.bytes.extend_from_slice(&[0xED, 0x71]);
            true
        }
        [Operand::PortC, op] => port_c(0x41, op, out),
        _ => false,
    }
}

/// `ED base|r<<3`: IN r,(C) and OUT (C),r with a plain register.
fn port_c(base: u8, op: &Operand, out: &mut Emitter) -> bool {
    match r8(op) {
        Some(r) if r.prefix.is_none() && r.code != 6 => {
            out.push(0xED);
            out.push(base | r.code << 3);
            true
        }
        _ => false,
    }
}
