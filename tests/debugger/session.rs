//! A scripted debugger session on the real guest ROM (`tests/data/debugger/session.txt`),
//! kept as an insta snapshot, with the values it shows checked against the symbols of
//! `roms/c7010.sym` and the machine itself; plus the same script through the `c7010 debug`
//! command line, which must print the same transcript.

use crate::common::labels::with_labels;
use crate::common::symbol::symbol;

use std::process::Command;

use c7010::debugger::{DebugInfo, DebugSession, DebugSessionError};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;
use c7010::reference::Board;

const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const SCRIPT: &str = include_str!("../data/debugger/session.txt");

/// The session after `--fen FEN`, with the board bytes written where the engine keeps them.
fn session_after_setup() -> (DebugSession, String) {
    let mut session = DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin());
    let startup = session.setup_fen(FEN).unwrap();
    assert!(startup.contains("READY protocol 2"), "{startup}");
    assert!(
        startup.contains("OK to command 0x02"),
        "SETUP answered: {startup}"
    );
    // The module keeps the position in BOARD and the state bytes after it, laid out as
    // asm/ram.asm says: they must be the reference's bytes for the same FEN.
    let board = Board::from_fen(FEN).unwrap();
    let base = (symbol("BOARD") - 0xE000) as usize;
    let ram = session.machine().ram();
    assert_eq!(&ram[base..base + 120], &board.sq[..], "BOARD after SETUP");
    let state = [board.side, board.castling, board.ep, board.halfmove];
    assert_eq!(
        &ram[base + 120..base + 124],
        &state,
        "SIDE, CASTLE, EPSQ, HALFMV"
    );
    (session, startup)
}

#[test]
fn scripted_session_on_the_guest_rom() {
    let (mut session, startup) = session_after_setup();
    let mut transcript = startup;
    let recvmsg = symbol("RECVMSG");
    let main_return = symbol("MATCH") + 6; // MATCH: LD SP,RAMTOP; CALL RECVMSG
    let msgbuf = symbol("MSGBUF");
    let ramtop = symbol("RAMTOP");
    let mut before_back = None;
    let mut seen_continue = 0;
    for line in SCRIPT.lines() {
        let before = session.machine().registers();
        let instructions_before = session.machine().stats().instructions;
        let reply = session.execute(line);
        transcript.push_str(&format!("(c7010) {line}\n{}", reply.output));
        let out = &reply.output;
        let regs = session.machine().registers();
        match line {
            "board" => {
                assert!(out.contains("4 | . . . . P . . . |"), "{out}");
                assert!(out.contains("8 | r n b q k b n r |"), "{out}");
                assert!(out.contains("black to move"), "{out}");
                assert!(out.contains("en passant e3"), "{out}");
                // No search has run: ply 0 lists no moves (tests/debugger/analys.rs compares
                // `ply_moves` after ANALYS's root list with the reference's).
                let moves = session.ply_moves().unwrap();
                assert_eq!((moves.ply, moves.entries.len()), (0, 0));
            }
            "continue" if seen_continue == 0 => {
                seen_continue += 1;
                assert_eq!(regs.pc, recvmsg, "stopped at RECVMSG of roms/c7010.sym");
                assert!(
                    out.contains(&format!("breakpoint 1 at {recvmsg:04X} RECVMSG")),
                    "{out}"
                );
            }
            "bt" if regs.pc == recvmsg => {
                // The word at SP is MATCH's return address, and the walk names it.
                let at_sp = u16::from_le_bytes([
                    session.machine().read(regs.sp),
                    session.machine().read(regs.sp + 1),
                ]);
                assert_eq!(at_sp, main_return);
                assert!(
                    out.contains(&format!("#1  {main_return:04X}  MATCH+6")),
                    "{out}"
                );
            }
            "regs" => {
                assert!(
                    out.contains(&format!("PC {:04X}  RECVMSG", regs.pc)),
                    "{out}"
                );
                assert!(out.contains(&format!("SP {:04X}", regs.sp)), "{out}");
            }
            "next" => {
                // Over CALL LRECV: on the next instruction, SP as before.
                assert_eq!(regs.pc, symbol("RECVM0"));
                assert_eq!(regs.sp, before.sp);
            }
            "continue" if seen_continue == 1 => {
                seen_continue += 1;
                assert_eq!(session.machine().read(msgbuf), 0x09, "QUERY's type stored");
                assert!(
                    out.contains(&format!("watchpoint 2: write {msgbuf:04X} MSGBUF = 09")),
                    "{out}"
                );
                before_back = Some((regs, session.machine().cycles()));
            }
            "back 3" => {
                assert_eq!(
                    session.machine().stats().instructions + 3,
                    instructions_before
                );
                assert!(out.contains(&format!("=>{:04X}  ", regs.pc)), "{out}");
            }
            "step 3" => {
                let (regs_then, cycles_then) = before_back.unwrap();
                assert_eq!(regs, regs_then, "back 3 then step 3 is where we were");
                assert_eq!(session.machine().cycles(), cycles_then);
            }
            "finish" => {
                assert_eq!(regs.pc, main_return, "RECVMSG returned to MAIN");
                assert_eq!(regs.sp, ramtop, "with the stack empty again");
            }
            "until-latch" => assert!(out.contains("the module wrote its latch"), "{out}"),
            "latches" => assert!(
                out.contains(&format!("(M) {:02X}", session.machine().module_latch())),
                "{out}"
            ),
            "cycles" => assert!(
                out.contains(&format!("T-states {}", session.machine().cycles())),
                "{out}"
            ),
            "bogus command" => assert!(out.starts_with("error: unknown command"), "{out}"),
            "break NOSUCHSYMBOL" | "mem 0x12345" | "step 0" => {
                assert!(out.starts_with("error:"), "{out}")
            }
            "quit" => assert!(reply.quit),
            _ => {}
        }
    }
    assert_eq!(seen_continue, 2);
    insta::assert_snapshot!("debugger_session", with_labels(&transcript));
}

