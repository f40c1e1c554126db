//! The `c7010` binary as a process, for the tests of its command line.

/// Run the `c7010` binary with `args` (no backtraces): (success, stdout, stderr).
pub fn run_c7010(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
