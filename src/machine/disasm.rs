//! Disassembly of one instruction from its bytes, through iz80's own disassembler.
//!
//! iz80 disassembles the instruction at its PC from a `Machine`; we give it a tiny one that
//! holds just the instruction's bytes at the right address, so disassembling never touches
//! (or depends on the current contents of) the real machine.

/// Four bytes placed at `base`; everything else reads as NOP.
struct Window {
    base: u16,
    bytes: [u8; 4],
}

impl iz80::Machine for Window {
    fn peek(&mut self, address: u16) -> u8 {
        let offset = address.wrapping_sub(self.base) as usize;
        self.bytes.get(offset).copied().unwrap_or(0)
    }
    fn poke(&mut self, _address: u16, _value: u8) {}
    fn port_in(&mut self, _port: u16) -> u8 {
        0xFF
    }
    fn port_out(&mut self, _port: u16, _value: u8) {}
}

/// A disassembler; building iz80's decoder tables costs a little, so reuse one for many
/// instructions.
pub struct Disassembler {
    cpu: iz80::Cpu,
}

impl Default for Disassembler {
    fn default() -> Self {
        Self::new()
    }
}

impl Disassembler {
    /// A new disassembler.
    pub fn new() -> Self {
        Disassembler {
            cpu: iz80::Cpu::new(),
        }
    }

    /// The instruction in `bytes` at address `pc`, in iz80's syntax (lower-case hex with an
    /// `h` suffix; relative jumps shown as offsets from the instruction start).
    pub fn disassemble(&mut self, pc: u16, bytes: [u8; 4]) -> String {
        let mut window = Window { base: pc, bytes };
        self.cpu.registers().set_pc(pc);
        self.cpu.disasm_instruction(&mut window)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disassembles_plain_and_indexed_forms() {
        let mut d = Disassembler::new();
        assert_eq!(d.disassemble(0x100, [0x3E, 0x42, 0, 0]), "LD A, 42h");
        assert!(
            d.disassemble(0xE000, [0xDD, 0x7E, 0x05, 0])
                .contains("IX+5")
        );
        assert_eq!(d.disassemble(0, [0x76, 0, 0, 0]), "HALT");
    }
}
