//! The web page in a real browser: `tools/web.sh build` into a temporary folder, served on
//! 127.0.0.1, played in Debian's headless Chromium through chromedriver and Selenium
//! (`browser_page.py`: E2E4 ENTER as key events, the reply in `#moves`, a canvas that is
//! not blank, the game still there after a reload, the emulated speed at MAX).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::outside::{on_path, skip};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Python that has Selenium: Debian's (python3-selenium) or the one on the PATH.
fn python_with_selenium() -> Option<&'static str> {
    ["/usr/bin/python3", "python3"].into_iter().find(|python| {
        Command::new(python)
            .args(["-c", "import selenium"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Whether the Rust standard library for wasm32 is installed.
fn wasm_target_installed() -> bool {
    Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .is_some_and(|root| {
            Path::new(&root)
                .join("lib/rustlib/wasm32-unknown-unknown")
                .is_dir()
        })
}

/// The static file server, stopped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Serves `dir` on a free port of 127.0.0.1; its address.
fn serve(python: &str, dir: &Path) -> (Server, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let child = Command::new(python)
        .args(["-m", "http.server", "--bind", "127.0.0.1", "--directory"])
        .arg(dir)
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the web server");
    let server = Server(child);
    // Ready when it accepts a connection (bounded: a server that never comes up fails).
    for _ in 0..200 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return (server, format!("http://127.0.0.1:{port}/"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the web server did not start on port {port}");
}

#[test]
fn the_page_plays_keeps_its_game_and_shows_the_board_in_chromium() {
    for program in ["chromium", "chromedriver"] {
        if !on_path(program) {
            return skip(&format!("{program} is not installed"));
        }
    }
    let Some(python) = python_with_selenium() else {
        return skip("Selenium for Python is not installed");
    };
    if !wasm_target_installed() {
        return skip("the Rust target wasm32-unknown-unknown is not installed");
    }
    let site = tempfile::tempdir().unwrap();
    let built = Command::new(repo().join("tools/web.sh"))
        .arg("build")
        .arg(site.path())
        .status()
        .expect("run tools/web.sh");
    assert!(built.success(), "tools/web.sh build failed");

    let (_server, url) = serve(python, site.path());
    let shot = repo().join("target/web-test-canvas.png");
    let out = Command::new(python)
        .arg(repo().join("tests/reach/browser_page.py"))
        .arg(&url)
        .arg(&shot)
        .output()
        .expect("run the browser script");
    let said = String::from_utf8_lossy(&out.stdout);
    eprintln!("{said}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the page failed in Chromium: {said}");
    assert!(said.contains("the module answered 1. e4"), "{said}");
    assert!(said.contains("after reload the game goes on"), "{said}");
    let png = std::fs::read(&shot).expect("the canvas screenshot");
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
}
