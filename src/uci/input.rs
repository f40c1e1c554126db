//! Commands from the GUI, read on their own thread and handed over through a channel, so the
//! engine can keep thinking and still see `stop`, `isready` or `?` the moment they arrive.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

/// What [`Input::poll`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Poll {
    /// A command line (without its line end).
    Line(String),
    /// Nothing has arrived yet.
    Empty,
    /// The GUI closed its end: no more commands will come.
    Closed,
}

/// The GUI's command lines.
pub struct Input {
    rx: Receiver<String>,
    /// Lines read during a thought but meant for after it, read again before new ones.
    backlog: VecDeque<String>,
    closed: bool,
}

impl Input {
    /// Lines from standard input, read by a background thread.
    pub fn stdin() -> Input {
        Input::from_reader(std::io::BufReader::new(std::io::stdin()))
    }

    /// Lines from any reader, read by a background thread. Bytes that are not UTF-8 are
    /// replaced (the session then reports the line as unknown) rather than ending the input.
    pub fn from_reader<R: BufRead + Send + 'static>(mut reader: R) -> Input {
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf);
                        let line = text.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Input {
            rx,
            backlog: VecDeque::new(),
            closed: false,
        }
    }

    /// A fixed script of lines, then end of input (for tests).
    pub fn from_lines<I, S>(lines: I) -> Input
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let (tx, rx) = channel();
        for line in lines {
            // The receiver is alive (it is returned below), so sending cannot fail.
            let _ = tx.send(line.into());
        }
        Input {
            rx,
            backlog: VecDeque::new(),
            closed: false,
        }
    }

    /// Put lines back, to be read again (in this order) before any new line.
    pub fn unread(&mut self, lines: Vec<String>) {
        for line in lines.into_iter().rev() {
            self.backlog.push_front(line);
        }
    }

    /// The next line, waiting for it; `None` once the input has ended.
    pub fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.backlog.pop_front() {
            return Some(line);
        }
        if self.closed {
            return None;
        }
        match self.rx.recv() {
            Ok(line) => Some(line),
            Err(_) => {
                self.closed = true;
                None
            }
        }
    }

    /// The next line if one has arrived, without waiting.
    pub fn poll(&mut self) -> Poll {
        if let Some(line) = self.backlog.pop_front() {
            return Poll::Line(line);
        }
        if self.closed {
            return Poll::Closed;
        }
        match self.rx.try_recv() {
            Ok(line) => Poll::Line(line),
            Err(TryRecvError::Empty) => Poll::Empty,
            Err(TryRecvError::Disconnected) => {
                self.closed = true;
                Poll::Closed
            }
        }
    }

    /// True once the end of input has been seen and no line is left to read again.
    pub fn is_closed(&self) -> bool {
        self.closed && self.backlog.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_then_end() {
        let mut input = Input::from_lines(["uci", "quit"]);
        assert_eq!(input.poll(), Poll::Line("uci".into()));
        assert_eq!(input.next_line().as_deref(), Some("quit"));
        assert_eq!(input.poll(), Poll::Closed);
        assert!(input.is_closed());
        assert_eq!(input.next_line(), None);
    }

    #[test]
    fn unread_lines_come_first() {
        let mut input = Input::from_lines(["c"]);
        input.unread(vec!["a".into(), "b".into()]);
        assert_eq!(input.poll(), Poll::Line("a".into()));
        assert_eq!(input.next_line().as_deref(), Some("b"));
        assert_eq!(input.next_line().as_deref(), Some("c"));
        assert_eq!(input.next_line(), None);
    }

    #[test]
    fn reader_lines_keep_going_after_bad_bytes() {
        let bytes: &'static [u8] = b"isready\r\n\xff\xfe\nquit";
        let mut input = Input::from_reader(bytes);
        assert_eq!(input.next_line().as_deref(), Some("isready"));
        assert_eq!(input.next_line().as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(input.next_line().as_deref(), Some("quit"));
        assert_eq!(input.next_line(), None);
    }
}
