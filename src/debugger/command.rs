//! The command language: one line in, one [`DebugCommand`] out, or a clear error.
//!
//! Every command has a long name and short forms (gdb and MAME habits); [`COMMANDS`] lists
//! them with usage and an example, and is what `help` and `docs/debugger.md` show.
//! Expressions are parsed here (see [`super::expr`]) so bad syntax is reported before
//! anything runs.

use std::fmt::Write as _;

use crate::machine::WatchKind;

pub use super::command_table::{COMMANDS, CommandInfo, Kind, lookup};
use super::expr::{Condition, Expr, ExprError, number};

/// The most emulated seconds one `continue` may run: an emulated hour, far beyond the
/// longest move of a timed level (level 5, about 4 minutes), and about 72 s on the host
/// with a breakpoint set (50 x real time: docs/debugger.md); a larger number is refused, so
/// no `continue` runs for ever (in a script nothing could interrupt it).
pub const MAX_RUN_SECONDS: f64 = 3600.0;

/// Where a breakpoint or `run-to` points: an address expression or a source line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// An address (number, symbol, register, any expression).
    Address(Expr),
    /// `file:line` of the guest source.
    Line {
        /// File name as in the source map (or its last component).
        file: String,
        /// 1-based line.
        line: u32,
    },
}

/// What `send` injects into the host latch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendData {
    /// A whole message: type and payload, framed and sent unit by unit by the host link.
    Message {
        /// Message type.
        kind: u8,
        /// Payload bytes.
        payload: Vec<u8>,
    },
    /// One raw latch value, written at once (bypasses the host link's handshake).
    Raw(u8),
}

/// One parsed command.
#[derive(Debug, Clone, PartialEq)]
pub enum DebugCommand {
    /// Nothing to do (empty line or `#` comment).
    Nothing,
    /// Set a breakpoint.
    Break {
        /// Where.
        location: Location,
        /// Stop only when this is true.
        condition: Option<Condition>,
    },
    /// Set a watchpoint.
    Watch {
        /// Reads, writes or both.
        kind: WatchKind,
        /// First address.
        address: Expr,
        /// Bytes watched (default: the size of the named variable, else 1).
        len: Option<Expr>,
    },
    /// List breakpoints and watchpoints.
    List,
    /// Enable breakpoints/watchpoints by number.
    Enable(Vec<usize>),
    /// Disable breakpoints/watchpoints by number.
    Disable(Vec<usize>),
    /// Delete by number (all when empty).
    Delete(Vec<usize>),
    /// Execute N instructions.
    Step(u64),
    /// Execute one instruction, running over CALL and RST.
    Next,
    /// Run until the current routine returns.
    Finish,
    /// Run until something stops it, for at most this many emulated seconds.
    Continue(Option<f64>),
    /// Run until PC reaches a location.
    RunTo(Location),
    /// Run until the module writes its latch.
    UntilLatch,
    /// Show the registers.
    Regs,
    /// Print an expression's value.
    Print(Condition),
    /// Add a display (an expression printed after every stop); `None`: print them all.
    Display(Option<Condition>),
    /// Remove displays by number (all when empty).
    Undisplay(Vec<usize>),
    /// Set a register or flag (upper-case name) to an expression's value.
    SetRegister {
        /// The register or flag, upper case (`A`, `HL'`, `ZF`).
        name: String,
        /// Its new value.
        value: Expr,
    },
    /// Dump memory.
    Mem {
        /// First address.
        address: Expr,
        /// Bytes (default 64).
        len: Option<Expr>,
    },
    /// Write bytes into memory.
    Poke {
        /// First address.
        address: Expr,
        /// Bytes written.
        bytes: Vec<u8>,
    },
    /// Disassemble.
    Dis {
        /// Start (default PC).
        address: Option<Expr>,
        /// Instructions (default 10).
        count: Option<u64>,
    },
    /// Show the source around PC or a location.
    Src(Option<Location>),
    /// Walk the call stack.
    Where,
    /// Show the guest's board.
    Board,
    /// Show T-states and emulated time.
    Cycles,
    /// Show both latches and the host link.
    Latches,
    /// Inject a host message or unit.
    Send(SendData),
    /// Instruction trace on (to the output or a file) or off.
    Trace {
        /// On or off.
        on: bool,
        /// File to write to (on only).
        file: Option<String>,
    },
    /// Save the machine state to a file.
    Save(String),
    /// Load the machine state from a file.
    Load(String),
    /// Step back N instructions.
    Back(u64),
    /// Show help (for one command).
    Help(Option<String>),
    /// End the session.
    Quit,
}

