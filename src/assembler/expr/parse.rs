//! The parser: tokens into an [`Expr`] by precedence climbing, run twice (the usual table
//! and pasmo's) so that an expression pasmo reads differently is caught.

use super::operators::{Grammar, PASMO_HIGH_LOW, PASMO_UNARY, binary_op, unary_op};
use super::{Expr, ExprError, UnaryOp, is_reserved};
use crate::assembler::lexer::{Token, TokenKind};

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
