//! The window's debugger panel (F12 in `c7010 play`): the module paused, and beside its
//! picture the registers, the code around PC with labels and source lines, and the call
//! stack; F10 steps over a CALL, F11 steps one instruction, F12 closes the panel and lets the
//! module run on.
//!
//! Everything the panel shows comes from a [`DebugSession`] of the text debugger attached to the
//! module's machine (`DebugSession::attach`), so the panel and `c7010 debug` print the same
//! registers, disassembly and stack walk, and the panel's F10/F11 are the `next` and `step`
//! commands. Two halves, neither needing a window: [`panel_lines`] turns the session into
//! text lines, [`draw_panel`] paints lines into a pixel buffer with the 8x8 font of the
//! `font8x8` crate (the G7000's own character set has no lowercase and only 64 glyphs).

use crate::debugger::{DebugInfo, DebugSession, MachineHandle};
use crate::machine::Machine;

/// Characters per panel row at most; longer lines are wrapped when drawn (`wrap_line`).
pub const PANEL_COLUMNS: usize = 100;

/// Instructions shown before PC (found through the source map: the Z80 cannot be decoded
/// backwards).
pub const INSTRUCTIONS_BEFORE: usize = 3;

/// Instructions shown from PC on, PC's included.
pub const INSTRUCTIONS_FROM_PC: usize = 9;

/// The panel's first line: what the keys do.
pub const TITLE: &str = "DEBUGGER: MODULE PAUSED    F10 NEXT   F11 STEP   F12 CONTINUE";

/// Section headings (drawn in their own colour).
pub const HEADINGS: [&str; 3] = ["REGISTERS", "CODE", "CALL STACK"];

/// Pixels of one glyph cell at glyph scale 1 (font8x8's glyphs are 8 x 8).
const GLYPH: usize = 8;

/// Pixels from one text line to the next at glyph scale 1: the glyph and a 2-pixel gap.
const LINE_HEIGHT: usize = 10;

/// Blank pixels around the text at glyph scale 1.
const MARGIN: usize = 8;

/// Panel colours (0RGB, as the window's buffer holds them).
const BACKGROUND: u32 = 0x0010_1828;
const TEXT: u32 = 0x00D0_D0D0;
const HEADING: u32 = 0x0060_C0FF;
const PC_LINE: u32 = 0x00FF_E060;

/// What a key asks of the paused module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelAction {
    /// F10: one instruction, a CALL or RST run until it returns (the debugger's `next`).
    Next,
    /// F11: exactly one instruction (the debugger's `step`).
    Step,
}

impl PanelAction {
    /// The text debugger's command for the action.
    pub fn command(self) -> &'static str {
        match self {
            PanelAction::Next => "next",
            PanelAction::Step => "step",
        }
    }
}

/// The debugger on the paused module. The module's machine stays in the console's engine:
/// each key attaches a session to it for that key only ([`DebugSession::attach`] on a
/// `&mut Machine`), so the panel never holds a machine. The panel's keys (`next`, `step`)
/// need nothing kept between them: no breakpoints, no step-back.
#[derive(Debug)]
pub struct DebugPanel {
    info: DebugInfo,
    /// What the last action said besides the new PC line (a stop reason, a fault).
    status: Vec<String>,
}

impl DebugPanel {
    /// Pause a module whose ROM `info` describes.
    pub fn open(info: DebugInfo) -> DebugPanel {
        DebugPanel {
            info,
            status: Vec::new(),
        }
    }

    /// A session on the borrowed `machine`, stopped where it is.
    fn session<'m>(&self, machine: &'m mut Machine) -> DebugSession<&'m mut Machine> {
        DebugSession::attach(machine, self.info.clone())
    }

    /// Run `action` on `machine` as the text debugger would.
    pub fn act(&mut self, machine: &mut Machine, action: PanelAction) {
        let mut session = self.session(machine);
        let reply = session.execute(action.command());
        // The breakpoint `next` may have set goes with the session.
        session.into_machine();
        // The reply ends with the instruction at the new PC, which the code section shows.
        self.status = reply
            .output
            .lines()
            .filter(|l| !is_pc_line(l))
            .map(str::to_string)
            .collect();
    }

    /// The panel's text for `machine` now.
    pub fn lines(&self, machine: &mut Machine) -> Vec<String> {
        panel_lines(&mut self.session(machine), &self.status)
    }
}

