//! c7010: the Philips Videopac C7010 chess module brought back to life.
//!
//! The pipeline (see `docs/` and the README):
//! `asm/*.asm` --[`assembler`]--> `roms/c7010.bin` --> [`machine`] (NSC800 + 8 KB ROM + 2 KB RAM +
//! latches) <--latch protocol--> console --> VDC model --> window / PNG / terminal.
//! [`reference`](mod@reference) is the native twin of the guest engine.

pub mod assembler;
pub mod console;
pub mod debugger;
pub mod engine;
pub mod files;
pub mod guest;
pub mod machine;
pub mod protocol;
pub mod reference;
pub mod uci;
pub mod vdc;
