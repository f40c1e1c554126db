//! Tests that start their own test binary again as a child process running one ignored
//! `child_*` test (the window tests: a display must be set before the process starts),
//! under a virtual X server.

use super::outside::{on_path, skip};

/// True when `xvfb-run` is installed; otherwise the test is skipped with a line saying so
/// (a failure under CI).
pub fn xvfb_run_available() -> bool {
    let found = on_path("xvfb-run");
    if !found {
        skip("xvfb-run is not installed (apt-get install xvfb, or tools/test.sh)");
    }
    found
}

/// The name libtest knows test `name` of module `module` (its `module_path!()`) by: the
/// module path without the binary's name, as `--exact` wants it.
pub fn exact_name(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_binary, path)) => format!("{path}::{name}"),
        None => name.to_string(),
    }
}

/// Runs test `name` of module `module` (its `module_path!()`) again in a child process
/// under `xvfb-run` with a `screen` (`1280x800x24`), `env` set to `1` so the ignored child
/// test acts, after `window_manager` (`openbox`) has started when one is given; asserts
/// that the child passed and returns what it printed (stdout, then stderr).
pub fn run_under_xvfb(
    module: &str,
    name: &str,
    env: &str,
    screen: &str,
    window_manager: Option<&str>,
) -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let test = format!(
        "'{}' --exact {} --ignored --nocapture",
        exe.display(),
        exact_name(module, name)
    );
    let script = match window_manager {
        Some(wm) => format!("{wm} & sleep 1; {test}"),
        None => test,
    };
    let out = std::process::Command::new("xvfb-run")
        .args([
            "-a",
            "-s",
            &format!("-screen 0 {screen}"),
            "sh",
            "-c",
            &script,
        ])
        .env(env, "1")
        .output()
        .expect("xvfb-run runs");
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child failed:\n{text}");
    text
}