/// The panel's text: the title, `status` (what the last action said), the registers as
/// `regs` shows them, the code around PC as `dis` shows it (labels, bytes, operand names,
/// source line; `=>` marks PC) and the call stack as `bt` shows it.
pub fn panel_lines<M: MachineHandle>(
    session: &mut DebugSession<M>,
    status: &[String],
) -> Vec<String> {
    let mut lines = vec![TITLE.to_string()];
    lines.extend(status.iter().cloned());
    lines.push(String::new());
    lines.push(HEADINGS[0].to_string());
    lines.extend(session.registers_text().lines().map(str::to_string));
    lines.push(String::new());
    lines.push(HEADINGS[1].to_string());
    let pc = session.machine().registers().pc;
    let mut start = pc;
    let mut before = 0;
    for _ in 0..INSTRUCTIONS_BEFORE {
        match session.info().line_before(start) {
            Some(a) => {
                start = a;
                before += 1;
            }
            None => break,
        }
    }
    let code = session.disassembly(start, before + INSTRUCTIONS_FROM_PC);
    lines.extend(code.lines().map(str::to_string));
    lines.push(String::new());
    lines.push(HEADINGS[2].to_string());
    lines.extend(session.backtrace().lines().map(str::to_string));
    lines
}

/// True for the disassembly line of the instruction at PC (`=>`, or `*>` on a breakpoint).
fn is_pc_line(line: &str) -> bool {
    line.starts_with("=>") || line.starts_with("*>")
}

/// Width in pixels of a panel drawn with `glyph_scale` (each font pixel a square of that
/// many pixels).
pub fn panel_width(glyph_scale: usize) -> usize {
    (PANEL_COLUMNS * GLYPH + 2 * MARGIN) * glyph_scale.max(1)
}

/// Height in pixels that `lines` text lines take with `glyph_scale`.
pub fn panel_height(lines: usize, glyph_scale: usize) -> usize {
    (lines * LINE_HEIGHT + 2 * MARGIN) * glyph_scale.max(1)
}

/// Paints the panel into the columns `left..width` of `buffer` (row-major, `width` pixels a
/// row, 0RGB): a plain background, then `lines` top to bottom, each line longer than the
/// panel is wide wrapped onto the rows below it ([`wrap_line`]). Rows that do not fit below
/// are cut; pixels left of `left` are not touched. Characters outside ASCII are drawn as
/// `?`.
pub fn draw_panel(
    lines: &[String],
    buffer: &mut [u32],
    width: usize,
    left: usize,
    glyph_scale: usize,
) {
    if width == 0 || left >= width {
        return;
    }
    let height = buffer.len() / width;
    let g = glyph_scale.max(1);
    for row in buffer.chunks_exact_mut(width) {
        row[left..].fill(BACKGROUND);
    }
    let columns = panel_columns(width - left, g);
    let rows = lines.iter().enumerate().flat_map(|(i, line)| {
        let colour = if HEADINGS.contains(&line.as_str()) || i == 0 {
            HEADING
        } else if is_pc_line(line) {
            PC_LINE
        } else {
            TEXT
        };
        wrap_line(line, columns)
            .into_iter()
            .map(move |row| (row, colour))
    });
    for (i, (row, colour)) in rows.enumerate() {
        let top = (MARGIN + i * LINE_HEIGHT) * g;
        if top + GLYPH * g > height {
            break;
        }
        // (A panel too narrow to wrap in, under 8 columns, is cut.)
        for (column, c) in row.chars().take(columns).enumerate() {
            let x = left + (MARGIN + column * GLYPH) * g;
            draw_glyph(buffer, width, x, top, c, colour, g);
        }
    }
}

/// Characters a row of a panel `pixels` wide holds at `glyph_scale` (at most
/// [`PANEL_COLUMNS`]).
pub fn panel_columns(pixels: usize, glyph_scale: usize) -> usize {
    let g = glyph_scale.max(1);
    (pixels.saturating_sub(2 * MARGIN * g) / (GLYPH * g)).min(PANEL_COLUMNS)
}

