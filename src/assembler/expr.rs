//! Expressions: parse tokens into a tree, evaluate the tree against the symbol table.
//!
//! Precedence is the usual one (C-like, tightest first): unary `+ - ~ NOT ! HIGH LOW`;
//! `* / MOD %`; `+ -`; `SHL SHR << >>`; `< <= > >= LT LE GT GE`; `= == <> != EQ NE`;
//! `AND &`; `XOR ^`; `OR |`; `&&`; `||`; `c ? a : b`.
//!
//! pasmo uses a different table (unary minus and NOT below the comparisons, HIGH/LOW below
//! everything but `?:`, SHL/SHR with `*`), so `-1+2` is -3 there. To never produce bytes that
//! differ from pasmo silently, every expression is also parsed with pasmo's table; when the two
//! trees differ the expression is rejected and the message asks for parentheses.
//!
//! Values are `i64` (wrapping); range checks happen where a value is used (byte, word,
//! displacement). Comparisons and logical operators give -1 (0xFFFF) for true, 0 for false.
//!
//! One step per file: `expr/operators.rs` (the operator words and both precedence tables),
//! `expr/parse.rs` (tokens to a tree), `expr/eval.rs` (a tree to a value).

mod eval;
mod operators;
mod parse;

pub use eval::{EvalError, Scope, eval};
pub use operators::{binary_symbol, usual_precedence};
pub use parse::{MAX_OPERATORS, describe, parse, parse_all};

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `~x`, `NOT x`: ones' complement.
    Not,
    /// `!x`: logical not.
    LogicalNot,
    /// `HIGH x`: bits 8-15.
    High,
    /// `LOW x`: bits 0-7.
    Low,
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `*`
    Mul,
    /// `/` (truncating)
    Div,
    /// `MOD`, `%`
    Mod,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `SHL`, `<<`
    Shl,
    /// `SHR`, `>>` (logical, on the 16-bit value when negative)
    Shr,
    /// `<`, `LT`
    Lt,
    /// `<=`, `LE`
    Le,
    /// `>`, `GT`
    Gt,
    /// `>=`, `GE`
    Ge,
    /// `=`, `==`, `EQ`
    Eq,
    /// `<>`, `!=`, `NE`
    Ne,
    /// `AND`, `&`
    And,
    /// `XOR`, `^`
    Xor,
    /// `OR`, `|`
    Or,
    /// `&&`
    LogicalAnd,
    /// `||`
    LogicalOr,
}

/// An expression tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A literal number (or a one-character string).
    Number(i64),
    /// A symbol, with the column where it is written (for "undefined symbol").
    Symbol(String, u32),
    /// `$`: the address of the current statement.
    Dollar,
    /// `DEFINED name`.
    Defined(String),
    /// A unary operator applied to an operand.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operator.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `cond ? then : else`.
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// An expression that pasmo parses into another tree: evaluated both ways, an error
    /// when the two values differ. Fields: our tree, pasmo's tree, column of the start.
    PasmoReadsDifferently(Box<Expr>, Box<Expr>, u32),
}

/// A parse error: column and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based column (0: at the end of the line).
    pub col: u32,
    /// What is wrong.
    pub message: String,
}

/// Register and condition names: reserved, never symbols.
pub const RESERVED: &[&str] = &[
    "A", "B", "C", "D", "E", "H", "L", "I", "R", "AF", "AF'", "BC", "DE", "HL", "SP", "IX", "IY",
    "IXH", "IXL", "IYH", "IYL", "NZ", "Z", "NC", "PO", "PE", "P", "M",
];

