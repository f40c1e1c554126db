//! Never panics: the assembler gets arbitrary text, token soup and mutated valid sources,
//! and must answer with bytes or errors, never a panic (no index or overflow panics).
//!
//! Deterministic: a fixed ChaCha seed and no failure persistence, so CI runs the same cases
//! every time. About 8,000 cases in about a second in the debug profile.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use c7010::assembler::assemble_source;

const SEED: [u8; 32] = *b"c7010 assembler never panics....";

fn runner(cases: u32) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        max_shrink_iters: 2000,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &SEED))
}

/// Assembles and, on success, also renders every output (those must not panic either).
fn assemble_everything(text: &str) {
    if let Ok(a) = assemble_source("fuzz.asm", text) {
        let _ = a.image(Some(8192));
        let _ = a.image(None);
        let _ = a.listing();
        let _ = a.symbol_file();
        let _ = a.source_map_file();
    }
}

/// Pieces of Z80 source (no INCLUDE/INCBIN: the fuzzer must not read files).
const PIECES: &[&str] = &[
    "LD",
    "JR",
    "DJNZ",
    "JP",
    "CALL",
    "RET",
    "EX",
    "ADD",
    "ADC",
    "SUB",
    "SBC",
    "AND",
    "OR",
    "XOR",
    "CP",
    "INC",
    "DEC",
    "BIT",
    "SET",
    "RES",
    "RLC",
    "SLL",
    "IN",
    "OUT",
    "IM",
    "RST",
    "PUSH",
    "POP",
    "A",
    "B",
    "C",
    "HL",
    "IX",
    "IY",
    "IXH",
    "IYL",
    "AF",
    "AF'",
    "SP",
    "I",
    "R",
    "NZ",
    "M",
    "(",
    ")",
    ",",
    "+",
    "-",
    "*",
    "/",
    "MOD",
    "SHL",
    "SHR",
    "<<",
    ">>",
    "NOT",
    "~",
    "HIGH",
    "LOW",
    "=",
    "<>",
    "<",
    ">=",
    "&&",
    "||",
    "?",
    ":",
    "$",
    "0",
    "1",
    "127",
    "128",
    "255",
    "256",
    "65535",
    "65536",
    "-32769",
    "0FFFFH",
    "%101",
    "'x'",
    "\"ab\"",
    "0x7FFFFFFF",
    "99999999999",
    "ORG",
    "EQU",
    "DEFL",
    "DB",
    "DW",
    "DS",
    "IF",
    "ELSE",
    "ENDIF",
    "MACRO",
    "ENDM",
    "REPT",
    "EXITM",
    "PROC",
    "ENDP",
    "LOCAL",
    "END",
    "DEFINED",
    "X",
    "Y",
    "L1:",
    "L2:",
    "\n",
    "\n",
    "\n",
    " ",
    " ",
    "\t",
    ";",
    "'",
    "\"",
    "#",
    "%",
    "\\",
];

fn token_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PIECES), 0..80)
        .prop_map(|parts| parts.join(" "))
}

#[test]
fn arbitrary_text_never_panics() {
    let strategy = proptest::collection::vec(any::<char>(), 0..300)
        .prop_map(|c| c.into_iter().collect::<String>());
    runner(2000)
        .run(&strategy, |text| {
            assemble_everything(&text);
            Ok(())
        })
        .unwrap();
}

#[test]
fn token_soup_never_panics() {
    runner(4000)
        .run(&token_soup(), |text| {
            assemble_everything(&text);
            Ok(())
        })
        .unwrap();
}

/// One edit of a source: where (as a fraction of its length), what, and with which text.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    DuplicateLine(usize),
    SwapLines(usize, usize),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for edit in edits {
        match edit {
            Edit::Delete(at, len) if !s.is_empty() => {
                let at = at % s.len();
                let end = (at + len).min(s.len());
                s.drain(at..end);
            }
            Edit::Insert(at, piece) => {
                let at = if s.is_empty() { 0 } else { at % (s.len() + 1) };
                s.splice(at..at, piece.chars());
            }
            Edit::DuplicateLine(n) | Edit::SwapLines(n, _) => {
                let text: String = s.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let a = n % lines.len();
                match edit {
                    Edit::SwapLines(_, m) => {
                        let b = m % lines.len();
                        lines.swap(a, b);
                    }
                    _ => lines.insert(a, lines[a]),
                }
                s = lines.join("\n").chars().collect();
            }
            Edit::Delete(..) => {}
        }
    }
    s.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1..12usize).prop_map(|(a, l)| Edit::Delete(a, l)),
        (any::<usize>(), proptest::sample::select(PIECES))
            .prop_map(|(a, p)| Edit::Insert(a, p.to_string())),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

#[test]
fn mutated_valid_sources_never_panic() {
    let all = std::fs::read_to_string("tests/data/asm/all_instructions.asm").unwrap();
    let errors = std::fs::read_to_string("tests/data/asm/errors.asm").unwrap();
    // Windows of 80 lines keep each case small; INCLUDE/INCBIN lines are dropped.
    let lines: Vec<&str> = all
        .lines()
        .chain(errors.lines())
        .filter(|l| !l.contains("INCLUDE") && !l.contains("INCBIN"))
        .collect();
    let windows: Vec<String> = lines.chunks(80).map(|c| c.join("\n")).collect();
    let strategy = (
        proptest::sample::select(windows),
        proptest::collection::vec(edit(), 1..6),
    );
    runner(2000)
        .run(&strategy, |(window, edits)| {
            assemble_everything(&apply(&window, &edits));
            Ok(())
        })
        .unwrap();
}
