//! No guest can panic the host: random ROMs (and random code copied into RAM) run until they
//! fault or time out, and every fault leaves a machine the host can reset and run again.

use c7010::machine::{FaultKind, Machine, RunLimit};

/// xorshift64*: deterministic pseudo-random bytes without a dependency.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u8 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
    }
}

#[test]
fn random_guests_fault_cleanly_or_run_on() {
    let mut random = Random(0x00C7_010C_7010);
    let mut kinds = std::collections::HashSet::new();
    for round in 0..300 {
        let len = 16 + (random.next() as usize) * 4;
        let mut rom: Vec<u8> = (0..len).map(|_| random.next()).collect();
        if round % 3 == 0 {
            // Start by setting a stack, enabling interrupts in a random mode and jumping
            // into RAM filled with random code: LD SP,0E800H; IM 2; EI; JP 0E000H.
            rom.splice(0..0, [0x31, 0x00, 0xE8, 0xED, 0x5E, 0xFB, 0xC3, 0x00, 0xE0]);
        }
        let mut m = Machine::new(&rom).unwrap();
        for byte in m.ram_mut() {
            *byte = random.next();
        }
        m.host_write(random.next());
        let limit = match round % 3 {
            0 => RunLimit::Cycles(200_000),
            1 => RunLimit::UntilLatchWrite(200_000),
            _ => RunLimit::UntilHalt(200_000),
        };
        if let Err(fault) = m.run(limit) {
            assert!(
                !matches!(fault.kind, FaultKind::CorePanic { .. }),
                "round {round}: {fault}"
            );
            kinds.insert(std::mem::discriminant(&fault.kind));
            assert!(!fault.to_string().is_empty());
            // The host resets the module and it runs again from 0.
            m.reset();
            assert_eq!(m.registers().pc, 0);
            let _ = m.step();
        }
        // A save state of whatever the guest did loads back.
        let state = m.save_state();
        assert_eq!(Machine::load_state(&state).unwrap().save_state(), state);
    }
    // Random code meets several different faults, not just one.
    assert!(kinds.len() >= 3, "{kinds:?}");
}
