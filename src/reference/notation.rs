//! Move text: UCI (e2e4, e7e8q) and SAN (Nf3, exd5, O-O, e8=Q+) in and out, matched against
//! the legal move list so a parsed move is always legal.

use super::board::*;
use super::generate::legal_moves;
use super::moves::*;
use super::piece::*;

/// Why a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not of the form square square [promotion letter].
    #[error("{0:?} is not a move in UCI form (e2e4, e7e8q)")]
    BadUci(String),
    /// Not of the SAN form.
    #[error("{0:?} is not a move in SAN form (Nf3, exd5, O-O, e8=Q)")]
    BadSan(String),
    /// Well formed but not a legal move in this position.
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
    /// A SAN move that more than one legal move fits.
    #[error("{0} is ambiguous in this position")]
    Ambiguous(String),
    /// A legal move into a position with more legal moves than the module's root list
    /// holds (`game::check_move_fits`).
    #[error("{0}: {1}")]
    TooManyMoves(String, super::game::IllegalMove),
}

fn parse_square(t: &[u8]) -> Option<u8> {
    if t.len() < 2 || !(b'a'..=b'h').contains(&t[0]) || !(b'1'..=b'8').contains(&t[1]) {
        return None;
    }
    Some(square(t[0] - b'a', t[1] - b'1'))
}

fn promo_kind(c: u8) -> Option<u8> {
    match c.to_ascii_lowercase() {
        b'q' => Some(K_QUEEN),
        b'r' => Some(K_ROOK),
        b'b' => Some(K_BISHOP),
        b'n' => Some(K_KNIGHT),
        _ => None,
    }
}

/// A move in UCI form read for its shape only: squares and promotion piece, legality not
/// judged. The one reader of UCI move text: [`parse_uci`] matches it against the legal
/// moves, the guest's wire and the protocols' "is this word a move" use it as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciText {
    /// Mailbox squares, as the reference's moves have them.
    pub from: u8,
    pub to: u8,
    /// The promotion piece kind (`K_KNIGHT` ... `K_QUEEN`), 0 for none.
    pub promo: u8,
}

impl UciText {
    /// `e2e4`, `e7e8q` (the promotion letter in either case), surrounding blanks ignored;
    /// `None` for anything else.
    pub fn parse(text: &str) -> Option<UciText> {
        let t = text.trim().as_bytes();
        if t.len() != 4 && t.len() != 5 {
            return None;
        }
        let promo = match t.get(4) {
            Some(&c) => promo_kind(c)?,
            None => 0,
        };
        Some(UciText {
            from: parse_square(&t[0..2])?,
            to: parse_square(&t[2..4])?,
            promo,
        })
    }
}

/// Parse a UCI move and find it among the legal moves of `b`.
pub fn parse_uci(b: &Board, text: &str) -> Result<Move, MoveTextError> {
    let u = UciText::parse(text).ok_or_else(|| MoveTextError::BadUci(text.to_string()))?;
    let m = legal_moves(b)
        .as_slice()
        .iter()
        .copied()
        .find(|m| m.from == u.from && m.to == u.to && m.flags & PROMO_MASK == u.promo)
        .ok_or_else(|| MoveTextError::Illegal(text.trim().to_string()))?;
    super::game::check_move_fits(b, m)
        .map_err(|e| MoveTextError::TooManyMoves(text.trim().to_string(), e))?;
    Ok(m)
}

fn piece_letter(k: u8) -> &'static str {
    match k {
        K_KNIGHT => "N",
        K_BISHOP => "B",
        K_ROOK => "R",
        K_QUEEN => "Q",
        K_KING => "K",
        _ => "",
    }
}

