//! Test ROMs from `tests/data/machine/*.asm`, run mooneye style: each ends on HALT (or is a
//! guest the test drives) and the test checks registers, RAM and the exact T-state total
//! worked out by hand in the source's comments. Assembled with the crate's own assembler
//! (which CI cross-checks against pasmo); symbols come from the same assembly.

use std::path::PathBuf;

use c7010::assembler::{Assembly, assemble_file};
use c7010::machine::{
    Machine, Stop,
    bench_guest::{BUSY_LOOP_ROM, ECHO_LOOP_ROM},
};

fn assemble(name: &str) -> Assembly {
    let source: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "machine"]
        .iter()
        .collect::<PathBuf>()
        .join(format!("{name}.asm"));
    let assembly = assemble_file(&source).unwrap_or_else(|e| panic!("{name}.asm: {e}"));
    assert_eq!(assembly.origin(), 0, "{name}.asm must start at 0");
    assembly
}

fn rom(name: &str) -> Vec<u8> {
    assemble(name).image(None).unwrap()
}

#[test]
fn timing_rom_takes_exactly_the_hand_counted_t_states() {
    let mut m = Machine::new(&rom("timing")).unwrap();
    assert_eq!(m.run_until_halt(10_000).unwrap(), Stop::Halted);
    // The total in the right-hand column of timing.asm.
    assert_eq!(m.cycles(), 439);
    let r = m.registers();
    assert_eq!(r.a(), 0x88);
    assert_eq!(r.ix, 0xE100);
    assert_eq!(r.sp, 0xE800);
    assert_eq!(r.bc, 0x0000, "LDIR left BC = 0");
    assert_eq!(&m.ram()[0x100..0x104], &[1, 2, 3, 4], "LDIR copied SRC");
    assert_eq!(m.ram()[0x10A], 0x88);
    // HALT is the last instruction executed: PC rests after it.
    assert_eq!(m.read(r.pc.wrapping_sub(1)), 0x76);
    assert!(r.halted);
}

#[test]
fn echo_rom_answers_each_host_write() {
    let mut m = Machine::new(&rom("echo")).unwrap();
    for value in [0x12, 0x34, 0x00, 0xFF] {
        m.host_write(value);
        assert_eq!(m.run_until_latch(1_000).unwrap(), Stop::LatchWritten(value));
        assert_eq!(m.module_latch(), value);
    }
    // Writing the same value again is not news to the guest: no answer.
    m.host_write(0xFF);
    assert_eq!(m.run_until_latch(100_000).unwrap(), Stop::TimeUp);
}

#[test]
fn bench_guest_bytes_match_a_fresh_assembly_of_their_sources() {
    assert_eq!(rom("busy"), BUSY_LOOP_ROM);
    assert_eq!(rom("echo"), ECHO_LOOP_ROM);
}

#[test]
fn breakpoints_on_symbols_stop_where_the_source_says() {
    let timing = assemble("timing");
    let mut m = Machine::new(&timing.image(None).unwrap()).unwrap();
    let subroutine = timing.symbol("SUBR").unwrap();
    let done = timing.symbol("DONE").unwrap();
    m.add_breakpoint(subroutine);
    m.add_breakpoint(done);
    assert_eq!(
        m.run_until_halt(10_000).unwrap(),
        Stop::Breakpoint(subroutine)
    );
    // The running total in timing.asm before SUBR's first instruction: 363.
    assert_eq!(m.cycles(), 363);
    assert_eq!(m.run_until_halt(10_000).unwrap(), Stop::Breakpoint(done));
    assert_eq!(m.cycles(), 409);
    assert_eq!(m.run_until_halt(10_000).unwrap(), Stop::Halted);
    assert_eq!(m.cycles(), 439);
}