/// A command line that cannot be understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The first word is not a command.
    #[error("unknown command '{0}' (try 'help')")]
    Unknown(String),
    /// The arguments are wrong.
    #[error("{command}: {reason} (usage: {usage})")]
    Usage {
        /// The command.
        command: &'static str,
        /// What is wrong.
        reason: String,
        /// Its usage line.
        usage: &'static str,
    },
    /// An expression is malformed.
    #[error("{0}")]
    Expr(#[from] ExprError),
}

/// Parse one line.
pub fn parse(line: &str) -> Result<DebugCommand, CommandError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(DebugCommand::Nothing);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let info = lookup(word).ok_or_else(|| CommandError::Unknown(word.to_string()))?;
    let args = Args {
        info,
        rest,
        words: rest.split_whitespace().collect(),
    };
    match info.kind {
        Kind::Break => parse_break(&args),
        Kind::Watch => parse_watch(&args),
        Kind::Breaks => args.none(DebugCommand::List),
        Kind::Enable => Ok(DebugCommand::Enable(args.numbers(true)?)),
        Kind::Disable => Ok(DebugCommand::Disable(args.numbers(true)?)),
        Kind::Delete => Ok(DebugCommand::Delete(args.numbers(false)?)),
        Kind::Step => Ok(DebugCommand::Step(args.count(1)?)),
        Kind::Next => args.none(DebugCommand::Next),
        Kind::Finish => args.none(DebugCommand::Finish),
        Kind::Continue => parse_continue(&args),
        Kind::RunTo => Ok(DebugCommand::RunTo(args.location("missing location")?)),
        Kind::UntilLatch => args.none(DebugCommand::UntilLatch),
        Kind::Regs => args.none(DebugCommand::Regs),
        Kind::Info => parse_info(&args),
        Kind::Print => Ok(DebugCommand::Print(args.expression()?)),
        Kind::Display => Ok(DebugCommand::Display(if args.rest.is_empty() {
            None
        } else {
            Some(args.expression()?)
        })),
        Kind::Undisplay => Ok(DebugCommand::Undisplay(args.numbers(false)?)),
        Kind::Set => parse_set(&args),
        Kind::Mem => parse_mem(&args),
        Kind::Poke => parse_poke(&args),
        Kind::Dis => parse_dis(&args),
        Kind::Src => Ok(DebugCommand::Src(if args.rest.is_empty() {
            None
        } else {
            Some(location(args.rest)?)
        })),
        Kind::Where => args.none(DebugCommand::Where),
        Kind::Board => args.none(DebugCommand::Board),
        Kind::Cycles => args.none(DebugCommand::Cycles),
        Kind::Latches => args.none(DebugCommand::Latches),
        Kind::Send => send::parse_send(&args),
        Kind::Go => send::parse_go(&args),
        Kind::Trace => parse_trace(&args),
        Kind::Save => Ok(DebugCommand::Save(args.file_name()?)),
        Kind::Load => Ok(DebugCommand::Load(args.file_name()?)),
        Kind::Back => Ok(DebugCommand::Back(args.count(1)?)),
        Kind::Help => match args.words[..] {
            [] => Ok(DebugCommand::Help(None)),
            [c] => Ok(DebugCommand::Help(Some(c.to_string()))),
            _ => Err(args.usage("one command at a time")),
        },
        Kind::Quit => args.none(DebugCommand::Quit),
    }
}

/// What follows a command's name, and how to say what is wrong with it.
struct Args<'a> {
    info: &'static CommandInfo,
    /// Everything after the name, trimmed.
    rest: &'a str,
    /// `rest` split at blanks.
    words: Vec<&'a str>,
}

