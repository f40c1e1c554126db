//! The machine's contract, instruction by instruction: memory map, latches, reset line,
//! run limits, breakpoints, watches, faults and guest statistics. Guests are a few
//! hand-assembled bytes each (the mnemonics are in the comments).

use c7010::machine::{
    ConfigError, FaultKind, GuestStats, Machine, RunLimit, Stop, Watch, WatchKind,
    bench_guest::BUSY_LOOP_ROM,
};

#[test]
fn rom_images_are_checked_and_padded() {
    assert_eq!(Machine::new(&[]).err(), Some(ConfigError::EmptyRom));
    assert_eq!(
        Machine::new(&[0; 8193]).err(),
        Some(ConfigError::RomTooLarge(8193))
    );
    assert!(Machine::new(&[0; 8192]).is_ok());
    let m = Machine::new(&[0x00, 0x00]).unwrap();
    assert_eq!(m.rom().len(), 8192);
    assert_eq!(m.rom()[2], 0xFF);
    assert_eq!(m.read(0x1FFF), 0xFF);
    assert!(matches!(
        Machine::new(&[0]).unwrap().with_clock_hz(0.0).err(),
        Some(ConfigError::BadClock(_))
    ));
    assert!(ConfigError::RomTooLarge(9000).to_string().contains("8192"));
}

#[test]
fn ram_is_mirrored_and_open_bus_reads_ff() {
    let rom = [
        0x3E, 0x5A, // LD A,5AH
        0x32, 0x10, 0xF8, // LD (0F810H),A    mirror of 0xE010
        0x3A, 0x10, 0xE0, // LD A,(0E010H)
        0x47, // LD B,A
        0x32, 0x00, 0x30, // LD (3000H),A     open bus: lost, no fault
        0x3A, 0x00, 0x30, // LD A,(3000H)     reads 0xFF
        0x76, // HALT
    ];
    let mut m = Machine::new(&rom).unwrap();
    assert_eq!(m.run_until_halt(1_000).unwrap(), Stop::Halted);
    let r = m.registers();
    assert_eq!(r.bc >> 8, 0x5A);
    assert_eq!(r.a(), 0xFF);
    assert_eq!(m.ram()[0x10], 0x5A);
    assert_eq!(m.read(0xE810), 0x5A);
    assert_eq!(m.read(0x2000), 0xFF);
    assert_eq!(m.read(0xDFFF), 0xFF);
    assert_eq!(m.stats().ram_high_water, Some(0x10));
}

#[test]
fn every_port_reads_the_host_latch_and_writes_the_module_latch() {
    let rom = [
        0x01, 0x34, 0x12, // LD BC,1234H
        0xED, 0x78, // IN A,(C)        port 0x1234
        0xDB, 0x99, // IN A,(99H)      B2 stays: reading does not clear the latch
        0x3C, // INC A
        0xED, 0x79, // OUT (C),A
        0x76, // HALT
    ];
    let mut m = Machine::new(&rom).unwrap();
    m.host_write(0x41);
    assert_eq!(m.host_latch(), 0x41);
    assert_eq!(m.run_until_latch(1_000).unwrap(), Stop::LatchWritten(0x42));
    assert_eq!(m.module_latch(), 0x42);
    assert_eq!(m.cycles(), 10 + 12 + 11 + 4 + 12);
}

#[test]
fn run_for_stops_at_the_first_instruction_boundary_past_the_budget() {
    // JR $ : 12 T-states a turn.
    let mut m = Machine::new(&[0x18, 0xFE]).unwrap();
    assert_eq!(m.run_for(100).unwrap(), Stop::TimeUp);
    assert_eq!(m.cycles(), 108);
    assert_eq!(m.run_for(0).unwrap(), Stop::TimeUp);
    assert_eq!(m.cycles(), 108);
    let s = m.step().unwrap();
    assert_eq!((s.pc, s.t_states), (0, 12));
    let m = Machine::new(&[0])
        .unwrap()
        .with_clock_hz(1_000_000.0)
        .unwrap();
    assert_eq!(m.clock_hz(), 1_000_000.0);
}

