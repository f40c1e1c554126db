//! The debugger: its commands, sessions over the guest, ANALYS stepped by label, and the
//! command table in docs/debugger.md.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod cli;
    pub mod doc_examples;
    pub mod labels;
    pub mod process;
    pub mod symbol;
}

mod analys;
mod commands;
mod docs;
mod files;
mod gdb_habits;
mod positions;
mod session;
