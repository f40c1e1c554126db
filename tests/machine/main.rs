//! The emulated module: NSC800 execution, exact T-states, idle skipping, faults, save states
//! and `c7010 exec`.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

mod behaviour;
mod exec;
mod fault_report;
mod idle;
mod robustness;
mod roms;
mod state;
mod timing;
