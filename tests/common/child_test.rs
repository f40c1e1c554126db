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
