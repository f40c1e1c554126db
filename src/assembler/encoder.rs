//! The instruction encoder: a mnemonic and its operands into Z80 machine code.
//!
//! Covers the whole documented instruction set (unprefixed, CB, ED, DD, FD, DDCB, FDCB) and
//! the common undocumented forms: IXH/IXL/IYH/IYL as 8-bit registers, SLL, `IN F,(C)` /
//! `IN (C)` and `OUT (C),0`. Values are range checked: a byte is -128..255, a word
//! -32768..65535, an index offset -128..127, a relative jump -128..127 from the next
//! instruction. Range errors are reported and the bytes are still emitted (truncated), so
//! that addresses after the line stay right.
//!
//! One instruction family per file in `encoder/`: `load.rs` (LD, PUSH/POP, EX),
//! `arithmetic.rs` (ALU, INC/DEC, the CB group), `control.rs` (JP, CALL, RET, JR/DJNZ, RST,
//! IM), `io.rs` (IN, OUT); the operand fields in `fields.rs` and the byte sink with its range
//! checks in `emitter.rs`.

mod arithmetic;
mod control;
mod emitter;
mod fields;
mod io;
mod load;

use super::mnemonic::Mnemonic::{self, *};
use super::operand::{Operand, Reg16, Value};
use emitter::Emitter;

/// What encoding needs from the assembler.
pub trait Context {
    /// The value of an operand expression (undefined symbols are reported by the context).
    fn eval(&mut self, value: &Value) -> i64;
    /// Reports a value problem at a column; encoding goes on.
    fn report(&mut self, col: u32, message: String);
    /// The address of the instruction being encoded.
    fn instruction_address(&self) -> i64;
}

/// A short picture of an operand for messages, e.g. `(IX+d)`, `n`, `(nn)`.
fn shape(op: &Operand) -> String {
    match op {
        Operand::Reg(r) => format!("{r:?}").to_ascii_uppercase(),
        Operand::Pair(Reg16::AfAlt) => "AF'".into(),
        Operand::Pair(p) => format!("{p:?}").to_ascii_uppercase(),
        Operand::Cond(c) => format!("{c:?}").to_ascii_uppercase(),
        Operand::Indirect(p) => format!("({})", format!("{p:?}").to_ascii_uppercase()),
        Operand::PortC => "(C)".into(),
        Operand::Indexed(p, _) => format!("({}+d)", format!("{p:?}").to_ascii_uppercase()),
        Operand::Memory(_) => "(nn)".into(),
        Operand::Immediate(_) => "n".into(),
    }
}

/// The message for operands that make no instruction.
pub fn no_such_form(mnemonic: &str, ops: &[Operand]) -> String {
    let shapes: Vec<String> = ops.iter().map(shape).collect();
    if shapes.is_empty() {
        format!("{mnemonic} needs operands")
    } else {
        format!("there is no instruction '{mnemonic} {}'", shapes.join(","))
    }
}

/// Encodes one instruction. Returns the bytes, or a message when the operands make no
/// instruction.
pub fn encode(
    mnemonic: Mnemonic,
    ops: &[Operand],
    ctx: &mut dyn Context,
) -> Result<Vec<u8>, String> {
    let mut out = Emitter {
        ctx,
        bytes: Vec::with_capacity(4),
    };
    if encode_into(mnemonic, ops, &mut out) {
        Ok(out.bytes)
    } else {
        Err(no_such_form(mnemonic.name(), ops))
    }
}

