//! Huge inputs: the assembler answers every one with bytes or a clear error, never a panic
//! or a stack overflow, in time linear in the input. Each input is built in memory.
//!
//! The whole file runs in about 25 s in the test profile on two shared cores: the property
//! test about 13 s, the others 3 s or less each (slow ones say so).

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use c7010::assembler::limits::MAX_ERRORS;
use c7010::assembler::{AsmErrors, assemble_source};

/// The messages of a failed assembly, one a line.
fn errors_of(result: Result<c7010::assembler::Assembly, AsmErrors>) -> String {
    match result {
        Ok(_) => panic!("the assembly should have failed"),
        Err(errors) => errors.to_string(),
    }
}

/// A label of 65,536 characters used to panic while the symbol file was written (a format
/// width above 65,535): now it is written unpadded, and the listing too.
#[test]
fn a_label_of_65536_characters_is_written_to_every_output() {
    let name = "L".repeat(65_536);
    let text = format!(" ORG 100H\n{name}: NOP\nSHORT: JP {name}\n");
    let assembly = assemble_source("long.asm", &text).expect("a long label is legal");
    assert_eq!(assembly.symbol(&name), Some(0x100));
    let symbols = assembly.symbol_file();
    assert!(symbols.contains(&format!("{name} 0100 label\n")));
    // The other names are padded to the longest one that is not absurd, not to 65,536.
    assert!(symbols.contains("SHORT 0101 label\n"), "{symbols}");
    assert!(assembly.listing().contains(&format!("{name}: NOP")));
    // And it is read back.
    let back = c7010::assembler::parse_symbol_file(&symbols).unwrap();
    assert!(back.iter().any(|s| s.name == name && s.value == 0x100));
}

/// A main file named with 70,000 characters used to panic in the listing (same cause).
#[test]
fn a_file_name_of_70000_characters_is_listed() {
    let name = format!("{}.asm", "f".repeat(70_000));
    let assembly = assemble_source(&name, " NOP\n").unwrap();
    assert!(assembly.listing().contains(&format!("{name}:1 ")));
}

/// `DW 1+1+...` with 120,000 terms built a tree 120,000 deep whose evaluation overflowed
/// the stack (the process aborted): now the expression is refused with a clear error.
#[test]
fn an_expression_of_120000_terms_is_refused() {
    let terms = vec!["1"; 120_000].join("+");
    let errors = errors_of(assemble_source("long.asm", &format!(" DW {terms}\n")));
    assert!(errors.starts_with("long.asm:1:"), "{errors}");
    assert!(errors.contains("more than 1000 operators"), "{errors}");
    // The longest expression allowed, inside 190 parentheses (200 levels are allowed), is
    // evaluated on a test thread's stack: 1000 operators; one more is too many.
    let open = "(".repeat(190);
    let close = ")".repeat(190);
    let allowed = vec!["1"; 1001].join("+");
    let ok = assemble_source("ok.asm", &format!(" DW {open}{allowed}{close}\n")).unwrap();
    assert_eq!(ok.image(None).unwrap(), 1001u16.to_le_bytes());
    let too_many = vec!["1"; 1002].join("+");
    let errors = errors_of(assemble_source("x.asm", &format!(" DW {too_many}\n")));
    assert!(errors.contains("more than 1000 operators"), "{errors}");
}

/// One `DB` line of 1,000,000 items took over 20 s (each token's column was counted from
/// the start of the line): now it is linear. Columns stay exact at the end of the line,
/// and the bytes that fit are all there. About 2.5 s.
#[test]
fn a_db_line_of_a_million_items_is_assembled_in_linear_time() {
    let mut items = vec!["1"; 999_999];
    items.push("300");
    let line = format!(" DB {}", items.join(","));
    let errors = errors_of(assemble_source("big.asm", &format!("{line}\n")));
    assert!(errors.contains("big.asm:1: error: code goes past address FFFF"));
    let col = line.len() - 2; // where "300" starts, 1-based
    assert!(
        errors.contains(&format!("big.asm:1:{col}: error: value 300 does not fit")),
        "{errors}"
    );
    // A line that fits: 65,536 items, every byte emitted.
    let fits = format!(" DB {}\n", vec!["7"; 65_536].join(","));
    let image = assemble_source("fits.asm", &fits)
        .unwrap()
        .image(None)
        .unwrap();
    assert_eq!(image, vec![7u8; 65_536]);
}

