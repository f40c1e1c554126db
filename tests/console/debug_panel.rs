//! The window's debugger panel (`console::debug_panel`, F12 in `c7010 play`) on the real
//! guest ROM, without a window: the module stopped at ANALYS (the search's start) the way
//! the window stops it, in the middle of a GO.
//!
//! - the panel's text names ANALYS, shows PC's address from `roms/c7010.sym`, the source
//!   line `search.asm:...`, and the call stack with the return address found on the stack
//!   and the label before it; its registers, code and stack lines are the text debugger's
//!   `regs`, `dis` and `bt` from the same state;
//! - F10/F11 change the machine exactly as the text debugger's `next`/`step` do from the
//!   same state (a `c7010 debug` session that got there through the host link);
//! - the panel borrows the engine's machine for each key (no machine of its own), and after
//!   it the module finishes its search with the same decision as a module never paused;
//! - drawing the lines paints the panel area and leaves the picture area alone.

use crate::common::labels::with_labels;
use crate::common::symbol::symbol;

use c7010::assembler::{SymbolKind, parse_symbol_file};
use c7010::console::debug_panel::{DebugPanel, PanelAction, draw_panel, panel_width};
use c7010::debugger::{DebugInfo, DebugSession};
use c7010::engine::guest::GuestEngine;
use c7010::engine::{Decision, Engine, Limit, Said};
use c7010::guest::image::{BUILTIN_ROM, BUILTIN_SYMBOLS};
use c7010::machine::Machine;
use c7010::machine::clock::SLICE_T_STATES;
use c7010::reference::game::Game;

/// A quiet Queen's Gambit middle game, out of the opening book, white to move (the text
/// debugger's acceptance scenario uses it too).
const FEN: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";

/// Positions the search may evaluate: a short search.
const BUDGET: u32 = 200;

/// The code label at or below `address` in `roms/c7010.sym`, read here, not through the
/// debugger.
fn label_before(address: u16) -> String {
    parse_symbol_file(BUILTIN_SYMBOLS)
        .unwrap()
        .into_iter()
        .filter(|s| matches!(s.kind, SymbolKind::Label | SymbolKind::Local) && s.value <= address)
        .max_by_key(|s| s.value)
        .expect("a label below")
        .name
}

/// A copy of a machine, through its save state.
fn copy(machine: &Machine) -> Machine {
    Machine::load_state(&machine.save_state()).unwrap()
}

/// A guest engine thinking on FEN, its module stopped at `label` as the window's F12 would
/// find it (the module's own breakpoint, then removed).
fn engine_stopped_at(label: &str) -> GuestEngine {
    let mut engine = GuestEngine::builtin().unwrap();
    let game = Game::from_fen(FEN).unwrap();
    engine.set_position(game.board()).unwrap();
    let address = symbol(label);
    engine.go(&game, Limit::Positions(BUDGET)).unwrap();
    engine.module_mut().machine_mut().add_breakpoint(address);
    for _ in 0..1000 {
        if engine.module().machine().registers().pc == address {
            break;
        }
        engine.module_mut().run(100_000).unwrap();
    }
    assert_eq!(engine.module().machine().registers().pc, address, "{label}");
    engine.module_mut().machine_mut().clear_breakpoints();
    engine
}

/// Stopped at ANALYS, the search's start.
fn engine_at_analys() -> GuestEngine {
    engine_stopped_at("ANALYS")
}

/// Runs a thinking engine until it decides (at most 60 emulated seconds).
fn decision(engine: &mut GuestEngine) -> Decision {
    for _ in 0..3000 {
        for said in engine.advance(SLICE_T_STATES).unwrap() {
            if let Said::Decided(d) = said {
                return d;
            }
        }
    }
    panic!("no decision in 60 emulated seconds");
}

/// The machine the panel borrows, as the window's F12 does (`Console::engine_machine`).
fn lent(engine: &mut GuestEngine) -> &mut Machine {
    engine.module_mut().machine_mut()
}