/// The instructions without operands and their bytes.
const FIXED: &[(Mnemonic, &[u8])] = &[
    (Nop, &[0x00]),
    (Halt, &[0x76]),
    (Di, &[0xF3]),
    (Ei, &[0xFB]),
    (Exx, &[0xD9]),
    (Daa, &[0x27]),
    (Cpl, &[0x2F]),
    (Scf, &[0x37]),
    (Ccf, &[0x3F]),
    (Rlca, &[0x07]),
    (Rrca, &[0x0F]),
    (Rla, &[0x17]),
    (Rra, &[0x1F]),
    (Neg, &[0xED, 0x44]),
    (Retn, &[0xED, 0x45]),
    (Reti, &[0xED, 0x4D]),
    (Rrd, &[0xED, 0x67]),
    (Rld, &[0xED, 0x6F]),
    (Ldi, &[0xED, 0xA0]),
    (Cpi, &[0xED, 0xA1]),
    (Ini, &[0xED, 0xA2]),
    (Outi, &[0xED, 0xA3]),
    (Ldd, &[0xED, 0xA8]),
    (Cpd, &[0xED, 0xA9]),
    (Ind, &[0xED, 0xAA]),
    (Outd, &[0xED, 0xAB]),
    (Ldir, &[0xED, 0xB0]),
    (Cpir, &[0xED, 0xB1]),
    (Inir, &[0xED, 0xB2]),
    (Otir, &[0xED, 0xB3]),
    (Lddr, &[0xED, 0xB8]),
    (Cpdr, &[0xED, 0xB9]),
    (Indr, &[0xED, 0xBA]),
    (Otdr, &[0xED, 0xBB]),
];

/// The eight ALU operations in the order of their 3-bit code (ADD A = 0 ... CP = 7).
const ALU: [Mnemonic; 8] = [Add, Adc, Sub, Sbc, And, Xor, Or, Cp];
/// The eight CB rotations and shifts in the order of their 3-bit code (RLC = 0 ... SRL = 7).
const SHIFTS: [Mnemonic; 8] = [Rlc, Rrc, Rl, Rr, Sla, Sra, Sll, Srl];
/// BIT, RES and SET: the top two bits of their CB opcode are 01, 10 and 11.
const BIT_OPS: [Mnemonic; 3] = [Bit, Res, Set];

/// The position of `m` in a table that lists a family in opcode order.
fn code_in(table: &[Mnemonic], m: Mnemonic) -> u8 {
    table.iter().position(|t| *t == m).unwrap_or_default() as u8
}

/// Writes the instruction into `out`; false when the operands fit no form. One arm per
/// instruction family, with no catch-all: a new mnemonic must say how it is encoded.
fn encode_into(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    match m {
        Nop | Halt | Di | Ei | Exx | Daa | Cpl | Scf | Ccf | Rlca | Rrca | Rla | Rra | Neg
        | Retn | Reti | Rrd | Rld | Ldi | Cpi | Ini | Outi | Ldd | Cpd | Ind | Outd | Ldir
        | Cpir | Inir | Otir | Lddr | Cpdr | Indr | Otdr => fixed(m, ops, out),
        Ld => match ops {
            [dst, src] => load::ld(dst, src, out),
            _ => false,
        },
        Push | Pop => load::push_pop(m, ops, out),
        Ex => load::exchange(ops, out),
        Add | Adc | Sub | Sbc | And | Xor | Or | Cp => arithmetic::alu(m, ops, out),
        Inc | Dec => arithmetic::inc_dec(m, ops, out),
        Rlc | Rrc | Rl | Rr | Sla | Sra | Sll | Srl => match ops {
            [op] => arithmetic::cb(op, code_in(&SHIFTS, m) << 3, out),
            _ => false,
        },
        Bit | Res | Set => arithmetic::bit_op(m, ops, out),
        Jp => control::jump(ops, out),
        Call => control::call(ops, out),
        Ret => control::ret(ops, out),
        Jr | Djnz => control::relative_jump(m, ops, out),
        Rst => control::restart(ops, out),
        Im => control::interrupt_mode(ops, out),
        In => io::input(ops, out),
        Out => io::output(ops, out),
    }
}

/// An instruction without operands: its bytes from [`FIXED`].
fn fixed(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
    let Some((_, bytes)) = FIXED.iter().find(|(f, _)| *f == m) else {
        return false;
    };
    if !ops.is_empty() {
        return false;
    }
    out.bytes.extend_from_slice(bytes);
    true
}
