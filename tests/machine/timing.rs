//! Every Z80 opcode's T-states on the machine against a table transcribed separately from
//! the Zilog manual (`tests/data/machine/z80_timings.txt`).
//!
//! Each line of the table is expanded over its bit fields into concrete byte sequences; each
//! sequence is executed once from two register setups chosen so that every conditional
//! branch and block instruction is seen both ways across them. The outcome is read from PC
//! (fall-through = not taken / block ended; anything else = taken / repeated), and the T-states
//! the machine counted must equal the manual's.

use std::collections::{BTreeMap, BTreeSet};

use c7010::machine::{FaultKind, Machine, Registers, timing};

const ORIGIN: u16 = 0x0100;
const IMMEDIATE: u8 = 0x01;
const WORD: [u8; 2] = [0x00, 0xE3]; // 0xE300, in RAM
const OFFSET: u8 = 0x10;
const DISPLACEMENT: u8 = 0x05;

/// One line of the table.
struct Line {
    number: usize,
    mnemonic: String,
    encodings: Vec<Vec<u8>>,
    taken: u32,
    not_taken: u32,
}

/// Expand one 8-character bit pattern into every byte it stands for.
fn expand_pattern(pattern: &str) -> Vec<u8> {
    // Split into fields: runs of the same letter, r/s/b in chunks of 3, p in chunks of 2.
    let chars: Vec<char> = pattern.chars().collect();
    assert_eq!(chars.len(), 8, "bit pattern {pattern} is not 8 characters");
    let mut fields: Vec<(char, usize, usize)> = Vec::new(); // (letter, shift, width)
    let mut fixed = 0u8;
    let mut i = 0;
    while i < 8 {
        let c = chars[i];
        match c {
            '0' | '1' => {
                if c == '1' {
                    fixed |= 1 << (7 - i);
                }
                i += 1;
            }
            'x' => {
                fields.push(('x', 7 - i, 1));
                i += 1;
            }
            'r' | 's' | 'b' | 'p' => {
                let width = if c == 'p' { 2 } else { 3 };
                assert!(
                    i + width <= 8 && chars[i..i + width].iter().all(|&d| d == c),
                    "field {c} in {pattern} is not {width} bits"
                );
                fields.push((c, 8 - i - width, width));
                i += width;
            }
            other => panic!("bad character {other} in {pattern}"),
        }
    }
    let mut out = vec![fixed];
    for (letter, shift, width) in fields {
        let values: Vec<u8> = (0..(1u8 << width))
            .filter(|&v| !(matches!(letter, 'r' | 's') && v == 0b110))
            .collect();
        out = out
            .iter()
            .flat_map(|&base| values.iter().map(move |&v| base | (v << shift)))
            .collect();
    }
    out
}

fn parse_table() -> Vec<Line> {
    let text = include_str!("../data/machine/z80_timings.txt");
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = raw.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "line {}: {raw}", index + 1);
        let mut encodings: Vec<Vec<u8>> = vec![Vec::new()];
        for token in parts[1].split_whitespace() {
            let choices: Vec<Vec<u8>> = match token {
                "n" => vec![vec![IMMEDIATE]],
                "nn" => vec![WORD.to_vec()],
                "e" => vec![vec![OFFSET]],
                "d" => vec![vec![DISPLACEMENT]],
                t if t.len() == 2 => vec![vec![u8::from_str_radix(t, 16).expect("hex byte")]],
                t => expand_pattern(t).into_iter().map(|b| vec![b]).collect(),
            };
            encodings = encodings
                .iter()
                .flat_map(|prefix| {
                    choices.iter().map(move |c| {
                        let mut v = prefix.clone();
                        v.extend_from_slice(c);
                        v
                    })
                })
                .collect();
        }
        let (taken, not_taken) = match parts[2].split_once('/') {
            Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
            None => {
                let t: u32 = parts[2].parse().unwrap();
                (t, t)
            }
        };
        lines.push(Line {
            number: index + 1,
            mnemonic: parts[0].to_string(),
            encodings,
            taken,
            not_taken,
        });
    }
    lines
}