/// `back` lands exactly where the machine was: the save state N instructions ago equals the
/// one after going back N, also across host-link traffic.
#[test]
fn back_restores_the_exact_machine_state() {
    let (mut session, _) = session_after_setup();
    session.execute("send 0x09");
    let mut states = Vec::new();
    for _ in 0..300 {
        states.push(session.machine().save_state());
        assert!(!session.execute("step").output.contains("error"));
    }
    for n in [1u64, 7, 120, 299] {
        let mut copy_back = session.execute(&format!("back {n}"));
        assert!(!copy_back.output.contains("error"), "{}", copy_back.output);
        let expected = &states[300 - n as usize];
        assert_eq!(&session.machine().save_state(), expected, "back {n}");
        copy_back = session.execute(&format!("step {n}"));
        assert!(!copy_back.output.contains("error"));
    }
}

#[test]
fn conditional_breakpoints_stop_only_when_true() {
    let (mut session, _) = session_after_setup();
    // LRECV reads the latch into A then keeps it in C; stop at the AND only when the host
    // has sent a unit whose payload is SOM.
    let out = session.execute("break LRECV+3 if [C&0x3F]==0x20").output;
    assert!(out.contains("if [C&0x3F]==0x20"), "{out}");
    let out = session.execute("continue 0.1").output;
    assert!(out.contains("nothing stopped"), "no unit yet: {out}");
    session.execute("send 0x09");
    let out = session.execute("continue").output;
    assert!(out.contains("breakpoint 1"), "{out}");
    assert_eq!(session.machine().registers().bc & 0x3F, 0x20);
    // Conditions on memory: c2 (mailbox 33) holds a white pawn (11H), e2 (35) is empty
    // after 1. e4.
    session.execute("delete");
    session.execute("break LRECV if (BOARD+35)==0x11");
    assert!(
        session
            .execute("continue 0.1")
            .output
            .contains("nothing stopped")
    );
    session.execute("delete");
    session.execute("break LRECV if (BOARD+33)==0x11 && HL>=0xE000");
    let out = session.execute("continue 0.1").output;
    assert!(out.contains("breakpoint"), "{out}");
    assert_eq!(session.machine().registers().pc, symbol("LRECV"));
    // A condition naming something unknown is refused when set.
    assert!(
        session
            .execute("break LRECV if NOPE==1")
            .output
            .starts_with("error: unknown name")
    );
}

