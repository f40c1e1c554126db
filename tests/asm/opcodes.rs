//! Oracle: every documented Z80 opcode (plus the IXH/IXL/IYH/IYL forms and SLL) is
//! disassembled by iz80, that text is assembled by ours, and the same bytes must come back.
//!
//! iz80's disassembly text differs from Zilog syntax in a few places; each normalisation is
//! listed in `normalise` with the reason. The expected length of each instruction is taken
//! from iz80's text (operand fields it printed), so a short encoding cannot pass as a prefix.

use iz80::{Cpu, Machine, PlainMachine};

use c7010::assembler::assemble_source;

/// iz80's text of the instruction at address 0 of `bytes`.
fn disassemble(bytes: &[u8]) -> String {
    let mut machine = PlainMachine::new();
    for (i, b) in bytes.iter().enumerate() {
        machine.poke(i as u16, *b);
    }
    let mut cpu = Cpu::new_z80();
    cpu.disasm_instruction(&mut machine)
}

fn is_hex_literal(word: &str) -> bool {
    word.len() >= 2
        && word.ends_with('h')
        && word[..word.len() - 1]
            .chars()
            .all(|c| c.is_ascii_hexdigit())
}

/// Number of bytes after the opcode that iz80's text shows: 16-bit and 8-bit immediates,
/// index displacements and relative jump offsets.
fn operand_bytes(text: &str) -> usize {
    if text.starts_with("RST") {
        return 0; // the restart address is part of the opcode
    }
    let mut n = 0;
    for word in text.split([' ', ',', '(', ')']) {
        if is_hex_literal(word) {
            n += if word.len() == 5 { 2 } else { 1 };
        }
    }
    if text.contains("(IX+")
        || text.contains("(IX-")
        || text.contains("(IY+")
        || text.contains("(IY-")
    {
        n += 1;
    }
    if text.starts_with("JR") || text.starts_with("DJNZ") {
        n += 1;
    }
    n
}

/// Turns iz80's text into Zilog syntax. `index` is Some("IX"/"IY") for DD/FD opcodes.
fn normalise(text: &str, index: Option<&str>) -> String {
    let mut text = text.to_string();
    // 1. DDCB/FDCB: iz80 shows the documented `RLC (IX+d)` as the undocumented
    //    `LD (IX+d), RLC (IX+d)` (copy to register); keep the documented part.
    if let Some(rest) = text.strip_prefix("LD (I")
        && let Some(pos) = rest.find("), ")
        && rest[pos + 3..].contains("(I")
    {
        text = rest[pos + 3..].to_string();
    }
    // 2. iz80 writes the implicit accumulator of SUB/AND/XOR/OR/CP (`SUB A, B`); Zilog
    //    and pasmo write `SUB B`.
    for op in ["SUB", "AND", "XOR", "OR", "CP"] {
        let prefix = format!("{op} A, ");
        if let Some(rest) = text.strip_prefix(&prefix) {
            text = format!("{op} {rest}");
        }
    }
    // 3. iz80 names the condition "sign set" N; Zilog calls it M.
    if text == "RET N" || text.starts_with("JP N,") || text.starts_with("CALL N,") {
        text = text.replacen(" N", " M", 1);
    }
    // 4. `JP HL` is written `JP (HL)` in Zilog syntax.
    if text == "JP HL" {
        text = "JP (HL)".into();
    }
    // 5. Relative jumps: iz80 prints the distance from the instruction in hexadecimal,
    //    negative ones as 16-bit two's complement (`+14`, `+fff2`); we write `$+20`, `$-14`.
    if text.starts_with("JR") || text.starts_with("DJNZ") {
        let (head, target) = text.rsplit_once(' ').unwrap_or(("", ""));
        let distance = u16::from_str_radix(target.trim_start_matches('+'), 16).unwrap() as i16;
        text = format!("{head} ${distance:+}");
    }
    // 6. Hex immediates `f0h` would be identifiers in Zilog syntax; write them `0xf0`.
    let mut words = Vec::new();
    for word in text.split(' ') {
        let (core, comma) = word.strip_suffix(',').map_or((word, ""), |c| (c, ","));
        let (open, inner, close) = match core.strip_prefix('(').and_then(|c| c.strip_suffix(')')) {
            Some(inner) => ("(", inner, ")"),
            None => ("", core, ""),
        };
        if is_hex_literal(inner) {
            words.push(format!(
                "{open}0x{}{close}{comma}",
                &inner[..inner.len() - 1]
            ));
        } else {
            words.push(word.to_string());
        }
    }
    text = words.join(" ");
    // 7. iz80 prints DD/FD opcodes without a displacement with the unprefixed register
    //    names (`LD HL, nn` for `LD IX, nn`, `INC H` for `INC IXH`); name the index register.
    if let Some(ix) = index
        && !text.contains("(I")
    {
        let mut words = Vec::new();
        for word in text.split(' ') {
            let (core, comma) = word.strip_suffix(',').map_or((word, ""), |c| (c, ","));
            let renamed = match core {
                "HL" => ix.to_string(),
                "(HL)" => format!("({ix})"),
                "H" => format!("{ix}H"),
                "L" => format!("{ix}L"),
                other => other.to_string(),
            };
            words.push(format!("{renamed}{comma}"));
        }
        text = words.join(" ");
    }
    text
}

