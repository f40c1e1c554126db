//! `c7010 exec`: the bare ROM runner prints T-states, time and registers on HALT, and exits
//! non-zero with a clear message on a fault, a missing HALT or a bad ROM.

use std::io::Write;
use std::process::{Command, Output};

use tempfile::TempPath;

/// A temporary ROM file holding `bytes`, removed when the path is dropped.
fn rom_file(bytes: &[u8]) -> TempPath {
    let mut file = tempfile::Builder::new().suffix(".bin").tempfile().unwrap();
    file.write_all(bytes).unwrap();
    file.into_temp_path()
}

fn exec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c7010"))
        .arg("exec")
        .args(args)
        .output()
        .unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_rom_that_halts_reports_cycles_time_and_registers() {
    // LD A,42H (7) ; LD HL,1234H (10) ; OUT (0),A (11) ; HALT (4) = 32 T-states
    let rom = rom_file(&[0x3E, 0x42, 0x21, 0x34, 0x12, 0xD3, 0x00, 0x76]);
    let out = exec(&["--rom", rom.to_str().unwrap()]);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    assert!(all.contains("halted after 32 T-states"), "{all}");
    assert!(all.contains("4 instructions"), "{all}");
    assert!(all.contains("4.433619 MHz"), "{all}");
    assert!(all.contains("HL=1234"), "{all}");
    assert!(all.contains("AF=42"), "{all}");
    assert!(all.contains("module->host 0x42"), "{all}");

    // At 1 MHz, 32 T-states are 32 microseconds.
    let out = exec(&["--rom", rom.to_str().unwrap(), "--clock", "1"]);
    assert!(
        text(&out).contains("(0.000032 s at 1 MHz)"),
        "{}",
        text(&out)
    );
}

#[test]
fn the_host_latch_can_be_preset() {
    // IN A,(0) ; HALT
    let rom = rom_file(&[0xDB, 0x00, 0x76]);
    let out = exec(&["--rom", rom.to_str().unwrap(), "--host-latch", "0x9c"]);
    assert!(text(&out).contains("AF=9C"), "{}", text(&out));
}

#[test]
fn faults_missing_halts_and_bad_roms_exit_non_zero() {
    let open_bus = rom_file(&[0xC3, 0x00, 0x40]); // JP 4000H
    let out = exec(&["--rom", open_bus.to_str().unwrap()]);
    assert!(!out.status.success());
    let all = text(&out);
    assert!(all.contains("execution from open bus at 0x4000"), "{all}");
    assert!(all.contains("0000  JP 4000h"), "{all}");

    let forever = rom_file(&[0x18, 0xFE]); // JR $
    let out = exec(&["--rom", forever.to_str().unwrap(), "--max-cycles", "1000"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("no HALT within 1000 T-states"));

    let big = rom_file(&[0u8; 9000]);
    let out = exec(&["--rom", big.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out).contains("at most 8192"), "{}", text(&out));

    let out = exec(&["--rom", "/nonexistent/rom.bin"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("cannot read ROM"));
}