impl Args<'_> {
    fn usage(&self, reason: &str) -> CommandError {
        CommandError::Usage {
            command: self.info.name,
            reason: reason.to_string(),
            usage: self.info.usage,
        }
    }

    /// `command` when nothing follows the name.
    fn none(&self, command: DebugCommand) -> Result<DebugCommand, CommandError> {
        if self.words.is_empty() {
            Ok(command)
        } else {
            Err(self.usage("takes no arguments"))
        }
    }

    /// An optional positive count.
    fn count(&self, default: u64) -> Result<u64, CommandError> {
        match self.words[..] {
            [] => Ok(default),
            [n] => number(n)
                .ok()
                .and_then(|n| u64::try_from(n).ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| self.usage(&format!("'{n}' is not a positive count"))),
            _ => Err(self.usage("too many arguments")),
        }
    }

    /// Breakpoint and watchpoint numbers; `required`: at least one.
    fn numbers(&self, required: bool) -> Result<Vec<usize>, CommandError> {
        let numbers = self
            .words
            .iter()
            .map(|a| {
                a.parse::<usize>()
                    .map_err(|_| self.usage(&format!("'{a}' is not a number")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if required && numbers.is_empty() {
            return Err(self.usage("which numbers?"));
        }
        Ok(numbers)
    }

    /// The whole rest as a location; `missing` when there is none.
    fn location(&self, missing: &str) -> Result<Location, CommandError> {
        if self.rest.is_empty() {
            return Err(self.usage(missing));
        }
        location(self.rest)
    }

    /// The whole rest as one expression.
    fn expression(&self) -> Result<Condition, CommandError> {
        if self.rest.is_empty() {
            return Err(self.usage("missing expression"));
        }
        Ok(Condition::parse(self.rest)?)
    }

    /// The whole rest as a file name.
    fn file_name(&self) -> Result<String, CommandError> {
        if self.rest.is_empty() {
            return Err(self.usage("missing file name"));
        }
        Ok(self.rest.to_string())
    }

    /// Bytes 0..=255 in any notation.
    fn bytes(&self, words: &[&str]) -> Result<Vec<u8>, CommandError> {
        byte_list(words).map_err(|e| self.usage(&e))
    }
}

/// `break [LOCATION [if CONDITION]]`; without arguments, the list.
fn parse_break(args: &Args) -> Result<DebugCommand, CommandError> {
    if args.rest.is_empty() {
        return Ok(DebugCommand::List);
    }
    let (place, condition) = split_condition(args.rest);
    if place.is_empty() {
        return Err(args.usage("missing location"));
    }
    if condition == Some("") {
        return Err(args.usage("missing condition after 'if'"));
    }
    Ok(DebugCommand::Break {
        location: location(place)?,
        condition: condition.map(Condition::parse).transpose()?,
    })
}

/// `info WHAT`: gdb's names for `regs`, `breaks`, `display` and `where`.
fn parse_info(args: &Args) -> Result<DebugCommand, CommandError> {
    let what = args.words.first().map(|w| w.to_ascii_lowercase());
    let command = match what.as_deref() {
        Some("registers" | "register" | "regs" | "reg" | "r" | "all-registers") => {
            DebugCommand::Regs
        }
        Some("breakpoints" | "break" | "breaks" | "b" | "watchpoints" | "watch") => {
            DebugCommand::List
        }
        Some("display" | "displays") => DebugCommand::Display(None),
        Some("stack" | "frame" | "s") => DebugCommand::Where,
        Some(other) => return Err(args.usage(&format!("no info about '{other}'"))),
        None => return Err(args.usage("info about what?")),
    };
    if args.words.len() > 1 {
        return Err(args.usage("too many arguments"));
    }
    Ok(command)
}

/// `set REGISTER VALUE` (or `REGISTER=VALUE`); with anything but a register first, `poke`.
fn parse_set(args: &Args) -> Result<DebugCommand, CommandError> {
    let rest = args.rest;
    let (name, value) = match rest.split_once('=') {
        Some((name, value)) if !value.starts_with('=') => (name.trim(), value.trim()),
        _ => match rest.split_once(char::is_whitespace) {
            Some((name, value)) => (name, value.trim()),
            None => (rest, ""),
        },
    };
    let upper = name.to_ascii_uppercase();
    if !super::set_register::is_register(&upper) {
        return parse_poke(args);
    }
    if value.is_empty() {
        return Err(args.usage(&format!("missing the value for {upper}")));
    }
    Ok(DebugCommand::SetRegister {
        name: upper,
        value: Expr::parse(value)?,
    })
}

/// `watch [read|write|access] ADDR [LEN]`.
fn parse_watch(args: &Args) -> Result<DebugCommand, CommandError> {
    let words = &args.words[..];
    let (kind, rest) = match words.first().map(|a| a.to_ascii_lowercase()).as_deref() {
        Some("read" | "r") => (WatchKind::Read, &words[1..]),
        Some("write" | "w") => (WatchKind::Write, &words[1..]),
        Some("access" | "rw" | "a") => (WatchKind::Access, &words[1..]),
        _ => (WatchKind::Write, words),
    };
    let (address, len) = address_and_length(args, rest)?;
    Ok(DebugCommand::Watch { kind, address, len })
}

/// `ADDR [LEN]` of `watch` and `mem`.
fn address_and_length(args: &Args, words: &[&str]) -> Result<(Expr, Option<Expr>), CommandError> {
    match words {
        [address] => Ok((Expr::parse(address)?, None)),
        [address, len] => Ok((Expr::parse(address)?, Some(Expr::parse(len)?))),
        [] => Err(args.usage("missing address")),
        _ => Err(args.usage("too many arguments (no blanks inside an expression)")),
    }
}

/// `continue [SECONDS]`.
fn parse_continue(args: &Args) -> Result<DebugCommand, CommandError> {
    match args.words[..] {
        [] => Ok(DebugCommand::Continue(None)),
        [s] => Ok(DebugCommand::Continue(Some(
            s.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_RUN_SECONDS)
                .ok_or_else(|| {
                    args.usage(&format!(
                        "'{s}' is not a number of seconds from 0 to {MAX_RUN_SECONDS} (an emulated hour)"
                    ))
                })?,
        ))),
        _ => Err(args.usage("too many arguments")),
    }
}

/// `mem ADDR [LEN]`.
fn parse_mem(args: &Args) -> Result<DebugCommand, CommandError> {
    let (address, len) = address_and_length(args, &args.words)?;
    Ok(DebugCommand::Mem { address, len })
}

/// `poke ADDR BYTE...`.
fn parse_poke(args: &Args) -> Result<DebugCommand, CommandError> {
    match &args.words[..] {
        [a, bytes @ ..] if !bytes.is_empty() => Ok(DebugCommand::Poke {
            address: Expr::parse(a)?,
            bytes: args.bytes(bytes)?,
        }),
        _ => Err(args.usage("needs an address and at least one byte")),
    }
}

/// `dis [ADDR] [N]`.
fn parse_dis(args: &Args) -> Result<DebugCommand, CommandError> {
    let (address, count) = match args.words[..] {
        [] => (None, None),
        [a] => (Some(Expr::parse(a)?), None),
        [a, n] => (
            Some(Expr::parse(a)?),
            Some(
                number(n)
                    .ok()
                    .and_then(|n| u64::try_from(n).ok())
                    .filter(|n| (1..=1000).contains(n))
                    .ok_or_else(|| args.usage(&format!("'{n}' is not a count 1..1000")))?,
            ),
        ),
        _ => return Err(args.usage("too many arguments")),
    };
    Ok(DebugCommand::Dis { address, count })
}

/// Split `LOCATION if CONDITION` at the word `if`.
fn split_condition(text: &str) -> (&str, Option<&str>) {
    let lower = text.to_ascii_lowercase();
    let mut search = 0;
    while let Some(i) = lower[search..].find("if") {
        let at = search + i;
        let before_ok = at == 0 || lower.as_bytes()[at - 1].is_ascii_whitespace();
        let after_ok = lower
            .as_bytes()
            .get(at + 2)
            .is_none_or(|b| b.is_ascii_whitespace());
        if before_ok && after_ok {
            // An empty condition stays `Some("")`: `break X if` is refused, not unconditional.
            return (text[..at].trim(), Some(text[at + 2..].trim()));
        }
        search = at + 2;
    }
    (text.trim(), None)
}

/// `file:line` or an address expression.
fn location(text: &str) -> Result<Location, CommandError> {
    if let Some((file, line)) = text.rsplit_once(':')
        && !file.is_empty()
        && !file.contains(char::is_whitespace)
        && let Ok(line) = line.trim().parse::<u32>()
    {
        return Ok(Location::Line {
            file: file.to_string(),
            line,
        });
    }
    Ok(Location::Address(Expr::parse(text)?))
}

/// Numbers 0..=255 in any notation.
fn byte_list(words: &[&str]) -> Result<Vec<u8>, String> {
    words
        .iter()
        .map(|w| {
            number(w)
                .ok()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| format!("'{w}' is not a byte (0..255)"))
        })
        .collect()
}

/// The text of `help` and `help COMMAND`.
pub fn help(topic: Option<&str>) -> Result<String, String> {
    match topic {
        None => {
            let mut out =
                String::from("commands (short forms in brackets; 'help COMMAND' for more):\n");
            for c in COMMANDS {
                let names = if c.aliases.is_empty() {
                    c.name.to_string()
                } else {
                    format!("{} ({})", c.name, c.aliases.join(", "))
                };
                writeln!(out, "  {names:<28} {}", c.summary).ok();
            }
            out.push_str(
                "expressions: numbers (42 0x2A $2A 2AH %101010), registers, flags (ZF CF ...),\n  symbols, (ADDR) a byte, w@ADDR a word, [..] grouping, C operators\n",
            );
            Ok(out)
        }
        Some(word) => {
            let c = lookup(word).ok_or_else(|| format!("no command '{word}'"))?;
            Ok(format!(
                "{}\n  {}\n  short forms: {}\n  example: {}\n",
                c.usage,
                c.summary,
                if c.aliases.is_empty() {
                    "-".to_string()
                } else {
                    c.aliases.join(", ")
                },
                c.example
            ))
        }
    }
}

/// `trace on [FILE]` or `trace off`.
fn parse_trace(args: &Args) -> Result<DebugCommand, CommandError> {
    let (on, file) = match args.words[..] {
        [on] if on.eq_ignore_ascii_case("on") => (true, None),
        [on, file] if on.eq_ignore_ascii_case("on") => (true, Some(file.to_string())),
        [off] if off.eq_ignore_ascii_case("off") => (false, None),
        _ => return Err(args.usage("say 'on' or 'off'")),
    };
    Ok(DebugCommand::Trace { on, file })
}

mod send;
#[cfg(test)]
mod tests;
