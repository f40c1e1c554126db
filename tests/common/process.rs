//! A child process fed a script on its stdin, with a guard against a hang: started with its
//! input ([`start`]), then waited for with its output drained ([`finish`]), or both at once
//! ([`run_with_input`]).

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a child may run before it is killed: a hang is a failure, never a test that
/// waits for ever.
const HANG: Duration = Duration::from_secs(120);

/// Run `cmd` with `input` on its stdin (then closed) to its end ([`start`], [`finish`]).
pub fn run_with_input(cmd: Command, input: &str) -> Output {
    finish(start(cmd, input))
}

/// Starts `cmd` with `input` on its stdin (then closed), its output piped for [`finish`].
pub fn start(mut cmd: Command, input: &str) -> Child {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start c7010");
    // A program that has already quit (or refused its arguments) may have closed its
    // stdin: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child
}

/// Waits for `child` started by [`start`], killing it if it has not ended after 120 s, and
/// returns what it printed and how it ended.
pub fn finish(mut child: Child) -> Output {
    // Both pipes are drained while the child runs: a child that prints more than a pipe
    // holds (64 KiB: a pondering terminal redraws for about 120 KiB) would wait for ever.
    let drain = |mut pipe: Box<dyn Read + Send>| {
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
        if started.elapsed() > HANG {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Output {
        status: child.wait().expect("c7010 ends"),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}