/// Two register setups; between them every condition is both true and false, DJNZ both
/// loops and falls through, and every block instruction both repeats and ends.
fn setups() -> [Registers; 2] {
    let common = Registers {
        de: 0xE200,
        hl: 0xE100,
        ix: 0xE100,
        iy: 0xE100,
        sp: 0xE400,
        pc: ORIGIN,
        ..Registers::after_reset()
    };
    [
        // F = 0: NZ NC PO P true. B = 0: DJNZ loops; INIR/OTIR repeat. BC = 1: LDIR ends.
        // A = 0 matches the zeroed RAM: CPIR ends.
        Registers {
            af: 0x0000,
            bc: 0x0001,
            ..common
        },
        // F = FF: Z C PE M true. B = 1: DJNZ falls through; INIR/OTIR end. BC = 0x0101:
        // LDIR repeats; A = FF does not match: CPIR repeats.
        Registers {
            af: 0xFFFF,
            bc: 0x0101,
            ..common
        },
    ]
}

/// Run `bytes` once from `setup`; returns (T-states, taken).
fn run_once(bytes: &[u8], setup: &Registers) -> (u32, bool) {
    let mut rom = vec![0u8; ORIGIN as usize];
    rom.extend_from_slice(bytes);
    let mut m = Machine::new(&rom).unwrap();
    // A return address for RET/RETI/RETN: 0x0200.
    m.ram_mut()[0x400] = 0x00;
    m.ram_mut()[0x401] = 0x02;
    m.set_registers(setup);
    let before = m.cycles();
    match m.step() {
        Ok(_) => {}
        // LD (BC),A with BC in ROM: the write is refused after the instruction was timed.
        Err(fault) if matches!(fault.kind, FaultKind::RomWrite { .. }) => {}
        Err(fault) => panic!("{bytes:02X?}: {fault}"),
    }
    let t = (m.cycles() - before) as u32;
    let fall_through = ORIGIN + bytes.len() as u16;
    (t, m.registers().pc != fall_through)
}

#[test]
fn every_opcode_takes_the_t_states_the_manual_gives() {
    let lines = parse_table();
    let mut failures = Vec::new();
    let mut times: BTreeMap<Vec<u8>, (u32, u32, usize)> = BTreeMap::new();
    let mut executed = 0;
    for line in &lines {
        assert!(!line.encodings.is_empty());
        let conditional = line.taken != line.not_taken;
        let mut seen = BTreeSet::new();
        for bytes in &line.encodings {
            if let Some(&(t, nt, other)) = times.get(bytes)
                && (t, nt) != (line.taken, line.not_taken)
            {
                failures.push(format!(
                    "line {} and line {other} disagree on {bytes:02X?}",
                    line.number
                ));
            }
            times.insert(bytes.clone(), (line.taken, line.not_taken, line.number));
            // The decoder's idea of the length (used to tell opcode fetches from data reads)
            // agrees with the manual's encoding.
            let decoded = timing::decode(|i| bytes.get(i as usize).copied().unwrap_or(0));
            if decoded.length as usize != bytes.len() {
                failures.push(format!(
                    "line {} {} {bytes:02X?}: decoded length {}",
                    line.number, line.mnemonic, decoded.length
                ));
            }
            for setup in setups() {
                let (t, taken) = run_once(bytes, &setup);
                executed += 1;
                seen.insert(taken);
                let want = if taken || !conditional {
                    line.taken
                } else {
                    line.not_taken
                };
                if t != want {
                    failures.push(format!(
                        "line {} {} {bytes:02X?} ({}): machine {t} T, manual {want} T",
                        line.number,
                        line.mnemonic,
                        if taken { "taken" } else { "not taken" }
                    ));
                }
            }
        }
        if conditional && seen.len() != 2 {
            failures.push(format!(
                "line {} {}: only one outcome exercised",
                line.number, line.mnemonic
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // The table covers every unprefixed, CB and ED opcode.
    for prefix in [None, Some(0xCB), Some(0xED)] {
        for op in 0..=255u8 {
            if prefix.is_none() && matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
                continue;
            }
            let covered = times.keys().any(|k| match prefix {
                None => k[0] == op,
                Some(p) => k.len() >= 2 && k[0] == p && k[1] == op,
            });
            assert!(
                covered,
                "opcode {prefix:02X?} {op:02X} missing from the table"
            );
        }
    }
    assert!(executed > 2_500, "only {executed} runs");
}

#[test]
fn the_pattern_expander_reads_fields_like_the_manual() {
    assert_eq!(expand_pattern("01rrrrrr").len(), 49);
    assert_eq!(expand_pattern("00pp0001"), vec![0x01, 0x11, 0x21, 0x31]);
    assert_eq!(expand_pattern("101xx1xx").len(), 16);
    assert!(!expand_pattern("00rrr110").contains(&0x36));
}
