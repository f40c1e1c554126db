//! The guest engine in the emulated module, compared with the native reference routine by
//! routine and game by game.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod cli;
    pub mod differential;
    pub mod harness;
    pub mod histories;
    pub mod suites;
}

mod book_games;
mod crowded;
mod draws;
mod eval;
mod games;
mod leaves;
mod legal;
mod limits;
mod match_loop;
mod movegen;
mod perft;
mod root_list;
mod search;
mod search_hosted;
mod search_snapshots;
mod setup_rule;
mod supervision;
mod targets;
