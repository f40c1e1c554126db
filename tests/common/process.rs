//! A child process fed a script on its stdin, with a guard against a hang.

/// Run `cmd` with `input` on its stdin (then closed), killing it if it has not ended after
/// 120 s: a hang is a failure, never a test that waits for ever.
pub fn run_with_input(mut cmd: std::process::Command, input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    // A program that has already quit may have closed its stdin: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("c7010 ends")
}
