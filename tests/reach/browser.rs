//! The web page in a real browser: `tools/web.sh build` into a temporary folder, served on
//! 127.0.0.1, played in Debian's headless Chromium through chromedriver and Selenium
//! (`browser_page.py`: E2E4 ENTER as key events, the reply in `#moves`, a canvas that is
//! not blank, Escape out of the help, the game still there after a reload, a second tab, a
//! full storage, a damaged kept game, an empty ROM file, the emulated speed at MAX;
//! `phone_page.py`: a phone by touch alone, offline, and a desktop).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::outside::{on_path, progress, skip};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Python that has these modules: Debian's (python3-selenium) or the one on the PATH
/// (tools/requirements.txt: python-chess and Selenium).
fn python_with(modules: &str) -> Option<&'static str> {
    ["/usr/bin/python3", "python3"].into_iter().find(|python| {
        Command::new(python)
            .args(["-c", &format!("import {modules}")])
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

/// What the browser tests need, or the reason they are skipped.
fn browser_tools(modules: &str) -> Result<&'static str, String> {
    for program in ["chromium", "chromedriver"] {
        if !on_path(program) {
            return Err(format!("{program} is not installed"));
        }
    }
    if !wasm_target_installed() {
        return Err("the Rust target wasm32-unknown-unknown is not installed".into());
    }
    python_with(modules).ok_or_else(|| format!("Python with {modules} is not installed"))
}

/// `tools/web.sh build` into a temporary folder, served: the folder and the server.
fn built_and_served(python: &str) -> (tempfile::TempDir, Server, String) {
    let site = tempfile::tempdir().unwrap();
    progress("building the page (tools/web.sh build; the first build takes minutes)");
    let built = Command::new(repo().join("tools/web.sh"))
        .arg("build")
        .arg(site.path())
        .status()
        .expect("run tools/web.sh");
    assert!(built.success(), "tools/web.sh build failed");
    let (server, url) = serve(python, site.path());
    (site, server, url)
}

/// Runs a browser script with its arguments; what it printed, the run asserted a success.
fn run_script(python: &str, script: &str, args: &[&Path]) -> String {
    progress(&format!("playing the page in headless Chromium ({script})"));
    let out = Command::new(python)
        .arg(repo().join("tests/reach").join(script))
        .args(args)
        .output()
        .expect("run the browser script");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    eprintln!("{said}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the page failed in Chromium: {said}");
    said
}

#[test]
fn the_page_plays_keeps_its_game_and_shows_the_board_in_chromium() {
    let python = match browser_tools("selenium") {
        Ok(python) => python,
        Err(why) => return skip(&why),
    };
    let (_site, _server, url) = built_and_served(python);
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-test-canvas.png");
    let said = run_script(python, "browser_page.py", &[Path::new(&url), &shot]);
    assert!(said.contains("the module answered 1. e4"), "{said}");
    assert!(said.contains("after reload the game goes on"), "{said}");
    for step in [
        "Escape leaves it",
        "the sound plays through an AudioWorklet",
        "a second tab plays without keeping the game",
        "a full storage is said and the game goes on",
        "set aside as c7010.game.damaged",
        "an empty ROM file is refused",
    ] {
        assert!(said.contains(step), "{step}: {said}");
    }
    let png = std::fs::read(&shot).expect("the canvas screenshot");
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
}

/// The page on a phone by touch alone (`phone_page.py`): the layout in portrait and
/// landscape, a game of ten moves by touching squares with the questions answered on the
/// on-screen keys, a take-back and a promotion by touch, a tap answered within 100 ms at
/// MAX, the page reloaded offline with its game; then a desktop's hidden keys. The
/// screenshots go to the test's target folder (`docs/web-phone-*.png` are two of them).
#[test]
fn the_page_plays_by_touch_on_a_phone_and_offline_in_chromium() {
    let python = match browser_tools("selenium, chess") {
        Ok(python) => python,
        Err(why) => return skip(&why),
    };
    let (_site, _server, url) = built_and_served(python);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("phone");
    std::fs::create_dir_all(&shots).unwrap();
    let said = run_script(python, "phone_page.py", &[Path::new(&url), &shots]);
    for step in [
        "portrait: picture",
        "played by touch",
        "take-back by touch",
        "offline after reload: the game goes on",
        "promoted by touch",
        "landscape: picture",
        "desktop: the keys hidden",
    ] {
        assert!(said.contains(step), "{step}: {said}");
    }
    for name in ["phone-portrait.png", "phone-landscape.png", "desktop.png"] {
        let png = std::fs::read(shots.join(name)).expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "{name} is a PNG");
    }
}
