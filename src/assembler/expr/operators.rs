//! The operator tables: which token spells which operator, and how tightly each binds in
//! the usual table and in pasmo's (kept only to check that pasmo reads the same tree).

use super::{BinaryOp, UnaryOp};
use crate::assembler::lexer::{Token, TokenKind};

/// Which precedence table to parse with.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Grammar {
    Usual,
    Pasmo,
}

/// Operand binding level of prefix operators in pasmo's table.
pub(super) const PASMO_UNARY: u8 = 7;
pub(super) const PASMO_HIGH_LOW: u8 = 1;

pub(super) fn binary_op(token: &Token, grammar: Grammar) -> Option<(BinaryOp, u8)> {
    let op = match &token.kind {
        TokenKind::Op(o) => binary_symbol(o)?,
        TokenKind::Ident(w) => binary_word(w)?,
        _ => return None,
    };
    let prec = match grammar {
        Grammar::Usual => usual_precedence(op),
        Grammar::Pasmo => pasmo_precedence(op),
    };
    Some((op, prec))
}

/// The binary operator a symbol spells (`*`, `==`, `<>`, `&&`...).
pub fn binary_symbol(symbol: &str) -> Option<BinaryOp> {
    use BinaryOp::*;
    Some(match symbol {
        "*" => Mul,
        "/" => Div,
        "%" => Mod,
        "+" => Add,
        "-" => Sub,
        "<<" => Shl,
        ">>" => Shr,
        "<" => Lt,
        "<=" => Le,
        ">" => Gt,
        ">=" => Ge,
        "=" | "==" => Eq,
        "<>" | "!=" => Ne,
        "&" => And,
        "^" => Xor,
        "|" => Or,
        "&&" => LogicalAnd,
        "||" => LogicalOr,
        _ => return None,
    })
}

/// The binary operator a word spells (`MOD`, `SHL`, `EQ`, `AND`...), any case.
fn binary_word(word: &str) -> Option<BinaryOp> {
    use BinaryOp::*;
    Some(match word.to_ascii_uppercase().as_str() {
        "MOD" => Mod,
        "SHL" => Shl,
        "SHR" => Shr,
        "LT" => Lt,
        "LE" => Le,
        "GT" => Gt,
        "GE" => Ge,
        "EQ" => Eq,
        "NE" => Ne,
        "AND" => And,
        "XOR" => Xor,
        "OR" => Or,
        _ => return None,
    })
}

/// How tightly `op` binds in the usual (C-like) table, higher binding tighter: the one
/// precedence of the crate's expressions, the assembler's and the debugger's.
pub fn usual_precedence(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Mul | Div | Mod => 10,
        Add | Sub => 9,
        Shl | Shr => 8,
        Lt | Le | Gt | Ge => 7,
        Eq | Ne => 6,
        And => 5,
        Xor => 4,
        Or => 3,
        LogicalAnd => 2,
        LogicalOr => 1,
    }
}

/// How tightly `op` binds in pasmo's table (only to check that pasmo reads the same).
fn pasmo_precedence(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Mul | Div | Mod | Shl | Shr => 10,
        Add | Sub => 9,
        Lt | Le | Gt | Ge | Eq | Ne => 7,
        And => 5,
        Xor | Or => 4,
        LogicalAnd => 2,
        LogicalOr => 1,
    }
}

pub(super) fn unary_op(token: &Token) -> Option<UnaryOp> {
    match &token.kind {
        TokenKind::Op("-") => Some(UnaryOp::Neg),
        TokenKind::Op("+") => Some(UnaryOp::Plus),
        TokenKind::Op("~") => Some(UnaryOp::Not),
        TokenKind::Op("!") => Some(UnaryOp::LogicalNot),
        TokenKind::Ident(w) if w.eq_ignore_ascii_case("NOT") => Some(UnaryOp::Not),
        TokenKind::Ident(w) if w.eq_ignore_ascii_case("HIGH") => Some(UnaryOp::High),
        TokenKind::Ident(w) if w.eq_ignore_ascii_case("LOW") => Some(UnaryOp::Low),
        _ => None,
    }
}
