//! One file per subcommand: its arguments and its `run`.

pub mod asm;
pub mod bench;
pub mod exec;
pub mod perft;
pub mod play;
pub mod screenshot;
pub mod search;
pub mod solve;
