//! Idle skipping: a guest polling an unchanged latch costs the host almost nothing, and the
//! machine lands exactly where instruction-by-instruction emulation would.

use c7010::assembler::assemble_file;
use c7010::machine::{DEFAULT_CLOCK_HZ, Machine, Stop, clock::t_states_for};

/// tests/data/machine/echo.asm: POLL: IN A,(0); CP B; JR Z,POLL; then echo the new value.
fn echo_rom() -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/machine/echo.asm");
    assemble_file(path.as_ref())
        .unwrap_or_else(|e| panic!("{e}"))
        .image(None)
        .unwrap()
}

fn pair() -> (Machine, Machine) {
    let rom = echo_rom();
    let fast = Machine::new(&rom).unwrap();
    let mut slow = Machine::new(&rom).unwrap();
    slow.set_idle_skip(false);
    (fast, slow)
}

/// Everything a guest or host can observe, including R and the counters.
fn assert_same(fast: &Machine, slow: &Machine) {
    assert_eq!(fast.cycles(), slow.cycles());
    assert_eq!(fast.registers(), slow.registers());
    assert_eq!(fast.stats(), slow.stats());
    assert_eq!(fast.trace(), slow.trace());
    assert_eq!(fast.save_state(), slow.save_state());
}

#[test]
fn ten_idle_seconds_cost_few_host_steps_and_land_on_the_exact_t_state() {
    let (mut fast, mut slow) = pair();
    let ten_seconds = t_states_for(10.0, DEFAULT_CLOCK_HZ);
    assert_eq!(fast.run_for(ten_seconds).unwrap(), Stop::TimeUp);
    assert_eq!(slow.run_for(ten_seconds).unwrap(), Stop::TimeUp);
    assert_same(&fast, &slow);
    // The idle loop is IN (11) + CP (4) + JR taken (12) = 27 T-states.
    assert!(slow.host_steps() > ten_seconds / 27 * 3 - 10);
    assert!(fast.host_steps() < 100, "{} host steps", fast.host_steps());
    assert_eq!(fast.stats().instructions, slow.stats().instructions);

    // The guest wakes up at once when the host writes, in both.
    for m in [&mut fast, &mut slow] {
        m.host_write(0x33);
        assert_eq!(m.run_until_latch(1_000).unwrap(), Stop::LatchWritten(0x33));
    }
    assert_same(&fast, &slow);

    // And idles again, in many short runs as a console would run it (one frame each).
    for _ in 0..50 {
        fast.run_for(89_205).unwrap();
        slow.run_for(89_205).unwrap();
    }
    assert_same(&fast, &slow);
}

#[test]
fn the_latest_latch_read_is_the_same_with_and_without_skipping() {
    // The host's supervisor judges a module by its latch reads: skipping must not hide one.
    let (mut fast, mut slow) = pair();
    for m in [&mut fast, &mut slow] {
        // The same value again: the guest sees nothing new and keeps polling.
        m.host_write(0x00);
        m.run_for(10 * 4_433_619).unwrap();
    }
    assert_eq!(fast.last_latch_read(), slow.last_latch_read());
    assert!(fast.cycles() - fast.last_latch_read() < 100);
    assert!(fast.host_steps() < slow.host_steps() / 100);
}

#[test]
fn a_loop_that_changes_ram_is_not_skipped() {
    // POLL: IN A,(0); INC (HL) ; JR POLL with HL in RAM: not idle, every turn changes RAM.
    let rom = [0x21, 0x00, 0xE0, 0xDB, 0x00, 0x34, 0x18, 0xFB];
    let mut m = Machine::new(&rom).unwrap();
    m.run_for(1_000_000).unwrap();
    assert_eq!(m.host_steps(), m.stats().instructions);
}
