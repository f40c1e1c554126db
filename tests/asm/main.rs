//! The Z80 cross-assembler: opcodes, directives, errors, listings, the committed ROM, and pasmo
//! as an oracle.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

mod errors;
mod features;
mod fuzz;
mod opcodes;
mod outputs;
mod pasmo;
mod roms;
