//! Huge inputs: the assembler answers every one with bytes or a clear error, never a panic
//! or a stack overflow, in time linear in the input. Each input is built in memory.
//!
//! The whole file runs in about 10 s in the debug profile (most of it the million-item
//! line, assembled in several passes); in release well under a second.

use c7010::asm::{AsmErrors, assemble_source};

/// The messages of a failed assembly, one a line.
fn errors_of(result: Result<c7010::asm::Assembly, AsmErrors>) -> String {
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
    let back = c7010::asm::parse_symbol_file(&symbols).unwrap();
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
    // The largest expression allowed, inside the deepest parentheses allowed, is evaluated
    // (on a test thread's stack): 1000 operators, then one more is too many.
    let open = "(".repeat(190);
    let close = ")".repeat(190);
    let allowed = vec!["1"; 1000].join("+");
    let ok = assemble_source("ok.asm", &format!(" DW {open}{allowed}{close}\n")).unwrap();
    assert_eq!(ok.image(None).unwrap(), 1000u16.to_le_bytes());
    let too_many = vec!["1"; 1002].join("+");
    let errors = errors_of(assemble_source("x.asm", &format!(" DW {too_many}\n")));
    assert!(errors.contains("more than 1000 operators"), "{errors}");
}

/// One `DB` line of 1,000,000 items took over 20 s (each token's column was counted from
/// the start of the line): now it is linear. Columns stay exact at the end of the line,
/// and the bytes that fit are all there.
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
