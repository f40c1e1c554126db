//! Expressions for addresses and conditions: numbers, symbols, registers, memory and
//! C-style operators, e.g. `BOARD+35`, `A==0`, `(BOARD+35)==0x11`, `HL>=0xE100 && ZF`.
//!
//! - Numbers, read by the assembler's lexer: `42`, `0x2A`, `$2A`, `2AH` (must start with a
//!   digit), `%101010`, `101010B`.
//! - Names: registers first (`A F B C D E H L AF BC DE HL AF' BC' DE' HL' IX IY SP PC I R`),
//!   flags `SF ZF HF PF NF CF` (0 or 1), then the ROM's symbols (case-insensitive).
//! - Memory: `(e)` is the byte at address `e`, Z80 style; `b@e` a byte, `w@e` a little-endian
//!   word. Square brackets `[e]` only group.
//! - Operators with the assembler's precedence (C's), loosest first: `||`, `&&`, `|`, `^`,
//!   `&`, `== !=`, `< <= > >=`, `<< >>`, `+ -`, `* / %`, unary `- ~ !`. A comparison gives
//!   1 for true; a condition is true when it is not zero.
//!
//! Parsing and evaluating are separate so a breakpoint condition is parsed once when it is
//! set (bad syntax is reported then) and evaluated at every hit.

use std::fmt;

use crate::assembler::expr::{BinaryOp, MAX_OPERATORS, binary_symbol, usual_precedence};

/// Deepest nesting of brackets and unary operators, as the assembler allows: deep enough
/// for any real condition, shallow enough that parsing, evaluating and dropping the tree
/// (all recursive) never overflow the stack.
const MAX_DEPTH: u32 = 200;

/// What an expression can look at.
pub trait Env {
    /// The value of a register or flag name (upper case), if it is one.
    fn register(&self, name: &str) -> Option<u16>;
    /// The value of a symbol.
    fn symbol(&self, name: &str) -> Option<u16>;
    /// A byte of the CPU's address space (no side effects).
    fn byte(&self, address: u16) -> u8;
}

/// A parse or evaluation error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    /// The text is not a well-formed expression.
    #[error("bad expression '{text}': {reason}")]
    Syntax {
        /// The whole expression.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A name that is neither a register nor a symbol.
    #[error("unknown name '{0}' (not a register, flag or symbol)")]
    UnknownName(String),
    /// Division or remainder by zero.
    #[error("division by zero")]
    DivisionByZero,
    /// A value that must be an address is not in 0..=0xFFFF.
    #[error("{} is not an address (0..0xFFFF)", show_number(*.0))]
    NotAnAddress(i64),
}

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UnOp {
    Neg,
    Not,
    LogicalNot,
}

/// A parsed expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A number.
    Number(i64),
    /// A register, flag or symbol, resolved when evaluated.
    Name(String),
    /// The byte at an address.
    Byte(Box<Expr>),
    /// The little-endian word at an address.
    Word(Box<Expr>),
    /// A unary operation.
    Unary(UnOpKind, Box<Expr>),
    /// A binary operation.
    Binary(BinOpKind, Box<Expr>, Box<Expr>),
}

/// A unary operator (public wrapper so [`Expr`] can be matched).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnOpKind(UnOp);

/// A binary operator (public wrapper so [`Expr`] can be matched).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BinOpKind(BinaryOp);

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(i64),
    Name(String),
    Op(&'static str),
}

/// Operators, longest first so `<=` is not read as `<`.
const OPERATORS: [&str; 25] = [
    "||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "<", ">", "|", "^", "&", "+", "-", "*", "/",
    "%", "~", "!", "(", ")", "[", "]", "@",
];

fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // `%` is binary only where a value may start; after a value it is the remainder.
        let after_value = matches!(
            tokens.last(),
            Some(Token::Number(_) | Token::Name(_) | Token::Op(")" | "]"))
        );
        let prefixed = (c == '$' || (c == '%' && !after_value))
            && chars.get(i + 1).is_some_and(|d| d.is_ascii_hexdigit());
        if c.is_ascii_digit() || prefixed {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            tokens.push(Token::Number(number(&word)?));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '?' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '.' | '?' | '#'))
            {
                i += 1;
            }
            // AF' BC' DE' HL': the alternate set.
            if chars.get(i) == Some(&'\'') {
                i += 1;
            }
            tokens.push(Token::Name(chars[start..i].iter().collect()));
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match OPERATORS.iter().find(|op| rest.starts_with(**op)) {
            Some(op) => {
                tokens.push(Token::Op(op));
                i += op.len();
            }
            None => return Err(format!("unexpected character '{c}'")),
        }
    }
    Ok(tokens)
}

