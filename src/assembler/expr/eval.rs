//! Evaluation: an [`Expr`] against the symbols of a [`Scope`], in wrapping `i64`.

use super::{BinaryOp, Expr, UnaryOp};

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
