//! `c7010.exe` as a Windows chess GUI runs it: cross-built with Debian's mingw-w64 for
//! `x86_64-pc-windows-gnu` with the default features, started under wine as `c7010.exe uci`,
//! asked for a move after 1. e4; its answer must be a legal move for Black.
//!
//! Debian's wine 8 has no `bcryptprimitives.dll`, whose `ProcessPrng` Rust's standard
//! library calls at start-up: the test builds a stand-in of a few lines
//! (`tests/data/windows/process_prng.c`) and puts it beside the program.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use crate::common::outside::{on_path, progress, skip};

const TARGET: &str = "x86_64-pc-windows-gnu";
const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";

/// How long the program may take to say one expected line (wine's first start makes its
/// prefix, which takes a while): past it the test fails rather than waits for ever.
const PATIENCE: Duration = Duration::from_secs(180);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether the Rust standard library for the Windows target is installed.
fn target_installed() -> bool {
    Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .is_some_and(|root| Path::new(&root).join("lib/rustlib").join(TARGET).is_dir())
}

/// Cross-builds `c7010.exe` (the dev profile, default features) and returns its path, as
/// cargo reports it (`CARGO_TARGET_DIR` or `build.target-dir` may put it anywhere).
fn build_exe() -> PathBuf {
    progress("cross-building c7010.exe for Windows (the first build takes minutes)");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(repo())
        .args(["build", "--quiet", "--bin", "c7010", "--target", TARGET])
        .args(["--message-format", "json-render-diagnostics"])
        .stderr(Stdio::inherit())
        .output()
        .expect("run cargo");
    assert!(out.status.success(), "cargo build --target {TARGET} failed");
    let messages = String::from_utf8_lossy(&out.stdout);
    let key = "\"executable\":\"";
    let path = messages
        .lines()
        .filter_map(|line| line.split_once(key).map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('"').map(|(path, _)| path))
        .find(|path| path.ends_with("c7010.exe"))
        .expect("cargo names the built c7010.exe");
    PathBuf::from(path)
}

/// Builds the `ProcessPrng` stand-in into `dir`.
fn build_prng_dll(dir: &Path) {
    let status = Command::new(MINGW_GCC)
        .args(["-shared", "-O2", "-o"])
        .arg(dir.join("bcryptprimitives.dll"))
        .arg(repo().join("tests/data/windows/process_prng.c"))
        .arg("-ladvapi32")
        .status()
        .expect("run mingw gcc");
    assert!(status.success(), "the ProcessPrng stand-in did not build");
}

/// A running engine: its stdin, and its stdout lines through a channel.
struct Engine {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start(dir: &Path, prefix: &Path) -> Engine {
        let mut child = Command::new("wine")
            .current_dir(dir)
            .arg(dir.join("c7010.exe"))
            .arg("uci")
            .env("WINEPREFIX", prefix)
            .env("WINEDEBUG", "-all")
            // No Mono or Gecko installer dialogs while the prefix is made.
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start wine");
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        Engine { child, lines }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The first line that starts with `word`, all the lines read meanwhile for the message.
    fn wait_for(&mut self, word: &str) -> String {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) if line.starts_with(word) => return line,
                Ok(line) => seen.push(line),
                Err(e) => {
                    let _ = self.child.kill();
                    panic!("no `{word}` line from c7010.exe ({e}); it said: {seen:?}");
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn windows_exe_plays_a_legal_move_under_wine() {
    for program in [MINGW_GCC, "wine"] {
        if !on_path(program) {
            return skip(&format!("{program} is not installed"));
        }
    }
    if !target_installed() {
        return skip(&format!("the Rust target {TARGET} is not installed"));
    }
    let exe = build_exe();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(&exe, dir.path().join("c7010.exe")).unwrap();
    build_prng_dll(dir.path());
    // One wine prefix kept in the test's target folder for every run: making it is wine's
    // slow part.
    let prefix = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wine-prefix");
    std::fs::create_dir_all(&prefix).unwrap();
    progress("starting c7010.exe uci under wine (its first start makes a wine prefix)");

    let mut engine = Engine::start(dir.path(), &prefix);
    engine.send("uci");
    let id = engine.wait_for("id name");
    assert!(id.contains("c7010"), "{id}");
    engine.wait_for("uciok");
    engine.send("position startpos moves e2e4");
    engine.send("go movetime 1000");
    let best = engine.wait_for("bestmove");
    engine.send("quit");

    let word = best
        .split_whitespace()
        .nth(1)
        .expect("a move after bestmove");
    let mut position = Chess::default();
    let e4 = UciMove::from_ascii(b"e2e4")
        .unwrap()
        .to_move(&position)
        .unwrap();
    position.play_unchecked(e4);
    let reply: UciMove = word
        .parse()
        .unwrap_or_else(|_| panic!("not a UCI move: {best}"));
    assert!(
        reply.to_move(&position).is_ok(),
        "bestmove {word} is not legal for Black after 1. e4"
    );
}