/// A file that includes itself twice used to be read 2^32 times (the nesting limit alone
/// does not bound a tree): now reading stops after 1,000 files.
#[test]
fn a_file_including_itself_twice_stops_at_the_limit_on_files() {
    let path = std::path::Path::new("tests/data/asm/twice_include.asm");
    let errors = errors_of(c7010::assembler::assemble_file(path));
    assert!(
        errors.contains("INCLUDE past the limits of 1000 files or 16 MiB read"),
        "{errors}"
    );
}

/// A macro that doubles its argument at each of 40 levels used to build a line of 2^40
/// characters: now the expansions stop at the limit of text a pass may run.
#[test]
fn a_macro_doubling_its_argument_stops_at_the_text_limit() {
    let mut text = String::from("M0 MACRO X\n DW X\n ENDM\n");
    for level in 1..=40 {
        let below = level - 1;
        text.push_str(&format!("M{level} MACRO X\n M{below} (X)+(X)\n ENDM\n"));
    }
    text.push_str(" M40 1\n");
    let errors = errors_of(assemble_source("double.asm", &text));
    assert!(
        errors.contains("more than 16 MiB of source text assembled in one pass"),
        "{errors}"
    );
}

/// A line over 4 MiB is refused before it is split into tokens (which take about 30
/// times its size).
#[test]
fn a_line_over_4_mib_is_refused() {
    let line = format!(" DB 1{}\n", ",1".repeat(2_100_000));
    let errors = errors_of(assemble_source("wide.asm", &line));
    assert_eq!(
        errors,
        "wide.asm:1: error: the line is 4200005 bytes long, more than the 4 MiB a line may have"
    );
}

/// A REPT 0 block of 100,000 lines inside a REPT 65535 used to be scanned for its ENDM on
/// every round, 6.5 billion lines, none counted: the scanned lines now count against the
/// limit of 2,000,000 lines a pass. About 2 s.
#[test]
fn lines_scanned_for_endm_count_against_the_line_limit() {
    let body = " NOP\n".repeat(100_000);
    let text = format!(" REPT 65535\n REPT 0\n{body} ENDM\n ENDM\n");
    let errors = errors_of(assemble_source("scan.asm", &text));
    assert!(
        errors.contains("more than 2000000 lines assembled: runaway REPT?"),
        "{errors}"
    );
}

/// 16 MiB of text in a pass: a REPT of long lines stops there with an error.
#[test]
fn text_run_in_a_pass_is_limited() {
    let long = format!(" NOP ; {}\n", "-".repeat(10_000));
    let errors = errors_of(assemble_source(
        "text.asm",
        &format!(" REPT 2000\n{long} ENDM\n"),
    ));
    assert!(
        errors.contains("text.asm:2: error: more than 16 MiB of source text assembled in one pass"),
        "{errors}"
    );
}

/// `ORG 0` and `DS 65535` repeated 65,535 times used to store 4 GB of bytes in the listing
/// records: a pass now stores one address space and one byte, which is sure to have
/// written an address twice (reported); later bytes only move the address. Before, this
/// test ran 68 s and took about 4 GB; now 0.3 s (its failure before is time and memory, as
/// for the million-item line).
#[test]
fn a_pass_stores_at_most_one_address_space_of_bytes() {
    let text = " REPT 65535\n ORG 0\n DS 65535\n ENDM\n";
    let errors = errors_of(assemble_source("fill.asm", text));
    assert!(
        errors.contains("error: address 0000 is written twice (overlapping ORG)"),
        "{errors}"
    );
    assert_eq!(errors.lines().count(), 1, "{errors}");
}