/// Read a number, as the assembler does: decimal, `0x..`, `$..`, `..H`, `%..`, `..B`.
pub fn number(word: &str) -> Result<i64, String> {
    crate::assembler::lexer::number(word)
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// Nesting of the parse now: refused past [`MAX_DEPTH`].
    depth: u32,
    /// Operators read so far: a chain `1+1+...` nests no call but builds a tree as deep as
    /// it is long. Refused past the assembler's [`MAX_OPERATORS`].
    operators: u32,
}

impl Parser {
    fn peek_op(&self) -> Option<&'static str> {
        match self.tokens.get(self.pos) {
            Some(Token::Op(op)) => Some(op),
            _ => None,
        }
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.peek_op() == Some(op) {
            self.pos += 1;
            Ok(())
        } else {
            Err(format!("expected '{op}'"))
        }
    }

    /// Runs `parse` one level deeper; an error past [`MAX_DEPTH`].
    fn nested(
        &mut self,
        parse: impl FnOnce(&mut Parser) -> Result<Expr, String>,
    ) -> Result<Expr, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("nested too deeply (more than {MAX_DEPTH} levels)"));
        }
        let result = parse(self);
        self.depth -= 1;
        result
    }

    /// Counts an operator; an error past [`MAX_OPERATORS`].
    fn count_operator(&mut self) -> Result<(), String> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(format!("more than {MAX_OPERATORS} operators"));
        }
        Ok(())
    }

    /// Operators binding at least as tightly as `min`, by the assembler's table (left
    /// associative: the right side takes only tighter ones).
    fn binary(&mut self, min: u8) -> Result<Expr, String> {
        self.nested(|p| p.binary_inner(min))
    }

    fn binary_inner(&mut self, min: u8) -> Result<Expr, String> {
        let mut left = self.unary()?;
        while let Some(op) = self.peek_op().and_then(binary_symbol) {
            let precedence = usual_precedence(op);
            if precedence < min {
                break;
            }
            self.count_operator()?;
            self.pos += 1;
            let right = self.binary(precedence + 1)?;
            left = Expr::Binary(BinOpKind(op), Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let op = match self.peek_op() {
            Some("-") => UnOp::Neg,
            Some("~") => UnOp::Not,
            Some("!") => UnOp::LogicalNot,
            _ => return self.primary(),
        };
        self.count_operator()?;
        self.pos += 1;
        let operand = self.nested(Parser::unary)?;
        Ok(Expr::Unary(UnOpKind(op), Box::new(operand)))
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        match token {
            Some(Token::Number(n)) => Ok(Expr::Number(n)),
            Some(Token::Name(name)) => {
                let upper = name.to_ascii_uppercase();
                if (upper == "B" || upper == "W") && self.peek_op() == Some("@") {
                    self.pos += 1;
                    let inner = Box::new(self.nested(Parser::unary)?);
                    return Ok(if upper == "B" {
                        Expr::Byte(inner)
                    } else {
                        Expr::Word(inner)
                    });
                }
                Ok(Expr::Name(name))
            }
            Some(Token::Op("(")) => {
                let inner = self.binary(0)?;
                self.expect(")")?;
                Ok(Expr::Byte(Box::new(inner)))
            }
            Some(Token::Op("[")) => {
                let inner = self.binary(0)?;
                self.expect("]")?;
                Ok(inner)
            }
            Some(Token::Op(op)) => Err(format!("unexpected '{op}'")),
            None => Err("unexpected end".to_string()),
        }
    }
}

impl Expr {
    /// Parse an expression.
    pub fn parse(text: &str) -> Result<Expr, ExprError> {
        let syntax = |reason: String| ExprError::Syntax {
            text: shortened(text),
            reason,
        };
        let tokens = tokenize(text).map_err(syntax)?;
        if tokens.is_empty() {
            return Err(syntax("empty".to_string()));
        }
        let mut parser = Parser {
            tokens,
            pos: 0,
            depth: 0,
            operators: 0,
        };
        let expr = parser.binary(0).map_err(syntax)?;
        if parser.pos < parser.tokens.len() {
            return Err(syntax(format!(
                "unexpected {:?} after the expression",
                parser.tokens[parser.pos]
            )));
        }
        Ok(expr)
    }

    /// True if the expression is just a name (a symbol used as a variable's address).
    pub fn as_name(&self) -> Option<&str> {
        match self {
            Expr::Name(n) => Some(n),
            _ => None,
        }
    }

    /// Evaluate with 64-bit signed arithmetic (wrapping).
    pub fn eval(&self, env: &dyn Env) -> Result<i64, ExprError> {
        Ok(match self {
            Expr::Number(n) => *n,
            Expr::Name(name) => {
                let upper = name.to_ascii_uppercase();
                env.register(&upper)
                    .or_else(|| env.symbol(name))
                    .ok_or_else(|| ExprError::UnknownName(name.clone()))? as i64
            }
            Expr::Byte(inner) => env.byte(address(inner.eval(env)?)?) as i64,
            Expr::Word(inner) => {
                let a = address(inner.eval(env)?)?;
                u16::from_le_bytes([env.byte(a), env.byte(a.wrapping_add(1))]) as i64
            }
            Expr::Unary(UnOpKind(op), inner) => {
                let v = inner.eval(env)?;
                match op {
                    UnOp::Neg => v.wrapping_neg(),
                    UnOp::Not => !v,
                    UnOp::LogicalNot => (v == 0) as i64,
                }
            }
            Expr::Binary(BinOpKind(op), l, r) => {
                let a = l.eval(env)?;
                // && and || do not evaluate their right side when the left decides.
                match op {
                    BinaryOp::LogicalAnd if a == 0 => return Ok(0),
                    BinaryOp::LogicalOr if a != 0 => return Ok(1),
                    _ => {}
                }
                let b = r.eval(env)?;
                match op {
                    BinaryOp::LogicalOr | BinaryOp::LogicalAnd => (b != 0) as i64,
                    BinaryOp::Eq => (a == b) as i64,
                    BinaryOp::Ne => (a != b) as i64,
                    BinaryOp::Lt => (a < b) as i64,
                    BinaryOp::Le => (a <= b) as i64,
                    BinaryOp::Gt => (a > b) as i64,
                    BinaryOp::Ge => (a >= b) as i64,
                    BinaryOp::Or => a | b,
                    BinaryOp::Xor => a ^ b,
                    BinaryOp::And => a & b,
                    BinaryOp::Shl => a.wrapping_shl(b as u32),
                    BinaryOp::Shr => a.wrapping_shr(b as u32),
                    BinaryOp::Add => a.wrapping_add(b),
                    BinaryOp::Sub => a.wrapping_sub(b),
                    BinaryOp::Mul => a.wrapping_mul(b),
                    BinaryOp::Div | BinaryOp::Mod if b == 0 => {
                        return Err(ExprError::DivisionByZero);
                    }
                    BinaryOp::Div => a.wrapping_div(b),
                    BinaryOp::Mod => a.wrapping_rem(b),
                }
            }
        })
    }

    /// Evaluate as an address (0..=0xFFFF).
    pub fn eval_address(&self, env: &dyn Env) -> Result<u16, ExprError> {
        address(self.eval(env)?)
    }
}

/// `text` as an error shows it: at most 60 characters, a longer one cut with `...`.
fn shortened(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// A number as the user would write it: hexadecimal when positive.
fn show_number(value: i64) -> String {
    if value < 0 {
        value.to_string()
    } else {
        format!("0x{value:X}")
    }
}

fn address(value: i64) -> Result<u16, ExprError> {
    u16::try_from(value).map_err(|_| ExprError::NotAnAddress(value))
}

/// An expression kept with the text it was parsed from, to show it back to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    /// The text as typed.
    pub text: String,
    /// The parsed form.
    pub expr: Expr,
}

impl Condition {
    /// Parse a condition.
    pub fn parse(text: &str) -> Result<Condition, ExprError> {
        Ok(Condition {
            text: text.trim().to_string(),
            expr: Expr::parse(text)?,
        })
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct TestEnv;
    impl Env for TestEnv {
        fn register(&self, name: &str) -> Option<u16> {
            match name {
                "A" => Some(0),
                "HL" => Some(0xE123),
                "ZF" => Some(1),
                "AF'" => Some(0x1234),
                _ => None,
            }
        }
        fn symbol(&self, name: &str) -> Option<u16> {
            (name.eq_ignore_ascii_case("BOARD")).then_some(0xE051)
        }
        fn byte(&self, address: u16) -> u8 {
            match address {
                0xE074 => 0x11,
                0xE075 => 0x22,
                _ => 0,
            }
        }
    }

    fn eval(text: &str) -> Result<i64, ExprError> {
        Expr::parse(text)?.eval(&TestEnv)
    }

    /// Each text evaluates to its value.
    fn values(cases: &[(&str, i64)]) {
        for (text, value) in cases {
            assert_eq!(eval(text), Ok(*value), "{text}");
        }
    }

    #[test]
    fn numbers_in_every_notation() {
        values(&[
            ("42", 42),
            ("0x2A", 42),
            ("$2a", 42),
            ("2AH", 42),
            ("0E000H", 0xE000),
            ("%101010", 42),
        ]);
    }

    #[test]
    fn conditions_on_registers_and_memory() {
        values(&[
            ("A==0", 1),
            ("A!=0", 0),
            ("(BOARD+35)==0x11", 1),
            ("(board+35)==0x12", 0),
            ("w@(BOARD+35-35+35)", 0),
            ("w@[BOARD+35]", 0x2211),
            ("b@[BOARD+36]", 0x22),
            ("HL>=0xE100", 1),
            ("HL>=0xE100 && A==1", 0),
            ("HL<0xE100 || ZF", 1),
            ("AF'", 0x1234),
        ]);
    }

    #[test]
    fn precedence_and_grouping() {
        values(&[
            ("1+2*3", 7),
            ("[1+2]*3", 9),
            ("1<<4|1", 17),
            ("-1+2", 1),
            ("!0 + ~0", 0),
            ("10-2-3", 5),
            ("7%2", 1),
        ]);
    }

    /// The assembler's (and C's) precedence: `==` binds tighter than `&`, `|` and `^`.
    #[test]
    fn precedence_is_the_assemblers() {
        values(&[
            ("6&3==2", 0), // 6 & (3==2)
            ("[6&3]==2", 1),
            ("4|1==1", 5), // 4 | (1==1)
            ("1<2==1", 1), // (1<2) == 1
            ("101B", 5),
        ]);
    }

    #[test]
    fn errors_are_reported() {
        assert_eq!(eval("NOPE"), Err(ExprError::UnknownName("NOPE".into())));
        assert!(matches!(eval("1+"), Err(ExprError::Syntax { .. })));
        assert!(matches!(eval("(1"), Err(ExprError::Syntax { .. })));
        assert!(matches!(eval("1 2"), Err(ExprError::Syntax { .. })));
        assert!(matches!(eval("1 ` 2"), Err(ExprError::Syntax { .. })));
        assert!(matches!(eval(""), Err(ExprError::Syntax { .. })));
        assert_eq!(eval("1/0"), Err(ExprError::DivisionByZero));
        assert_eq!(eval("(0x10000)"), Err(ExprError::NotAnAddress(0x10000)));
        assert!(matches!(eval("12G"), Err(ExprError::Syntax { .. })));
    }

    /// Issue 27 point 3: 30,000 brackets or unary minus gave a stack overflow (abort).
    #[test]
    fn deep_or_long_expressions_are_refused_not_overflowed() {
        let deep = format!("{}1{}", "(".repeat(30_000), ")".repeat(30_000));
        let minus = format!("{}1", "-".repeat(30_000));
        let at = format!("{}0", "b@".repeat(30_000));
        let long = format!("1{}", "+1".repeat(30_000));
        for text in [&deep, &minus, &at] {
            let e = eval(text).unwrap_err().to_string();
            assert!(
                e.ends_with("nested too deeply (more than 200 levels)"),
                "{e:.80}"
            );
        }
        let e = eval(&long).unwrap_err().to_string();
        assert!(e.ends_with("more than 1000 operators"), "{e:.80}");
        // As deep as allowed still works.
        let ok = format!("{}1{}", "[".repeat(150), "]".repeat(150));
        assert_eq!(eval(&ok), Ok(1));
    }
}
