//! Error reporting: a source with many different mistakes gives one clear
//! `file:line:col: error: message` for each, in source order (snapshot), and the
//! assembler keeps going after each error.

use std::path::Path;

use c7010::assembler::{assemble_file, assemble_source};

#[test]
fn every_error_in_a_broken_file_is_reported() {
    let errors = assemble_file(Path::new("tests/data/asm/errors.asm")).unwrap_err();
    let text = errors.to_string();
    // One error (at least) for each of the lines that say what is wrong with them.
    assert!(errors.errors().len() >= 38, "{text}");
    for e in errors.errors() {
        assert_eq!(e.file, "tests/data/asm/errors.asm");
        assert!(e.line > 0, "{e}");
    }
    insta::assert_snapshot!("errors", text);
}

#[test]
fn errors_on_several_lines_are_all_reported_in_order() {
    let errors = assemble_source(
        "t.asm",
        " ORG 100H\n NOP\n LD A,UNDEF\n JR NOWHERE\n JP\n XYZ\n",
    )
    .unwrap_err();
    let lines: Vec<u32> = errors.errors().iter().map(|e| e.line).collect();
    // One error per line: the JR to an undefined label is not also "out of range".
    assert_eq!(lines, vec![3, 4, 5, 6], "{errors}");
    assert_eq!(
        errors.errors()[0].to_string(),
        "t.asm:3:7: error: undefined symbol 'UNDEF'"
    );
}
