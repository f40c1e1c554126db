//! The debugger's acceptance scenario on the real engine (`tests/data/debugger/analys.txt`),
//! kept as an insta snapshot: after `--fen` (a middle-game position) the host sends GO with a
//! 200-position budget, the session stops at ANALYS, steps over the CALL of GENEVAL that
//! builds the root list, then catches the search's first move on the board with a write
//! watchpoint. The values it shows are checked against `roms/c7010.sym` and against the
//! reference engine: the root list in RAM is `reference::Search::root_evals` in order, with
//! the same minimum (key) and maximum evaluations, and the board after MAKE is the
//! reference's board with that move made.

use crate::common::labels::with_labels;
use crate::common::symbol::symbol;

use c7010::debugger::{DebugInfo, DebugSession};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;
use c7010::reference::{Board, Search};

/// A quiet Queen's Gambit middle game, out of the opening book, white to move.
const FEN: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
const SCRIPT: &str = include_str!("../data/debugger/analys.txt");

/// The word the machine holds at `address` (little-endian).
fn word(session: &DebugSession, address: u16) -> u16 {
    u16::from_le_bytes([
        session.machine().read(address),
        session.machine().read(address.wrapping_add(1)),
    ])
}

/// The 120 mailbox bytes at BOARD.
fn guest_board(session: &DebugSession) -> Vec<u8> {
    let base = symbol("BOARD");
    (0..120u16)
        .map(|k| session.machine().read(base + k))
        .collect()
}

