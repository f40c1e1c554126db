//! `c7010 play --tui` as a script: lines on stdin (not a terminal), screens on stdout, the
//! PGN written on quit and at the end of the input; bad options are clear errors; without a
//! display, plain `c7010 play` falls back to the terminal with one line saying why.
//!
//! The engine is the reference (`--engine ref`): its answers are instant, so these tests
//! take well under a second of frames.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::doc_examples::{example_after, shown_in_order};
use crate::common::process::run_with_input;

fn c7010() -> Command {
    crate::common::state_home::c7010_command()
}

/// Runs `c7010 args...` with `input` on stdin and returns its output.
fn run(cmd: Command, input: &str) -> Output {
    run_with_input(cmd, input)
}

/// A path `name` in a fresh temporary directory, removed when the directory is dropped.
fn temp_file(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_scripted_session_plays_and_writes_the_pgn_on_quit() {
    let (_dir, pgn) = temp_file("quit.pgn");
    let mut cmd = c7010();
    cmd.args([
        "play", "--tui", "--engine", "ref", "--colour", "white", "--level", "2",
    ])
    .arg("--pgn")
    .arg(&pgn);
    let out = run(cmd, "e2-e4\nd2d4\ne2e5\nNf3\nquit\n");
    let stdout = text(&out.stdout);
    // The script goes on after the refused move, and its exit says one was refused.
    assert!(!out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("1 of the script's moves were refused"),
        "{}",
        text(&out.stderr)
    );
    // The illegal move is refused with its reason; the others are played and answered.
    assert!(stdout.contains("NO PIECE ON E2"), "{stdout}");
    assert!(stdout.contains("MOVES  1. E2-E4 "), "{stdout}");
    assert!(stdout.contains("PGN WRITTEN"), "{stdout}");
    let written = std::fs::read_to_string(&pgn).expect("the PGN is written");
    assert!(
        written.starts_with("[Event \"Casual game\"]\n"),
        "{written}"
    );
    assert!(written.contains("[White \"Player\"]"), "{written}");
    assert!(written.contains("[Black \"c7010 reference\"]"), "{written}");
    // Three moves of White and three replies.
    let movetext = written.lines().last().unwrap();
    assert!(movetext.starts_with("1. e4 "), "{movetext}");
    assert!(
        movetext.contains(" 2. d4 ") && movetext.contains(" 3. Nf3 "),
        "{movetext}"
    );
    assert!(movetext.ends_with(" *"), "{movetext}");
    assert_eq!(movetext.split_whitespace().count(), 3 + 6 + 1);
}

#[test]
fn the_end_of_the_input_waits_for_the_reply_then_quits() {
    let (_dir, pgn) = temp_file("eof.pgn");
    let mut cmd = c7010();
    cmd.args([
        "play", "--tui", "--engine", "ref", "--colour", "white", "--level", "2",
    ])
    .arg("--pgn")
    .arg(&pgn);
    let out = run(cmd, "e2e4\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&pgn).expect("the PGN is written at the end");
    let movetext = written.lines().last().unwrap();
    assert_eq!(
        movetext.split_whitespace().count(),
        4,
        "1. e4 reply *: {movetext}"
    );
}

#[test]
fn the_questions_are_answered_by_lines_and_the_board_is_flipped_for_black() {
    let mut cmd = c7010();
    cmd.args(["play", "--tui", "--engine", "ref"]);
    let out = run(cmd, "n\n2\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("PLAY WHITE? YES/NO"), "{stdout}");
    assert!(stdout.contains("LEVEL? 1-6"), "{stdout}");
    // The module (White) has moved; Black's side is at the bottom.
    assert!(stdout.contains("    H G F E D C B A"), "{stdout}");
    assert!(stdout.contains("MOVES  1. "), "{stdout}");
}

#[test]
fn set_up_by_fen_and_mate() {
    let (_dir, pgn) = temp_file("mate.pgn");
    let mut cmd = c7010();
    cmd.args([
        "play", "--tui", "--engine", "ref", "--colour", "white", "--level", "1",
    ])
    .args(["--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"])
    .arg("--pgn")
    .arg(&pgn);
    let out = run(cmd, "a1a8\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("CHECKMATE 1-0"), "{stdout}");
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(written.contains("[Result \"1-0\"]"), "{written}");
    assert!(written.contains("[SetUp \"1\"]"), "{written}");
    assert!(written.ends_with("1. Ra8# 1-0\n"), "{written}");
}

#[test]
fn bad_options_are_clear_errors() {
    let mut cmd = c7010();
    cmd.args(["play", "--tui", "--engine", "ref", "--fen", "not a fen"]);
    let out = run(cmd, "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("bad FEN"),
        "{}",
        text(&out.stderr)
    );
    let mut cmd = c7010();
    cmd.args(["play", "--scale", "0"]);
    let out = run(cmd, "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("scale from 1 to 8"),
        "{}",
        text(&out.stderr)
    );
    let mut cmd = c7010();
    cmd.args(["play", "--tui", "--level", "7"]);
    let out = run(cmd, "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--level"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn without_a_display_the_terminal_takes_over_with_one_line() {
    let mut cmd = c7010();
    cmd.args([
        "play", "--engine", "ref", "--colour", "white", "--level", "2",
    ])
    .env_remove("DISPLAY")
    .env_remove("WAYLAND_DISPLAY");
    let out = run(cmd, "e2e4\nquit\n");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let notes: Vec<&str> = stderr.lines().collect();
    assert_eq!(notes.len(), 1, "one line: {stderr}");
    assert!(
        notes[0].contains("using the terminal") && notes[0].contains("DISPLAY"),
        "{stderr}"
    );
    // A line above the screens says it too, where their redrawing cannot erase it.
    let screens = text(&out.stdout);
    assert!(
        screens.starts_with("No window could be opened here"),
        "{screens}"
    );
    assert!(screens.contains("MOVES  1. E2-E4"));
}

#[test]
fn the_default_engine_is_the_guest_in_the_module() {
    let (_dir, pgn) = temp_file("guest.pgn");
    let mut cmd = c7010();
    cmd.args(["play", "--tui", "--colour", "white", "--level", "2"])
        .arg("--pgn")
        .arg(&pgn);
    let out = run(cmd, "e2e4\nquit\n");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "no fallback note: {stderr}");
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(written.contains("[Black \"c7010 module (ROM "), "{written}");
    let movetext = written.lines().last().unwrap();
    assert_eq!(
        movetext.split_whitespace().count(),
        4,
        "1. e4 reply *: {movetext}"
    );
}

/// The README's terminal example is what `c7010 play --tui` prints for the README's own
/// command: its input is taken from the `printf` in the README, so the two cannot part.
#[test]
fn the_readme_terminal_example_is_what_play_prints() {
    let readme = include_str!("../../README.md");
    let command = readme
        .split_once("(`printf '")
        .and_then(|(_, rest)| rest.split_once("' | c7010 play --tui`"))
        .expect("the README shows its printf | c7010 play --tui command")
        .0;
    let input = command.replace("\\n", "\n");
    let mut cmd = c7010();
    cmd.args(["play", "--tui"]).env_remove("DISPLAY");
    let out = run(cmd, &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let example = example_after(readme, "The terminal after three moves");
    shown_in_order("README.md's terminal example", example, &text(&out.stdout));
}

#[test]
fn play_help_says_what_each_level_means_and_the_terminals_commands() {
    let out = c7010().args(["play", "--help"]).output().unwrap();
    let help = text(&out.stdout);
    assert!(out.status.success(), "{help}");
    for words in [
        "1 about 2 min",
        "2 10 s",
        "5 150 s",
        "6 until told",
        "speed",
        "pause",
    ] {
        assert!(help.contains(words), "{words:?} missing:\n{help}");
    }
}

/// Runs `c7010 args` on a terminal of its own (`script` gives it one), types nothing for
/// `idle`, then `quit`; what the terminal showed.
fn on_a_terminal(args: &str, idle: std::time::Duration) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_c7010"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env(
            "XDG_STATE_HOME",
            crate::common::state_home::fresh_state_home(),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    std::thread::sleep(idle);
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"quit\n");
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().unwrap();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(stdin);
    text(&child.wait_with_output().unwrap().stdout)
}

#[test]
fn on_a_terminal_the_clock_is_shown_as_it_runs() {
    let shown = on_a_terminal(
        "play --tui --engine ref --colour white --level 2",
        std::time::Duration::from_millis(2_500),
    );
    // Nothing but White's clock changes: the second between the first screen (0:00) and
    // the last (at quit, 0:02) is shown too, not only the readings when something else
    // changed.
    assert!(shown.contains("WHITE    0:00"), "{shown}");
    assert!(
        shown.contains("WHITE    0:01"),
        "the clock was not shown running:\n{shown}"
    );
}

#[test]
fn an_unfinished_game_goes_on_at_the_next_start_and_a_finished_one_does_not() {
    let state_home = crate::common::state_home::fresh_state_home();
    let play = || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
        cmd.args([
            "play", "--tui", "--resume", "--engine", "ref", "--colour", "white",
        ])
        .args(["--level", "2"])
        .env("XDG_STATE_HOME", &state_home);
        cmd
    };
    let out = run(play(), "e2e4\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let kept = state_home.join("c7010").join("last-game.state");
    assert!(kept.exists(), "the game is kept for the next start");
    // The next start goes on with it: the book's reply is on the board, the game goes on.
    let out = run(play(), "d2d4\nquit\n");
    let screen = text(&out.stdout);
    assert!(screen.contains("LAST GAME GOES ON. R: NEW"), "{screen}");
    assert!(screen.contains("MOVES  1. E2-E4 "), "{screen}");
    assert!(screen.contains("2. D2-D4"), "{screen}");
    // A new game (R, yes) with no move leaves nothing to keep.
    let out = run(play(), "new\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!kept.exists(), "an empty game is not kept");
}

#[test]
fn a_game_that_cannot_be_kept_is_said_at_the_exit_and_the_game_goes_on() {
    let state_home = crate::common::state_home::fresh_state_home();
    // The file's place is taken by a directory: every write of it fails.
    std::fs::create_dir_all(state_home.join("c7010").join("last-game.state").join("x")).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.args([
        "play", "--tui", "--resume", "--engine", "ref", "--colour", "white",
    ])
    .args(["--level", "2"])
    .env("XDG_STATE_HOME", &state_home);
    let out = run(cmd, "e2e4\nd2d4\nquit\n");
    let (screen, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(screen.contains("2. D2-D4"), "the game went on: {screen}");
    assert!(screen.contains("CANNOT WRITE THE GAME TO"), "{screen}");
    assert!(
        stderr.contains("the game is not kept for the next start"),
        "{stderr}"
    );
}

#[test]
fn ponder_makes_the_module_think_on_the_players_time_and_the_reference_says_it_cannot() {
    // The guest, out of the book: after its reply it says what it expects and thinks on it.
    let mut cmd = c7010();
    cmd.args([
        "play",
        "--tui",
        "--ponder",
        "--colour",
        "white",
        "--level",
        "1",
        "--fen",
        "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    ]);
    let out = run(cmd, "speed max\nh2h3\nquit\n");
    let screens = text(&out.stdout);
    assert!(out.status.success(), "{screens}");
    assert!(
        screens.contains("LEVEL 1   SPEED MAX   PONDER"),
        "{screens}"
    );
    assert!(screens.contains("YOUR MOVE. I EXPECT "), "{screens}");
    // The reference has nothing to ponder with: one line says so, and play goes on.
    let mut cmd = c7010();
    cmd.args([
        "play", "--tui", "--ponder", "--engine", "ref", "--colour", "white", "--level", "2",
    ]);
    let out = run(cmd, "e2e4\nquit\n");
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("only the module ponders"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        !text(&out.stdout).contains("PONDER"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_script_neither_resumes_nor_overwrites_the_kept_game_and_fails_on_a_refused_move() {
    // The README's example, run twice with one state directory: each run is a game of its
    // own, and the game a person left is not touched.
    let state_home = crate::common::state_home::fresh_state_home();
    let kept = state_home.join("c7010").join("last-game.state");
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    let persons_game = "a person's game, left in the window";
    std::fs::write(&kept, persons_game).unwrap();
    let script = || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_c7010"));
        cmd.args(["play", "--tui", "--engine", "ref"])
            .env("XDG_STATE_HOME", &state_home);
        cmd
    };
    for _ in 0..2 {
        let out = run(script(), "y\n2\ne2-e4\ng1-f3\nquit\n");
        let screen = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(!screen.contains("NO PIECE ON E2"), "{screen}");
        assert!(!screen.contains("LAST GAME"), "{screen}");
        assert!(screen.contains("MOVES  1. E2-E4 "), "{screen}");
    }
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), persons_game);
    // A move the console refuses makes the script fail, with the count on stderr.
    let out = run(script(), "y\n2\ne2-e5\nquit\n");
    assert!(!out.status.success(), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("1 of the script's moves were refused"),
        "{}",
        text(&out.stderr)
    );
}
