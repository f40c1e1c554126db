//! The C7010 module machine: an NSC800 (Z80 instruction set, run by `iz80`) with 8 KB of
//! ROM, 2 KB of RAM, two I/O latches and a reset line, clocked with exact T-states.
//!
//! ```
//! use c7010::machine::{Machine, Stop};
//! // LD A,42h ; OUT (0),A ; HALT
//! let mut m = Machine::new(&[0x3E, 0x42, 0xD3, 0x00, 0x76]).unwrap();
//! assert_eq!(m.run_until_latch(1_000).unwrap(), Stop::LatchWritten(0x42));
//! assert_eq!(m.cycles(), 7 + 11);
//! assert_eq!(m.run_until_halt(1_000).unwrap(), Stop::Halted);
//! ```
//!
//! Files: `memory` (map and latches), `timing` (T-states from the manual), `cpu_board` (the
//! machine: CPU, bus, reset line, clock, its views and save states), `cpu_board/run` (stepping
//! and the run loop), `cpu_board/breakpoints` (the breakpoints), `cpu_board/idle` (idle
//! detection), `fault`, `trace` and `disasm` (fault reports), `registers` (the register
//! view), `state` and `crc32` (the save-state format),
//! `clock` (clock and PAL frame constants). See `docs/machine.md`.

#![warn(missing_docs)]

pub mod bench_guest;
pub mod clock;
mod cpu_board;
mod crc32;
mod disasm;
mod fault;
mod memory;
mod registers;
mod state;
pub mod timing;
mod trace;

pub use clock::{
    DEFAULT_CLOCK_HZ, DEFAULT_T_STATES_PER_SECOND, PAL_FRAME_HZ, PAL_FRAME_SECONDS,
    PAL_FRAME_T_STATES, seconds_of, t_states_in_seconds,
};
pub use cpu_board::{ConfigError, GuestStats, Machine, RunLimit, Step, Stop, ram_offset};
pub use crc32::crc32;
pub use disasm::Disassembler;
pub use fault::{Fault, FaultKind};
pub use memory::{OPEN_BUS, RAM_SIZE, RAM_START, ROM_SIZE, Watch, WatchHit, WatchKind, canonical};
pub use registers::Registers;
pub use state::{STATE_MAGIC, STATE_VERSION, StateError};
pub use trace::{TRACE_LEN, TraceEntry};
