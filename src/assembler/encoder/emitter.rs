//! The byte sink of one instruction: opcodes, prefixes, and range-checked values (byte,
//! word, index offset, relative distance) reported through the [`Context`].

use std::ops::RangeInclusive;

use super::Context;
use super::fields::R8;
use crate::assembler::operand::Value;

pub(super) struct Emitter<'c> {
    pub(super) ctx: &'c mut dyn Context,
    pub(super) bytes: Vec<u8>,
}

impl Emitter<'_> {
    pub(super) fn push(&mut self, b: u8) {
        self.bytes.push(b);
    }

    pub(super) fn prefix(&mut self, p: Option<u8>) {
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

    pub(super) fn byte(&mut self, v: &Value) {
        let n = self.ctx.eval(v);
        let n = self.checked(v.col, n, -128..=255, |n| {
            format!("value {n} does not fit in a byte (-128..255)")
        });
        self.bytes.push(n as u8);
    }

    pub(super) fn word(&mut self, v: &Value) {
        let n = self.ctx.eval(v);
        let n = self.checked(v.col, n, -32768..=65535, |n| {
            format!("value {n} does not fit in a word (-32768..65535)")
        });
        self.bytes.extend_from_slice(&(n as u16).to_le_bytes());
    }

    /// The `d` of `(IX+d)`: 0 when there is none (`(IX)`).
    pub(super) fn offset(&mut self, v: Option<&Value>) {
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
    pub(super) fn relative(&mut self, v: &Value) {
        let target = self.ctx.eval(v);
        let distance = target.wrapping_sub(self.ctx.instruction_address().wrapping_add(2));
        let distance = self.checked(v.col, distance, -128..=127, |d| {
            format!("relative jump out of range: target is {d} bytes away (-128..127)")
        });
        self.bytes.push(distance as u8);
    }

    /// Emits prefix, opcode and the offset of an indexed operand (DD 34 d / DD 7E d ...).
    pub(super) fn r8_op(&mut self, r: &R8, opcode: u8) {
        self.prefix(r.prefix);
        self.push(opcode);
        if let Some(offset) = r.offset {
            self.offset(offset);
        }
    }
}