#[test]
fn r_counts_opcode_fetches() {
    // NOP NOP NOP ; LD A,R  -> R was incremented 3 + 2 times when it is read.
    let mut m = Machine::new(&[0x00, 0x00, 0x00, 0xED, 0x5F, 0x76]).unwrap();
    m.run_until_halt(100).unwrap();
    assert_eq!(m.registers().a(), 5);
    assert_eq!(m.registers().r, 6, "HALT fetched once more");

    // LD A,0FFH ; LD R,A ; NOP ; LD A,R ; HALT: bit 7 stays as written, bits 0-6 count on.
    let mut m = Machine::new(&[0x3E, 0xFF, 0xED, 0x4F, 0x00, 0xED, 0x5F, 0x76]).unwrap();
    m.run_until_halt(100).unwrap();
    assert_eq!(m.registers().a(), 0x82);
}

#[test]
fn rom_write_faults_with_context_and_the_machine_recovers_on_reset() {
    let rom = [
        0x3E, 0x07, // LD A,7
        0x32, 0x00, 0x01, // LD (0100H),A
        0x76, // HALT
    ];
    let mut m = Machine::new(&rom).unwrap();
    let fault = m.run_for(1_000).unwrap_err();
    assert_eq!(
        fault.kind,
        FaultKind::RomWrite {
            address: 0x0100,
            value: 7
        }
    );
    assert_eq!(m.read(0x0100), 0xFF, "the write was ignored");
    let text = fault.to_string();
    assert!(text.contains("write of 0x07 to ROM at 0x0100"), "{text}");
    assert!(text.contains("PC=0005"), "{text}");
    assert!(text.contains("AF=07"), "{text}");
    assert!(text.contains("0002  LD (0100h), A"), "{text}");
    assert!(text.contains("0000  LD A, 07h"), "{text}");
    // Stuck until reset; then the host can run it again.
    assert_eq!(m.step().unwrap_err().kind, fault.kind);
    assert!(m.fault().is_some());
    m.reset();
    assert!(m.fault().is_none());
    assert_eq!(m.registers().pc, 0);
    assert!(m.step().is_ok());
}

#[test]
fn executing_open_bus_faults_before_the_instruction_runs() {
    let mut m = Machine::new(&[0xC3, 0x00, 0x30]).unwrap(); // JP 3000H
    let fault = m.run_for(1_000).unwrap_err();
    assert_eq!(fault.kind, FaultKind::OpenBusExecution { address: 0x3000 });
    assert_eq!(fault.registers.pc, 0x3000);
    assert_eq!(fault.cycles, 10);
    assert_eq!(fault.trace, vec![(0x0000, "JP 3000h".to_string())]);
}

#[test]
fn stack_leaving_ram_faults_but_the_top_of_the_mirror_is_fine() {
    let rom = [
        0x31, 0x00, 0x00, // LD SP,0       empty stack at the top of the mirror
        0xF5, // PUSH AF                   writes 0xFFFF, 0xFFFE
        0xF1, // POP AF                    SP back to 0x0000
        0x31, 0x00, 0xE0, // LD SP,0E000H
        0xF5, // PUSH AF                   SP = 0xDFFE: out of RAM
        0x76,
    ];
    let mut m = Machine::new(&rom).unwrap();
    let fault = m.run_for(1_000).unwrap_err();
    assert_eq!(fault.kind, FaultKind::StackOutsideRam { sp: 0xDFFE });
    assert_eq!(fault.registers.pc, 0x0009);
    assert_eq!(m.stats().sp_low_water, 0xE000);
    assert_eq!(m.stats().ram_high_water, Some(0x7FF));
}

#[test]
fn halt_with_interrupts_off_is_a_dead_module_except_where_halt_is_the_goal() {
    let rom = [0xF3, 0x76]; // DI ; HALT
    let mut m = Machine::new(&rom).unwrap();
    assert_eq!(m.run_until_halt(100).unwrap(), Stop::Halted);
    assert_eq!(m.cycles(), 8);
    let fault = m.run_for(100).unwrap_err();
    assert_eq!(fault.kind, FaultKind::DeadHalt);

    let mut m = Machine::new(&rom).unwrap();
    assert_eq!(
        m.run_until_latch(100).unwrap_err().kind,
        FaultKind::DeadHalt
    );
}

