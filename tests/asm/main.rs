//! The Z80 cross-assembler: opcodes, directives, errors, listings, the committed ROM, and pasmo
//! as an oracle.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod doc_examples;
    pub mod outside;
    pub mod pasmo;
}

mod docs;
mod errors;
mod features;
mod files;
mod fuzz;
mod limits;
mod opcodes;
mod outputs;
mod pasmo;
mod roms;
