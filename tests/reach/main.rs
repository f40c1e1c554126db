//! The module where people are: `c7010.exe` cross-built for Windows and run under wine, and
//! the web page in a real browser (headless Chromium driven by Selenium).
//!
//! Both need programs from outside the crate (mingw-w64, wine, chromium, chromedriver,
//! Selenium, the wasm tools) that `tools/test.sh` installs; where one is missing the test
//! says so in one line and is skipped, and fails under CI.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod outside;
}

mod browser;
mod keys;
mod sound;
mod windows;
