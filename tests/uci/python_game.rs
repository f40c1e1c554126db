//! A real UCI client plays the module: tests/python/test_uci_game.py drives two `c7010 uci`
//! processes with python-chess through a whole short game under a clock, and
//! tests/python/test_match_elo.py and test_ladder.py check the arithmetic of tools/match.py
//! and tools/ladder.py, and docs/uci.md's ladder is tools/ladder.py's output on docs/ladder/;
//! tests/python/test_analyse.py analyses over xboard and UCI (issue 17), and the opening
//! sets in tools/ are what their tools make with Debian's Stockfish. Without python-chess (or Stockfish) the test is skipped with a note, except in
//! CI (`CI` set), where it fails.

use std::process::Command;

use c7010::uci::guest_plays;

/// True when python3 can import python-chess; otherwise the test is skipped with a line
/// saying so (a failure under CI).
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

#[test]
fn python_chess_plays_a_game_under_a_clock() {
    if !python_chess_available() {
        return;
    }
    // White is `c7010 uci` as a GUI would start it: the guest once its ROM plays chess,
    // the reference until then; Black is `c7010 uci --engine ref`.
    let white = if guest_plays() { "guest" } else { "default" };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/test_uci_game.py");
    let out = Command::new("python3")
        .args([script, "--c7010", env!("CARGO_BIN_EXE_c7010")])
        .args(["--white", white, "--black", "ref", "--plies", "40"])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("[White \"c7010"), "{stdout}");
    assert!(stdout.contains("plies "), "{stdout}");
}

#[test]
fn python_chess_analyses_over_xboard_and_uci() {
    if !python_chess_available() {
        return;
    }
    // The guest once its ROM plays chess (then the depths are its passes), else the
    // reference.
    let engine = if guest_plays() { "guest" } else { "ref" };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/test_analyse.py");
    let out = Command::new("python3")
        .args([
            script,
            "--c7010",
            env!("CARGO_BIN_EXE_c7010"),
            "--engine",
            engine,
        ])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("xboard analyse: depth"), "{stdout}");
    assert!(stdout.contains("uci analyse: depth"), "{stdout}");
    assert!(stdout.contains("uci analyse multipv 3: "), "{stdout}");
    assert!(
        stdout.contains("uci analyse start position multipv 3: "),
        "{stdout}"
    );
    assert!(
        stdout.contains("uci analyse 30 s multipv 3: depth "),
        "{stdout}"
    );
    assert!(!stderr.contains("Rejecting feature"), "{stderr}");
}

/// Runs one of the unittest scripts that check a Python tool's arithmetic.
fn tool_arithmetic(script: &str) {
    if !python_chess_available() {
        return;
    }
    let script = format!("{}/tests/python/{script}", env!("CARGO_MANIFEST_DIR"));
    succeeds(Command::new("python3").arg(&script), &script);
}

/// Runs `command` and returns its standard output; fails the test, with `what` and the
/// command's standard error, unless it succeeds.
fn succeeds(command: &mut Command, what: &str) -> String {
    let out = command.output().expect("the command starts");
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn match_tool_arithmetic() {
    tool_arithmetic("test_match_elo.py");
}

#[test]
fn ladder_tool_arithmetic() {
    tool_arithmetic("test_ladder.py");
}

/// The opening sets the matches are measured from are what their tools make with Debian
/// 12's Stockfish 15.1 (one thread, deterministic for a seed): the balanced sets A and B
/// (`tools/balanced_openings.py`, seeds 2026 and 2027: Stockfish's best four at depth 8,
/// kept within half a pawn at depth 14) and issue 44's kind of unusual opening, set S
/// (`tools/sf_unusual_openings.py`, seed 44: six random plies kept within 50 cp at depth
/// 12). Each set's first openings are made again and must be the file's, line for line.
#[test]
fn the_opening_sets_are_what_their_tools_make_with_stockfish() {
    const STOCKFISH: &str = "/usr/games/stockfish";
    if !python_chess_available() {
        return;
    }
    if !std::path::Path::new(STOCKFISH).is_file() {
        crate::common::outside::skip(
            "Stockfish is not installed (apt-get install stockfish, or tools/test.sh)",
        );
        return;
    }
    let openings = |text: &str, count: usize| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(count)
            .map(String::from)
            .collect()
    };
    let sets = [
        (
            "balanced_openings.py",
            "2026",
            3,
            include_str!("../../tools/openings-balanced.epd"),
        ),
        (
            "balanced_openings.py",
            "2027",
            3,
            include_str!("../../tools/openings-balanced-2027.epd"),
        ),
        (
            "sf_unusual_openings.py",
            "44",
            5,
            include_str!("../../tools/openings-sf-unusual.epd"),
        ),
    ];
    for (tool, seed, count, committed) in sets {
        let tool = format!("{}/tools/{tool}", env!("CARGO_MANIFEST_DIR"));
        let made = succeeds(
            Command::new("python3").args([&tool, "--count", &count.to_string(), "--seed", seed]),
            &tool,
        );
        assert_eq!(openings(&made, count).len(), count, "{tool} --seed {seed}");
        assert_eq!(
            openings(&made, count),
            openings(committed, count),
            "{tool} --seed {seed}"
        );
    }
}

