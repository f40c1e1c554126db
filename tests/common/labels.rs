//! Debugger output as a snapshot records it: the committed ROM's labels in place of its
//! addresses, so that a snapshot changes when what the program does changes, not whenever a
//! byte of the ROM moves. `breakpoint 1 at 1C7E ANALYS` becomes `breakpoint 1 at ANALYS`; a
//! disassembled line `=>1CB5  CD 8C 18  CALL 188ch <GENEVAL>  ; search.asm:575  ...` becomes
//! `=>THKR+2  CALL GENEVAL  ; search.asm  ...`; `(e17dh) <PLYTAB+2>` becomes `(PLYTAB+2)`;
//! `from 09B0` becomes `from CGO+22`; a RAM operand the disassembler did not name,
//! `(e369h)`, becomes `(SRFLAGS)`, and a register holding a RAM address, `DE E155`, becomes
//! `DE MSTOP` (the RAM plan moves with every variable added); source line numbers, the
//! refresh register, a trace line's T-state count and the emulated-time figures of `cycles`
//! go. Other register values stay: they are data.

use c7010::debugger::DebugInfo;
use c7010::machine::{RAM_START, ROM_SIZE};

/// `text` (debugger output on the built-in ROM) with labels for addresses, line by line.
pub fn with_labels(text: &str) -> String {
    let info = DebugInfo::builtin();
    text.lines()
        .map(|line| {
            let line = disassembly(&info, line)
                .or_else(|| traced(&info, line))
                .unwrap_or_else(|| line.to_string());
            let line = named_operands(&line);
            let line = ram_operands(&info, &line);
            let line = register_pointers(&info, &line);
            let line = addresses(&info, &line);
            let line = without_line_numbers(&line);
            format!("{}\n", volatile_figures(&line))
        })
        .collect()
}

/// The label form of a ROM or RAM address (`ANALYS`, `CGO+25`, `BOARD+35`).
fn name(info: &DebugInfo, address: u16) -> Option<String> {
    if address < ROM_SIZE as u16 {
        info.name_of(address)
    } else if address >= RAM_START {
        Some(info.ram_name(address)).filter(|n| !n.is_empty())
    } else {
        None
    }
}

fn hex4(s: &str) -> Option<u16> {
    let upper = s.len() == 4
        && s.bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase());
    upper.then(|| u16::from_str_radix(s, 16).ok()).flatten()
}

/// A disassembled line (`{marker}{address}  {bytes, 12 wide} {text} ; {source}`) with the
/// address named and the bytes, which hold addresses too, left out.
fn disassembly(info: &DebugInfo, line: &str) -> Option<String> {
    let marker = line
        .get(..2)
        .filter(|m| ["=>", "*>", "* ", "  "].contains(m))?;
    let address = hex4(line.get(2..6)?)?;
    let bytes = line.get(6..21)?;
    let is_bytes = bytes.starts_with("  ")
        && bytes
            .split_whitespace()
            .all(|b| b.len() == 2 && b.bytes().all(|c| c.is_ascii_hexdigit()));
    if !is_bytes {
        return None;
    }
    let rest = &line[21..];
    let here = name(info, address)?;
    Some(match rest.split_once("; ") {
        Some((text, source)) => format!("{marker}{here}  {}  ; {source}", text.trim_end()),
        None => format!("{marker}{here}  {}", rest.trim_end()),
    })
}

/// A trace line (the T-state count, then a disassembled line) without the count.
fn traced(info: &DebugInfo, line: &str) -> Option<String> {
    let (count, rest) = line.trim_start().split_once(' ')?;
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(format!("     ... {}", disassembly(info, rest)?))
}

/// `1441h <POSANA>` as `POSANA`, `(e17dh) <PLYTAB+2>` as `(PLYTAB+2)`.
fn named_operands(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(h) = rest.find("h <").or_else(|| rest.find("h) <")) {
        let start = rest[..h]
            .rfind(|c: char| !c.is_ascii_hexdigit())
            .map_or(0, |i| i + 1);
        let (Some(open), Some(close)) = (rest[h..].find('<'), rest[h..].find('>')) else {
            break;
        };
        let label = &rest[h + open + 1..h + close];
        if start == h {
            // Not a hex operand ("...h <" in other text): keep it as it is.
            out.push_str(&rest[..=h]);
            rest = &rest[h + 1..];
            continue;
        }
        if rest[h..].starts_with("h)") && rest[..start].ends_with('(') {
            out.push_str(&rest[..start - 1]);
            out.push_str(&format!("({label})"));
        } else {
            out.push_str(&rest[..start]);
            out.push_str(label);
        }
        rest = &rest[h + close + 1..];
    }
    out.push_str(rest);
    out
}

/// `(e369h)` as `(SRFLAGS)`: a RAM address the disassembler printed without a name.
fn ram_operands(info: &DebugInfo, line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find('(') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let word = rest.get(..6).filter(|w| w.ends_with("h)"));
        let ram = word
            .and_then(|w| u16::from_str_radix(&w[..4], 16).ok())
            .filter(|&a| a >= RAM_START)
            .map(|a| info.ram_name(a))
            .filter(|n| !n.is_empty());
        if let Some(n) = ram {
            out.push_str(&n);
            rest = &rest[5..];
        }
    }
    out.push_str(rest);
    out
}

/// In a register row (`BC 0000  DE E155 ...`), a value in RAM is an address: named, as
/// `DE MSTOP`. The stack pointer stays a number: the stack's top is fixed (0E7FFH).
fn register_pointers(info: &DebugInfo, line: &str) -> String {
    if !["AF ", "BC ", "IX "].iter().any(|r| line.starts_with(r)) {
        return line.to_string();
    }
    let mut after_sp = false;
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            let named = hex4(w)
                .filter(|&a| a >= RAM_START && !after_sp)
                .map(|a| info.ram_name(a))
                .filter(|n| !n.is_empty());
            after_sp = w == "SP";
            named.unwrap_or_else(|| w.to_string())
        })
        .collect();
    words.join(" ")
}

/// A 4-digit address followed by its own name loses the number (`1C7E ANALYS`); one starting
/// a range (`E04D..`) or after `from` is named.
fn addresses(info: &DebugInfo, line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(|c: char| c.is_ascii_hexdigit()) {
        let word_end = rest[at..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(rest.len(), |i| at + i);
        let boundary = at == 0 || !rest[..at].ends_with(|c: char| c.is_ascii_alphanumeric());
        let (before, word, after) = (&rest[..at], &rest[at..word_end], &rest[word_end..]);
        out.push_str(before);
        match hex4(word).filter(|_| boundary).and_then(|a| name(info, a)) {
            Some(n) if after.trim_start().starts_with(&n) => {
                rest = after.trim_start();
                continue;
            }
            Some(n) if after.starts_with("..") || out.ends_with("..") || out.ends_with("from ") => {
                out.push_str(&n)
            }
            _ => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `search.asm:552` as `search.asm`: a line number moves with every line added above it.
fn without_line_numbers(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(".asm:") {
        out.push_str(&rest[..at + 4]);
        rest = rest[at + 5..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

/// The refresh register counts instructions, and `cycles` reports the emulated time: both
/// change with every instruction of the ROM (the tests compare them with the machine).
fn volatile_figures(line: &str) -> String {
    if line.starts_with("T-states ") {
        return "T-states, emulated time and instructions (not recorded)".into();
    }
    match line.find("  R ") {
        Some(at) if line.starts_with("IX ") => {
            let mut out = line.to_string();
            out.replace_range(at + 4..at + 6, "..");
            out
        }
        _ => line.to_string(),
    }
}