/// The SAN of a legal move, with `+` or `#` when it checks or mates.
pub fn to_san(b: &Board, m: Move) -> String {
    let mut s = String::new();
    let piece = b.sq[m.from as usize];
    let k = kind(piece);
    let capture = b.sq[m.to as usize] != EMPTY || m.flags & EP != 0;
    if m.flags & CASTLE != 0 {
        s.push_str(if m.to > m.from { "O-O" } else { "O-O-O" });
    } else if k == K_PAWN {
        if capture {
            s.push((b'a' + file_of(m.from)) as char);
            s.push('x');
        }
        s.push_str(&square_name(m.to));
        if m.flags & PROMO_MASK != 0 {
            s.push('=');
            s.push_str(piece_letter(m.flags & PROMO_MASK));
        }
    } else {
        s.push_str(piece_letter(k));
        let legal = legal_moves(b);
        let rivals: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|o| o.to == m.to && o.from != m.from && b.sq[o.from as usize] == piece)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| file_of(o.from) == file_of(m.from));
            let same_rank = rivals.iter().any(|o| rank_of(o.from) == rank_of(m.from));
            if !same_file {
                s.push((b'a' + file_of(m.from)) as char);
            } else if !same_rank {
                s.push((b'1' + rank_of(m.from)) as char);
            } else {
                s.push_str(&square_name(m.from));
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&square_name(m.to));
    }
    let mut after = b.clone();
    after.make(m);
    if after.in_check() {
        s.push(if legal_moves(&after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// Parse a SAN move (check marks, `!`/`?` and `0-0` spellings tolerated) in position `b`.
pub fn parse_san(b: &Board, text: &str) -> Result<Move, MoveTextError> {
    let core: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?'))
        .collect();
    let legal = legal_moves(b);
    let legal = legal.as_slice().iter().copied();
    let candidates: Vec<Move> =
        if core == "O-O" || core == "0-0" || core == "O-O-O" || core == "0-0-0" {
            let long = core.len() == 5;
            legal
                .filter(|m| m.flags & CASTLE != 0 && (m.to < m.from) == long)
                .collect()
        } else {
            let pattern = SanPattern::parse(core.as_bytes())
                .ok_or_else(|| MoveTextError::BadSan(text.to_string()))?;
            legal.filter(|m| pattern.matches(b, m)).collect()
        };
    match candidates.len() {
        1 => super::game::check_move_fits(b, candidates[0])
            .map(|()| candidates[0])
            .map_err(|e| MoveTextError::TooManyMoves(text.trim().to_string(), e)),
        0 => Err(MoveTextError::Illegal(text.trim().to_string())),
        _ => Err(MoveTextError::Ambiguous(text.trim().to_string())),
    }
}

/// What a SAN move other than castling says: the piece, the destination, the promotion and
/// the from-file or from-rank that tell two candidates apart.
struct SanPattern {
    kind: u8,
    to: u8,
    promo: u8,
    from_file: Option<u8>,
    from_rank: Option<u8>,
}

impl SanPattern {
    /// Reads `Nbd7`, `exd6`, `e8=Q`, `e8Q`, `R1a3` ... (check marks already removed).
    fn parse(t: &[u8]) -> Option<SanPattern> {
        let (&first, after) = t.split_first()?;
        let (kind, mut rest) = match first {
            b'N' => (K_KNIGHT, after),
            b'B' => (K_BISHOP, after),
            b'R' => (K_ROOK, after),
            b'Q' => (K_QUEEN, after),
            b'K' => (K_KING, after),
            _ => (K_PAWN, t),
        };
        // Promotion suffix: "=Q" or a trailing piece letter after the destination.
        let mut promo = 0;
        if let Some(&last) = rest.last()
            && kind == K_PAWN
            && last.is_ascii_alphabetic()
            && last.is_ascii_uppercase()
        {
            promo = promo_kind(last)?;
            rest = &rest[..rest.len() - 1];
            if rest.last() == Some(&b'=') {
                rest = &rest[..rest.len() - 1];
            }
        }
        let rest: Vec<u8> = rest
            .iter()
            .copied()
            .filter(|&c| c != b'x' && c != b'-')
            .collect();
        if rest.len() < 2 {
            return None;
        }
        let to = parse_square(&rest[rest.len() - 2..])?;
        let mut pattern = SanPattern {
            kind,
            to,
            promo,
            from_file: None,
            from_rank: None,
        };
        for &c in &rest[..rest.len() - 2] {
            match c {
                b'a'..=b'h' => pattern.from_file = Some(c - b'a'),
                b'1'..=b'8' => pattern.from_rank = Some(c - b'1'),
                _ => return None,
            }
        }
        Some(pattern)
    }

    /// True when legal move `m` in `b` is the one described.
    fn matches(&self, b: &Board, m: &Move) -> bool {
        m.to == self.to
            && kind(b.sq[m.from as usize]) == self.kind
            && m.flags & CASTLE == 0
            && m.flags & PROMO_MASK == self.promo
            && self.from_file.is_none_or(|f| file_of(m.from) == f)
            && self.from_rank.is_none_or(|r| rank_of(m.from) == r)
    }
}
