//! Commands from the GUI, read on their own thread and handed over through a channel, so the
//! engine can keep thinking and still see `stop`, `isready` or `?` the moment they arrive.
//! Each line is read into its protocol's typed command once, as it is taken ([`Commands`]):
//! a command that must wait for the engine's move is held as read and served later, never
//! read again.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

/// What [`Input::poll`] or [`Commands::poll`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Poll<T = String> {
    /// A command line (without its line end), or the command it reads as.
    Line(T),
    /// Nothing has arrived yet.
    Empty,
    /// The GUI closed its end: no more commands will come.
    Closed,
}

/// The GUI's command lines.
pub struct Input {
    rx: Receiver<String>,
    closed: bool,
}

/// A GUI line read once into its protocol's command: the text (quoted back when it is
/// refused) and what it reads as: `Ok(None)` for a line without words, `Err` with why it is
/// refused whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<C, E> {
    /// The line as the GUI sent it.
    pub text: String,
    /// Its command.
    pub read: Result<Option<C>, E>,
}

/// The GUI's commands, each line read by `read` as it is taken from the [`Input`]; the
/// commands held during a thought for after it come first, as they were read.
pub struct Commands<'a, T> {
    input: &'a mut Input,
    read: fn(String) -> T,
    held: VecDeque<T>,
}

impl<'a, T> Commands<'a, T> {
    /// The commands of `input`, each line read by `read`.
    pub fn new(input: &'a mut Input, read: fn(String) -> T) -> Commands<'a, T> {
        Commands {
            input,
            read,
            held: VecDeque::new(),
        }
    }

    /// Put commands back, to be served (in this order) before any new line.
    pub fn unread(&mut self, commands: Vec<T>) {
        for command in commands.into_iter().rev() {
            self.held.push_front(command);
        }
    }

    /// The next command, waiting for it; `None` once the input has ended.
    pub fn next_command(&mut self) -> Option<T> {
        match self.held.pop_front() {
            Some(command) => Some(command),
            None => self.input.next_line().map(self.read),
        }
    }

    /// The next command if one has arrived, without waiting.
    pub fn poll(&mut self) -> Poll<T> {
        if let Some(command) = self.held.pop_front() {
            return Poll::Line(command);
        }
        match self.input.poll() {
            Poll::Line(line) => Poll::Line((self.read)(line)),
            Poll::Empty => Poll::Empty,
            Poll::Closed => Poll::Closed,
        }
    }

    /// True once the end of input has been seen and no command is held.
    pub fn is_closed(&self) -> bool {
        self.input.is_closed() && self.held.is_empty()
    }
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
        Input { rx, closed: false }
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
        Input { rx, closed: false }
    }

    /// The next line, waiting for it; `None` once the input has ended.
    pub fn next_line(&mut self) -> Option<String> {
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

    /// True once the end of input has been seen.
    pub fn is_closed(&self) -> bool {
        self.closed
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
    fn held_commands_come_first_and_each_line_is_read_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static READS: AtomicUsize = AtomicUsize::new(0);
        fn read(line: String) -> String {
            READS.fetch_add(1, Ordering::SeqCst);
            line.to_uppercase()
        }
        let mut input = Input::from_lines(["a", "b", "c"]);
        let mut commands = Commands::new(&mut input, read);
        let a = commands.next_command().unwrap();
        let b = commands.next_command().unwrap();
        commands.unread(vec![a, b]);
        assert!(!commands.is_closed(), "two commands are held");
        assert_eq!(commands.poll(), Poll::Line("A".into()));
        assert_eq!(commands.next_command().as_deref(), Some("B"));
        assert_eq!(commands.next_command().as_deref(), Some("C"));
        assert_eq!(commands.next_command(), None);
        assert!(commands.is_closed());
        assert_eq!(
            READS.load(Ordering::SeqCst),
            3,
            "a held command is not read again"
        );
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
