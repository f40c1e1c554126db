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

use super::lexer::{Token, TokenKind};

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

/// Which precedence table to parse with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grammar {
    Usual,
    Pasmo,
}

/// Operand binding level of prefix operators in pasmo's table.
const PASMO_UNARY: u8 = 7;
const PASMO_HIGH_LOW: u8 = 1;

fn binary_op(token: &Token, grammar: Grammar) -> Option<(BinaryOp, u8)> {
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

fn unary_op(token: &Token) -> Option<UnaryOp> {
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

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    grammar: Grammar,
    depth: u32,
    /// Operators read so far: a long chain `1+1+...` nests no parser call but builds a tree
    /// as deep as it is long, which evaluating, comparing and dropping walk recursively.
    operators: u32,
}

/// Deep enough for any real program, shallow enough to never overflow the stack.
const MAX_DEPTH: u32 = 200;

/// Most operators in one expression. With `MAX_DEPTH` this bounds the depth of every
/// tree, and so the stack its recursive walks use.
pub const MAX_OPERATORS: u32 = 1000;

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn error_here(&self, message: impl Into<String>) -> ExprError {
        // At the end of the tokens, point just after the last one.
        let end = || {
            self.tokens.last().map_or(0, |t| {
                let width = u32::try_from(t.end.saturating_sub(t.start)).unwrap_or(0);
                t.col.saturating_add(width)
            })
        };
        ExprError {
            col: self.peek().map_or_else(end, |t| t.col),
            message: message.into(),
        }
    }

    /// Counts an operator about to be read (the next token); an error past [`MAX_OPERATORS`].
    fn count_operator(&mut self) -> Result<(), ExprError> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(self.error_here(format!(
                "expression with more than {MAX_OPERATORS} operators; split it with EQU"
            )));
        }
        Ok(())
    }

    fn expression(&mut self, min: u8) -> Result<Expr, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here("expression nested too deeply"));
        }
        let result = self.expression_inner(min);
        self.depth -= 1;
        result
    }

    fn expression_inner(&mut self, min: u8) -> Result<Expr, ExprError> {
        let mut lhs = self.prefix(min)?;
        while let Some(token) = self.peek() {
            let Some((op, prec)) = binary_op(token, self.grammar) else {
                break;
            };
            if prec < min {
                break;
            }
            self.count_operator()?;
            self.pos += 1;
            let rhs = self.expression(prec + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        if min == 0 && self.peek().is_some_and(|t| t.is_op("?")) {
            self.count_operator()?;
            self.pos += 1;
            let then = self.expression(0)?;
            if !self.peek().is_some_and(|t| t.is_op(":")) {
                return Err(self.error_here("':' expected in 'cond ? a : b'"));
            }
            self.pos += 1;
            let otherwise = self.expression(0)?;
            lhs = Expr::Conditional(Box::new(lhs), Box::new(then), Box::new(otherwise));
        }
        Ok(lhs)
    }

    fn prefix(&mut self, min: u8) -> Result<Expr, ExprError> {
        let Some(token) = self.peek() else {
            return Err(self.error_here("expression expected"));
        };
        if let Some(op) = unary_op(token) {
            let operand_min = match (self.grammar, op) {
                (Grammar::Usual, _) => None,
                (Grammar::Pasmo, UnaryOp::High | UnaryOp::Low) if min <= PASMO_HIGH_LOW => {
                    Some(PASMO_HIGH_LOW)
                }
                (Grammar::Pasmo, UnaryOp::High | UnaryOp::Low) => {
                    return Err(self.error_here("pasmo does not accept HIGH/LOW here"));
                }
                (Grammar::Pasmo, _) if min < PASMO_UNARY => Some(PASMO_UNARY),
                (Grammar::Pasmo, _) => {
                    return Err(self.error_here("pasmo does not accept a unary operator here"));
                }
            };
            self.count_operator()?;
            self.pos += 1;
            let operand = match operand_min {
                None => self.unary_operand()?,
                Some(level) => self.expression(level)?,
            };
            return Ok(Expr::Unary(op, Box::new(operand)));
        }
        self.primary()
    }

    /// The operand of a unary operator in the usual grammar: another prefix or a primary.
    fn unary_operand(&mut self) -> Result<Expr, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here("expression nested too deeply"));
        }
        let result = self.prefix(u8::MAX);
        self.depth -= 1;
        result
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        let Some(token) = self.peek().cloned() else {
            return Err(self.error_here("expression expected"));
        };
        self.pos += 1;
        match token.kind {
            TokenKind::Number(n) => Ok(Expr::Number(n)),
            TokenKind::Dollar => Ok(Expr::Dollar),
            TokenKind::Str(bytes) => match bytes.as_slice() {
                [b] => Ok(Expr::Number(i64::from(*b))),
                _ => Err(ExprError {
                    col: token.col,
                    message: "only a one-character string can be used as a number".into(),
                }),
            },
            TokenKind::Op("(") => {
                let inner = self.expression(0)?;
                if !self.peek().is_some_and(|t| t.is_op(")")) {
                    return Err(self.error_here("')' expected"));
                }
                self.pos += 1;
                Ok(inner)
            }
            TokenKind::Ident(name) if name.eq_ignore_ascii_case("DEFINED") => {
                match self.peek().and_then(Token::ident).map(str::to_string) {
                    Some(symbol) => {
                        self.pos += 1;
                        Ok(Expr::Defined(symbol))
                    }
                    None => Err(self.error_here("DEFINED needs a symbol name")),
                }
            }
            TokenKind::Ident(name) if is_reserved(&name) => Err(ExprError {
                col: token.col,
                message: format!("register '{name}' cannot be used in an expression"),
            }),
            TokenKind::Ident(name) => Ok(Expr::Symbol(name, token.col)),
            TokenKind::Op(op) => Err(ExprError {
                col: token.col,
                message: format!("expression expected, found '{op}'"),
            }),
        }
    }
}

