//! Programs from outside the crate that some tests need (pasmo, xvfb-run, python-chess).
//! Where one is missing the test says so in one line and passes without it, except under CI
//! (`CI` set, as CI services do), where a missing program is a failure: `tools/test.sh`
//! installs them all.

use std::io::Write;

/// True when `program` is a file in one of the `PATH` directories.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

/// True under CI: `CI` set to anything but empty, `0` or `false`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "0" | "false"))
}

/// Says in one line that the running test is skipped because `reason` (fails instead under
/// CI). The line goes to the real standard error, past the test harness's capture, so that
/// a plain `cargo test` shows what it did not check.
pub fn skip(reason: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    assert!(!in_ci(), "{test}: {reason}, and CI must run it");
    let _ = writeln!(std::io::stderr(), "skipped: {test}: {reason}");
}

/// Says what a long test is doing now (building a program, starting a browser), on the
/// real standard error past the harness's capture, so a long quiet wait has a reason.
#[allow(dead_code)]
pub fn progress(what: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr(), "{test}: {what}");
}
