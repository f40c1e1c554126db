//! Oracle: Debian's pasmo assembles the same sources to the same bytes as ours.
//!
//! `tests/data/asm/all_instructions.asm` holds every instruction and directive; `asm/main.asm`
//! is the guest ROM; a third program writes every instruction again with random operands.
//! pasmo's outputs are recorded in `tests/data/pasmo` (tests/common/pasmo.rs), so the
//! comparison runs without pasmo too; where pasmo is installed the recordings are checked
//! current.

use std::path::Path;

use c7010::assembler::{assemble_file, assemble_source};
use c7010::reference::random::Xorshift;

use crate::common::pasmo::pasmo;

/// Ours against pasmo's `theirs`, byte for byte, for `what` assembled at `origin`.
fn same_bytes(what: &str, origin: usize, ours: &[u8], theirs: &[u8]) {
    assert!(!ours.is_empty());
    if let Some(at) = ours.iter().zip(theirs).position(|(a, b)| a != b) {
        panic!(
            "{what}: first difference at {:#06X}: ours {:02X?}, pasmo {:02X?}",
            origin + at,
            &ours[at..ours.len().min(at + 8)],
            &theirs[at..theirs.len().min(at + 8)]
        );
    }
    assert_eq!(ours.len(), theirs.len(), "{what}: lengths differ");
    println!("{what}: {} bytes identical to pasmo", ours.len());
}

fn compare(name: &str, source: &str, include_dir: &str) {
    let Some(theirs) = pasmo(name, Path::new(source), Path::new(include_dir)) else {
        return;
    };
    let ours = assemble_file(Path::new(source))
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap();
    same_bytes(source, 0, &ours, &theirs.bin);
}

#[test]
fn all_instructions_match_pasmo() {
    compare(
        "all_instructions",
        "tests/data/asm/all_instructions.asm",
        "tests/data/asm",
    );
}

/// `$` in IF and in every other directive that reads it (see features.rs).
#[test]
fn dollar_in_every_directive_matches_pasmo() {
    compare("dollar", "tests/data/asm/dollar.asm", "tests/data/asm");
}

#[test]
fn guest_rom_source_matches_pasmo() {
    compare("main", "asm/main.asm", "asm");
}

/// Random operand values, written in random notations.
struct Rng(Xorshift);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    /// A random way of writing `value`: number formats, and sums or differences when
    /// `compound` (never starting with `(`, which would read as an indirection, and never
    /// with a negative left operand, which pasmo would read as -(a + b)).
    fn spell(&mut self, value: i64, compound: bool) -> String {
        let magnitude = value.unsigned_abs();
        let sign = if value < 0 { "-" } else { "" };
        match self.next() % 7 {
            1 => format!("{sign}0{magnitude:X}H"),
            2 => format!("{sign}${magnitude:X}"),
            3 => format!("{sign}%{magnitude:b}"),
            4 if compound && value >= 50 => {
                let k = self.range(0, 50);
                format!("{} + {k}", self.spell(value - k, false))
            }
            5 if compound && value >= 0 => {
                let k = self.range(1, 9);
                format!("{} - {k}", self.spell(value + k, false))
            }
            6 => format!("{sign}0x{magnitude:x}"),
            _ => format!("{value}"),
        }
    }
}

/// The instruction section of all_instructions.asm with every operand value replaced by a
/// random one in range, written in random notations; compared with pasmo.
#[test]
fn random_operands_match_pasmo() {
    let all = std::fs::read_to_string("tests/data/asm/all_instructions.asm").unwrap();
    let start = all.find("; --- every instruction").unwrap();
    let end = all.find("FORWARD:").unwrap();
    let mut rng = Rng(Xorshift(0x00C7_010A_5E3B_1E55));
    let mut program = String::from(" ORG 8000H\n");
    for _round in 0..10 {
        for line in all[start..end].lines() {
            let mut line = line.replace("NEAR:", "");
            for (name, low, high) in [
                ("N16", -32768, 65535),
                ("WORD", 0, 65535),
                ("N8", -128, 255),
                ("PORT", 0, 255),
                ("+OFS", -128, 127),
                ("FAR", 0, 65535),
            ] {
                while let Some(at) = line.find(name) {
                    let value = rng.range(low, high);
                    let text = rng.spell(value, true);
                    // An index offset carries its sign: (IX+5), (IX-5), never (IX+-5).
                    let text = match name {
                        "+OFS" if value < 0 => format!("-{}", rng.spell(-value, false)),
                        "+OFS" => format!("+{}", rng.spell(value, false)),
                        _ => text,
                    };
                    line.replace_range(at..at + name.len(), &text);
                }
            }
            if line.contains("NEAR") {
                line = line.replace("NEAR", &format!("${:+}", rng.range(-126, 129)));
            }
            line = line.replace("(IY-3)", &format!("(IY{:+})", rng.range(-128, 127)));
            program.push_str(&line);
            program.push('\n');
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.asm");
    std::fs::write(&path, &program).unwrap();
    let Some(theirs) = pasmo("random_operands", &path, dir.path()) else {
        return;
    };
    let ours = assemble_source("random.asm", &program)
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap();
    same_bytes("random operands", 0x8000, &ours, &theirs.bin);
}
