//! Tests that start their own test binary again as a child process running one ignored
//! `child_*` test (the window tests: a display must be set before the process starts).

/// The name libtest knows test `name` of module `module` (its `module_path!()`) by: the
/// module path without the binary's name, as `--exact` wants it.
pub fn exact_name(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_binary, path)) => format!("{path}::{name}"),
        None => name.to_string(),
    }
}