#[test]
fn halt_with_interrupts_on_waits_with_the_clock_running() {
    let rom = [0xFB, 0x76]; // EI ; HALT
    let mut m = Machine::new(&rom).unwrap();
    assert_eq!(m.run_for(1_001).unwrap(), Stop::TimeUp);
    // 4 + 4, then 4-T HALT cycles up to the first boundary at or past 1001.
    assert_eq!(m.cycles(), 1_004);
    assert!(m.registers().halted);
    // Stepping goes on in 4-T cycles too, and R counts them.
    let r = m.registers().r;
    let s = m.step().unwrap();
    assert!(s.halted);
    assert_eq!(s.t_states, 4);
    assert_eq!(m.registers().r, (r + 1) & 0x7F);
    // The step-by-step path lands on the same count.
    let mut slow = Machine::new(&rom).unwrap();
    while slow.cycles() < 1_001 {
        slow.step().unwrap();
    }
    assert_eq!(slow.cycles(), 1_004);
}

#[test]
fn a_silent_module_is_not_a_fault_of_the_machine_and_its_latch_reads_are_seen() {
    // The machine keeps no deadline: a module that never answers runs for two emulated
    // hours (HALT with interrupts on waits cheaply) and the host judges it
    // (`protocol::supervisor`), from what the machine reports: the latest latch read.
    let two_hours = 2 * 3_600 * 4_433_619;
    let mut m = Machine::new(&[0xFB, 0x76]).unwrap(); // EI ; HALT
    m.host_write(1);
    assert_eq!(m.run_until_latch(two_hours).unwrap(), Stop::TimeUp);
    assert!(m.cycles() >= two_hours);
    assert_eq!(m.last_latch_read(), 0, "HALT never reads the latch");

    // POLL: IN A,(0) ; JR POLL: every turn reads the latch (11 + 12 T-states).
    let mut m = Machine::new(&[0xDB, 0x00, 0x18, 0xFC]).unwrap();
    m.run_for(1_000).unwrap();
    let last = m.last_latch_read();
    assert!(last > 1_000 - 23 && last <= m.cycles(), "{last}");
    // JR $ never does.
    let mut m = Machine::new(&[0x18, 0xFE]).unwrap();
    m.host_write(1);
    m.run_for(1_000_000).unwrap();
    assert_eq!(m.last_latch_read(), 0);
}

#[test]
fn reset_line_holds_the_cpu_while_time_passes() {
    let mut m = Machine::new(&[0x3C, 0x18, 0xFD]).unwrap(); // INC A ; JR -3
    m.run_for(100).unwrap();
    m.set_reset(true);
    assert!(m.reset_held());
    assert_eq!(m.registers().pc, 0);
    let before = m.cycles();
    assert_eq!(m.run_for(1_000).unwrap(), Stop::TimeUp);
    assert_eq!(m.cycles(), before + 1_000);
    assert_eq!(m.registers().pc, 0);
    assert!(m.step().unwrap().in_reset);
    m.set_reset(false);
    let s = m.step().unwrap();
    assert_eq!((s.pc, s.t_states), (0, 4));
    assert_eq!(
        m.registers().a(),
        0x00,
        "A was FF after reset, INC A made 0"
    );
}

#[test]
fn breakpoints_stop_before_the_instruction_and_can_be_continued_from() {
    const CMP: u16 = 0x0017; // busy.asm: CMP: LD A,(HL)
    let mut m = Machine::new(BUSY_LOOP_ROM).unwrap();
    m.add_breakpoint(CMP);
    assert_eq!(m.breakpoints(), &[CMP]);
    assert_eq!(m.run_for(1_000_000).unwrap(), Stop::Breakpoint(CMP));
    assert_eq!(m.registers().pc, CMP);
    let hl = m.registers().hl;
    assert_eq!(m.run_for(1_000_000).unwrap(), Stop::Breakpoint(CMP));
    assert_eq!(m.registers().hl, hl + 1, "one turn of the compare loop ran");
    m.remove_breakpoint(CMP);
    assert_eq!(m.run_for(10_000).unwrap(), Stop::TimeUp);
    m.add_breakpoint(CMP);
    m.clear_breakpoints();
    assert_eq!(m.run_for(10_000).unwrap(), Stop::TimeUp);
}

