//! The native Rust twin: rules, evaluation, search, the opening book.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod outside;
    pub mod pasmo;
    pub mod suites;
}

mod book;
mod eval;
mod lazy_leaves;
mod line;
mod rules;
mod search;
mod validate;
