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
    // Both pipes are drained while the child runs: a child that prints more than a pipe
    // holds (64 KiB: a pondering terminal redraws for about 120 KiB) would wait for ever.
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    std::process::Output {
        status: child.wait().expect("c7010 ends"),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}
