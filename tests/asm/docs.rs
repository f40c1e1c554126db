//! The examples of the assembler's output in docs/assembler.md are its output: every line
//! of the error, listing, symbol and source map examples is a line the assembler writes, in
//! the same order (for the errors, of tests/data/asm/errors.asm; for the files, of
//! tests/data/asm/outputs.asm, whose outputs tests/asm/outputs.rs snapshots).

use std::path::Path;

use c7010::assembler::assemble_file;

use crate::common::doc_examples;

const DOC: &str = include_str!("../../docs/assembler.md");

fn example_after(marker: &str) -> &'static str {
    doc_examples::example_after(DOC, marker)
}

fn shown_in_order(what: &str, example: &str, output: &str) {
    doc_examples::shown_in_order(
        &format!("docs/assembler.md's {what} example"),
        example,
        output,
    );
}

#[test]
fn the_error_example_is_what_the_assembler_reports() {
    let errors = assemble_file(Path::new("tests/data/asm/errors.asm")).unwrap_err();
    shown_in_order("error", example_after("## Errors"), &errors.to_string());
}

#[test]
fn the_output_file_examples_are_what_the_assembler_writes() {
    let a =
        assemble_file(Path::new("tests/data/asm/outputs.asm")).unwrap_or_else(|e| panic!("{e}"));
    shown_in_order("listing", example_after("**Listing**"), &a.listing());
    shown_in_order("symbols", example_after("**Symbols**"), &a.symbol_file());
    shown_in_order(
        "source map",
        example_after("**Source map**"),
        &a.source_map_file(),
    );
}
