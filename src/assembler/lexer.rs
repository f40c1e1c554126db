//! The lexer: one source line into tokens (identifiers, numbers, strings, operators).
//!
//! Numbers follow pasmo's conventions: decimal; hexadecimal as `0x1F`, `$1F`, `#1F` or `1FH`
//! (a leading digit is needed: `0FFH`); binary as `%1010` or `1010B`; octal as `17O`/`17Q`;
//! `$` between digits is ignored. Strings are `'...'` (with `''` for a quote) or `"..."`
//! (C-like escapes). `AF'` is one identifier. A `;` starts a comment.

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier, mnemonic, register or directive, as written (case kept).
    Ident(String),
    /// A numeric literal.
    Number(i64),
    /// A string literal: its bytes.
    Str(Vec<u8>),
    /// `$` alone: the address of the current statement.
    Dollar,
    /// An operator or punctuation, e.g. `(`, `,`, `<=`, `&&`.
    Op(&'static str),
}

/// A token and where it is in the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// 1-based column of its first character.
    pub col: u32,
    /// Byte offset of its first character in the line.
    pub start: usize,
    /// Byte offset one past its last character.
    pub end: usize,
}

impl Token {
    /// True when the token is the operator or punctuation `op`.
    pub fn is_op(&self, op: &str) -> bool {
        matches!(&self.kind, TokenKind::Op(o) if *o == op)
    }

    /// The identifier text, if the token is one.
    pub fn ident(&self) -> Option<&str> {
        match &self.kind {
            TokenKind::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// True when the token is the identifier `word`, ignoring case.
    pub fn is_word(&self, word: &str) -> bool {
        self.ident().is_some_and(|s| s.eq_ignore_ascii_case(word))
    }
}

/// A lexing error: 1-based column and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    /// 1-based column.
    pub col: u32,
    /// What is wrong.
    pub message: String,
}

/// Operators, longest first so that `<=` wins over `<`.
const OPERATORS: &[&str] = &[
    "<<", ">>", "<=", ">=", "<>", "!=", "==", "&&", "||", "(", ")", "[", "]", ",", ":", "+", "-",
    "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "=", "?",
];

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'_' | b'?' | b'@' | b'.')
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'?' | b'@' | b'.' | b'$')
}

/// The longest line tokenised: 4 MiB, twice a `DB` of a million one-digit items. Its
/// tokens take about 30 times its size.
pub const MAX_LINE: usize = 4 << 20;

/// Splits one line (without its newline) into tokens; stops at a `;` comment.
pub fn tokenize(line: &str) -> Result<Vec<Token>, LexError> {
    if line.len() > MAX_LINE {
        return Err(LexError {
            col: 0,
            message: format!(
                "the line is {} bytes long, more than the {} MiB a line may have",
                line.len(),
                MAX_LINE >> 20
            ),
        });
    }
    let bytes = line.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    // Columns are counted on from the previous token, not from the start of the line each
    // time: a line of a million items stays linear.
    let mut counted = (0usize, 1u32);
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let col = column_after(line, counted, start);
        counted = (start, col);
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0c || c == 0x0b {
            i += 1;
            continue;
        }
        if c == b';' {
            break;
        }
        let (kind, end) = token_at(line, start).map_err(|message| LexError { col, message })?;
        i = end;
        tokens.push(Token {
            kind,
            col,
            start,
            end,
        });
    }
    Ok(tokens)
}

/// The token that starts at byte `start` (not a blank, not `;`) and the byte after it, or
/// what is wrong there.
fn token_at(line: &str, start: usize) -> Result<(TokenKind, usize), String> {
    let bytes = line.as_bytes();
    let c = bytes[start];
    let next = bytes.get(start + 1).copied();
    // A lone `?` is the conditional operator, `?name` an identifier.
    if is_ident_start(c) && (c != b'?' || next_is_ident_char(bytes, start)) {
        return Ok(identifier(line, start));
    }
    if c.is_ascii_digit() {
        let end = scan(bytes, start, |b| b.is_ascii_alphanumeric() || b == b'$');
        return Ok((TokenKind::Number(parse_number(&line[start..end])?), end));
    }
    if (c == b'$' || c == b'#') && next.is_some_and(|b| b.is_ascii_hexdigit()) {
        return hex_number(line, start);
    }
    if c == b'%' && matches!(next, Some(b'0' | b'1')) {
        return binary_number(line, start);
    }
    match c {
        b'$' => Ok((TokenKind::Dollar, start + 1)),
        b'\'' => {
            let (value, end) = single_quoted(bytes, start).ok_or_else(|| {
                "unterminated string: a ' is missing (write '' for a quote inside)".to_string()
            })?;
            Ok((TokenKind::Str(value), end))
        }
        b'"' => {
            let (value, end) = double_quoted(bytes, start)?;
            Ok((TokenKind::Str(value), end))
        }
        _ => match OPERATORS
            .iter()
            .find(|op| bytes[start..].starts_with(op.as_bytes()))
        {
            Some(op) => Ok((TokenKind::Op(op), start + op.len())),
            None => {
                let ch = line[start..].chars().next().unwrap_or('?');
                Err(format!("unexpected character '{ch}'"))
            }
        },
    }
}

