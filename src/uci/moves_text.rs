//! The shape of a move word in either protocol, checked before a command is taken for a move.

/// True for a word shaped like a coordinate move (e2e4, e7e8q); legality is checked later.
pub fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

#[cfg(test)]
mod tests {
    use super::looks_like_move;

    #[test]
    fn shapes() {
        assert!(looks_like_move("e2e4"));
        assert!(looks_like_move("e7e8q"));
        assert!(!looks_like_move("e2e9"));
        assert!(!looks_like_move("new"));
        assert!(!looks_like_move("e2"));
    }
}
