//! Debugger commands one by one on the real guest ROM and on a tiny ROM without symbols:
//! run-to a source line, read watchpoints, the trace file, save and load, `--rom` with the
//! files beside it.

use crate::common::symbol::symbol;

use std::path::Path;

use c7010::assembler::assemble_source;
use c7010::debugger::{DebugInfo, DebugSession};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;

/// The line of `asm/main.asm` whose text contains `needle` (the guest source moves as the
/// engine grows, so tests find their lines by content, not by number).
fn main_asm_line(needle: &str) -> u32 {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("asm/main.asm"))
        .unwrap();
    text.lines().position(|l| l.contains(needle)).expect(needle) as u32 + 1
}

fn guest() -> DebugSession {
    DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin())
}

#[test]
fn run_to_a_source_line_and_a_symbol() {
    let mut s = guest();
    // The `CALL SENDMSG` that announces READY, found in the source; its address comes from
    // the committed listing (address, bytes, file:line, source).
    let line = main_asm_line("CALL    SENDMSG");
    let listing =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/c7010.lst"))
            .unwrap();
    let tag = format!("asm/main.asm:{line} ");
    let address = listing
        .lines()
        .find(|l| l.contains(&tag))
        .and_then(|l| u16::from_str_radix(&l[..4], 16).ok())
        .expect("the line is in the listing");
    let out = s.execute(&format!("run-to main.asm:{line}")).output;
    assert_eq!(s.machine().registers().pc, address, "{out}");
    assert!(out.contains(&format!("main.asm:{line}")), "{out}");
    s.execute("run-to SENDMSG");
    assert_eq!(s.machine().registers().pc, symbol("SENDMSG"));
    // Unknown places are errors and nothing runs.
    let cycles = s.machine().cycles();
    assert!(
        s.execute("run-to main.asm:99999")
            .output
            .starts_with("error:")
    );
    assert!(s.execute("run-to NOWHERE").output.starts_with("error:"));
    assert_eq!(s.machine().cycles(), cycles);
}

#[test]
fn read_watch_on_a_named_variable() {
    let mut s = guest();
    let out = s.execute("watch read LNKRX").output;
    assert!(out.contains("read E001..E001 LNKRX (1 byte)"), "{out}");
    let out = s.execute("continue").output;
    let lnkrx = symbol("LNKRX");
    assert!(
        out.contains(&format!("watchpoint 1: read {lnkrx:04X} LNKRX")),
        "{out}"
    );
    // The machine stops after the reading instruction; the trace's last entry is it.
    let last = s.machine().trace().last().unwrap().pc;
    assert!(
        out.contains(&format!("by the instruction at {last:04X}")),
        "{out}"
    );
}

#[test]
fn trace_to_a_file_names_every_instruction() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("trace.txt");
    let mut s = guest();
    assert!(
        s.execute(&format!("trace on {}", file.display()))
            .output
            .contains("tracing to")
    );
    s.execute("step 5");
    s.execute("trace off");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].contains("0000  F3") && lines[0].contains("DI"),
        "{text}"
    );
    let linit = symbol("LINIT");
    assert!(
        lines[3].contains(&format!("CALL {linit:04x}h <LINIT>")),
        "{text}"
    );
    assert!(
        lines[3].contains(&format!("{:04X}", symbol("LINIT"))),
        "{text}"
    );
}

#[test]
fn save_and_load_round_trip() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("here.state");
    let mut s = guest();
    s.execute("run-to SENDMSG");
    let saved = s.machine().save_state();
    assert!(
        s.execute(&format!("save {}", file.display()))
            .output
            .contains("saved")
    );
    s.execute("step 100");
    assert_ne!(s.machine().save_state(), saved);
    let out = s.execute(&format!("load {}", file.display())).output;
    assert!(out.contains("SENDMSG"), "{out}");
    assert_eq!(s.machine().save_state(), saved);
    // A corrupt state file is refused with the reason.
    std::fs::write(&file, b"not a state").unwrap();
    let out = s.execute(&format!("load {}", file.display())).output;
    assert!(out.starts_with("error: cannot load"), "{out}");
}

