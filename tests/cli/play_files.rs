//! Issue 13 parts 7 and 9 through `c7010 play --tui` as a person or a script uses it:
//! `--pgn FILE` is a database every game of every session is appended to (a new game, a
//! set-up position, quit, the end of the input, SIGINT, SIGTERM); an unwritable `--pgn` is
//! refused before the game; a write that fails (a full disk, made here with a file-size
//! limit on the child) leaves the old file whole, says where and why, keeps the game (on
//! stderr at the exit) and makes the exit status a failure. The reference engine answers at
//! once: each test takes well under a second except the saves with the guest (about two
//! seconds). A guard kills a child that hangs after 60 s.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn play(pgn: &Path) -> Command {
    let mut cmd = crate::common::state_home::c7010_command();
    cmd.args([
        "play", "--tui", "--engine", "ref", "--colour", "white", "--level", "2",
    ])
    .arg("--pgn")
    .arg(pgn);
    cmd
}

/// What a finished child printed and how it ended.
struct Ended {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs `cmd` with `input` on stdin (then closed), killing it after 60 s if it hangs.
fn run(mut cmd: Command, input: &str) -> Ended {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    // A child that refuses its arguments may be gone before it reads its input.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    // Both pipes are drained while the child runs: a full pipe would stop it.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let status = wait_or_kill(&mut child);
    Ended {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

fn wait_or_kill(child: &mut Child) -> ExitStatus {
    let guard = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if guard.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn games_in(pgn: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pgn).expect("the PGN is written");
    text.split("[Event ")
        .skip(1)
        .map(|g| format!("[Event {g}"))
        .collect()
}

/// The movetext (last line) of a game.
fn movetext(game: &str) -> &str {
    game.trim_end().lines().last().unwrap()
}

#[test]
fn every_game_of_every_session_is_appended() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    // A game left by `new`, one left by `setup`, one mated, and an empty one (not written).
    let input = "e2e4\nnew\nd2d4\nsetup 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\na1a8\nnew\nquit\n";
    let out = run(play(&pgn), input);
    assert!(out.status.success(), "{}", out.stderr);
    assert!(
        !out.stdout.contains("PGN WRITTEN"),
        "the empty game at the quit is not written, nor said to be: {}",
        out.stdout
    );
    let games = games_in(&pgn);
    assert_eq!(games.len(), 3, "{games:?}");
    assert!(movetext(&games[0]).starts_with("1. e4 "), "{}", games[0]);
    assert!(movetext(&games[0]).ends_with(" *"), "{}", games[0]);
    assert!(movetext(&games[1]).starts_with("1. d4 "), "{}", games[1]);
    assert_eq!(movetext(&games[2]), "1. Ra8# 1-0");
    // A second session adds its game after them.
    let out = run(play(&pgn), "c2c4\n");
    assert!(out.status.success(), "{}", out.stderr);
    assert!(
        out.stdout.contains("PGN WRITTEN TO games.pgn"),
        "the status line says where (the file's name, its path is too long): {}",
        out.stdout
    );
    let games = games_in(&pgn);
    assert_eq!(games.len(), 4);
    assert!(movetext(&games[3]).starts_with("1. c4 "), "{}", games[3]);
    assert!(
        std::fs::read_to_string(&pgn)
            .unwrap()
            .contains("1-0\n\n[Event ")
    );
}

#[test]
fn an_unwritable_pgn_is_refused_before_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("no such directory").join("games.pgn");
    let out = run(play(&pgn), "e2e4\nquit\n");
    assert!(!out.status.success());
    assert!(
        out.stderr.contains(&format!(
            "--pgn: cannot write {}: the directory {} does not exist",
            pgn.display(),
            pgn.parent().unwrap().display()
        )),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "no game was played: {}", out.stdout);
    let out = run(play(dir.path()), "quit\n");
    assert!(out.stderr.contains("it is a directory"), "{}", out.stderr);
}

/// Starts `cmd`, types `lines` (stdin stays open, as at a terminal), and returns the child
/// once its screen shows `shown` after the last line.
fn start_and_wait_for(mut cmd: Command, lines: &str, shown: &str) -> Child {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let writer = seen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            writer
                .lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let guard = Instant::now();
    while !seen.lock().unwrap().contains(shown) {
        assert!(
            guard.elapsed() < Duration::from_secs(60),
            "never showed {shown}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[cfg(unix)]
fn signal_writes_the_game(signal: i32) {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("signal.pgn");
    let mut child = start_and_wait_for(play(&pgn), "e2e4\nd2d4\n", "MOVES  1. E2-E4 ");
    // Wait for the reply to the second move too.
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: a plain kill(2) of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let status = wait_or_kill(&mut child);
    assert_eq!(status.code(), Some(128 + signal), "{status:?}");
    assert_eq!(
        status.signal(),
        None,
        "it ended by itself, not by the signal"
    );
    let games = games_in(&pgn);
    assert_eq!(games.len(), 1);
    assert!(movetext(&games[0]).starts_with("1. e4 "), "{}", games[0]);
    assert!(movetext(&games[0]).ends_with(" *"), "{}", games[0]);
}

#[cfg(unix)]
#[test]
fn ctrl_c_writes_the_game() {
    signal_writes_the_game(libc::SIGINT);
}

#[cfg(unix)]
#[test]
fn sigterm_writes_the_game() {
    signal_writes_the_game(libc::SIGTERM);
}

/// Issue 26 point 5: a game left by Ctrl-C and resumed (twice) is one record in the
/// database, the game as it stands, not one record per session.
#[cfg(unix)]
#[test]
fn a_resumed_game_is_one_record_however_often_it_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let state_home = crate::common::state_home::fresh_state_home();
    let resumed = || {
        let mut cmd = play(&pgn);
        cmd.arg("--resume").env("XDG_STATE_HOME", &state_home);
        cmd
    };
    // Another game is in the file before and stays as it was.
    std::fs::write(&pgn, "[Event \"earlier\"]\n\n1. c4 *\n").unwrap();
    let moves = "a2a3\nh2h3\na3a4\nh3h4\nb2b3\n";
    let mut child = start_and_wait_for(resumed(), moves, "5. B2-B3");
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: a plain kill(2) of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    assert_eq!(wait_or_kill(&mut child).code(), Some(128 + libc::SIGINT));
    assert_eq!(games_in(&pgn).len(), 2, "the game left is written");
    // The next start goes on with it: one move, quit; and again.
    for (mv, shown) in [("g2g3", "6. G2-G3"), ("f2f3", "7. F2-F3")] {
        let out = run(resumed(), &format!("{mv}\nquit\n"));
        assert!(out.status.success(), "{}", out.stderr);
        assert!(out.stdout.contains("LAST GAME GOES ON"), "{}", out.stdout);
        assert!(out.stdout.contains(shown), "{}", out.stdout);
        let games = games_in(&pgn);
        assert_eq!(games.len(), 2, "one record for the game: {games:?}");
        assert_eq!(games[0], "[Event \"earlier\"]\n\n1. c4 *\n\n");
        let text = movetext(&games[1]);
        assert!(text.starts_with("1. a3 "), "{text}");
    }
    let text = movetext(&games_in(&pgn)[1]).to_string();
    assert!(text.contains("6. g3 ") && text.contains("7. f3 "), "{text}");
    assert!(text.ends_with(" *"), "{text}");
}

/// A file-size limit of `bytes` for the child (a full disk without mounting one): a write
/// past it fails with EFBIG instead of killing the child with SIGXFSZ.
#[cfg(unix)]
fn limit_file_size(cmd: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(unix)]
#[test]
fn a_pgn_write_that_fails_keeps_the_old_file_and_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("full.pgn");
    // 3,000 bytes of old games; the disk takes 3,100.
    let old: String = (0..60)
        .map(|i| format!("[Event \"old {i:02}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"))
        .collect::<String>()
        .chars()
        .take(3_000)
        .collect();
    std::fs::write(&pgn, &old).unwrap();
    let mut cmd = play(&pgn);
    limit_file_size(&mut cmd, 3_100);
    let out = run(cmd, "e2e4\nquit\n");
    assert!(!out.status.success(), "a failed write is a failed exit");
    assert_eq!(
        std::fs::read_to_string(&pgn).unwrap(),
        old,
        "the old file is whole"
    );
    assert!(
        out.stdout.contains(&format!(
            "CANNOT WRITE PGN TO {}: WRITING: FILE TOO LARGE",
            pgn.display()
        )),
        "{}",
        out.stdout
    );
    // Nothing is lost: the game is on stderr.
    assert!(
        out.stderr
            .contains(&format!("1 game could not be written to {}", pgn.display())),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("\n1. e4 "), "{}", out.stderr);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left");
}

#[cfg(unix)]
#[test]
fn a_save_that_fails_keeps_the_old_one_and_a_mismatched_module_is_not_loaded() {
    // With the guest (the default engine): about two seconds.
    let dir = tempfile::tempdir().unwrap();
    let guest = || {
        let mut cmd = crate::common::state_home::c7010_command();
        cmd.args(["play", "--tui", "--colour", "white", "--level", "1"])
            .current_dir(dir.path());
        cmd
    };
    let out = run(guest(), "e2e4\nsave\nquit\n");
    assert!(
        out.stdout.contains("GAME AND MODULE SAVED"),
        "{}",
        out.stdout
    );
    let machine = dir.path().join("c7010.machine");
    let saved = std::fs::read(&machine).unwrap();
    // The module's file (about 10 KiB) meets a 6,000-byte limit; the game's file fits.
    let mut cmd = guest();
    limit_file_size(&mut cmd, 6_000);
    // Turbo: the module's reply to 2. d4 is out of its book (about 80 s in real time).
    let out = run(cmd, "turbo\nload\nd2d4\nsave\nquit\n");
    assert!(
        out.stdout
            .contains("CANNOT WRITE THE MODULE TO c7010.machine: WRITING: FILE TOO LARGE"),
        "{}",
        out.stdout
    );
    assert_eq!(
        std::fs::read(&machine).unwrap(),
        saved,
        "the old module is whole"
    );
    // The game was saved with 2. d4; the module beside it is of the game before.
    let out = run(guest(), "load\nquit\n");
    assert!(
        out.stdout
            .contains("GAME LOADED ALONE: MODULE OF ANOTHER GAME"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("2. D2-D4"), "{}", out.stdout);
}