#[test]
fn panel_at_analys_shows_registers_code_source_and_stack() {
    let mut engine = engine_at_analys();
    let machine = lent(&mut engine);
    let analys = symbol("ANALYS");
    let regs = machine.registers();
    let ret = u16::from_le_bytes([machine.read(regs.sp), machine.read(regs.sp.wrapping_add(1))]);
    let mut text_debugger = DebugSession::attach(Box::new(copy(machine)), DebugInfo::builtin());
    let panel = DebugPanel::open(DebugInfo::builtin());
    let lines = panel.lines(machine);
    let text = lines.join("\n");

    assert!(
        lines[0].contains("F10") && lines[0].contains("F11") && lines[0].contains("F12"),
        "{text}"
    );
    // Registers: PC named ANALYS with its source line.
    let pc_line = format!("PC {analys:04X}  ANALYS  asm/search.asm:");
    assert!(lines.iter().any(|l| l.starts_with(&pc_line)), "{text}");
    // Code: the instruction at PC marked, with its label line and its source text.
    let at_pc = lines
        .iter()
        .position(|l| l.starts_with(&format!("=>{analys:04X}")))
        .unwrap_or_else(|| panic!("PC's instruction in\n{text}"));
    assert_eq!(lines[at_pc - 1], "ANALYS:", "{text}");
    assert!(lines[at_pc].contains("; search.asm:"), "{text}");
    assert!(
        lines[at_pc].contains("CALL"),
        "ANALYS starts with a call: {text}"
    );
    // Some instructions before PC, found through the source map.
    let code = lines.iter().position(|l| l == "CODE").unwrap();
    assert!(at_pc - code > 2, "instructions before PC: {text}");
    // Stack: the return address at SP, with the label before it from the symbol file.
    let frame = format!("#1  {ret:04X}  {}", label_before(ret));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&frame) && l.contains("(CALL ")),
        "{frame} in\n{text}"
    );
    // The same text as the text debugger's commands.
    for command in ["regs", "bt", "dis . 9"] {
        let command = command.replace('.', &format!("0x{analys:04X}"));
        let reply = text_debugger.execute(&command).output;
        assert!(!reply.starts_with("error"), "{command}: {reply}");
        assert!(
            text.contains(reply.trim_end()),
            "{command}:\n{reply}\nnot in the panel:\n{text}"
        );
    }
    insta::assert_snapshot!("panel_at_analys", with_labels(&text));

    // Continue: the search ends as if never paused.
    let paused = decision(&mut engine);
    let mut unpaused = engine_at_analys();
    assert_eq!(paused, decision(&mut unpaused));
    assert!(paused.best.is_some());
}

#[test]
fn panel_keys_step_as_the_text_debugger() {
    // The text debugger reaches ANALYS its own way: SETUP and GO through its host link.
    let mut text_debugger =
        DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin());
    text_debugger.setup_fen(FEN).unwrap();
    for command in [
        &format!("go {BUDGET}"),
        "break ANALYS",
        "continue",
        "delete",
    ] {
        let out = text_debugger.execute(command).output;
        assert!(!out.starts_with("error"), "{command}: {out}");
    }
    let analys = symbol("ANALYS");
    assert_eq!(text_debugger.machine().registers().pc, analys);
    let mut machine = copy(text_debugger.machine());
    let mut panel = DebugPanel::open(DebugInfo::builtin());
    let keys = [
        PanelAction::Next,
        PanelAction::Step,
        PanelAction::Step,
        PanelAction::Next,
        PanelAction::Step,
        PanelAction::Next,
        PanelAction::Next,
    ];
    for (i, &key) in keys.iter().enumerate() {
        let before = machine.registers().pc;
        panel.act(&mut machine, key);
        let out = text_debugger.execute(key.command()).output;
        assert!(!out.starts_with("error"), "{out}");
        let (p, t) = (&machine, text_debugger.machine());
        assert_eq!(p.registers(), t.registers(), "after key {i} ({key:?})");
        assert_eq!(p.cycles(), t.cycles(), "after key {i} ({key:?})");
        assert_ne!(p.registers().pc, before, "key {i} moved PC");
    }
    // On the window's own path: F10 at ANALYS goes over its CALL (3 bytes), F11 enters
    // the routine called, and the stack then shows the call just made.
    let mut engine = engine_at_analys();
    let mut panel = DebugPanel::open(DebugInfo::builtin());
    panel.act(lent(&mut engine), PanelAction::Next);
    assert_eq!(lent(&mut engine).registers().pc, analys + 3);
    assert!(
        lent(&mut engine).breakpoints().is_empty(),
        "F10's breakpoint is not left in the module"
    );
    let mut engine = engine_at_analys();
    let mut panel = DebugPanel::open(DebugInfo::builtin());
    panel.act(lent(&mut engine), PanelAction::Step);
    let a = analys as usize;
    let callee = u16::from_le_bytes([BUILTIN_ROM[a + 1], BUILTIN_ROM[a + 2]]);
    assert_eq!(BUILTIN_ROM[a], 0xCD, "CALL nn at ANALYS");
    assert_eq!(lent(&mut engine).registers().pc, callee);
    let frame = format!("#1  {:04X}  ANALYS+3", analys + 3);
    let call = format!("(CALL {} from {analys:04X};", label_before(callee));
    let lines = panel.lines(lent(&mut engine));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&frame) && l.contains(&call)),
        "{frame} ... {call} in\n{}",
        lines.join("\n")
    );
}