/// The first byte at or after `from` that `part` does not take.
fn scan(bytes: &[u8], from: usize, part: impl Fn(u8) -> bool) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| !part(b))
        .map_or(bytes.len(), |n| from + n)
}

/// A name (`$` inside it ignored, as pasmo does); `AF'` is one.
fn identifier(line: &str, start: usize) -> (TokenKind, usize) {
    let bytes = line.as_bytes();
    let mut end = scan(bytes, start + 1, is_ident_char);
    let mut name: String = line[start..end].chars().filter(|&ch| ch != '$').collect();
    if name.eq_ignore_ascii_case("AF") && bytes.get(end) == Some(&b'\'') {
        end += 1;
        name.push('\'');
    }
    (TokenKind::Ident(name), end)
}

/// `$1F` or `#1F`: hexadecimal digits after the prefix, not run into a name.
fn hex_number(line: &str, start: usize) -> Result<(TokenKind, usize), String> {
    let bytes = line.as_bytes();
    let end = scan(bytes, start + 1, |b| b.is_ascii_hexdigit() || b == b'$');
    if end < bytes.len() && is_ident_char(bytes[end]) {
        return Err(format!("invalid number '{}'", &line[start..=end]));
    }
    Ok((
        TokenKind::Number(parse_digits(&line[start + 1..end], 16)?),
        end,
    ))
}

/// `%0101`: binary digits after the prefix, not run into letters or other digits.
fn binary_number(line: &str, start: usize) -> Result<(TokenKind, usize), String> {
    let bytes = line.as_bytes();
    let end = scan(bytes, start + 1, |b| matches!(b, b'0' | b'1' | b'$'));
    if end < bytes.len() && bytes[end].is_ascii_alphanumeric() {
        return Err(format!("invalid binary number '{}'", &line[start..=end]));
    }
    Ok((
        TokenKind::Number(parse_digits(&line[start + 1..end], 2)?),
        end,
    ))
}

/// 1-based column of a byte offset (counted in characters, so UTF-8 text lines up).
pub fn column(line: &str, offset: usize) -> u32 {
    column_after(line, (0, 1), offset)
}

/// 1-based column of `offset`, given that byte offset `known.0 <= offset` is in column
/// `known.1`: counts only the characters in between.
fn column_after(line: &str, known: (usize, u32), offset: usize) -> u32 {
    let between = line.get(known.0..offset).unwrap_or("");
    u32::try_from(between.chars().count())
        .unwrap_or(u32::MAX)
        .saturating_add(known.1)
}

fn next_is_ident_char(bytes: &[u8], i: usize) -> bool {
    bytes.get(i + 1).is_some_and(|b| is_ident_char(*b))
}

/// Parses one number as the assembler writes it, the whole word: decimal, `0x1F`, `$1F`,
/// `#1F`, `1FH`, `%1010`, `1010B`, `17O`/`17Q`. The debugger reads its numbers with it too.
pub fn number(word: &str) -> Result<i64, String> {
    match word.as_bytes().first() {
        Some(b'$' | b'#') => parse_digits(&word[1..], 16),
        Some(b'%') => parse_digits(&word[1..], 2),
        _ => parse_number(word),
    }
    .map_err(|_| format!("'{word}' is not a number"))
}

/// Parses a literal that starts with a digit: `0x..`, or a suffix H/B/O/Q/D, or decimal.
fn parse_number(text: &str) -> Result<i64, String> {
    let clean: String = text.chars().filter(|&c| c != '$').collect();
    let lower = clean.to_ascii_lowercase();
    let bad = || format!("invalid number '{text}'");
    if let Some(hex) = lower.strip_prefix("0x") {
        return parse_digits(hex, 16).map_err(|_| bad());
    }
    let (digits, radix) = match lower.as_bytes().last() {
        Some(b'h') => (&lower[..lower.len() - 1], 16),
        Some(b'b')
            if lower[..lower.len() - 1]
                .bytes()
                .all(|b| b == b'0' || b == b'1') =>
        {
            (&lower[..lower.len() - 1], 2)
        }
        Some(b'o' | b'q') => (&lower[..lower.len() - 1], 8),
        Some(b'd') => (&lower[..lower.len() - 1], 10),
        _ => (lower.as_str(), 10),
    };
    parse_digits(digits, radix).map_err(|_| bad())
}

/// Digits in a radix into a value; errors on an empty string, a bad digit or overflow.
fn parse_digits(digits: &str, radix: u32) -> Result<i64, String> {
    let digits: String = digits.chars().filter(|&c| c != '$').collect();
    if digits.is_empty() {
        return Err("a number needs digits".to_string());
    }
    let mut value: i64 = 0;
    for ch in digits.chars() {
        let d = ch
            .to_digit(radix)
            .ok_or_else(|| format!("'{ch}' is not a base-{radix} digit"))?;
        value = value
            .checked_mul(i64::from(radix))
            .and_then(|v| v.checked_add(i64::from(d)))
            .filter(|v| *v <= 0xFFFF_FFFF)
            .ok_or_else(|| "number too large".to_string())?;
    }
    Ok(value)
}

