//! Oracle: Debian's pasmo assembles the same sources to the same bytes as ours.
//!
//! `tests/data/asm/all_instructions.asm` holds every instruction and directive; `asm/main.asm`
//! is the guest ROM. Without pasmo installed the tests fail when `CI` is set (CI installs
//! it) and are skipped with a note otherwise.

use std::path::Path;
use std::process::Command;

use c7010::asm::{assemble_file, assemble_source};

/// pasmo's `--bin` output for `source`, with `include_dir` searched for INCLUDE/INCBIN
/// (pasmo looks in the current directory, ours beside the including file).
fn pasmo(source: &Path, include_dir: &Path) -> Option<Vec<u8>> {
    let available = Command::new("pasmo").arg("--help").output().is_ok();
    if !available {
        assert!(
            std::env::var_os("CI").is_none(),
            "pasmo is not installed (CI must install it)"
        );
        println!("note: pasmo is not installed; skipping the comparison with it");
        return None;
    }
    let out = std::env::temp_dir().join(format!(
        "c7010-pasmo-{}-{}.bin",
        std::process::id(),
        source.file_stem().unwrap().to_string_lossy()
    ));
    let run = Command::new("pasmo")
        .arg("-I")
        .arg(include_dir)
        .arg("--bin")
        .arg(source)
        .arg(&out)
        .output()
        .expect("run pasmo");
    assert!(
        run.status.success(),
        "pasmo failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let bytes = std::fs::read(&out).expect("pasmo output");
    let _ = std::fs::remove_file(&out);
    Some(bytes)
}

fn compare(source: &str, include_dir: &str) {
    let Some(theirs) = pasmo(Path::new(source), Path::new(include_dir)) else {
        return;
    };
    let ours = assemble_file(Path::new(source))
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap();
    assert!(!ours.is_empty());
    if let Some(at) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        panic!(
            "{source}: first difference at offset {at:#06X}: ours {:02X?}, pasmo {:02X?}",
            &ours[at..ours.len().min(at + 8)],
            &theirs[at..theirs.len().min(at + 8)]
        );
    }
    assert_eq!(ours.len(), theirs.len(), "{source}: lengths differ");
    println!("{source}: {} bytes identical to pasmo", ours.len());
}

#[test]
fn all_instructions_match_pasmo() {
    compare("tests/data/asm/all_instructions.asm", "tests/data/asm");
}

#[test]
fn guest_rom_source_matches_pasmo() {
    compare("asm/main.asm", "asm");
}

/// A small deterministic generator (xorshift), so the random program is the same each run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
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
    let mut rng = Rng(0x00C7_010A_5E3B_1E55);
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
    let path = std::env::temp_dir().join(format!("c7010-random-{}.asm", std::process::id()));
    std::fs::write(&path, &program).unwrap();
    let theirs = pasmo(&path, Path::new("."));
    let _ = std::fs::remove_file(&path); // (left behind when pasmo fails, to look at)
    let Some(theirs) = theirs else { return };
    let ours = assemble_source("random.asm", &program)
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap();
    if let Some(at) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        panic!(
            "first difference at {:#06X}: ours {:02X?}, pasmo {:02X?}",
            0x8000 + at,
            &ours[at..],
            &theirs[at..]
        );
    }
    assert_eq!(ours.len(), theirs.len());
    println!("random operands: {} bytes identical to pasmo", ours.len());
}
