//! Issue 26 point 13 (what gdb and MAME users type first: `print`, `display`, `set A 5`,
//! `info registers`; `break X if` with no condition refused; the module's messages as
//! text; `back N` stopping with the line `step` shows) and issue 27 points 3 and 4 (a deep
//! expression is an error, not a stack overflow; `continue` has a stated cap).

use c7010::debugger::{DebugCommand, DebugInfo, DebugSession, parse};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;

fn session() -> DebugSession {
    DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin())
}

fn run(session: &mut DebugSession, line: &str) -> String {
    session.execute(line).output
}

#[test]
fn print_display_set_and_info_registers() {
    let mut s = session();
    assert_eq!(run(&mut s, "set A 5"), "A = 0x5 (5)\n");
    assert_eq!(run(&mut s, "set HL=0x1234"), "HL = 0x1234 (4660)\n");
    assert_eq!(s.machine().registers().af >> 8, 5);
    assert_eq!(s.machine().registers().hl, 0x1234);
    assert_eq!(run(&mut s, "print A+1"), "A+1 = 0x6 (6)\n");
    assert_eq!(run(&mut s, "p HL-0x1235"), "HL-0x1235 = -1\n");
    assert!(run(&mut s, "set A 256").starts_with("error: A takes 0..0xFF, not 256"));
    // Anything but a register is an address, as `set` always was (`poke`).
    assert_eq!(run(&mut s, "set 0xE000 7"), "1 byte(s) written at E000\n");
    assert_eq!(run(&mut s, "print (0xE000)"), "(0xE000) = 0x7 (7)\n");
    let regs = run(&mut s, "info registers");
    assert_eq!(regs, run(&mut s, "regs"));
    assert!(regs.contains("HL 1234"), "{regs}");
    assert!(run(&mut s, "info breakpoints").contains("no breakpoints"));
    // A display is printed after every stop, back included.
    assert_eq!(run(&mut s, "display PC"), "display 1: PC = 0x0 (0)\n");
    let stepped = run(&mut s, "step");
    assert!(stepped.ends_with("display 1: PC = 0x1 (1)\n"), "{stepped}");
    let back = run(&mut s, "back");
    assert!(back.ends_with("display 1: PC = 0x0 (0)\n"), "{back}");
    assert_eq!(run(&mut s, "undisplay 1"), "1 display(s) removed\n");
    assert!(!run(&mut s, "step").contains("display"));
}

#[test]
fn back_stops_with_the_line_step_shows() {
    let mut s = session();
    let stepped = run(&mut s, "step 2");
    run(&mut s, "step 3");
    let back = run(&mut s, "back 3");
    // `=>0003  ...  LD ...  ; main.asm:..`: address, bytes, disassembly, source.
    assert_eq!(back, format!("back 3 instruction(s)\n{stepped}"));
    assert!(back.contains("=>"), "{back}");
}

#[test]
fn an_empty_breakpoint_condition_is_refused() {
    for line in ["break RECVMSG if", "break RECVMSG if   ", "b 0x100 IF"] {
        let e = parse(line).unwrap_err().to_string();
        assert!(e.contains("missing condition after 'if'"), "{line}: {e}");
    }
    assert!(matches!(
        parse("break RECVMSG if A==0"),
        Ok(DebugCommand::Break {
            condition: Some(_),
            ..
        })
    ));
}

#[test]
fn the_modules_messages_read_as_text() {
    let mut s = session();
    let out = run(&mut s, "continue 1");
    assert!(
        out.contains("module -> host: READY protocol 2 rom "),
        "{out}"
    );
    let latches = run(&mut s, "latches");
    assert!(!latches.contains('{'), "no Rust structures: {latches}");
    let startup = session()
        .setup_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        .unwrap();
    assert!(startup.contains("OK to command 0x02"), "{startup}");
}

#[test]
fn continue_has_a_stated_cap() {
    for seconds in ["1e308", "1e9", "3600.5", "inf", "0"] {
        let e = parse(&format!("continue {seconds}"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is not a number of seconds from 0 to 3600 (an emulated hour)"),
            "{seconds}: {e}"
        );
    }
    assert_eq!(
        parse("continue 3600").unwrap(),
        DebugCommand::Continue(Some(3600.0))
    );
}

/// The issue's own commands: 30,000 brackets or unary minus aborted the process (a stack
/// overflow, status 134).
#[test]
fn a_deep_expression_is_an_error_not_an_abort() {
    let brackets = format!("mem {}1{}\n", "(".repeat(30_000), ")".repeat(30_000));
    let minus = format!("break RECVMSG if {}1\n", "-".repeat(30_000));
    let chain = format!("print 1{}\n", "+1".repeat(30_000));
    // A file, not a pipe: the session echoes each line, more than a pipe holds.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("deep.txt");
    std::fs::write(&script, format!("{brackets}{minus}{chain}")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--script"])
        .arg(&script)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(
        stdout.matches("nested too deeply").count(),
        2,
        "{stdout:.2000}"
    );
    assert_eq!(stdout.matches("more than 1000 operators").count(), 1);
}