#[test]
fn an_attached_session_leaves_the_link_to_its_host() {
    // A module after SETUP, idle in its receive loop, attached as the window's panel does:
    // the host end of its link belongs to the console, so the session refuses to talk
    // over it and the host latch keeps its value.
    let (session, _) = session_after_setup();
    let mut machine = session.into_machine();
    let latch = machine.host_latch();
    let mut attached = DebugSession::attach(&mut *machine, DebugInfo::builtin());
    for command in ["go 200", "send 0x09", "send raw 0x5A"] {
        let out = attached.execute(command).output;
        assert!(
            out.starts_with("error:") && out.contains("attached"),
            "{command}: {out}"
        );
        assert_eq!(attached.machine().host_latch(), latch, "{command}");
    }
    let setup = attached.setup_fen(FEN);
    assert!(
        matches!(setup, Err(DebugSessionError::Attached)),
        "SETUP on an attached session: {setup:?}"
    );
    assert_eq!(attached.machine().host_latch(), latch, "SETUP");
    // Commands that only look and step still work.
    assert!(!attached.execute("step").output.starts_with("error"));
}

#[test]
fn bad_input_never_panics() {
    let (mut session, _) = session_after_setup();
    for line in [
        "",
        "   ",
        "#",
        "break",
        "break 0x",
        "break ((",
        "watch read",
        "watch SIDE 0",
        "watch 0xFFFF 2",
        "mem",
        "mem 0 0",
        "mem 0 99999",
        "dis 0x10000",
        "src 0x1FFF",
        "src nofile.asm:1",
        "load /no/such/file",
        "save /no/such/dir/x",
        "trace on /no/such/dir/x",
        "enable 99",
        "delete 99",
        "back 999999999",
        "send raw 256",
        "poke 0 1",
        "run-to 0x12345",
        "help nothing",
        "continue 0",
        "step -1",
        "finish",
        "\u{1F600}",
        "break a:b:c",
        "go 0",
        "go lots",
    ] {
        let reply = session.execute(line);
        assert!(!reply.quit, "{line}");
    }
    assert!(
        session
            .execute("help break")
            .output
            .contains("break RECVMSG if A==0")
    );
}

#[test]
fn command_line_prints_the_same_transcript() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let script = dir.join("script.txt");
    std::fs::write(&script, "break SENDMSG\ncontinue\nbt\nregs\nquit\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--script"])
        .arg(&script)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut session = DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin());
    let mut expected = session.execute("regs").output;
    for line in ["break SENDMSG", "continue", "bt", "regs", "quit"] {
        expected.push_str(&format!("(c7010) {line}\n{}", session.execute(line).output));
    }
    assert_eq!(text, expected);
    assert!(text.contains(&format!(
        "breakpoint 1 at {:04X} SENDMSG",
        symbol("SENDMSG")
    )));
    // --fen sets the position up through the protocol; `-` reads the script from stdin.
    let mut child = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--fen", FEN, "--script", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"latches\nquit\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("host -> module: SETUP"), "{text}");
    assert!(text.contains("(c7010) latches\n"), "{text}");
    assert!(text.contains("  OK to command 0x02"), "{text}");
    let bad_fen = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--fen", "not a position"])
        .output()
        .unwrap();
    assert!(!bad_fen.status.success());
    assert!(String::from_utf8_lossy(&bad_fen.stderr).contains("bad FEN"));
    // Missing files are clear errors.
    let missing = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--script", "/no/such/script"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot open script"));
    let bad_rom = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(["debug", "--rom", "/no/such/rom.bin"])
        .output()
        .unwrap();
    assert!(!bad_rom.status.success());
    assert!(String::from_utf8_lossy(&bad_rom.stderr).contains("cannot read ROM"));
}