/// `line` in rows of at most `columns` characters: broken at the last space that fits, each
/// row after the first hung under the text of the line's last part (a code line's
/// `; source`, a stack frame's `(CALL ...)`, else four columns in), so nothing is cut at the right edge.
pub fn wrap_line(line: &str, columns: usize) -> Vec<String> {
    let chars: Vec<char> = line.trim_end().chars().collect();
    if chars.len() <= columns || columns < 8 {
        return vec![chars.into_iter().collect()];
    }
    let hang = [" ; ", "  ("]
        .iter()
        .filter_map(|mark| line.find(mark).map(|at| line[..at].chars().count() + 3))
        .find(|&at| at + 24 <= columns)
        .unwrap_or(4);
    let mut rows = Vec::new();
    let mut rest = &chars[..];
    let mut room = columns;
    while rest.len() > room {
        // The last space within the room (not the row's first character), else a hard cut.
        let cut = (1..=room).rev().find(|&i| rest[i] == ' ').unwrap_or(room);
        let row: String = rest[..cut].iter().collect();
        rows.push(row.trim_end().to_string());
        rest = &rest[cut..];
        while rest.first() == Some(&' ') {
            rest = &rest[1..];
        }
        room = columns - hang;
    }
    if !rest.is_empty() || rows.is_empty() {
        rows.push(rest.iter().collect());
    }
    for row in rows.iter_mut().skip(1) {
        *row = format!("{}{row}", " ".repeat(hang));
    }
    rows
}

/// One character at (`x`, `y`), each font pixel `g` x `g` screen pixels.
fn draw_glyph(
    buffer: &mut [u32],
    width: usize,
    x: usize,
    y: usize,
    c: char,
    colour: u32,
    g: usize,
) {
    let code = if c.is_ascii() {
        c as usize
    } else {
        '?' as usize
    };
    let glyph = font8x8::legacy::BASIC_LEGACY[code];
    for (dy, bits) in glyph.iter().enumerate() {
        for dx in 0..GLYPH {
            // font8x8 keeps the leftmost pixel in bit 0.
            if bits & (1 << dx) == 0 {
                continue;
            }
            for sy in 0..g {
                let row = (y + dy * g + sy) * width;
                let start = row + x + dx * g;
                if let Some(pixels) = buffer.get_mut(start..start + g) {
                    pixels.fill(colour);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glyph_lands_where_its_font_bits_are() {
        // 'I' in font8x8 has its vertical bar in columns 2..=3 of row 1.
        let width = 200;
        let mut buffer = vec![0u32; width * 40];
        draw_panel(&["I".to_string()], &mut buffer, width, 100, 1);
        let at = |x: usize, y: usize| buffer[y * width + x];
        let glyph = font8x8::legacy::BASIC_LEGACY['I' as usize];
        for (dy, bits) in glyph.iter().enumerate() {
            for dx in 0..8 {
                let lit = bits & (1 << dx) != 0;
                let expected = if lit { HEADING } else { BACKGROUND };
                assert_eq!(at(100 + MARGIN + dx, MARGIN + dy), expected, "({dx},{dy})");
            }
        }
        assert_eq!(at(99, 10), 0, "left of the panel untouched");
    }

    #[test]
    fn a_long_line_wraps_at_spaces_and_a_narrow_panel_stays_in_its_columns() {
        let line = "#1  1BE1  PASLP+12  asm/search.asm:400  (CALL STOPCHK from 1BDE; return address at E7F4)";
        let rows = wrap_line(line, 60);
        assert_eq!(
            rows,
            [
                "#1  1BE1  PASLP+12  asm/search.asm:400  (CALL STOPCHK from",
                // Hung under `(CALL` only where 24 columns are left there; else 4 in.
                "    1BDE; return address at E7F4)",
            ]
        );
        assert_eq!(wrap_line("short", 60), ["short"]);
        // A panel 5 columns wide: nothing is drawn left of it, in the next row's picture.
        let width = 100;
        let mut buffer = vec![0u32; width * 40];
        let left = width - (2 * MARGIN + 5 * GLYPH);
        draw_panel(&[line.to_string()], &mut buffer, width, left, 1);
        for row in buffer.chunks_exact(width) {
            assert!(row[..left].iter().all(|&p| p == 0));
        }
    }
}