/// `tools/walk.py`'s reading of a callgrind file and its rule (docs/architecture.md,
/// "Measured"), on a made-up run.
#[test]
fn walk_tool_reading() {
    tool_arithmetic("test_walk.py");
}

/// docs/uci.md's ladder is `tools/ladder.py`'s output on the games in `docs/ladder/`: the
/// command the doc shows, run here on the committed PGNs, prints exactly the doc's lines.
#[test]
fn the_ladder_docs_show_is_ladder_py_on_the_committed_games() {
    if !python_chess_available() {
        return;
    }
    let doc = include_str!("../../docs/uci.md");
    let block = doc
        .split("```")
        .find(|b| b.trim_start().starts_with("$ python3 tools/ladder.py"))
        .expect("docs/uci.md shows a run of tools/ladder.py");
    let mut lines = block.trim_start().lines();
    let mut command = String::new();
    for line in lines.by_ref() {
        let line = line.trim_start_matches("$ ").trim();
        match line.strip_suffix('\\') {
            Some(part) => command.push_str(part),
            None => {
                command.push_str(line);
                break;
            }
        }
    }
    let shown: Vec<&str> = lines.collect();
    let printed = succeeds(
        Command::new("sh")
            .args(["-c", &command])
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        &command,
    );
    let printed: Vec<&str> = printed.lines().collect();
    assert_eq!(printed, shown, "{command}");
}

/// docs/uci.md's anchors from unusual openings are the committed games': level 2's wins,
/// draws and losses against Stockfish in `docs/ladder/unusual/`, set U (`u*`) and set S
/// (`s*`), counted from each game's players and result.
#[test]
fn the_unusual_openings_anchor_is_the_committed_games() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ladder/unusual");
    let count = |prefix: &str| {
        let mut wdl = [0u32; 3];
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("docs/ladder/unusual is kept")
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                name.starts_with(&format!("L2-sf1400-{prefix}")) && name.ends_with(".pgn")
            })
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for game in text.split("[Event ").skip(1) {
                let tag = |name: &str| {
                    let start = game.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
                    game[start..].split('"').next().unwrap().to_string()
                };
                let module_white = tag("White") == "c7010 level 2";
                assert!(module_white || tag("Black") == "c7010 level 2");
                let k = match (tag("Result").as_str(), module_white) {
                    ("1-0", true) | ("0-1", false) => 0,
                    ("1/2-1/2", _) => 1,
                    _ => 2,
                };
                wdl[k] += 1;
            }
        }
        wdl
    };
    let doc = include_str!("../../docs/uci.md");
    let [w, d, l] = count("u");
    assert_eq!([w, d, l], [21, 3, 16]);
    assert!(doc.contains(&format!("scored {w} {d} {l} (56.2 %)")));
    let [w, d, l] = count("s");
    assert_eq!([w, d, l], [30, 4, 26]);
    assert!(doc.contains(&format!("{w} {d} {l} (53.3 %, +23 ± 87)")));
}