/// An INCBIN of 64 KB in a REPT 65535 used to read 4 GB: the file's size counts against
/// the 16 MiB of text a pass may run.
#[test]
fn incbin_in_a_rept_counts_against_the_text_limit() {
    let dir = std::env::temp_dir().join(format!("c7010-asm-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("blob.bin"), vec![0x76u8; 0x10000]).unwrap();
    let main = dir.join("main.asm");
    std::fs::write(&main, " REPT 65535\n ORG 0\n INCBIN blob.bin\n ENDM\n").unwrap();
    let errors = errors_of(c7010::assembler::assemble_file(&main));
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        errors.contains(":3: error: more than 16 MiB of source text assembled in one pass"),
        "{errors}"
    );
}

/// 20,000 PROC blocks left open made every symbol lookup walk 20,000 scopes: at most 256
/// may be open at once.
#[test]
fn open_proc_blocks_are_limited() {
    let text = format!("{}X: JP X\n", " PROC\n".repeat(20_000));
    let errors = errors_of(assemble_source("procs.asm", &text));
    assert!(
        errors.contains("procs.asm:257:2: error: more than 256 PROC blocks open at once"),
        "{errors}"
    );
}

/// 100,000 failed INCLUDEs: each used to look through every reading error (10^10 string
/// comparisons); now they are found by line, and only the first 1,000 errors are kept.
/// About 2 s.
#[test]
fn a_hundred_thousand_errors_are_counted_not_kept() {
    let text = " INCLUDE \"no such file.asm\"\n".repeat(100_000);
    let result = assemble_source("missing.asm", &text);
    let Err(errors) = result else {
        panic!("missing files must be errors")
    };
    assert_eq!(errors.errors().len(), 1001);
    let last = errors.errors().last().unwrap().to_string();
    assert_eq!(
        last,
        "missing.asm: error: 99000 more errors not shown (only the first 1000 are)"
    );
    assert!(
        errors.errors()[999]
            .to_string()
            .starts_with("missing.asm:1000:10: error: cannot read INCLUDE file")
    );
}

/// A macro of 100,000 parameters whose body names the last one 100,000 times used to look
/// each name up in the list (10^10 comparisons): now a hash map.
#[test]
fn a_macro_with_a_hundred_thousand_parameters_is_linear() {
    let params: Vec<String> = (0..100_000).map(|k| format!("P{k}")).collect();
    let args: Vec<String> = (0..100_000).map(|k| (k % 200).to_string()).collect();
    let uses = vec!["P99999"; 60_000].join(",");
    let text = format!(
        "SPREAD MACRO {}\n DB {uses}\n ENDM\n SPREAD {}\n",
        params.join(","),
        args.join(",")
    );
    let image = assemble_source("params.asm", &text)
        .unwrap()
        .image(None)
        .unwrap();
    assert_eq!(image, vec![99999u32.rem_euclid(200) as u8; 60_000]);
}

/// Pieces that make inputs huge when repeated: long chains, deep nesting, many items,
/// long names, blocks never closed, self-multiplying blocks.
const HUGE_PIECES: &[&str] = &[
    "1+",
    "(",
    ")",
    "-",
    "~",
    "NOT ",
    "HIGH ",
    "1?",
    ":",
    ",1",
    ",",
    "L",
    "$",
    "'a',",
    " DB 1",
    " DW 1",
    "\n",
    "\n DB ",
    "\n DW ",
    "\nX: ",
    " REPT 300\n",
    " REPT 0\n",
    " ENDM\n",
    " PROC\n",
    " ENDP\n",
    " LOCAL A1,A2\n",
    " IF 1\n",
    " IF 0\n",
    " ENDIF\n",
    "M1 MACRO P\n M1 (P)+(P)\n ENDM\n M1 1\n",
    " NOP ; comment\n",
    "\"str\",",
];

/// A piece repeated up to 100,000 times, several times over: inputs up to about 1 MB.
fn huge_input() -> impl Strategy<Value = String> {
    let run = (proptest::sample::select(HUGE_PIECES), 1..100_000usize);
    proptest::collection::vec(run, 1..8).prop_map(|runs| {
        let mut text = String::new();
        for (piece, times) in runs {
            let times = times.min(1_000_000 / (piece.len() * 8));
            text.push_str(&piece.repeat(times));
        }
        text
    })
}

/// Random huge inputs give bytes or errors, never a panic or an abort, and what comes out
/// is bounded: at most 64 KB of bytes, at most [`MAX_ERRORS`] errors and one that counts
/// the rest. Fixed seed, 60 cases, about 20 s in the test profile.
#[test]
fn huge_random_inputs_give_bounded_answers() {
    let config = Config {
        cases: 60,
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        max_shrink_iters: 50,
        ..Config::default()
    };
    let seed = *b"c7010 huge inputs, bounded time.";
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
    runner
        .run(&huge_input(), |text| {
            match assemble_source("huge.asm", &text) {
                Ok(a) => {
                    prop_assert!(a.image(None).unwrap().len() <= 0x10000);
                    let _ = (a.listing(), a.symbol_file(), a.source_map_file());
                }
                Err(errors) => {
                    prop_assert!(!errors.errors().is_empty());
                    prop_assert!(
                        errors.errors().len() <= MAX_ERRORS + 2,
                        "{}",
                        errors.errors().len()
                    );
                }
            }
            Ok(())
        })
        .unwrap();
}
