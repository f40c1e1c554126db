//! What a fault report looks like: kind, PC, T-states, every register and the last
//! instructions disassembled with addresses (a snapshot, read by a person when it changes).

use c7010::machine::{FaultKind, Machine};

#[test]
fn a_runaway_recursion_reports_the_stack_fault_with_its_trace() {
    let rom = [
        0x31, 0x10, 0xE0, // 0000 LD SP,0E010H
        0xDD, 0x21, 0x34, 0x12, // 0003 LD IX,1234H
        0x3E, 0x07, // 0007 LD A,7
        0xF5, // 0009 DEEPER: PUSH AF
        0xDD, 0x23, // 000A INC IX
        0xCD, 0x09, 0x00, // 000C CALL DEEPER
    ];
    let mut m = Machine::new(&rom).unwrap();
    let fault = m.run_for(10_000).unwrap_err();
    assert_eq!(fault.kind, FaultKind::StackOutsideRam { sp: 0xDFFE });
    insta::assert_snapshot!(fault.to_string());
}
