//! Macros (pasmo syntax): `NAME MACRO a,b` ... `ENDM`, or `MACRO NAME,a,b`; and `REPT n`.
//!
//! A macro body is kept as source lines. Expanding it replaces every identifier that names a
//! parameter (outside strings and comments) by the text of the argument; a missing argument
//! expands to nothing. Each expansion is its own LOCAL scope, so `LOCAL` labels in a body
//! are distinct per expansion.

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

/// Replaces parameter identifiers in `text` by their arguments.
pub fn substitute(text: &str, params: &[String], args: &[String]) -> String {
    if params.is_empty() {
        return text.to_string();
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
            if let Some(k) = params.iter().position(|p| p == word) {
                out.push_str(&text[copied..start]);
                out.push_str(args.get(k).map_or("", String::as_str));
                copied = i;
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
    out
}

/// The lines of one expansion, tagged with where the macro was used.
pub fn expand(
    body: &[SourceLine],
    params: &[String],
    args: &[String],
    context: &Rc<str>,
) -> Vec<SourceLine> {
    body.iter()
        .map(|line| SourceLine {
            file: line.file,
            line: line.line,
            text: Rc::from(substitute(&line.text, params, args)),
            context: Some(context.clone()),
        })
        .collect()
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
        assert_eq!(
            substitute(" LD A,X ; X stays", &params, &args),
            " LD A,(HL) ; X stays"
        );
        assert_eq!(
            substitute(" DB 'X',VAL,XX", &params, &args),
            " DB 'X',3+4,XX"
        );
        assert_eq!(substitute(" DB 0FFH,VAL", &params, &args), " DB 0FFH,3+4");
        assert_eq!(substitute(" DB VAL", &params, &[]), " DB ");
    }

    #[test]
    fn block_words() {
        assert_eq!(block_word("FOO MACRO a").as_deref(), Some("MACRO"));
        assert_eq!(block_word("  ENDM").as_deref(), Some("ENDM"));
        assert_eq!(block_word("L: REPT 3").as_deref(), Some("REPT"));
        assert_eq!(block_word("  LD A,B"), None);
    }
}