/// Stopped at its first SENDMSG of the search.
fn engine_at_sendmsg() -> GuestEngine {
    engine_stopped_at("SENDMSG")
}

#[test]
fn stepping_through_a_message_leaves_the_link_to_the_console() {
    // Paused as the module starts sending a message, F11 through its first unit: the
    // panel's session must not take the unit (the console's host end does, after F12),
    // so the search's messages all arrive and it decides as an unpaused one does.
    let mut engine = engine_at_sendmsg();
    let latch_before = engine.module().machine().module_latch();
    let mut panel = DebugPanel::open(DebugInfo::builtin());
    for _ in 0..300 {
        panel.act(lent(&mut engine), PanelAction::Step);
    }
    assert_ne!(
        engine.module().machine().module_latch(),
        latch_before,
        "the module wrote a unit"
    );
    let paused = decision(&mut engine);
    let mut unpaused = engine_at_sendmsg();
    assert_eq!(paused, decision(&mut unpaused));
}

#[test]
fn drawing_paints_the_panel_and_leaves_the_picture() {
    let mut engine = engine_at_analys();
    let panel = DebugPanel::open(DebugInfo::builtin());
    let lines = panel.lines(lent(&mut engine));
    let picture_width = 360 * 2;
    let width = picture_width + panel_width(1);
    let height = 486;
    // A picture of distinct values, so any change shows.
    let mut buffer: Vec<u32> = (0..width * height)
        .map(|i| i as u32 | 0x8000_0000)
        .collect();
    let before = buffer.clone();
    draw_panel(&lines, &mut buffer, width, picture_width, 1);
    for y in 0..height {
        let row = y * width;
        assert_eq!(
            buffer[row..row + picture_width],
            before[row..row + picture_width],
            "picture row {y} changed"
        );
    }
    let panel_pixels: Vec<u32> = (0..height)
        .flat_map(|y| buffer[y * width + picture_width..(y + 1) * width].to_vec())
        .collect();
    let background = panel_pixels[0];
    assert!(
        panel_pixels.iter().all(|&p| p & 0x8000_0000 == 0),
        "all painted"
    );
    let lit = panel_pixels.iter().filter(|&&p| p != background).count();
    assert!(lit > 5000, "text drawn: {lit} lit pixels");
    // Each text line lights pixels in its own band of rows (lines are 10 pixels apart,
    // after an 8-pixel margin); empty lines light none.
    for (i, line) in lines.iter().enumerate().take(40) {
        let band = 8 + i * 10..8 + i * 10 + 8;
        let lit_in_band = band
            .flat_map(|y| buffer[y * width + picture_width..(y + 1) * width].to_vec())
            .filter(|&p| p != background)
            .count();
        assert_eq!(
            lit_in_band > 0,
            !line.trim().is_empty(),
            "line {i}: {line:?}"
        );
    }
}

/// Set in the child process's environment to make `child_window_keeps_its_size` act.
#[cfg(feature = "gui")]
const CHILD: &str = "C7010_DEBUG_PANEL_WINDOW_CHILD";