/// Parses the longest expression at the start of `tokens`; returns it and how many tokens
/// it used. Rejects expressions that pasmo would read with a different meaning.
pub fn parse(tokens: &[Token]) -> Result<(Expr, usize), ExprError> {
    let mut usual = Parser {
        tokens,
        pos: 0,
        grammar: Grammar::Usual,
        depth: 0,
        operators: 0,
    };
    let expr = usual.expression(0)?;
    let mut pasmo = Parser {
        tokens,
        pos: 0,
        grammar: Grammar::Pasmo,
        depth: 0,
        operators: 0,
    };
    // Where pasmo cannot parse the expression at all it would reject the line itself, so
    // there is no silent difference to guard against.
    let pasmo_expr = pasmo.expression(0);
    match pasmo_expr {
        Ok(pasmo_expr) if pasmo_expr != expr && pasmo.pos == usual.pos => {
            let col = tokens.first().map_or(0, |t| t.col);
            let checked = Expr::PasmoReadsDifferently(Box::new(expr), Box::new(pasmo_expr), col);
            Ok((checked, usual.pos))
        }
        Ok(_) if pasmo.pos != usual.pos => Err(ExprError {
            col: tokens.get(pasmo.pos.min(usual.pos)).map_or(0, |t| t.col),
            message: "pasmo splits this expression differently; add parentheses".into(),
        }),
        _ => Ok((expr, usual.pos)),
    }
}

/// Parses exactly `tokens` as one expression.
pub fn parse_all(tokens: &[Token]) -> Result<Expr, ExprError> {
    let (expr, used) = parse(tokens)?;
    match tokens.get(used) {
        None => Ok(expr),
        Some(t) => Err(ExprError {
            col: t.col,
            message: format!("unexpected '{}' after the expression", describe(t)),
        }),
    }
}

/// A short text for a token in messages.
pub fn describe(token: &Token) -> String {
    match &token.kind {
        TokenKind::Ident(s) => s.clone(),
        TokenKind::Number(n) => n.to_string(),
        TokenKind::Str(_) => "string".into(),
        TokenKind::Dollar => "$".into(),
        TokenKind::Op(o) => (*o).to_string(),
    }
}

