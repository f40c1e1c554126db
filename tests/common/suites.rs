//! The position suites of `tests/data/suites` as boards.

use std::path::Path;

use c7010::reference::Board;
use c7010::reference::epd::parse_epd;

/// The first `limit` positions of a suite in `tests/data/suites`.
pub fn suite(name: &str, limit: usize) -> Vec<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/suites")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|l| parse_epd(l).unwrap().board)
        .collect()
}