/// The window under a virtual X server (this test binary again as a child, through
/// `xvfb-run`): showing the panel and closing it again leaves the one window at its size
/// (the panel is drawn inside it). Skipped with a note without `xvfb-run`, except under CI.
#[cfg(feature = "gui")]
#[test]
fn window_keeps_its_size_with_the_panel_under_xvfb() {
    if !crate::common::child_test::xvfb_run_available() {
        return;
    }
    let text = crate::common::child_test::run_under_xvfb(
        module_path!(),
        "child_window_keeps_its_size",
        CHILD,
        "1280x800x24",
        None,
    );
    assert!(text.contains("PICTURE 720x486"), "{text}");
    assert!(text.contains("PANEL 720x486"), "{text}");
    assert!(text.contains("BACK 720x486"), "{text}");
}

#[cfg(feature = "gui")]
#[test]
#[ignore = "child of window_keeps_its_size_with_the_panel_under_xvfb; needs a display"]
fn child_window_keeps_its_size() {
    use c7010::console::ScreenState;
    use c7010::console::render::render_screen;
    use c7010::console::window::Window;
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let frame = render_screen(&ScreenState::start_position()).unwrap();
    let mut window = Window::open(2).unwrap();
    assert!(window.present(&frame));
    let (w, h) = window.size();
    println!("PICTURE {w}x{h}");
    let lines = vec!["REGISTERS".to_string(), "PC 1C8B  ANALYS".to_string()];
    for _ in 0..3 {
        assert!(window.present_with_panel(&frame, Some(&lines)));
    }
    let (w, h) = window.size();
    println!("PANEL {w}x{h}");
    assert!(window.present(&frame));
    let (w, h) = window.size();
    println!("BACK {w}x{h}");
}

/// Issue 26 point 6: at the window's default size (1080 x 729) the panel has 88 columns;
/// a longer line (a source comment at SENDMSG, a call-stack frame of a deeper call) is
/// wrapped, not cut: every character of every line is drawn, counted in lit pixels against
/// the font's own bits.
#[cfg(feature = "gui")]
#[test]
fn long_lines_wrap_at_the_default_window_size() {
    use c7010::console::debug_panel::{panel_columns, wrap_line};
    use c7010::console::window_layout::{DEFAULT_SCALE, arrange};
    let (width, height) = (360 * DEFAULT_SCALE, 243 * DEFAULT_SCALE);
    let (left, g) = arrange(width, height, true).panel.unwrap();
    let columns = panel_columns(width - left, g);
    assert_eq!(columns, 88, "the default window's panel (docs/console.md)");
    let mut engine = engine_at_sendmsg();
    let panel = DebugPanel::open(DebugInfo::builtin());
    let mut lines = panel.lines(lent(&mut engine));
    lines.push(
        "#5  1C8F  POSA21+123  asm/positional.asm:1234  (CALL EVALMOVE from 1C8C; return address at E7F8)"
            .to_string(),
    );
    assert!(
        lines.iter().any(|l| l.len() > columns),
        "a line longer than a row"
    );
    for line in &lines {
        let rows = wrap_line(line, columns);
        assert!(
            rows.iter().all(|r| r.chars().count() <= columns),
            "{rows:?}"
        );
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&rows.join(" ")), words(line), "{rows:?}");
    }
    let frame = wrap_line(lines.last().unwrap(), columns);
    assert_eq!(frame.len(), 2, "{frame:?}");
    assert!(frame[1].ends_with("E7F8)"), "{frame:?}");
    assert_eq!(
        frame[1].find(|c| c != ' '),
        frame[0].find("(CALL").map(|p| p + 1)
    );

    let mut buffer = vec![0u32; width * height];
    draw_panel(&lines, &mut buffer, width, left, g);
    let background = buffer[left];
    let lit = buffer
        .iter()
        .filter(|&&p| p != background && p != 0)
        .count();
    let bits: usize = lines
        .iter()
        .flat_map(|l| l.chars())
        .map(|c| {
            let glyph = font8x8::legacy::BASIC_LEGACY[if c.is_ascii() {
                c as usize
            } else {
                '?' as usize
            }];
            glyph.iter().map(|b| b.count_ones() as usize).sum::<usize>()
        })
        .sum();
    assert_eq!(lit, bits * g * g, "every character drawn");
}