/// The scenario's transcript (docs/debugger.md shows it), checked line by line as it runs.
pub fn search_transcript() -> String {
    let mut session = DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin());
    let mut transcript = session.setup_fen(FEN).unwrap();
    assert!(transcript.contains("OK to command 0x02"), "{transcript}");
    let board = Board::from_fen(FEN).unwrap();
    let root = Search::new(&board).root_evals();
    assert!(root.len() > 30, "a middle game has many moves");
    let (analys, thkr, thk2) = (symbol("ANALYS"), symbol("THKR"), symbol("THK2"));
    let (plytab, movestk) = (symbol("PLYTAB"), symbol("MOVESTK"));
    const PCUR: u16 = 9; // asm/search.asm: index of the move being explored
    let mut boards_seen = 0;
    let mut nexts = 0;
    let mut continues = 0;
    let mut finish_targets = Vec::new();
    for line in SCRIPT.lines() {
        let before = session.machine().registers();
        let instructions_before = session.machine().stats().instructions;
        let reply = session.execute(line);
        transcript.push_str(&format!("(c7010) {line}\n{}", reply.output));
        let out = &reply.output;
        assert!(!out.starts_with("error"), "{line}: {out}");
        let regs = session.machine().registers();
        match line {
            "go 200" => assert!(
                out.contains("queued message type 04 with 4 payload byte(s)"),
                "{out}"
            ),
            "continue" if continues == 0 => {
                continues += 1;
                assert_eq!(regs.pc, analys, "stopped at ANALYS of roms/c7010.sym");
                assert!(
                    out.contains(&format!("breakpoint 1 at {analys:04X} ANALYS")),
                    "{out}"
                );
            }
            "board" if boards_seen == 0 => {
                boards_seen += 1;
                assert!(out.contains("1 | R . B Q . R K . |"), "{out}");
                assert!(out.contains("8 | r . b q . r k . |"), "{out}");
                assert!(out.contains("white to move"), "{out}");
                assert_eq!(guest_board(&session), board.sq.to_vec());
                // The root list is not built yet.
                assert!(out.contains("ply 0: no moves listed"), "{out}");
            }
            "bt" if regs.pc == analys => {
                // Out of the book BKGO jumps to GOSRCH, which jumps to ANALYS, so the word
                // at SP returns behind the CALL BKGO of the GO command, and the walk names
                // that place.
                let back_to = word(&session, regs.sp);
                assert_eq!(session.machine().read(back_to - 3), 0xCD, "a CALL");
                assert_eq!(word(&session, back_to - 2), symbol("BKGO"));
                assert!(out.contains(&format!("#1  {back_to:04X}  ")), "{out}");
                assert!(out.contains("(CALL BKGO from"), "{out}");
            }
            "run-to THKR" => assert_eq!(regs.pc, thkr),
            "next" => {
                nexts += 1;
                assert_eq!(regs.sp, before.sp, "next keeps the stack level");
                if nexts == 1 {
                    // On THKR's CALL GENEVAL, with A = 1: store the list.
                    assert_eq!(regs.pc, thkr + 2);
                    assert_eq!(session.machine().read(regs.pc), 0xCD);
                    assert_eq!(word(&session, regs.pc + 1), symbol("GENEVAL"));
                    assert_eq!(regs.af >> 8, 1);
                    assert!(out.contains("<GENEVAL>"), "{out}");
                } else {
                    // Over it: B = the legal moves, as many as the reference's root list.
                    assert_eq!(regs.pc, thkr + 5);
                    assert_eq!((regs.bc >> 8) as usize, root.len());
                }
            }
            "run-to THK2" => {
                assert_eq!(regs.pc, thk2);
                // The root list as the debugger reads it is the reference's, in order.
                let moves = session.ply_moves().unwrap();
                assert_eq!((moves.ply, moves.start), (0, 0));
                assert_eq!(word(&session, plytab), movestk, "PFIRST");
                let guest: Vec<_> = moves
                    .entries
                    .iter()
                    .map(|e| {
                        (
                            e.from,
                            e.to,
                            e.flags & 0x3F,
                            e.flags & 0x80 != 0,
                            e.key,
                            e.max,
                        )
                    })
                    .collect();
                let reference: Vec<_> = root
                    .iter()
                    .map(|m| (m.mv.from, m.mv.to, m.mv.flags, m.check, m.min, m.max))
                    .collect();
                assert_eq!(guest, reference, "root list = reference root_evals");
            }
            "board" if boards_seen == 1 => {
                boards_seen += 1;
                assert!(
                    out.contains(&format!("ply 0: {} moves from entry 0", root.len())),
                    "{out}"
                );
                for (k, m) in root.iter().enumerate() {
                    let line = format!(
                        "{k:3} {}{:<2} key {:6} max {:6}",
                        m.mv.uci(),
                        if m.check { "+" } else { "" },
                        m.min,
                        m.max
                    );
                    assert!(out.contains(&line), "{line} in {out}");
                }
            }
            "watch write BOARD 120" => assert!(
                out.contains(&format!(
                    "watchpoint 2: write {:04X}..{:04X} BOARD (120 bytes)",
                    symbol("BOARD"),
                    symbol("BOARD") + 119
                )),
                "{out}"
            ),
            "continue" if continues == 1 => {
                continues += 1;
                assert!(out.contains("watchpoint 2: write"), "{out}");
                // MAKE's board part is MAKEV (2026-12-02: EVAL's make calls it alone).
                assert!(out.contains("MAKV"), "the board is written by MAKEV: {out}");
            }
            "bt" => {
                // Inside MAKEV, called by MAKE from EXMOVE from PASS from ANALYS (entered from
                // GOSRCH).
                for name in [
                    "(CALL MAKEV from",
                    "(CALL MAKE from",
                    "(CALL EXMOVE from",
                    "(CALL PASS from",
                ] {
                    assert!(out.contains(name), "{name}: {out}");
                }
                // Frames #1 and #2 are MAKEV's and MAKE's return addresses: each just behind
                // its CALL.
                for (frame, routine) in [("#1  ", "MAKEV"), ("#2  ", "MAKE")] {
                    let frame = out.lines().find(|l| l.starts_with(frame)).unwrap();
                    let back_to = u16::from_str_radix(&frame[4..8], 16).unwrap();
                    assert_eq!(session.machine().read(back_to - 3), 0xCD, "a CALL");
                    assert_eq!(word(&session, back_to - 2), symbol(routine));
                    finish_targets.push((routine, back_to));
                }
            }
            "finish" => {
                // The first back into MAKE, the second back into EXMOVE.
                let (routine, target) = finish_targets.remove(0);
                assert!(
                    out.contains(&format!("run until {routine} returns")),
                    "{out}"
                );
                assert_eq!(regs.pc, target, "back from {routine}");
                assert!(!out.contains("watchpoint"), "disabled: {out}");
            }
            "regs" => {
                assert!(
                    out.contains(&format!("PC {:04X}  EXMOVE+", regs.pc)),
                    "{out}"
                );
                assert!(out.contains(&format!("SP {:04X}", regs.sp)), "{out}");
            }
            "board" => {
                // The move being explored at ply 0 (PCUR) is on the board: the reference
                // board with that move made is the guest's.
                let current = session.machine().read(plytab + PCUR) as usize;
                let mut made = board.clone();
                made.make(root[current].mv);
                assert_eq!(guest_board(&session), made.sq.to_vec());
                let moves = session.ply_moves().unwrap();
                assert_eq!(moves.current as usize, current);
                let marked = format!(">{current:3} {}", root[current].mv.uci());
                assert!(out.contains(&marked), "{marked} in {out}");
            }
            "back" => {
                assert_eq!(
                    session.machine().stats().instructions + 1,
                    instructions_before
                );
                assert!(out.contains(&format!("=>{:04X}  ", regs.pc)), "{out}");
            }
            "cycles" => assert!(
                out.contains(&format!("T-states {}", session.machine().cycles())),
                "{out}"
            ),
            "quit" => assert!(reply.quit),
            _ => {}
        }
    }
    assert_eq!((boards_seen, nexts, continues), (2, 2, 2));
    transcript
}

/// The transcript, with labels for the addresses (tests/common/labels.rs), as a snapshot.
#[test]
fn search_scenario_on_the_guest_rom() {
    insta::assert_snapshot!("debugger_analys", with_labels(&search_transcript()));
}
