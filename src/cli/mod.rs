//! One file per subcommand: its arguments and its `run`.

pub mod asm;
pub mod bench;
pub mod bench_emu;
pub mod bench_guest;
pub mod bench_ref;
pub mod bench_vdc;
pub mod debug;
pub mod engines;
pub mod error_text;
pub mod exec;
pub mod games;
pub mod perft;
pub mod play;
pub mod report;
pub mod screenshot;
pub mod search;
pub mod solve;
pub mod stop_signals;
pub mod uci;
pub mod verify;
pub mod xboard;