/// `'...'` with `''` standing for one quote; returns the bytes and the offset after it.
fn single_quoted(bytes: &[u8], open: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    let mut i = open + 1;
    loop {
        match bytes.get(i)? {
            b'\'' if bytes.get(i + 1) == Some(&b'\'') => {
                out.push(b'\'');
                i += 2;
            }
            b'\'' => return Some((out, i + 1)),
            b => {
                out.push(*b);
                i += 1;
            }
        }
    }
}

/// `"..."` with C-like escapes (\n \r \t \a \\ \" \xHH \ooo).
fn double_quoted(bytes: &[u8], open: usize) -> Result<(Vec<u8>, usize), String> {
    let unterminated = || "unterminated string: a \" is missing".to_string();
    let mut out = Vec::new();
    let mut i = open + 1;
    loop {
        match *bytes.get(i).ok_or_else(unterminated)? {
            b'"' => return Ok((out, i + 1)),
            b'\\' => {
                let e = *bytes.get(i + 1).ok_or_else(unterminated)?;
                i += 2;
                match e {
                    b'n' => out.push(0x0A),
                    b'r' => out.push(0x0D),
                    b't' => out.push(0x09),
                    b'a' => out.push(0x07),
                    b'\\' => out.push(b'\\'),
                    b'"' => out.push(b'"'),
                    b'\'' => out.push(b'\''),
                    b'x' | b'X' => {
                        let hex = bytes
                            .get(i..i + 2)
                            .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                        let hex = hex.ok_or("\\x needs two hexadecimal digits")?;
                        let text = std::str::from_utf8(hex).map_err(|e| e.to_string())?;
                        out.push(u8::from_str_radix(text, 16).map_err(|e| e.to_string())?);
                        i += 2;
                    }
                    b'0'..=b'7' => {
                        let mut v: u32 = u32::from(e - b'0');
                        let mut n = 1;
                        while n < 3 && bytes.get(i).is_some_and(|b| (b'0'..=b'7').contains(b)) {
                            v = v * 8 + u32::from(bytes[i] - b'0');
                            i += 1;
                            n += 1;
                        }
                        out.push(u8::try_from(v).map_err(|_| "octal escape above \\377")?);
                    }
                    other => {
                        return Err(format!("unknown escape '\\{}' in string", other as char));
                    }
                }
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str) -> Vec<TokenKind> {
        tokenize(line)
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn numbers_in_every_notation() {
        for (text, value) in [
            ("10", 10),
            ("0x1F", 31),
            ("$1F", 31),
            ("#1f", 31),
            ("0FFH", 255),
            ("%1010", 10),
            ("1010B", 10),
            ("17O", 15),
            ("17q", 15),
            ("99D", 99),
            ("1$000B", 8),
        ] {
            assert_eq!(kinds(text), vec![TokenKind::Number(value)], "{text}");
        }
    }

    #[test]
    fn af_prime_dollar_and_comments() {
        assert_eq!(
            kinds("ex af,af' ; swap"),
            vec![
                TokenKind::Ident("ex".into()),
                TokenKind::Ident("af".into()),
                TokenKind::Op(","),
                TokenKind::Ident("af'".into()),
            ]
        );
        assert_eq!(
            kinds("$+2"),
            vec![TokenKind::Dollar, TokenKind::Op("+"), TokenKind::Number(2)]
        );
    }

    #[test]
    fn strings_and_escapes() {
        assert_eq!(kinds("'it''s'"), vec![TokenKind::Str(b"it's".to_vec())]);
        assert_eq!(
            kinds(r#""a\n\x41\101""#),
            vec![TokenKind::Str(b"a\nAA".to_vec())]
        );
        assert!(tokenize("'open").is_err());
        assert!(tokenize("\"bad \\q\"").is_err());
    }

    #[test]
    fn columns_count_characters_across_the_whole_line() {
        // Multi-byte characters in strings before a token move it by characters, not bytes.
        let tokens = tokenize("DB 'éé',  X ,\"ü\",Y").unwrap();
        let cols: Vec<u32> = tokens.iter().map(|t| t.col).collect();
        assert_eq!(cols, vec![1, 4, 8, 11, 13, 14, 17, 18]);
        assert_eq!(column("'é' X", 5), 5);
        let e = tokenize("'é' 12Z").unwrap_err();
        assert_eq!(e.col, 5);
    }

    #[test]
    fn bad_numbers_are_errors_with_columns() {
        let e = tokenize("  ld a,12Z").unwrap_err();
        assert_eq!(e.col, 8);
        assert!(tokenize("99999999999").is_err());
        assert!(tokenize("0x").is_err());
    }
}