/// Documented ED opcodes (Zilog UM0080), without the undocumented mirrors.
fn documented_ed() -> Vec<u8> {
    let mut ops = Vec::new();
    for r in 0..8u8 {
        if r != 6 {
            ops.push(0x40 | r << 3); // IN r,(C)
            ops.push(0x41 | r << 3); // OUT (C),r
        }
    }
    for ss in 0..4u8 {
        ops.extend([0x42 | ss << 4, 0x4A | ss << 4]); // SBC/ADC HL,ss
        if ss != 2 {
            ops.extend([0x43 | ss << 4, 0x4B | ss << 4]); // LD (nn),ss / LD ss,(nn); HL uses 22/2A
        }
    }
    ops.extend([
        0x44, 0x45, 0x4D, 0x46, 0x56, 0x5E, 0x47, 0x4F, 0x57, 0x5F, 0x67, 0x6F,
    ]);
    for base in [0xA0u8, 0xA8, 0xB0, 0xB8] {
        ops.extend(base..base + 4);
    }
    ops
}

/// Unprefixed opcodes that DD/FD turn into IX/IY forms: those using HL, H, L or (HL),
/// except EX DE,HL (not affected by the prefix).
fn index_affected(op: u8) -> bool {
    if op == 0xEB || [0xCB, 0xDD, 0xED, 0xFD].contains(&op) {
        return false;
    }
    let text = disassemble(&[op, 0, 0]);
    text.split([' ', ','])
        .any(|w| matches!(w, "HL" | "H" | "L" | "(HL)"))
}

struct Case {
    bytes: Vec<u8>,
    text: String,
}

fn cases(operand: [u8; 3]) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |opcode: &[u8], index: Option<&str>| {
        let mut bytes = opcode.to_vec();
        if opcode.get(1) == Some(&0xCB) && index.is_some() {
            // DDCB d op: the displacement sits before the last opcode byte.
            bytes.insert(2, operand[0]);
        } else {
            bytes.extend_from_slice(&operand);
            let raw = disassemble(&bytes);
            bytes.truncate(opcode.len() + operand_bytes(&raw));
        }
        let raw = disassemble(&bytes);
        cases.push(Case {
            bytes,
            text: normalise(&raw, index),
        });
    };
    for op in 0..=255u8 {
        if ![0xCB, 0xDD, 0xED, 0xFD].contains(&op) {
            add(&[op], None);
        }
    }
    for op in 0..=255u8 {
        add(&[0xCB, op], None); // includes SLL (CB 30-37), undocumented but common
    }
    for op in documented_ed() {
        add(&[0xED, op], None);
    }
    for (prefix, ix) in [(0xDDu8, "IX"), (0xFD, "IY")] {
        for op in (0..=255u8).filter(|op| index_affected(*op)) {
            add(&[prefix, op], Some(ix));
        }
        // DDCB d op: the documented (IX+d) forms have 6 in the low bits (SLL excluded).
        for op in (0..=255u8).filter(|op| op & 7 == 6 && *op != 0x36) {
            add(&[prefix, 0xCB, op], Some(ix));
        }
    }
    cases
}

fn check(operand: [u8; 3]) -> usize {
    let cases = cases(operand);
    let mut failures = Vec::new();
    for case in &cases {
        let source = format!(" ORG 100h\n {}\n", case.text);
        match assemble_source("iz80.asm", &source) {
            Ok(a) => {
                let bytes = a.image(None).unwrap();
                if bytes != case.bytes {
                    failures.push(format!(
                        "{:<24} want {:02X?} got {:02X?}",
                        case.text, case.bytes, bytes
                    ));
                }
            }
            Err(e) => failures.push(format!(
                "{:<24} want {:02X?} error {e}",
                case.text, case.bytes
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

#[test]
fn iz80_round_trip_of_796_opcodes() {
    // Positive operands/displacement (0x12, +18) and negative ones (0xF0, -16).
    let count = check([0x12, 0x34, 0x56]);
    assert_eq!(check([0xF0, 0xF1, 0x56]), count);
    println!("iz80 round trip: {count} opcodes (each with two operand sets)");
    assert_eq!(count, 796, "opcode count changed: rename the test");
}
