//! What a GUI session is, whatever its protocol: a [`Player`] (the engine, the game and its
//! history, the options) answering on an output, and the line loop that reads the GUI's
//! commands until `quit` or the end of input.
//!
//! A protocol (UCI, xboard) plugs in through [`Protocol`]: it keeps only its own state, reads
//! its own commands (each line once, as it arrives) and writes its own replies through the
//! [`SessionCore`] it is handed.

use std::io::{self, Write};

use super::clock::Request;
use super::input::{Commands, Input, Line};
use super::player::{Listener, Player, PlayerError, Thought};
use crate::engine::EngineError;

/// A GUI protocol: its own state, its commands and its answer to each. The session owns the
/// player and the output and hands them over as a [`SessionCore`].
pub trait Protocol: Default {
    /// A command of the protocol.
    type Command;
    /// Why a line is no command (said back to the GUI in the protocol's words).
    type Refusal;
    /// The command on a line: `Ok(None)` for a line without words.
    fn read(text: &str) -> Result<Option<Self::Command>, Self::Refusal>;
    /// Serve one command, read as its line arrived; `Ok(false)` ends the session (`quit`,
    /// also while thinking).
    fn serve<W: Write>(
        &mut self,
        line: GuiLine<Self>,
        core: &mut SessionCore<W>,
        input: &mut Commands<'_, GuiLine<Self>>,
    ) -> io::Result<bool>;
}

/// A line of protocol `P`'s GUI, read into its command.
pub type GuiLine<P> = Line<<P as Protocol>::Command, <P as Protocol>::Refusal>;

/// `text` read by protocol `P`: the one place a GUI's line becomes a command.
fn read_line<P: Protocol>(text: String) -> GuiLine<P> {
    Line {
        read: P::read(&text),
        text,
    }
}

/// The player and the output of a session: what every protocol's command works on.
pub struct SessionCore<W: Write> {
    player: Player,
    out: W,
}

/// Write one line and flush it, so the GUI sees it at once. Listeners, which hold the output
/// while the engine thinks, write through this too, so it is the one place that makes sure
/// a line is one line: a control character from the GUI's own text quoted back (an unknown
/// command, a refused move) is written escaped (`\r`, `\u{1b}`), so it can neither end the
/// line early nor forge another (a `bestmove` in a log) nor reach a terminal raw.
pub fn say<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    match line.chars().any(char::is_control) {
        false => writeln!(out, "{line}")?,
        true => writeln!(out, "{}", escape_controls(line))?,
    }
    out.flush()
}

/// `text` with every control character written as its Rust escape.
fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

impl<W: Write> SessionCore<W> {
    /// The player (game, engine, options).
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The player, to change the game or the options.
    pub fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// The output, for a function that answers wherever it is called from (its lines
    /// written with [`say`]).
    pub fn out(&mut self) -> &mut W {
        &mut self.out
    }

    /// Write one line to the GUI, flushed.
    pub fn say(&mut self, line: &str) -> io::Result<()> {
        say(&mut self.out, line)
    }

    /// Think as `req` asks, with the listener that `listener` builds on the output printing
    /// the analysis and answering commands meanwhile. The outer error is the GUI gone away
    /// (the session cannot go on); the inner one is the engine failing, which each protocol
    /// reports in its own words.
    pub fn think<'s, T, L: Listener<T> + 's>(
        &'s mut self,
        req: &Request,
        input: &mut Commands<'_, T>,
        listener: impl FnOnce(&'s mut W) -> L,
    ) -> io::Result<Result<Thought, EngineError>> {
        let mut listener = listener(&mut self.out);
        match self.player.think(req, input, &mut listener) {
            Ok(thought) => Ok(Ok(thought)),
            Err(PlayerError::Output(e)) => Err(e),
            Err(PlayerError::Engine(e)) => Ok(Err(e)),
        }
    }
}

/// A session of protocol `P` over a [`Player`], writing to `out`.
pub struct GuiSession<P: Protocol, W: Write> {
    core: SessionCore<W>,
    protocol: P,
}

impl<P: Protocol, W: Write> GuiSession<P, W> {
    /// A session for `player`, answering on `out`, the protocol in its starting state.
    pub fn new(player: Player, out: W) -> GuiSession<P, W> {
        GuiSession {
            core: SessionCore { player, out },
            protocol: P::default(),
        }
    }

    /// The player (game, engine, options).
    pub fn player(&self) -> &Player {
        &self.core.player
    }

    /// The output written so far (tests read it).
    pub fn output(&self) -> &W {
        &self.core.out
    }

    /// Give back the output.
    pub fn into_output(self) -> W {
        self.core.out
    }

    /// Serve commands until `quit` or the end of input.
    pub fn run(&mut self, input: &mut Input) -> io::Result<()> {
        let mut commands = Commands::new(input, read_line::<P>);
        while let Some(line) = commands.next_command() {
            if !self.protocol.serve(line, &mut self.core, &mut commands)? {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_said_is_one_line() {
        let mut out = Vec::new();
        say(&mut out, "unknown command: x\rbestmove a1a1\u{1b}[2J").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "unknown command: x\\rbestmove a1a1\\u{1b}[2J\n"
        );
    }
}
