//! Save states: bit-exact resumption, and a clear typed error for every kind of bad input.

use c7010::machine::{
    Machine, Registers, STATE_MAGIC, STATE_VERSION, StateError, bench_guest::BUSY_LOOP_ROM, crc32,
};

fn busy_after(cycles: u64) -> Machine {
    let mut m = Machine::new(BUSY_LOOP_ROM).unwrap();
    m.run_for(cycles).unwrap();
    m
}

/// Recompute the trailing checksum after patching a state by hand.
fn reseal(bytes: &mut [u8]) {
    let n = bytes.len() - 4;
    let sum = crc32(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn a_loaded_state_runs_on_exactly_like_the_original() {
    let mut original = busy_after(1_234_567);
    original.host_write(0x5A);
    let saved = original.save_state();
    original.run_for(2_000_000).unwrap();

    let mut restored = Machine::load_state(&saved).unwrap();
    assert_eq!(restored.host_latch(), 0x5A);
    restored.run_for(2_000_000).unwrap();

    assert_eq!(restored.cycles(), original.cycles());
    assert_eq!(restored.registers(), original.registers());
    assert_eq!(restored.ram(), original.ram());
    assert_eq!(restored.stats(), original.stats());
    assert_eq!(restored.save_state(), original.save_state());
}

#[test]
fn every_register_and_setting_survives() {
    let mut m = Machine::new(&[0xFB, 0x76])
        .unwrap()
        .with_clock_hz(2_216_809.5)
        .unwrap();
    m.run_for(100).unwrap(); // EI; HALT: halted with interrupts on
    let mut r = m.registers();
    r.af_alt = 0x1122;
    r.bc_alt = 0x3344;
    r.de_alt = 0x5566;
    r.hl_alt = 0x7788;
    r.ix = 0x99AA;
    r.iy = 0xBBCC;
    r.i = 0x3F;
    r.im = 2;
    // Holding reset resets the CPU; registers set afterwards (as a debugger may) stay.
    m.set_reset(true);
    m.set_registers(&r);
    m.ram_mut()[0x7FF] = 0xEE;

    let loaded = Machine::load_state(&m.save_state()).unwrap();
    let lr: Registers = loaded.registers();
    assert_eq!(lr, r);
    assert!(lr.halted && lr.iff1 && lr.iff2);
    assert_eq!(loaded.clock_hz(), 2_216_809.5);
    assert!(loaded.reset_held());
    assert_eq!(loaded.ram()[0x7FF], 0xEE);
    assert_eq!(loaded.rom(), m.rom());
    assert_eq!(loaded.cycles(), m.cycles());
}

#[test]
fn the_layout_starts_with_magic_version_and_length() {
    let bytes = busy_after(1_000).save_state();
    assert_eq!(&bytes[..8], STATE_MAGIC);
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), STATE_VERSION);
    let length = u32::from_le_bytes(bytes[10..14].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 14 + length + 4);
    // Registers 24 + flip-flops 6 + cycles 8 + clock 8 + reset 1 + latches 2 + reserved 18
    // (an older build's watchdog) + RAM high-water 2 + SP low-water 4 + instructions 8 + RAM
    // + ROM.
    assert_eq!(
        length,
        24 + 6 + 8 + 8 + 1 + 2 + 9 + 9 + 2 + 4 + 8 + 2048 + 8192
    );
}

#[test]
fn truncated_states_are_refused() {
    let bytes = busy_after(1_000).save_state();
    for cut in [0, 5, 13, 14, 100, bytes.len() - 1] {
        match Machine::load_state(&bytes[..cut]) {
            Err(StateError::Truncated { found, .. }) => assert_eq!(found, cut),
            other => panic!("cut at {cut}: {:?}", other.err()),
        }
    }
}

#[test]
fn damaged_states_fail_the_checksum() {
    let mut bytes = busy_after(1_000).save_state();
    bytes[2_000] ^= 0x01; // one bit of RAM
    let err = Machine::load_state(&bytes).err().unwrap();
    assert!(
        matches!(err, StateError::ChecksumMismatch { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("checksum"));
}

#[test]
fn wrong_magic_is_refused() {
    let mut bytes = busy_after(1_000).save_state();
    bytes[0] = b'X';
    assert!(matches!(
        Machine::load_state(&bytes),
        Err(StateError::BadMagic)
    ));
    assert!(matches!(
        Machine::load_state(b"PNG\x89 not a state at all"),
        Err(StateError::BadMagic)
    ));
}

#[test]
fn newer_and_unknown_versions_are_refused() {
    let good = busy_after(1_000).save_state();
    let mut newer = good.clone();
    newer[8..10].copy_from_slice(&(STATE_VERSION + 1).to_le_bytes());
    reseal(&mut newer);
    match Machine::load_state(&newer) {
        Err(StateError::NewerVersion { found, supported }) => {
            assert_eq!((found, supported), (STATE_VERSION + 1, STATE_VERSION));
        }
        other => panic!("{:?}", other.err()),
    }
    let mut zero = good;
    zero[8..10].copy_from_slice(&0u16.to_le_bytes());
    reseal(&mut zero);
    assert!(matches!(
        Machine::load_state(&zero),
        Err(StateError::UnsupportedVersion(0))
    ));
}

#[test]
fn impossible_fields_and_trailing_bytes_are_corrupt() {
    let good = busy_after(1_000).save_state();
    // IM is payload byte 24 + 4 (after 12 register pairs, I, R, IFF1, IFF2).
    let mut bad_im = good.clone();
    bad_im[14 + 28] = 3;
    reseal(&mut bad_im);
    let err = Machine::load_state(&bad_im).err().unwrap();
    assert!(matches!(err, StateError::Corrupt(_)), "{err:?}");
    assert!(err.to_string().contains("interrupt mode 3"));

    let mut longer = good;
    longer.push(0);
    assert!(matches!(
        Machine::load_state(&longer),
        Err(StateError::Corrupt(_))
    ));
}

#[test]
fn states_go_to_files_and_back() {
    let m = busy_after(5_000);
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("state.sav");
    m.save_state_to(&path).unwrap();
    let loaded = Machine::load_state_from(&path).unwrap();
    assert_eq!(loaded.save_state(), m.save_state());
    // Written atomically: no temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(scratch.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "{names:?}");
    std::fs::remove_file(&path).unwrap();
    match Machine::load_state_from(&path) {
        Err(StateError::File(message)) => assert!(message.contains("state.sav"), "{message}"),
        other => panic!("{other:?}"),
    }
    // A file far larger than a save state is refused before it is read whole.
    std::fs::write(&path, vec![0u8; (1 << 20) + 1]).unwrap();
    match Machine::load_state_from(&path) {
        Err(StateError::File(message)) => assert!(message.contains("limit"), "{message}"),
        other => panic!("{other:?}"),
    }
}