#[test]
fn files_beside_a_rom_are_loaded() {
    let info = DebugInfo::beside(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("roms/c7010.bin")
            .as_path(),
    )
    .unwrap();
    assert_eq!(info.symbol("RECVMSG"), Some(symbol("RECVMSG")));
    assert_eq!(info.symbols().len(), DebugInfo::builtin().symbols().len());
    assert!(
        info.line_text("asm/main.asm", main_asm_line("JP      MATCH"))
            .unwrap()
            .contains("JP      MATCH")
    );
    // A malformed symbol file is an error naming the file.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join("x.bin"), [0x76]).unwrap();
    std::fs::write(dir.join("x.sym"), "BAD").unwrap();
    let err = DebugInfo::beside(&dir.join("x.bin"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("x.sym"), "{err}");
}

#[test]
fn a_rom_without_symbols_still_debugs() {
    let assembly = assemble_source(
        "t.asm",
        "        LD A,5\nLOOP:   DEC A\n        JR NZ,LOOP\n        LD (0E010H),A\n        HALT\n",
    )
    .unwrap();
    let rom = assembly.image(None).unwrap();
    let mut s = DebugSession::new(Machine::new(&rom).unwrap(), DebugInfo::default());
    assert!(
        s.execute("break 0x0005 if A==0")
            .output
            .contains("breakpoint 1 at 0005")
    );
    let out = s.execute("continue").output;
    assert!(out.contains("breakpoint 1 at 0005"), "{out}");
    assert_eq!(s.machine().registers().a(), 0);
    assert!(
        s.execute("watch 0xE010")
            .output
            .contains("write E010..E010")
    );
    let out = s.execute("step").output;
    assert!(out.contains("watchpoint 2: write E010"), "{out}");
    assert!(s.execute("board").output.starts_with("error: no BOARD"));
    assert!(
        s.execute("finish")
            .output
            .starts_with("error: no return address")
    );
    assert!(s.execute("bt").output.starts_with("#0  0008"));
    let out = s.execute("step").output;
    assert!(out.contains("the CPU halted"), "{out}");
}

#[test]
fn a_fault_is_reported_and_back_gets_out_of_it() {
    let assembly = assemble_source(
        "f.asm",
        "        LD A,1\n        LD A,2\n        LD (0010H),A\n        HALT\n",
    )
    .unwrap();
    let mut s = DebugSession::new(
        Machine::new(&assembly.image(None).unwrap()).unwrap(),
        DebugInfo::default(),
    );
    let out = s.execute("continue").output;
    assert!(
        out.contains("FAULT") && out.contains("write of 0x02 to ROM at 0x0010"),
        "{out}"
    );
    assert!(
        s.execute("step").output.contains("FAULT"),
        "the machine stays faulted"
    );
    let out = s.execute("back 1").output;
    assert!(out.contains("=>0004  32 10 00"), "{out}");
    assert!(s.machine().fault().is_none());
    assert_eq!(s.machine().registers().a(), 2);
}

#[test]
fn without_a_listing_the_source_files_are_read() {
    // A copy of the ROM with its symbols and map but no listing in `roms/` of a scratch
    // directory, with a copy of `asm/` beside it: the map's `asm/main.asm` is found from
    // the ROM directory's parent.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("roms");
    std::fs::create_dir(&dir).unwrap();
    for ext in ["bin", "sym", "map"] {
        std::fs::copy(
            root.join(format!("roms/c7010.{ext}")),
            dir.join(format!("c7010.{ext}")),
        )
        .unwrap();
    }
    std::fs::create_dir(scratch.path().join("asm")).unwrap();
    for entry in std::fs::read_dir(root.join("asm")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(
            &path,
            scratch.path().join("asm").join(path.file_name().unwrap()),
        )
        .unwrap();
    }
    let info = DebugInfo::beside(&dir.join("c7010.bin")).unwrap();
    let from_listing = DebugInfo::builtin();
    assert_eq!(
        info.line_text("asm/main.asm", 12),
        from_listing.line_text("asm/main.asm", 12)
    );
    assert!(
        info.line_text("asm/proto.asm", 164)
            .unwrap()
            .contains("CALL")
    );
}

#[test]
fn an_idle_module_runs_for_seven_hundred_emulated_seconds_without_a_fault() {
    // `continue 700` past the 600 s the old watchdog allowed: a module waiting at its latch
    // (here after the host has written, as the debugger's `go` does) is idle, not faulty.
    // Idle skipping makes it a few milliseconds.
    let mut s = guest();
    s.execute("continue 1");
    s.machine_mut().host_write(0x3F);
    let out = s.execute("continue 700").output;
    assert!(!out.contains("FAULT"), "{out}");
    assert!(s.machine().fault().is_none());
    assert!(
        s.machine().cycles() > 700 * 4_433_619,
        "{}",
        s.machine().cycles()
    );
}
