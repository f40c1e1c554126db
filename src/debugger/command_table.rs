//! The table of the debugger's commands: names, short forms, usage, a summary and an
//! example each. `help` and docs/debugger.md show it; [`super::command::parse`] matches on
//! [`Kind`] without a catch-all, so a command added here without a way to parse it does
//! not compile.

/// Each command of the language, one per entry of [`COMMANDS`]; [`super::command::parse`] matches on it
/// without a catch-all, so a command added without a way to parse it does not compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `break`
    Break,
    /// `watch`
    Watch,
    /// `breaks`
    Breaks,
    /// `enable`
    Enable,
    /// `disable`
    Disable,
    /// `delete`
    Delete,
    /// `step`
    Step,
    /// `next`
    Next,
    /// `finish`
    Finish,
    /// `continue`
    Continue,
    /// `run-to`
    RunTo,
    /// `until-latch`
    UntilLatch,
    /// `regs`
    Regs,
    /// `info`
    Info,
    /// `print`
    Print,
    /// `display`
    Display,
    /// `undisplay`
    Undisplay,
    /// `set`
    Set,
    /// `mem`
    Mem,
    /// `poke`
    Poke,
    /// `dis`
    Dis,
    /// `src`
    Src,
    /// `where`
    Where,
    /// `board`
    Board,
    /// `cycles`
    Cycles,
    /// `latches`
    Latches,
    /// `send`
    Send,
    /// `go`
    Go,
    /// `trace`
    Trace,
    /// `save`
    Save,
    /// `load`
    Load,
    /// `back`
    Back,
    /// `help`
    Help,
    /// `quit`
    Quit,
}

