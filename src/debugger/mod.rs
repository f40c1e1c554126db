//! The debugger: stop the module at symbols and source lines, look at its registers, RAM
//! and board, step forwards and backwards. `docs/debugger.md` lists every command.
//!
//! Files: `command` (the command language and help), `expr` (addresses and conditions),
//! `view` (what expressions see), `session` (the state and command execution), `run` (the
//! run loop), `points` (breakpoints and watchpoints), `link` (the host end of the latch
//! link; `event_text` its messages as text), `history` (step-back snapshots), `debug_info` (symbols, source map, source text),
//! `stack` (the call-stack walk), `z80` (instruction lengths and calls), `set_register` (`set A 5`), `render_regs`,
//! `render_dis`, `render_board`, `render_state` (views).

pub mod command;
mod command_table;
pub mod debug_info;
mod event_text;
pub mod expr;
pub mod link;
pub mod render_board;
mod render_dis;
pub mod render_regs;
pub mod session;
mod set_register;
pub mod stack;
mod view;
pub mod z80;

pub use command::{COMMANDS, CommandError, DebugCommand, parse};
pub use debug_info::{DebugInfo, DebugInfoError};
pub use session::{DebugSession, DebugSessionError, MachineHandle, Reply};
