//! Faults: the ways a guest can kill the module, each reported with enough context to debug
//! it (PC, every register, the T-state count and the last instructions, disassembled).

use std::fmt;

use super::disasm::Disassembler;
use super::registers::Registers;
use super::trace::TraceEntry;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The guest wrote to ROM (0x0000-0x1FFF); the write was ignored.
    RomWrite {
        /// Address written.
        address: u16,
        /// Value the guest tried to write.
        value: u8,
    },
    /// PC reached the unmapped range 0x2000-0xDFFF (open bus, reads 0xFF); the instruction
    /// there was not executed.
    OpenBusExecution {
        /// The PC.
        address: u16,
    },
    /// SP left RAM (below 0xE000, other than 0x0000, the empty-stack top of the mirror).
    StackOutsideRam {
        /// The stack pointer after the instruction.
        sp: u16,
    },
    /// HALT with interrupts disabled: nothing can wake the CPU but a reset.
    DeadHalt,
    /// The CPU core panicked (a bug in the core or an unsupported path); caught so the host
    /// keeps running.
    CorePanic {
        /// The panic message.
        message: String,
    },
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaultKind::RomWrite { address, value } => {
                write!(f, "write of {value:#04x} to ROM at {address:#06x}")
            }
            FaultKind::OpenBusExecution { address } => {
                write!(
                    f,
                    "execution from open bus at {address:#06x} (nothing is mapped there)"
                )
            }
            FaultKind::StackOutsideRam { sp } => {
                write!(f, "stack pointer {sp:#06x} left RAM (0xE000-0xFFFF)")
            }
            FaultKind::DeadHalt => write!(
                f,
                "HALT with interrupts disabled: the module is dead until reset (no interrupt is wired)"
            ),
            FaultKind::CorePanic { message } => write!(f, "CPU core panicked: {message}"),
        }
    }
}

/// A fault with its context. The machine stays faulted (every run returns it again) until
/// it is reset or a state is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// Every register at the fault (PC is that of the faulting instruction for open-bus
    /// execution, after the instruction otherwise).
    pub registers: Registers,
    /// T-states since power-on.
    pub cycles: u64,
    /// The last instructions executed, oldest first: address and disassembly.
    pub trace: Vec<(u16, String)>,
}

impl Fault {
    pub(crate) fn new(
        kind: FaultKind,
        registers: Registers,
        cycles: u64,
        trace: &[TraceEntry],
    ) -> Self {
        let mut disassembler = Disassembler::new();
        let trace = trace
            .iter()
            .map(|e| (e.pc, disassembler.disassemble(e.pc, e.bytes)))
            .collect();
        Fault {
            kind,
            registers,
            cycles,
            trace,
        }
    }
}

impl Fault {
    /// The fault in one line: what, where and when (the whole report is the `Display`).
    pub fn summary(&self) -> String {
        format!(
            "{} at PC={:04X} after {} T-states",
            self.kind, self.registers.pc, self.cycles
        )
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "module fault: {}", self.kind)?;
        writeln!(
            f,
            "  at PC={:04X} after {} T-states",
            self.registers.pc, self.cycles
        )?;
        writeln!(f, "  {}", self.registers)?;
        write!(f, "  last {} instructions:", self.trace.len())?;
        for (pc, text) in &self.trace {
            write!(f, "\n    {pc:04X}  {text}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Fault {}
