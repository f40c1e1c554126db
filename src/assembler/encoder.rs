//! The instruction encoder: a mnemonic and its operands into Z80 machine code.
//!
//! Covers the whole documented instruction set (unprefixed, CB, ED, DD, FD, DDCB, FDCB) and
//! the common undocumented forms: IXH/IXL/IYH/IYL as 8-bit registers, SLL, `IN F,(C)` /
//! `IN (C)` and `OUT (C),0`. Values are range checked: a byte is -128..255, a word
//! -32768..65535, an index offset -128..127, a relative jump -128..127 from the next
//! instruction. Range errors are reported and the bytes are still emitted (truncated), so
//! that addresses after the line stay right.

use std::ops::RangeInclusive;

use super::mnemonic::Mnemonic::{self, *};
use super::operand::{Cond, Operand, Reg8, Reg16, Value};

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

/// An 8-bit operand in the `r` field: prefix (DD/FD or none), code 0-7, index offset.
struct R8<'a> {
    prefix: Option<u8>,
    code: u8,
    offset: Option<Option<&'a Value>>,
    /// H or L written plainly (they cannot mix with a DD/FD prefix from IXH..IYL).
    plain_hl: bool,
}

fn index_prefix(reg: Reg16) -> u8 {
    if reg == Reg16::Iy { 0xFD } else { 0xDD }
}

fn r8(op: &Operand) -> Option<R8<'_>> {
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
fn ss(op: &Operand, index: Reg16) -> Option<u8> {
    match op {
        Operand::Pair(Reg16::Bc) => Some(0),
        Operand::Pair(Reg16::De) => Some(1),
        Operand::Pair(p) if *p == index => Some(2),
        Operand::Pair(Reg16::Sp) => Some(3),
        _ => None,
    }
}

/// HL, IX or IY: the register and its prefix.
fn hl_like(op: &Operand) -> Option<(Reg16, Option<u8>)> {
    match op {
        Operand::Pair(Reg16::Hl) => Some((Reg16::Hl, None)),
        Operand::Pair(r @ (Reg16::Ix | Reg16::Iy)) => Some((*r, Some(index_prefix(*r)))),
        _ => None,
    }
}

fn cond_code(op: &Operand) -> Option<u8> {
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

struct Emitter<'c> {
    ctx: &'c mut dyn Context,
    bytes: Vec<u8>,
}

impl Emitter<'_> {
    fn push(&mut self, b: u8) {
        self.bytes.push(b);
    }

    fn prefix(&mut self, p: Option<u8>) {
        if let Some(p) = p {
            self.bytes.push(p);
        }
    }

    /// `n`, reported at `col` with the message `why(n)` when outside `range`; the caller
    /// emits it truncated all the same, so that the addresses after it stay right.
    fn checked(
        &mut self,
        col: u32,
        n: i64,
        range: RangeInclusive<i64>,
        why: impl FnOnce(i64) -> String,
    ) -> i64 {
        if !range.contains(&n) {
            self.ctx.report(col, why(n));
        }
        n
    }

    fn byte(&mut self, v: &Value) {
        let n = self.ctx.eval(v);
        let n = self.checked(v.col, n, -128..=255, |n| {
            format!("value {n} does not fit in a byte (-128..255)")
        });
        self.bytes.push(n as u8);
    }

    fn word(&mut self, v: &Value) {
        let n = self.ctx.eval(v);
        let n = self.checked(v.col, n, -32768..=65535, |n| {
            format!("value {n} does not fit in a word (-32768..65535)")
        });
        self.bytes.extend_from_slice(&(n as u16).to_le_bytes());
    }

    /// The `d` of `(IX+d)`: 0 when there is none (`(IX)`).
    fn offset(&mut self, v: Option<&Value>) {
        let Some(v) = v else {
            self.bytes.push(0);
            return;
        };
        let n = self.ctx.eval(v);
        let n = self.checked(v.col, n, -128..=127, |n| {
            format!("index offset {n} is out of range (-128..127)")
        });
        self.bytes.push(n as u8);
    }

    /// The distance of a JR or DJNZ target from the next instruction.
    fn relative(&mut self, v: &Value) {
        let target = self.ctx.eval(v);
        let distance = target.wrapping_sub(self.ctx.instruction_address().wrapping_add(2));
        let distance = self.checked(v.col, distance, -128..=127, |d| {
            format!("relative jump out of range: target is {d} bytes away (-128..127)")
        });
        self.bytes.push(distance as u8);
    }

    /// Emits prefix, opcode and the offset of an indexed operand (DD 34 d / DD 7E d ...).
    fn r8_op(&mut self, r: &R8, opcode: u8) {
        self.prefix(r.prefix);
        self.push(opcode);
        if let Some(offset) = r.offset {
            self.offset(offset);
        }
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
            [dst, src] => ld(dst, src, out),
            _ => false,
        },
        Push | Pop => push_pop(m, ops, out),
        Ex => exchange(ops, out),
        Add | Adc | Sub | Sbc | And | Xor | Or | Cp => alu(m, ops, out),
        Inc | Dec => inc_dec(m, ops, out),
        Rlc | Rrc | Rl | Rr | Sla | Sra | Sll | Srl => match ops {
            [op] => cb(op, code_in(&SHIFTS, m) << 3, out),
            _ => false,
        },
        Bit | Res | Set => bit_op(m, ops, out),
        Jp => jump(ops, out),
        Call => call(ops, out),
        Ret => ret(ops, out),
        Jr | Djnz => relative_jump(m, ops, out),
        Rst => restart(ops, out),
        Im => interrupt_mode(ops, out),
        In => input(ops, out),
        Out => output(ops, out),
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

/// PUSH and POP of BC, DE, HL, AF, IX, IY.
fn push_pop(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
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
fn exchange(ops: &[Operand], out: &mut Emitter) -> bool {
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

/// INC and DEC of an 8-bit operand or a register pair.
fn inc_dec(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
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
fn bit_op(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
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

/// JP nn, JP cc,nn, JP (HL)/(IX)/(IY).
fn jump(ops: &[Operand], out: &mut Emitter) -> bool {
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
fn call(ops: &[Operand], out: &mut Emitter) -> bool {
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
fn ret(ops: &[Operand], out: &mut Emitter) -> bool {
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
fn relative_jump(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
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
fn restart(ops: &[Operand], out: &mut Emitter) -> bool {
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
fn interrupt_mode(ops: &[Operand], out: &mut Emitter) -> bool {
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

/// IN A,(n); IN r,(C); IN (C) and IN F,(C).
fn input(ops: &[Operand], out: &mut Emitter) -> bool {
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
                expr: super::expr::Expr::Symbol(s, _),
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
fn output(ops: &[Operand], out: &mut Emitter) -> bool {
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

/// The CB group: rotations, shifts and BIT/RES/SET on r, (HL) or (IX+d).
fn cb(op: &Operand, base: u8, out: &mut Emitter) -> bool {
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
fn alu(m: Mnemonic, ops: &[Operand], out: &mut Emitter) -> bool {
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

/// LD in all its forms; the 8-bit register-to-register ones in [`ld_r8_r8`].
fn ld(dst: &Operand, src: &Operand, out: &mut Emitter) -> bool {
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
