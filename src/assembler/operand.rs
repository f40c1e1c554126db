//! Instruction operands: registers, conditions, indirections and immediate values.
//!
//! The `(...)` ambiguity is settled as pasmo does, but without its warning-only cases: an
//! operand is an indirection only when its opening parenthesis closes at the very end of the
//! operand (`LD A,(X+1)` loads from memory; `LD A,(1+2)*3` loads the number 9).

use super::expr::{self, Expr, ExprError};
use super::lexer::Token;

/// An 8-bit register (the index halves are the undocumented IXH/IXL/IYH/IYL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reg8 {
    /// Accumulator.
    A,
    /// B
    B,
    /// C (also the condition "carry" where a condition is expected)
    C,
    /// D
    D,
    /// E
    E,
    /// H
    H,
    /// L
    L,
    /// High half of IX.
    Ixh,
    /// Low half of IX.
    Ixl,
    /// High half of IY.
    Iyh,
    /// Low half of IY.
    Iyl,
    /// Interrupt vector register.
    I,
    /// Refresh register.
    R,
}

/// A 16-bit register pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reg16 {
    /// BC
    Bc,
    /// DE
    De,
    /// HL
    Hl,
    /// SP
    Sp,
    /// AF
    Af,
    /// AF' (the alternate AF, only in `EX AF,AF'`)
    AfAlt,
    /// IX
    Ix,
    /// IY
    Iy,
}

/// A condition for JP, JR, CALL, RET (carry is written `C`, parsed as register C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    /// Not zero.
    Nz,
    /// Zero.
    Z,
    /// No carry.
    Nc,
    /// Parity odd.
    Po,
    /// Parity even.
    Pe,
    /// Plus (sign clear).
    P,
    /// Minus (sign set).
    M,
}

/// A value from an expression and the column where the expression starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    /// The expression.
    pub expr: Expr,
    /// 1-based column of the expression.
    pub col: u32,
}

/// One parsed operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    /// An 8-bit register.
    Reg(Reg8),
    /// A register pair.
    Pair(Reg16),
    /// A condition other than C.
    Cond(Cond),
    /// `(BC)`, `(DE)`, `(HL)`, `(SP)`.
    Indirect(Reg16),
    /// `(C)` in IN/OUT.
    PortC,
    /// `(IX+d)` / `(IY+d)`; `(IX)` has offset 0.
    Indexed(Reg16, Option<Value>),
    /// `(nn)`: memory or port address.
    Memory(Value),
    /// An immediate value.
    Immediate(Value),
}

fn register_name(name: &str) -> Option<Operand> {
    use Operand::{Cond as C, Pair as P, Reg as R};
    Some(match name.to_ascii_uppercase().as_str() {
        "A" => R(Reg8::A),
        "B" => R(Reg8::B),
        "C" => R(Reg8::C),
        "D" => R(Reg8::D),
        "E" => R(Reg8::E),
        "H" => R(Reg8::H),
        "L" => R(Reg8::L),
        "I" => R(Reg8::I),
        "R" => R(Reg8::R),
        "IXH" => R(Reg8::Ixh),
        "IXL" => R(Reg8::Ixl),
        "IYH" => R(Reg8::Iyh),
        "IYL" => R(Reg8::Iyl),
        "BC" => P(Reg16::Bc),
        "DE" => P(Reg16::De),
        "HL" => P(Reg16::Hl),
        "SP" => P(Reg16::Sp),
        "AF" => P(Reg16::Af),
        "AF'" => P(Reg16::AfAlt),
        "IX" => P(Reg16::Ix),
        "IY" => P(Reg16::Iy),
        "NZ" => C(Cond::Nz),
        "Z" => C(Cond::Z),
        "NC" => C(Cond::Nc),
        "PO" => C(Cond::Po),
        "PE" => C(Cond::Pe),
        "P" => C(Cond::P),
        "M" => C(Cond::M),
        _ => return None,
    })
}

/// Index of the `)` that closes the `(` at `tokens[0]`, if any.
fn closing_paren(tokens: &[Token]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        if t.is_op("(") {
            depth += 1;
        } else if t.is_op(")") {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

fn value(tokens: &[Token]) -> Result<Value, ExprError> {
    let col = tokens.first().map_or(0, |t| t.col);
    Ok(Value {
        expr: expr::parse_all(tokens)?,
        col,
    })
}

/// Parses one operand (the tokens between commas); `tokens` is never empty.
pub fn parse(tokens: &[Token]) -> Result<Operand, ExprError> {
    if let [single] = tokens
        && let Some(name) = single.ident()
        && let Some(op) = register_name(name)
    {
        return Ok(op);
    }
    let is_indirect = tokens.first().is_some_and(|t| t.is_op("("))
        && closing_paren(tokens) == Some(tokens.len() - 1);
    if !is_indirect {
        return Ok(Operand::Immediate(value(tokens)?));
    }
    let inner = &tokens[1..tokens.len() - 1];
    let Some(first) = inner.first() else {
        return Err(ExprError {
            col: tokens[0].col,
            message: "empty parentheses".into(),
        });
    };
    let inner_reg = first.ident().and_then(register_name);
    match (inner_reg, inner.len()) {
        (Some(Operand::Pair(r @ (Reg16::Bc | Reg16::De | Reg16::Hl | Reg16::Sp))), 1) => {
            Ok(Operand::Indirect(r))
        }
        (Some(Operand::Reg(Reg8::C)), 1) => Ok(Operand::PortC),
        (Some(Operand::Pair(r @ (Reg16::Ix | Reg16::Iy))), 1) => Ok(Operand::Indexed(r, None)),
        (Some(Operand::Pair(r @ (Reg16::Ix | Reg16::Iy))), _) => {
            let rest = &inner[1..];
            if !(rest[0].is_op("+") || rest[0].is_op("-")) {
                return Err(ExprError {
                    col: rest[0].col,
                    message: "expected '+' or '-' after the index register".into(),
                });
            }
            // The sign belongs to the offset: `(IX-3)` has offset -3.
            Ok(Operand::Indexed(r, Some(value(rest)?)))
        }
        (Some(_), _) => Err(ExprError {
            col: first.col,
            message: format!(
                "'({})' is not a valid indirection",
                first.ident().unwrap_or_default()
            ),
        }),
        (None, _) => Ok(Operand::Memory(value(inner)?)),
    }
}

/// Splits an operand list at the commas outside parentheses; columns kept for errors.
pub fn split_commas(tokens: &[Token]) -> Vec<&[Token]> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.is_op("(") {
            depth += 1;
        } else if t.is_op(")") {
            depth -= 1;
        } else if t.is_op(",") && depth <= 0 {
            parts.push(&tokens[start..i]);
            start = i + 1;
        }
    }
    if !tokens.is_empty() {
        parts.push(&tokens[start..]);
    }
    parts
}