#[test]
fn watches_stop_after_the_access_through_the_ram_mirror() {
    let mut m = Machine::new(BUSY_LOOP_ROM).unwrap();
    m.add_watch(Watch {
        range: 0xE100..=0xE100,
        kind: WatchKind::Write,
    });
    match m.run(RunLimit::Cycles(10_000_000)).unwrap() {
        Stop::Watch(hit) => {
            assert_eq!(hit.address, 0xE100);
            assert!(hit.write);
            assert_eq!(hit.pc, 0x0036, "LD (0E100H),A");
            assert_eq!(m.registers().pc, 0x0039, "the instruction completed");
            assert_eq!(hit.value, m.ram()[0x100]);
        }
        other => panic!("{other:?}"),
    }
    m.clear_watches();
    // A read watch on the 0xF800 mirror catches reads of 0xE000; opcode fetches do not count.
    let mut m = Machine::new(BUSY_LOOP_ROM).unwrap();
    m.add_watch(Watch {
        range: 0xF800..=0xF800,
        kind: WatchKind::Read,
    });
    match m.run_for(10_000_000).unwrap() {
        Stop::Watch(hit) => {
            assert_eq!((hit.address, hit.write, hit.pc), (0xE000, false, 0x0017));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn guest_statistics_track_ram_and_stack_use() {
    let mut m = Machine::new(BUSY_LOOP_ROM).unwrap();
    m.run_for(2_000_000).unwrap();
    let GuestStats {
        ram_high_water,
        sp_low_water,
        instructions,
    } = m.stats();
    // CALL COPY and PUSH BC take the stack to 0xE7FC; the return address lands in the
    // last RAM byte, 0xE7FF.
    assert_eq!(ram_high_water, Some(0x7FF));
    assert_eq!(sp_low_water, 0xE7FC);
    assert!(instructions > 100_000);
    assert!((m.emulated_seconds() - m.cycles() as f64 / 4_433_619.0).abs() < 1e-12);
}

#[test]
fn huge_budgets_do_not_overflow_the_clock() {
    let mut m = Machine::new(&[0xFB, 0x76]).unwrap(); // EI ; HALT
    assert_eq!(m.run_for(u64::MAX).unwrap(), Stop::TimeUp);
    assert_eq!(m.cycles(), u64::MAX);
    assert_eq!(m.run_for(u64::MAX).unwrap(), Stop::TimeUp);
    assert!(m.step().is_ok());
}

#[test]
fn the_machine_can_move_to_another_thread() {
    fn assert_send<T: Send>() {}
    assert_send::<Machine>();
}

#[test]
fn a_data_read_right_after_the_instruction_is_not_mistaken_for_a_fetch() {
    let rom = [
        0x21, 0x04, 0x00, // 0000 LD HL,0004H
        0x7E, // 0003 LD A,(HL)   reads the next instruction's byte as data
        0x76, // 0004 HALT
    ];
    let mut m = Machine::new(&rom).unwrap();
    m.add_watch(Watch {
        range: 0x0004..=0x0004,
        kind: WatchKind::Read,
    });
    match m.run_until_halt(100).unwrap() {
        Stop::Watch(hit) => assert_eq!((hit.pc, hit.value, hit.write), (0x0003, 0x76, false)),
        other => panic!("{other:?}"),
    }
    // Fetching the HALT itself is not a data read.
    assert_eq!(m.run_until_halt(100).unwrap(), Stop::Halted);
}

#[test]
fn the_profile_counts_each_address_s_t_states_only_when_switched_on() {
    // 0000: NOP (4 T); 0001: JR 0000 (12 T): 16 T-states a turn.
    let rom = [0x00, 0x18, 0xFD];
    let mut m = c7010::machine::Machine::new(&rom).unwrap();
    assert!(m.profile().is_none());
    m.run_for(160).unwrap();
    m.set_profiling(true);
    let start = m.cycles();
    m.run_for(1600).unwrap();
    let ran = m.cycles() - start;
    let profile = m.profile().expect("on");
    assert_eq!(profile.iter().sum::<u64>(), ran);
    assert_eq!(profile[0] * 3, profile[1], "NOP 4 T, JR 12 T");
    assert_eq!(profile[2..].iter().sum::<u64>(), 0);
    m.set_profiling(false);
    assert!(m.profile().is_none());
}
