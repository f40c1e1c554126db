//! Data directives: DB/DEFB/DEFM, DW/DEFW, DS/DEFS and INCBIN.
//!
//! ORG, EQU, DEFL, IF/ELSE/ENDIF, MACRO/REPT, PROC/LOCAL/ENDP and END change the course of a
//! pass and live with it in `pass.rs`; these only put bytes into the image.

use super::lexer::{Token, TokenKind};
use super::operand::split_commas;
use super::pass::Pass;
use super::source;

/// Largest DS: the whole address space.
const MAX_SPACE: i64 = 0x10000;

impl Pass<'_> {
    /// `DB item,...`: a string gives its bytes, an expression one byte (-128..255).
    pub(super) fn define_bytes(&mut self, operands: &[Token], op_col: u32) {
        if operands.is_empty() {
            self.error_at(op_col, "DB needs at least one value".into());
            return;
        }
        let mut bytes = Vec::new();
        for item in split_commas(operands) {
            match item {
                [] => {
                    self.error_at(op_col, "empty item in the list".into());
                }
                [
                    Token {
                        kind: TokenKind::Str(s),
                        ..
                    },
                ] => bytes.extend_from_slice(s),
                _ => {
                    if let Some(v) = self.eval_value(item, "DB") {
                        if !(-128..=255).contains(&v) {
                            self.error_at(
                                item[0].col,
                                format!("value {v} does not fit in a byte (-128..255)"),
                            );
                        }
                        bytes.push(v as u8);
                    } else {
                        bytes.push(0);
                    }
                }
            }
        }
        self.emit(&bytes);
    }

    /// `DW expr,...`: little-endian words (-32768..65535).
    pub(super) fn define_words(&mut self, operands: &[Token], op_col: u32) {
        if operands.is_empty() {
            self.error_at(op_col, "DW needs at least one value".into());
            return;
        }
        let mut bytes = Vec::new();
        for item in split_commas(operands) {
            if item.is_empty() {
                self.error_at(op_col, "empty item in the list".into());
                continue;
            }
            let v = self.eval_value(item, "DW").unwrap_or(0);
            if !(-32768..=65535).contains(&v) {
                self.error_at(
                    item[0].col,
                    format!("value {v} does not fit in a word (-32768..65535)"),
                );
            }
            bytes.extend_from_slice(&(v as u16).to_le_bytes());
        }
        self.emit(&bytes);
    }

    /// `DS count[,fill]`: `count` bytes of `fill` (default 0, as pasmo).
    pub(super) fn define_space(&mut self, operands: &[Token], op_col: u32) {
        let parts = split_commas(operands);
        let (count_tokens, fill_tokens) = match parts.as_slice() {
            [count] => (*count, None),
            [count, fill] => (*count, Some(*fill)),
            _ => {
                self.error_at(op_col, "DS takes a count and an optional fill byte".into());
                return;
            }
        };
        let Some(count) = self.eval_value(count_tokens, "DS") else {
            return;
        };
        if !(0..=MAX_SPACE).contains(&count) {
            let col = count_tokens.first().map_or(op_col, |t| t.col);
            self.error_at(col, format!("DS count {count} is outside 0..65536"));
            return;
        }
        let fill = match fill_tokens {
            Some(tokens) => {
                let v = self.eval_value(tokens, "DS").unwrap_or(0);
                if !(-128..=255).contains(&v) {
                    let col = tokens.first().map_or(op_col, |t| t.col);
                    self.error_at(
                        col,
                        format!("fill value {v} does not fit in a byte (-128..255)"),
                    );
                }
                v as u8
            }
            None => 0,
        };
        self.emit_fill(fill, count as usize);
    }

    /// `INCBIN file`: the file's bytes, found beside the including source or in the cwd.
    pub(super) fn incbin(&mut self, file: usize, name: Result<String, String>, col: u32) {
        let name = match name {
            Ok(n) => n,
            Err(message) => {
                self.error_at(col, message);
                return;
            }
        };
        let dir = self.program().dirs.get(file).cloned().flatten();
        let path = source::resolve(&name, dir.as_deref());
        // An INCBIN in a REPT reads its file every round: its size counts as text run.
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        if !self.charge(0, usize::try_from(size).unwrap_or(usize::MAX)) {
            return;
        }
        // At most the 64 KiB a Z80 can address, and never a FIFO or a device.
        match crate::files::read(&path, crate::files::INCBIN) {
            Ok(bytes) => self.emit(&bytes),
            Err(e) => self.error_at(col, e.to_string()),
        }
    }
}
