//! UCI and xboard never die in ordinary use: long thoughts are not cut off, every request
//! gets an answer in bounded time even from a module that has gone silent, a failed module is
//! reset and the session goes on, and every line on stdout stays a protocol line (the fault
//! report goes to stderr).
//!
//! Emulated time: the 11-minute thought costs about 30 s of host time in a debug build; each
//! failure of the runaway ROM costs two 10 s progress windows of emulated time (a few host
//! seconds).

use std::process::Command;
use std::rc::Rc;

use crate::common::observed::{Observed, Seen};
use crate::common::process::run_with_input;
use crate::common::transcript::run_script;
use c7010::engine::Engine;
use c7010::engine::guest::GuestEngine;
use c7010::guest::GuestImage;
use c7010::uci::{EngineFactory, Player, SetupError, Uci, Xboard};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

const OUT_OF_BOOK: &str = "position startpos moves a2a3 h7h6 h2h3 a7a6";

/// The built-in image with `bytes` over the start of ANALYS.
fn analys_patched(bytes: &[u8]) -> GuestImage {
    let mut image = GuestImage::builtin();
    let at = image.symbol("ANALYS").unwrap() as usize;
    image.rom[at..at + bytes.len()].copy_from_slice(bytes);
    image
}

fn factory_of(image: GuestImage) -> EngineFactory {
    Box::new(move |_rom| {
        GuestEngine::boot_image(&image)
            .map(|e| Box::new(e) as Box<dyn Engine>)
            .map_err(|e| SetupError(e.to_string()))
    })
}

/// True if `mv` is legal after the UCI moves `moves` from the initial position.
fn legal_after(moves: &[&str], mv: &str) -> bool {
    let mut pos = Chess::default();
    for m in moves {
        let u: UciMove = m.parse().unwrap();
        pos.play_unchecked(u.to_move(&pos).unwrap());
    }
    mv.parse::<UciMove>().is_ok_and(|u| u.to_move(&pos).is_ok())
}

fn best_moves(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect()
}

#[test]
fn level_6_on_a_classical_clock_thinks_eleven_emulated_minutes_and_moves() {
    // movestogo 1 with 22 minutes left: half the clock, 11 minutes, past the old 10.
    let seen = Rc::new(Seen::default());
    let shared = seen.clone();
    let player = Player::new(Box::new(move |_| {
        Ok(Box::new(Observed {
            inner: Box::new(GuestEngine::builtin().unwrap()),
            seen: shared.clone(),
        }) as Box<dyn Engine>)
    }))
    .unwrap();
    let out = run_script::<Uci>(
        player,
        &[
            "setoption name Level value 6",
            OUT_OF_BOOK,
            "go wtime 1320000 btime 1320000 movestogo 1",
        ],
    );
    assert!(!out.contains("failed"), "{out}");
    let best = best_moves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let moves = ["a2a3", "h7h6", "h2h3", "a7a6"];
    assert!(legal_after(&moves, best[0]), "{out}");
    // The thought lasted its 11 minutes, past the old limit of 600 emulated seconds.
    let (start, end) = seen.thought.get();
    assert!(end - start >= 660 * 4_433_619, "{} T-states", end - start);
}

#[test]
fn a_module_gone_silent_answers_every_kind_of_go_and_the_session_goes_on() {
    let player = Player::new(factory_of(analys_patched(&[0x18, 0xFE]))).unwrap();
    let moves = ["a2a3", "h7h6", "h2h3", "a7a6"];
    let out = run_script::<Uci>(
        player,
        &[
            "uci",
            OUT_OF_BOOK,
            "go nodes 1000",
            OUT_OF_BOOK,
            "go depth 2",
            OUT_OF_BOOK,
            "go",
            "ucinewgame",
            // The book needs no search: the module answers itself.
            "position startpos",
            "go movetime 1000",
            "isready",
        ],
    );
    let best = best_moves(&out);
    assert_eq!(best.len(), 4, "{out}");
    for b in &best[..3] {
        assert!(legal_after(&moves, b), "{b} in {out}");
    }
    assert!(legal_after(&[], best[3]), "{out}");
    assert!(!out.contains("bestmove 0000"), "{out}");
    // Each searching go: two failures, each said in one line, then the twin's move.
    let failed = out
        .lines()
        .filter(|l| l.starts_with("info string the module failed ("))
        .count();
    assert_eq!(failed, 6, "{out}");
    let twin = out
        .lines()
        .filter(|l| *l == "info string this move is the reference twin's")
        .count();
    assert_eq!(twin, 3, "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn xboard_says_a_reset_with_tellusererror_and_still_moves() {
    let player = Player::new(factory_of(analys_patched(&[0x18, 0xFE]))).unwrap();
    let out = run_script::<Xboard>(
        player,
        &[
            "xboard",
            "protover 2",
            "new",
            "force",
            "a2a3",
            "h7h6",
            "h2h3",
            "a7a6",
            "go",
        ],
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("tellusererror the module failed (")),
        "{out}"
    );
    let moved: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("move "))
        .collect();
    assert_eq!(moved.len(), 1, "{out}");
    assert!(
        legal_after(&["a2a3", "h7h6", "h2h3", "a7a6"], moved[0]),
        "{out}"
    );
}

#[test]
fn a_fault_report_goes_to_stderr_and_stdout_keeps_only_protocol_lines() {
    // A ROM file whose ANALYS jumps into open bus: JP 3000h.
    let dir = tempfile::tempdir().unwrap();
    let rom = dir.path().join("faulting.bin");
    std::fs::write(&rom, analys_patched(&[0xC3, 0x00, 0x30]).rom).unwrap();
    let script = format!(
        "uci\nsetoption name Rom value {}\n{OUT_OF_BOOK}\ngo nodes 500\nisready\nquit\n",
        rom.display()
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.arg("uci");
    let output = run_with_input(cmd, &script);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let words = ["id", "option", "uciok", "readyok", "info", "bestmove"];
    for line in stdout.lines() {
        let first = line.split_whitespace().next().unwrap_or("");
        assert!(words.contains(&first), "not a UCI line: {line:?}\n{stdout}");
    }
    assert!(
        stdout.contains("info string the module failed (execution from open bus"),
        "{stdout}"
    );
    assert!(stdout.contains("bestmove "), "{stdout}");
    assert!(!stdout.contains("bestmove 0000"), "{stdout}");
    // The whole report (registers, the last instructions) is on stderr.
    assert!(
        stderr.contains("last ") && stderr.contains("instructions"),
        "{stderr}"
    );
}