/// What evaluation needs from the assembler.
pub trait Scope {
    /// The value of a symbol, or `None` when it is not (yet) defined.
    fn value(&mut self, name: &str) -> Option<i64>;
    /// The address of the current statement.
    fn dollar(&self) -> i64;
}

/// An evaluation error, with the column it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalError {
    /// 1-based column (0 when unknown).
    pub col: u32,
    /// What is wrong.
    pub message: String,
}

fn truth(b: bool) -> i64 {
    if b { -1 } else { 0 }
}

/// Evaluates `expr`. Undefined symbols count as 0 and are reported in `errors` (so that an
/// early pass still knows instruction sizes); the value is always returned.
pub fn eval(expr: &Expr, scope: &mut dyn Scope, errors: &mut Vec<EvalError>) -> i64 {
    match expr {
        Expr::Number(n) => *n,
        Expr::Dollar => scope.dollar(),
        Expr::Symbol(name, col) => scope.value(name).unwrap_or_else(|| {
            errors.push(EvalError {
                col: *col,
                message: format!("undefined symbol '{name}'"),
            });
            0
        }),
        Expr::Defined(name) => truth(scope.value(name).is_some()),
        Expr::Unary(op, a) => {
            let a = eval(a, scope, errors);
            match op {
                UnaryOp::Neg => a.wrapping_neg(),
                UnaryOp::Plus => a,
                UnaryOp::Not => !a,
                UnaryOp::LogicalNot => truth(a == 0),
                UnaryOp::High => (a >> 8) & 0xFF,
                UnaryOp::Low => a & 0xFF,
            }
        }
        Expr::Conditional(c, t, e) => {
            if eval(c, scope, errors) != 0 {
                eval(t, scope, errors)
            } else {
                eval(e, scope, errors)
            }
        }
        Expr::PasmoReadsDifferently(usual, pasmo, col) => {
            let ours = eval(usual, scope, errors);
            let theirs = eval(pasmo, scope, errors);
            if (ours ^ theirs) & 0xFFFF != 0 {
                errors.push(EvalError {
                    col: *col,
                    message: format!(
                        "operator precedence: this is {ours} here but {theirs} in pasmo (its \
                         unary -, NOT, HIGH and LOW bind loosely); add parentheses"
                    ),
                });
            }
            ours
        }
        Expr::Binary(BinaryOp::LogicalAnd, a, b) => {
            truth(eval(a, scope, errors) != 0 && eval(b, scope, errors) != 0)
        }
        Expr::Binary(BinaryOp::LogicalOr, a, b) => {
            truth(eval(a, scope, errors) != 0 || eval(b, scope, errors) != 0)
        }
        Expr::Binary(op, a, b) => {
            let a = eval(a, scope, errors);
            let b = eval(b, scope, errors);
            binary(*op, a, b).unwrap_or_else(|message| {
                errors.push(EvalError { col: 0, message });
                0
            })
        }
    }
}

fn binary(op: BinaryOp, a: i64, b: i64) -> Result<i64, String> {
    use BinaryOp::*;
    Ok(match op {
        Mul => a.wrapping_mul(b),
        Div | Mod if b == 0 => return Err("division by zero".into()),
        Div => a.wrapping_div(b),
        Mod => a.wrapping_rem(b),
        Add => a.wrapping_add(b),
        Sub => a.wrapping_sub(b),
        Shl => u32::try_from(b)
            .ok()
            .and_then(|s| a.checked_shl(s))
            .filter(|_| b < 64)
            .unwrap_or(0),
        Shr => {
            // A negative value is a 16-bit two's complement number, as in pasmo.
            let a = if a < 0 { a & 0xFFFF } else { a };
            u32::try_from(b)
                .ok()
                .filter(|s| *s < 64)
                .map_or(0, |s| a >> s)
        }
        Lt => truth(a < b),
        Le => truth(a <= b),
        Gt => truth(a > b),
        Ge => truth(a >= b),
        Eq => truth(a == b),
        Ne => truth(a != b),
        And => a & b,
        Xor => a ^ b,
        Or => a | b,
        LogicalAnd => truth(a != 0 && b != 0),
        LogicalOr => truth(a != 0 || b != 0),
    })
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