/// Help for one command.
#[derive(Debug, Clone, Copy)]
pub struct CommandInfo {
    /// Which command it is.
    pub kind: Kind,
    /// Long name.
    pub name: &'static str,
    /// Short forms.
    pub aliases: &'static [&'static str],
    /// Usage line.
    pub usage: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// An example.
    pub example: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        kind: Kind::Break,
        name: "break",
        aliases: &["b", "bp"],
        usage: "break [ADDR|SYMBOL|FILE:LINE] [if COND]",
        summary: "set a breakpoint (stops before the instruction runs; with a condition, only when it is true); without arguments, list them",
        example: "break RECVMSG if A==0",
    },
    CommandInfo {
        kind: Kind::Watch,
        name: "watch",
        aliases: &["w", "wp"],
        usage: "watch [read|write|access] ADDR|VARIABLE [LEN]",
        summary: "stop after an instruction reads or writes the range (default write; a named RAM variable covers its whole size)",
        example: "watch write BOARD",
    },
    CommandInfo {
        kind: Kind::Breaks,
        name: "breaks",
        aliases: &["bl"],
        usage: "breaks",
        summary: "list breakpoints and watchpoints with their numbers",
        example: "breaks",
    },
    CommandInfo {
        kind: Kind::Enable,
        name: "enable",
        aliases: &["en"],
        usage: "enable N...",
        summary: "enable breakpoints or watchpoints by number",
        example: "enable 1 2",
    },
    CommandInfo {
        kind: Kind::Disable,
        name: "disable",
        aliases: &["di"],
        usage: "disable N...",
        summary: "disable breakpoints or watchpoints by number",
        example: "disable 1",
    },
    CommandInfo {
        kind: Kind::Delete,
        name: "delete",
        aliases: &["del"],
        usage: "delete [N...]",
        summary: "delete breakpoints or watchpoints by number (all without numbers)",
        example: "delete 2",
    },
    CommandInfo {
        kind: Kind::Step,
        name: "step",
        aliases: &["s", "si"],
        usage: "step [N]",
        summary: "execute N instructions (default 1), stopping early at a breakpoint or watchpoint",
        example: "step 5",
    },
    CommandInfo {
        kind: Kind::Next,
        name: "next",
        aliases: &["n", "ni"],
        usage: "next",
        summary: "execute one instruction, running a CALL or RST through to its return",
        example: "next",
    },
    CommandInfo {
        kind: Kind::Finish,
        name: "finish",
        aliases: &["fin"],
        usage: "finish",
        summary: "run until the current routine returns to its caller",
        example: "finish",
    },
    CommandInfo {
        kind: Kind::Continue,
        name: "continue",
        aliases: &["c", "cont", "g"],
        usage: "continue [SECONDS]",
        summary: "run until a breakpoint, watchpoint or fault, for at most SECONDS of emulated time (default 10, at most 3600)",
        example: "continue",
    },
    CommandInfo {
        kind: Kind::RunTo,
        name: "run-to",
        aliases: &["rt", "until"],
        usage: "run-to ADDR|SYMBOL|FILE:LINE",
        summary: "run until PC reaches the location (other breakpoints still stop)",
        example: "run-to SENDMSG",
    },
    CommandInfo {
        kind: Kind::UntilLatch,
        name: "until-latch",
        aliases: &["ul"],
        usage: "until-latch",
        summary: "run until the module writes its latch (talks to the console)",
        example: "until-latch",
    },
    CommandInfo {
        kind: Kind::Regs,
        name: "regs",
        aliases: &["r", "registers"],
        usage: "regs",
        summary: "all registers, the alternate set, flags decoded, interrupt state",
        example: "regs",
    },
    CommandInfo {
        kind: Kind::Info,
        name: "info",
        aliases: &["i"],
        usage: "info registers|breakpoints|display|stack",
        summary: "gdb's names: `info registers` is `regs`, `info breakpoints` (or `watchpoints`) is `breaks`, `info display` lists the displays, `info stack` is `where`",
        example: "info registers",
    },
    CommandInfo {
        kind: Kind::Print,
        name: "print",
        aliases: &["p", "eval"],
        usage: "print EXPR",
        summary: "the value of an expression (registers, flags, symbols, `(ADDR)` a byte, `w@ADDR` a word) in hexadecimal and decimal",
        example: "print (BOARD+35)",
    },
    CommandInfo {
        kind: Kind::Display,
        name: "display",
        aliases: &["disp"],
        usage: "display [EXPR]",
        summary: "print the expression now and after every stop from now on; without one, print every display now",
        example: "display w@HL",
    },
    CommandInfo {
        kind: Kind::Undisplay,
        name: "undisplay",
        aliases: &["undisp"],
        usage: "undisplay [N...]",
        summary: "stop displays by number (all without numbers)",
        example: "undisplay 1",
    },
    CommandInfo {
        kind: Kind::Set,
        name: "set",
        aliases: &[],
        usage: "set REGISTER VALUE | set ADDR BYTE...",
        summary: "set a register (A..L, AF..HL, AF'..HL', IX, IY, IXH..IYL, SP, PC, I, R) or a flag (SF ZF HF PF NF CF: 0 or 1) to an expression's value (`set A=5` too); anything else is an address, and `set` writes bytes there as `poke` does",
        example: "set A 5",
    },
    CommandInfo {
        kind: Kind::Mem,
        name: "mem",
        aliases: &["m", "x"],
        usage: "mem ADDR [LEN]",
        summary: "hex and ASCII dump (default 64 bytes)",
        example: "mem BOARD 120",
    },
    CommandInfo {
        kind: Kind::Poke,
        name: "poke",
        aliases: &[],
        usage: "poke ADDR BYTE...",
        summary: "write bytes into RAM (a snapshot is taken so `back` does not undo the write by replay)",
        example: "poke SIDE 0x80",
    },
    CommandInfo {
        kind: Kind::Dis,
        name: "dis",
        aliases: &["u", "dasm"],
        usage: "dis [ADDR] [N]",
        summary: "disassemble N instructions (default 10) from ADDR (default PC) with labels and source lines",
        example: "dis RECVMSG 4",
    },
    CommandInfo {
        kind: Kind::Src,
        name: "src",
        aliases: &["list", "l"],
        usage: "src [ADDR|FILE:LINE]",
        summary: "the source lines around PC (or a location)",
        example: "src",
    },
    CommandInfo {
        kind: Kind::Where,
        name: "where",
        aliases: &["bt", "backtrace"],
        usage: "where",
        summary: "walk the stack: every word that is the return address of a CALL or RST, named by symbols",
        example: "bt",
    },
    CommandInfo {
        kind: Kind::Board,
        name: "board",
        aliases: &["bd"],
        usage: "board",
        summary: "the guest's board (BOARD in RAM) as a diagram with the side to move, and the move list of the current ply",
        example: "board",
    },
    CommandInfo {
        kind: Kind::Cycles,
        name: "cycles",
        aliases: &["cy", "time"],
        usage: "cycles",
        summary: "T-states, emulated time and instructions since power-on",
        example: "cycles",
    },
    CommandInfo {
        kind: Kind::Latches,
        name: "latches",
        aliases: &["la"],
        usage: "latches",
        summary: "both latches decoded (SEQ, ACK, payload), the host link and the events received",
        example: "latches",
    },
    CommandInfo {
        kind: Kind::Send,
        name: "send",
        aliases: &["inject"],
        usage: "send TYPE [BYTE...] | send raw BYTE",
        summary: "queue a host message (type and payload; framed and sent by the host link) or write one raw unit to the host latch",
        example: "send 0x09",
    },
    CommandInfo {
        kind: Kind::Go,
        name: "go",
        aliases: &["search"],
        usage: "go [BUDGET [DRAW-ENTRY...]]",
        summary: "send GO through the host link (with BUDGET positions as its 4-byte payload, else the level's budget; with root-list entries (0 = the first legal move in generation order) after it, the long form marking them as moves that draw); `continue` then runs the search",
        example: "go 200",
    },
    CommandInfo {
        kind: Kind::Trace,
        name: "trace",
        aliases: &["tr"],
        usage: "trace on [FILE] | trace off",
        summary: "print every executed instruction with its symbol (to FILE if given)",
        example: "trace on trace.txt",
    },
    CommandInfo {
        kind: Kind::Save,
        name: "save",
        aliases: &["ss"],
        usage: "save FILE",
        summary: "save the machine state (docs/machine.md format)",
        example: "save here.state",
    },
    CommandInfo {
        kind: Kind::Load,
        name: "load",
        aliases: &["sl"],
        usage: "load FILE",
        summary: "load a machine state saved before (breakpoints and watchpoints stay)",
        example: "load here.state",
    },
    CommandInfo {
        kind: Kind::Back,
        name: "back",
        aliases: &["rs", "reverse-step"],
        usage: "back [N]",
        summary: "step back N instructions (default 1) through automatic snapshots",
        example: "back 3",
    },
    CommandInfo {
        kind: Kind::Help,
        name: "help",
        aliases: &["h", "?"],
        usage: "help [COMMAND]",
        summary: "list the commands, or show one in full",
        example: "help break",
    },
    CommandInfo {
        kind: Kind::Quit,
        name: "quit",
        aliases: &["q", "exit"],
        usage: "quit",
        summary: "end the session",
        example: "quit",
    },
];

/// Find a command by its name or a short form.
pub fn lookup(word: &str) -> Option<&'static CommandInfo> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word.as_str()))
}
