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

    /// The instruction in `bytes` at address `pc`, in iz80's syntax (upper-case mnemonics,
    /// lower-case hex with an `h` suffix), with two repairs: relative jumps show their
    /// absolute target, and DD/FD forms name IX/IY (and IXH/IXL...) where iz80 says HL.
    pub fn disassemble(&mut self, pc: u16, bytes: [u8; 4]) -> String {
        let mut window = Window { base: pc, bytes };
        self.cpu.registers().set_pc(pc);
        let text = self.cpu.disasm_instruction(&mut window);
        let text = absolute_jump_target(text, pc, bytes);
        index_register_names(text, bytes)
    }
}

/// DJNZ, JR and JR cc: iz80 prints the raw offset; show the address jumped to.
fn absolute_jump_target(text: String, pc: u16, bytes: [u8; 4]) -> String {
    if !matches!(bytes[0], 0x10 | 0x18 | 0x20 | 0x28 | 0x30 | 0x38) {
        return text;
    }
    let target = pc.wrapping_add(2).wrapping_add(bytes[1] as i8 as u16);
    match text.rsplit_once(' ') {
        Some((head, _offset)) => format!("{head} {target:04x}h"),
        None => text,
    }
}

/// iz80 names the operands of DD/FD-prefixed instructions as the unprefixed ones (HL, H, L)
/// unless they use (IX+d); rename them. EX DE,HL and EXX ignore the prefix on a Z80, and in
/// the (IX+d) forms H and L are the real registers.
fn index_register_names(text: String, bytes: [u8; 4]) -> String {
    let index = match bytes[0] {
        0xDD => "IX",
        0xFD => "IY",
        _ => return text,
    };
    if matches!(bytes[1], 0xCB | 0xED | 0xDD | 0xFD | 0xEB | 0xD9)
        || text.contains(&format!("{index}+"))
        || text.contains(&format!("{index}-"))
    {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 4);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match word.as_str() {
            "HL" => out.push_str(index),
            "H" | "L" => {
                out.push_str(index);
                out.push_str(word);
            }
            _ => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
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

    #[test]
    fn relative_jumps_show_their_target() {
        let mut d = Disassembler::new();
        assert_eq!(d.disassemble(0x0009, [0x28, 0xFB, 0, 0]), "JR Z, 0006h");
        assert_eq!(d.disassemble(0x0100, [0x10, 0x10, 0, 0]), "DJNZ 0112h");
        assert_eq!(d.disassemble(0x0100, [0x18, 0xFE, 0, 0]), "JR 0100h");
    }

    #[test]
    fn index_forms_name_ix_and_iy() {
        let mut d = Disassembler::new();
        assert_eq!(d.disassemble(0, [0xDD, 0x21, 0x34, 0x12]), "LD IX, 1234h");
        assert_eq!(d.disassemble(0, [0xFD, 0xE5, 0, 0]), "PUSH IY");
        assert_eq!(d.disassemble(0, [0xDD, 0x44, 0, 0]), "LD B, IXH");
        assert_eq!(d.disassemble(0, [0xDD, 0xEB, 0, 0]), "EX DE, HL");
        let with_displacement = d.disassemble(0, [0xDD, 0x66, 0x05, 0]);
        assert!(
            with_displacement.starts_with("LD H, (IX+"),
            "{with_displacement}"
        );
    }
}
