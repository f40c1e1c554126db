//! Examples of program output in README.md and docs/, compared with the program: each line an
//! example shows must be a line the program prints, in the same order (examples may leave
//! lines out, and mark that with `...`).

/// The first code block after `marker` in `doc`, without its fence lines.
pub fn example_after<'d>(doc: &'d str, marker: &str) -> &'d str {
    let after = doc
        .split_once(marker)
        .unwrap_or_else(|| panic!("{marker:?} is in the document"))
        .1;
    let block = after.split("```").nth(1).expect("a code block follows");
    // The rest of the opening fence line (`text`, `sh`, or nothing).
    block.split_once('\n').map_or("", |(_, body)| body)
}

/// Every line `example` shows (not blank, not `...`) is a line of `output`, in order;
/// trailing blanks do not count.
pub fn shown_in_order(what: &str, example: &str, output: &str) {
    let mut printed = output.lines();
    for shown in example
        .lines()
        .filter(|l| !l.trim().is_empty() && l.trim() != "...")
    {
        assert!(
            printed.any(|l| l.trim_end() == shown.trim_end()),
            "{what} shows a line the program does not print there: {shown:?}\n\
             the program printed:\n{output}"
        );
    }
}
