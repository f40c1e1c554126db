//! The few facts about Z80 instructions the debugger needs beyond the disassembler's text:
//! how long an instruction is (to walk forward through code), whether it calls (for `next`)
//! and whether the bytes before an address end in a call (to recognise return addresses on
//! the stack).

use crate::machine::timing;

/// Length in bytes of the instruction whose bytes start with `b`, as the CPU core runs it
/// (a chain of DD/FD prefixes is one instruction): the machine's timing decoder knows it.
/// Bytes past the four given read as 0, and the length is kept within them, so a caller
/// can show `b[..length]`.
pub fn length(b: [u8; 4]) -> u16 {
    let timing = timing::decode(|i| b.get(i as usize).copied().unwrap_or(0));
    u16::from(timing.length).min(4)
}

/// True for CALL nn and CALL cc,nn.
pub fn is_call(op: u8) -> bool {
    matches!(
        op,
        0xCD | 0xC4 | 0xCC | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC
    )
}

/// True for RST p.
pub fn is_rst(op: u8) -> bool {
    op & 0xC7 == 0xC7
}

/// Where a call that returns to `return_address` was made from, if the bytes before it are
/// a CALL (3 bytes) or an RST (1 byte): (address of the call, address called).
pub fn call_before(return_address: u16, read: impl Fn(u16) -> u8) -> Option<(u16, u16)> {
    let call = return_address.wrapping_sub(3);
    if is_call(read(call)) {
        let target = u16::from_le_bytes([read(call.wrapping_add(1)), read(call.wrapping_add(2))]);
        return Some((call, target));
    }
    let rst = return_address.wrapping_sub(1);
    let op = read(rst);
    is_rst(op).then_some((rst, (op & 0x38) as u16))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::assemble_source;

    /// Our lengths agree with the bytes the crate's assembler (checked against pasmo in CI)
    /// emits for a spread of every instruction group.
    #[test]
    fn lengths_agree_with_the_assembler() {
        let lines = [
            "NOP",
            "LD A,5",
            "LD BC,1234H",
            "LD (1234H),HL",
            "LD A,(1234H)",
            "JR 0",
            "DJNZ 0",
            "JP 1234H",
            "JP NZ,1234H",
            "CALL 1234H",
            "CALL C,1234H",
            "RST 38H",
            "RET",
            "RET Z",
            "OUT (0),A",
            "IN A,(0)",
            "ADD A,7",
            "CP 3",
            "BIT 3,(HL)",
            "RLC B",
            "LD (1234H),BC",
            "LD SP,(1234H)",
            "LDIR",
            "NEG",
            "IM 1",
            "LD IX,1234H",
            "LD A,(IX+5)",
            "LD (IY-3),7",
            "BIT 1,(IX+2)",
            "INC (IX+1)",
            "ADD IX,BC",
            "PUSH IY",
            "JP (IX)",
            "LD (IX+0),A",
            "LD IXH,5",
            "EX (SP),IX",
            "LD (1234H),IX",
            "CP (IY+9)",
            "EX AF,AF'",
            "EXX",
        ];
        for line in lines {
            let source = format!("        {line}\n");
            let assembly =
                assemble_source("t.asm", &source).unwrap_or_else(|e| panic!("{line}: {e}"));
            let bytes = assembly.image(None).unwrap();
            let mut b = [0u8; 4];
            for (i, v) in bytes.iter().take(4).enumerate() {
                b[i] = *v;
            }
            assert_eq!(length(b) as usize, bytes.len(), "{line}: {bytes:02X?}");
        }
    }

    /// iz80 runs a chain of index prefixes as one instruction (the last prefix counts), so
    /// `dis` steps over the whole chain, as `step` does.
    #[test]
    fn a_prefix_chain_is_one_instruction() {
        assert_eq!(length([0xDD, 0xDD, 0xE5, 0x00]), 3); // DD, then PUSH IX
        assert_eq!(length([0xFD, 0xDD, 0x36, 0x01]), 4); // LD (IX+1),n, cut to the window
    }

    #[test]
    fn calls_are_recognised_before_return_addresses() {
        let code = [0x00, 0xCD, 0x34, 0x12, 0x00, 0xFF, 0x00];
        let read = |a: u16| code.get(a as usize).copied().unwrap_or(0);
        assert_eq!(call_before(4, read), Some((1, 0x1234)));
        assert_eq!(call_before(6, read), Some((5, 0x38)));
        assert_eq!(call_before(3, read), None);
    }
}