/// True when `name` is a register or condition name (any case).
pub fn is_reserved(name: &str) -> bool {
    RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::lexer::tokenize;
    use std::collections::HashMap;

    struct Table(HashMap<String, i64>);

    impl Scope for Table {
        fn value(&mut self, name: &str) -> Option<i64> {
            self.0.get(name).copied()
        }
        fn dollar(&self) -> i64 {
            0x100
        }
    }

    fn value(text: &str) -> Result<i64, String> {
        let tokens = tokenize(text).map_err(|e| e.message)?;
        let expr = parse_all(&tokens).map_err(|e| e.message)?;
        let mut table = Table(HashMap::from([("X".to_string(), 0x1234)]));
        let mut errors = Vec::new();
        let v = eval(&expr, &mut table, &mut errors);
        match errors.first() {
            Some(e) => Err(e.message.clone()),
            None => Ok(v),
        }
    }

    #[test]
    fn usual_precedence() {
        assert_eq!(value("2+3*4"), Ok(14));
        assert_eq!(value("(2+3)*4"), Ok(20));
        assert_eq!(value("10-2-3"), Ok(5));
        assert_eq!(value("7/2*2"), Ok(6));
        assert_eq!(value("(1 SHL 2) + 1"), Ok(5));
        assert_eq!(value("1 SHL (2 + 1)"), Ok(8));
        // C puts shifts below `+`, pasmo beside `*`: the two values differ, so it is refused.
        assert!(value("1 SHL 2 + 1").unwrap_err().contains("pasmo"));
        assert_eq!(value("1 OR 2 AND 3"), Ok(3));
        assert_eq!(value("0FFh & 0F0h | 1"), Ok(0xF1));
        assert_eq!(value("5 MOD 3 * 2"), Ok(4));
        assert_eq!(value("1 ^ 3"), Ok(2));
        assert_eq!(value("1 XOR 3"), Ok(2));
    }

    #[test]
    fn operators_and_literals() {
        assert_eq!(value("HIGH X"), Ok(0x12));
        assert_eq!(value("LOW X"), Ok(0x34));
        assert_eq!(value("'A'+1"), Ok(66));
        assert_eq!(value("$+2"), Ok(0x102));
        assert_eq!(value("X >> 4"), Ok(0x123));
        assert_eq!(value("1 << 4"), Ok(16));
        assert_eq!(value("~0 AND 0FFh"), Ok(0xFF));
        assert_eq!(value("3 = 3"), Ok(-1));
        assert_eq!(value("3 <> 3"), Ok(0));
        assert_eq!(value("2 LT 3"), Ok(-1));
        assert_eq!(value("2 GE 3"), Ok(0));
        assert_eq!(value("1 <= 1 && 2 > 1"), Ok(-1));
        assert_eq!(value("0 || 0"), Ok(0));
        assert_eq!(value("1 ? 2 : 3"), Ok(2));
        assert_eq!(value("DEFINED X"), Ok(-1));
        assert_eq!(value("DEFINED Y"), Ok(0));
        assert_eq!(value("!0"), Ok(-1));
        assert!(value("-1 SHR 8").unwrap_err().contains("pasmo"));
        assert_eq!(value("(-1) SHR 8"), Ok(0xFF));
    }

    #[test]
    fn pasmo_precedence_differences_are_rejected() {
        for text in ["-1+2", "NOT 0 + 1", "HIGH X + 1", "-2 SHR 1"] {
            let err = value(text).unwrap_err();
            assert!(err.contains("pasmo"), "{text}: {err}");
        }
        // Parsed differently, but the value is the same both ways: accepted.
        assert_eq!(value("-X*2"), Ok(-0x2468));
        assert_eq!(value("LOW X AND 3"), Ok(0));
        // Same meaning in both tables: accepted.
        assert_eq!(value("-1"), Ok(-1));
        assert_eq!(value("-(1+2)"), Ok(-3));
        assert_eq!(value("(-1)+2"), Ok(1));
        assert_eq!(value("HIGH (X+1)"), Ok(0x12));
        assert_eq!(value("2 * (-3)"), Ok(-6));
        // pasmo cannot parse these at all, so it would reject the line: no silent difference.
        assert_eq!(value("2 * -3"), Ok(-6));
    }

    #[test]
    fn errors() {
        assert_eq!(value("Y+1"), Err("undefined symbol 'Y'".into()));
        assert_eq!(value("1/0"), Err("division by zero".into()));
        assert!(value("(1+2").unwrap_err().contains("')'"));
        assert!(value("1+").is_err());
        assert!(value("A+1").unwrap_err().contains("register"));
        assert!(value("'ab'").is_err());
        assert!(value("1 2").unwrap_err().contains("unexpected"));
        let deep = "(".repeat(500) + "1" + &")".repeat(500);
        assert!(value(&deep).is_err());
    }
}
