//! Macros (pasmo syntax): `NAME MACRO a,b` ... `ENDM`, or `MACRO NAME,a,b`; and `REPT n`.
//!
//! A macro body is kept as source lines. Expanding it replaces every identifier that names a
//! parameter (outside strings and comments) by the text of the argument; a missing argument
//! expands to nothing. Each expansion is its own LOCAL scope, so `LOCAL` labels in a body
//! are distinct per expansion.

use std::collections::HashMap;
use std::rc::Rc;

use super::lexer::{self, Token};
use super::source::SourceLine;

/// A defined macro.
#[derive(Debug)]
pub struct MacroDef {
    /// Its name as written.
    pub name: String,
    /// Parameter names.
    pub params: Vec<String>,
    /// The lines between MACRO and ENDM.
    pub body: Vec<SourceLine>,
}

/// The directive word of a line (MACRO, ENDM, REPT, ...) if it has one, label skipped.
/// Used while collecting a body, where lines are not assembled yet.
pub fn block_word(text: &str) -> Option<String> {
    let tokens = lexer::tokenize(text).ok()?;
    let words: Vec<&Token> = tokens.iter().take(3).collect();
    let is_block = |t: &Token| {
        t.ident().is_some_and(|w| {
            ["MACRO", "ENDM", "REPT", "IRP"]
                .iter()
                .any(|k| k.eq_ignore_ascii_case(w))
        })
    };
    let found = match words.as_slice() {
        [first, ..] if is_block(first) => Some(*first),
        [_, colon, third] if colon.is_op(":") && is_block(third) => Some(*third),
        [_, second, ..] if is_block(second) => Some(*second),
        _ => None,
    };
    found.and_then(Token::ident).map(str::to_ascii_uppercase)
}

/// Finds the ENDM closing a block that starts after `lines[start - 1]`; returns the index
/// of the ENDM line, counting nested MACRO/REPT/IRP blocks.
pub fn find_endm(lines: &[SourceLine], start: usize) -> Option<usize> {
    let mut depth = 1usize;
    for (i, line) in lines.iter().enumerate().skip(start) {
        match block_word(&line.text).as_deref() {
            Some("MACRO" | "REPT" | "IRP") => depth += 1,
            Some("ENDM") => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Each parameter name and the text of its argument (empty when missing); a name given
/// twice stands for its first argument.
pub type Bindings<'a> = HashMap<&'a str, &'a str>;

/// Binds `params` to `args` in order.
pub fn bind<'a>(params: &'a [String], args: &'a [String]) -> Bindings<'a> {
    let mut bindings = Bindings::new();
    for (k, p) in params.iter().enumerate() {
        let arg = args.get(k).map_or("", String::as_str);
        bindings.entry(p.as_str()).or_insert(arg);
    }
    bindings
}

/// Replaces parameter identifiers in `text` by their arguments; `None` when the result
/// would be longer than `limit` bytes (a macro that multiplies its argument at each level
/// must not exhaust the memory).
pub fn substitute(text: &str, bindings: &Bindings, limit: usize) -> Option<String> {
    if text.len() > limit {
        return None;
    }
    if bindings.is_empty() {
        return Some(text.to_string());
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b';' {
            break;
        }
        if c == b'\'' || c == b'"' {
            // Skip the string (an unterminated one runs to the end of the line).
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != c {
                if c == b'"' && bytes[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            i = j.saturating_add(1);
            continue;
        }
        if c.is_ascii_alphabetic() || matches!(c, b'_' | b'?' | b'@' | b'.') {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric()
                    || matches!(bytes[i], b'_' | b'?' | b'@' | b'.' | b'$'))
            {
                i += 1;
            }
            let word = &text[start..i];
            if word.eq_ignore_ascii_case("AF") && bytes.get(i) == Some(&b'\'') {
                i += 1; // AF' is a register, not the start of a string
                continue;
            }
            if let Some(arg) = bindings.get(word) {
                out.push_str(&text[copied..start]);
                out.push_str(arg);
                copied = i;
                if out.len() > limit {
                    return None;
                }
            }
            continue;
        }
        if c.is_ascii_digit() {
            // A number like 0FFH is not an identifier.
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    out.push_str(&text[copied.min(text.len())..]);
    (out.len() <= limit).then_some(out)
}

/// The lines of one expansion, tagged with where the macro was used; `None` when they
/// would come to more than `limit` bytes.
pub fn expand(
    body: &[SourceLine],
    bindings: &Bindings,
    context: &Rc<str>,
    limit: usize,
) -> Option<Vec<SourceLine>> {
    let mut left = limit;
    let mut lines = Vec::with_capacity(body.len());
    for line in body {
        let text = substitute(&line.text, bindings, left)?;
        left -= text.len();
        lines.push(SourceLine {
            file: line.file,
            line: line.line,
            text: Rc::from(text),
            context: Some(context.clone()),
        });
    }
    Some(lines)
}

/// Splits macro arguments (the tokens after the name) into their source texts.
pub fn argument_texts(text: &str, tokens: &[Token]) -> Vec<String> {
    super::operand::split_commas(tokens)
        .into_iter()
        .map(|part| match (part.first(), part.last()) {
            (Some(first), Some(last)) => text.get(first.start..last.end).unwrap_or("").to_string(),
            _ => String::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_respects_words_strings_and_comments() {
        let params = vec!["X".to_string(), "VAL".to_string()];
        let args = vec!["(HL)".to_string(), "3+4".to_string()];
        let both = bind(&params, &args);
        let sub = |text: &str, bindings: &Bindings| substitute(text, bindings, 100).unwrap();
        assert_eq!(sub(" LD A,X ; X stays", &both), " LD A,(HL) ; X stays");
        assert_eq!(sub(" DB 'X',VAL,XX", &both), " DB 'X',3+4,XX");
        assert_eq!(sub(" DB 0FFH,VAL", &both), " DB 0FFH,3+4");
        assert_eq!(sub(" DB VAL", &bind(&params, &[])), " DB ");
        // A parameter named twice stands for its first argument.
        let twice = vec!["X".to_string(), "X".to_string()];
        assert_eq!(sub(" DB X", &bind(&twice, &args)), " DB (HL)");
    }

    #[test]
    fn substitution_stops_past_its_limit() {
        let params = vec!["X".to_string()];
        let args = vec!["1234567890".to_string()];
        let bindings = bind(&params, &args);
        assert_eq!(
            substitute("X+X", &bindings, 21).as_deref(),
            Some("1234567890+1234567890")
        );
        assert_eq!(substitute("X+X", &bindings, 20), None);
        assert_eq!(substitute("NOP", &bind(&[], &[]), 2), None);
    }

    #[test]
    fn block_words() {
        assert_eq!(block_word("FOO MACRO a").as_deref(), Some("MACRO"));
        assert_eq!(block_word("  ENDM").as_deref(), Some("ENDM"));
        assert_eq!(block_word("L: REPT 3").as_deref(), Some("REPT"));
        assert_eq!(block_word("  LD A,B"), None);
    }
}
