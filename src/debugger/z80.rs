//! The few facts about Z80 instructions the debugger needs beyond the disassembler's text:
//! how long an instruction is (to walk forward through code), whether it calls (for `next`)
//! and whether the bytes before an address end in a call (to recognise return addresses on
//! the stack).

/// Length in bytes of the instruction whose bytes start with `b` (at least 4 bytes given).
pub fn length(b: [u8; 4]) -> u16 {
    match b[0] {
        0xCB => 2,
        0xED => match b[1] {
            0x43 | 0x4B | 0x53 | 0x5B | 0x63 | 0x6B | 0x73 | 0x7B => 4,
            _ => 2,
        },
        0xDD | 0xFD => match b[1] {
            0xCB => 4,
            // Another prefix: this one acts alone, as a 4-T no-op.
            0xDD | 0xFD | 0xED => 1,
            // LD (IX+d),n
            0x36 => 4,
            op if uses_hl_memory(op) => 3,
            op => 1 + plain_length(op),
        },
        op => plain_length(op),
    }
}

/// Length of an unprefixed opcode.
fn plain_length(op: u8) -> u16 {
    match op {
        // LD r,n / ALU n / JR / DJNZ / OUT (n),A / IN A,(n) / CB
        0x06 | 0x0E | 0x16 | 0x1E | 0x26 | 0x2E | 0x36 | 0x3E => 2,
        0xC6 | 0xCE | 0xD6 | 0xDE | 0xE6 | 0xEE | 0xF6 | 0xFE => 2,
        0x10 | 0x18 | 0x20 | 0x28 | 0x30 | 0x38 | 0xD3 | 0xDB | 0xCB => 2,
        // LD rr,nn / LD (nn),HL / LD HL,(nn) / LD (nn),A / LD A,(nn)
        0x01 | 0x11 | 0x21 | 0x31 | 0x22 | 0x2A | 0x32 | 0x3A => 3,
        // JP nn, JP cc,nn, CALL nn, CALL cc,nn
        0xC3 | 0xC2 | 0xCA | 0xD2 | 0xDA | 0xE2 | 0xEA | 0xF2 | 0xFA => 3,
        0xCD | 0xC4 | 0xCC | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC => 3,
        _ => 1,
    }
}

/// Opcodes that address (HL), which become (IX+d) with a displacement byte after DD/FD.
fn uses_hl_memory(op: u8) -> bool {
    matches!(
        op,
        0x34 | 0x35
            | 0x46
            | 0x4E
            | 0x56
            | 0x5E
            | 0x66
            | 0x6E
            | 0x7E
            | 0x86
            | 0x8E
            | 0x96
            | 0x9E
            | 0xA6
            | 0xAE
            | 0xB6
            | 0xBE
    ) || (0x70..=0x77).contains(&op) && op != 0x76
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
    use crate::asm::assemble_source;

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

    #[test]
    fn calls_are_recognised_before_return_addresses() {
        let code = [0x00, 0xCD, 0x34, 0x12, 0x00, 0xFF, 0x00];
        let read = |a: u16| code.get(a as usize).copied().unwrap_or(0);
        assert_eq!(call_before(4, read), Some((1, 0x1234)));
        assert_eq!(call_before(6, read), Some((5, 0x38)));
        assert_eq!(call_before(3, read), None);
    }
}
