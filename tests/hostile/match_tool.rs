//! Issue 26 point 12: `tools/match.py` works from any directory (its openings are found
//! beside it), and says in one line what is wrong instead of a traceback.

use std::process::Command;

fn python_chess_available() -> bool {
    let imports = crate::common::outside::on_path("python3")
        && Command::new("python3")
            .args(["-c", "import chess.engine, chess.pgn"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !imports {
        crate::common::outside::skip(
            "python-chess is not installed (pip install -r tools/requirements.txt, or tools/test.sh)",
        );
    }
    imports
}

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/match.py");

fn match_py(dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let out = Command::new("python3")
        .arg(SCRIPT)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("python3 runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn match_py_runs_outside_the_repository_root() {
    if !python_chess_available() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let c7010 = format!("{} uci --engine ref", env!("CARGO_BIN_EXE_c7010"));
    let (ok, stderr) = match_py(
        d.path(),
        &[
            "--engine1",
            &c7010,
            "--limit1",
            "depth=1",
            "--engine2",
            &c7010,
            "--limit2",
            "depth=1",
            "--games",
            "1",
            "--max-plies",
            "6",
            "--pgn",
            "m.pgn",
        ],
    );
    assert!(ok, "{stderr}");
    let pgn = std::fs::read_to_string(d.path().join("m.pgn")).unwrap();
    assert!(pgn.contains("[Opening "), "{pgn}");
    let (ok, stderr) = match_py(
        d.path(),
        &["--engine1", "x", "--engine2", "y", "--openings", "none.epd"],
    );
    assert!(!ok);
    assert!(
        stderr.starts_with("cannot read the openings none.epd: "),
        "{stderr}"
    );
    assert!(!stderr.contains("Traceback"), "{stderr}");
}
