//! The shape of a move word in either protocol, checked before a command is taken for a move.

use crate::reference::notation::UciText;

/// True for a word shaped like a coordinate move (e2e4, e7e8q); legality is checked later.
pub fn looks_like_move(word: &str) -> bool {
    UciText::parse(word).is_some()
}

#[cfg(test)]
mod tests {
    use super::looks_like_move;

    #[test]
    fn shapes() {
        assert!(looks_like_move("e2e4"));
        assert!(looks_like_move("e7e8q"));
        assert!(!looks_like_move("e7e8x"));
        assert!(!looks_like_move("e2e9"));
        assert!(!looks_like_move("new"));
        assert!(!looks_like_move("e2"));
    }
}
