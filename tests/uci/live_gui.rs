//! A GUI that answers what the engine says, for sessions that must be talked to while the
//! engine thinks (analyze mode, pondering): the session runs on the test's thread, the GUI
//! on another, writing commands to a pipe and reading the session's output as it grows.
//! Nothing depends on wall-clock timing but the guard against a hang: the GUI waits for a
//! line before it sends the next command, and the guest's time is emulated.

use std::io::{BufReader, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use c7010::uci::{GuiSession, Input, Player, Protocol};

/// How long the GUI waits for an expected line before it gives up (a hang, not a timing).
const PATIENCE: Duration = Duration::from_secs(300);

/// The session's output, shared with the GUI thread.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The GUI's end: send commands, wait for answers.
pub struct Gui {
    to_engine: std::io::PipeWriter,
    out: Shared,
    /// Bytes of output already looked at by `wait_for`.
    seen: usize,
}

impl Gui {
    /// Send one command line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.to_engine, "{line}").expect("the session reads its input");
    }

    /// Wait for a line that `pred` accepts, after those already waited for; returns the
    /// output from there up to and including that line.
    pub fn wait_for(&mut self, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = String::from_utf8(self.out.0.lock().unwrap().clone()).unwrap();
            let fresh = &text[self.seen..];
            let mut end = 0;
            for line in fresh.split_inclusive('\n') {
                if !line.ends_with('\n') {
                    break;
                }
                end += line.len();
                if pred(line.trim_end()) {
                    let part = fresh[..end].to_string();
                    self.seen += end;
                    return part;
                }
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no such line; output so far:\n{text}"
            );
            thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Run a session of protocol `P` for `player` with the GUI `gui` talking to it; the input
/// ends when `gui` returns. Gives back everything the session wrote.
pub fn converse<P: Protocol>(
    player: Player,
    gui: impl FnOnce(&mut Gui) + Send + 'static,
) -> String {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let out = Shared::default();
    let mut side = Gui {
        to_engine: writer,
        out: out.clone(),
        seen: 0,
    };
    let talker = thread::spawn(move || gui(&mut side));
    let mut session = GuiSession::<P, Shared>::new(player, out.clone());
    session
        .run(&mut Input::from_reader(BufReader::new(reader)))
        .expect("writing to memory cannot fail");
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    if let Err(e) = talker.join() {
        std::panic::resume_unwind(e);
    }
    text
}
