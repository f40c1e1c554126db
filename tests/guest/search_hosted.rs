//! The search of `asm/search.asm` (ANALYS, PASS, DEPTH, EXMOVE, NODE, CLIMB, the result
//! rules, and bookplay.asm's book tracking) run in the emulated NSC800 against the reference
//! `Search::think`, with the board, GEN + EVAL and the positional tables *served by the
//! host*: the test ROM assembles `search.asm` with one `HALT` stub for each routine it needs
//! from the other modules (GENEVAL, MAKE, UNMAKE, INCHECK, POSANA, TOTAL, DELTA), and the
//! host answers each stub with the reference's own board and evaluation, following the
//! register contract in search.asm's header. So every byte of the search logic is the Z80's,
//! and any difference from the reference (best move, score, positions, passes, PV) fails.
//!
//! Once GEN and EVAL are in the ROM, the same comparison runs on the real guest end to end.

use std::collections::HashMap;
use std::path::Path;

use c7010::assembler::assemble_source;
use c7010::guest::{GuestImage, Harness};
use c7010::machine::Stop;
use c7010::reference::exchange::exchange;
use c7010::reference::generate::gen_pseudo;
use c7010::reference::piece::BLACK;
use c7010::reference::positional::{MAX_POSITIONAL, Positional};
use c7010::reference::search::FILTER_DEPTH;
use c7010::reference::{Board, Move, MoveList, Search, legal_moves, pass_plies};

use c7010::reference::random::Xorshift as Rng;

/// The routines search.asm calls in other modules, each a HALT the host answers.
const SERVICES: [&str; 7] = [
    "GENEVAL", "MAKE", "UNMAKE", "INCHECK", "POSANA", "TOTAL", "DELTA",
];

/// Emulated T-states one hosted ANALYS may use (the host's services cost none).
const LIMIT: u64 = 4_000_000_000;

/// The test ROM: search.asm, the latch code, the book and the RAM plan, with host stubs.
fn hosted_image() -> GuestImage {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("asm");
    // A NOP after every HALT + RET keeps "PC at the HALT" and "PC after it" unambiguous.
    // The RST vectors (NEGHL, CPSGN, ...) go where the ROM has them, after TRAP.
    let mut src = format!(
        "        ORG     0\nTRAP:   HALT\n        NOP\n        INCLUDE \"{}\"\n",
        dir.join("vectors.asm").display()
    );
    for s in SERVICES {
        src.push_str(&format!("{s}:\n        HALT\n        RET\n        NOP\n"));
    }
    for f in [
        "search.asm",
        "bookplay.asm",
        "proto.asm",
        "book.asm",
        "ram.asm",
    ] {
        src.push_str(&format!("        INCLUDE \"{}\"\n", dir.join(f).display()));
    }
    // The small routines search.asm borrows from match.asm (TOWIRE, and
    // SENDRPL/SENDBUF with T_ROOT for SENDINF's root list), and board.asm's F_PROMO for
    // FINDMV, BRDLO and OFF for vectors.asm's GSTEP.
    src.push_str(
        "TOWIRE: PUSH BC\n SUB 21\n LD C,0\nTW1: CP 10\n JR C,TW2\n SUB 10\n LD B,A\n\
         LD A,C\n ADD A,8\n LD C,A\n LD A,B\n JR TW1\nTW2: ADD A,C\n POP BC\n RET\n\
         T_ROOT EQU 49H\nF_PROMO EQU 07H\nBRDLO EQU BOARD MOD 256\nOFF EQU 0FFH\nSENDRPL: LD (MSGBUF),HL\nSENDBUF: LD HL,MSGBUF\n JP SENDMSG\n",
    );
    src.push_str("        END\n");
    let asm = assemble_source("hosted_search.asm", &src).expect("search.asm assembles");
    let rom = asm.image(Some(8192)).expect("fits in 8 KB");
    GuestImage::from_parts(rom, &asm.symbol_file()).expect("symbols parse")
}

/// What the guest's ANALYS left in RAM.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    best: Option<Move>,
    score: i16,
    positions: u32,
    passes: u8,
    pv: Vec<Move>,
}

/// The host side: the reference board and tables behind the stubs.
struct Host {
    h: Harness,
    board: Board,
    tables: Option<Positional>,
    undo: HashMap<u16, c7010::reference::board::Undo>,
    stubs: HashMap<u16, &'static str>,
}

impl Host {
    fn new(image: GuestImage, board: Board) -> Host {
        let stubs = SERVICES
            .iter()
            .map(|s| (image.symbol(s).unwrap(), *s))
            .collect();
        Host {
            h: Harness::new(image).unwrap(),
            board,
            tables: None,
            undo: HashMap::new(),
            stubs,
        }
    }

    fn sym(&self, name: &str) -> u16 {
        self.h.symbol(name).unwrap()
    }
    fn word(&self, addr: u16) -> u16 {
        let b = self.h.read(addr, 2);
        u16::from_le_bytes([b[0], b[1]])
    }
    fn set_word(&mut self, addr: u16, v: u16) {
        self.h.write(addr, &v.to_le_bytes());
    }
    fn read_move(&self, addr: u16) -> Move {
        let b = self.h.read(addr, 3);
        // Bits 6-7 of the flags byte are the move stack's (done, check), not the move's.
        Move {
            from: b[0],
            to: b[1],
            flags: b[2] & 0x3F,
        }
    }

    /// Call `routine` and answer every stub until it returns to TRAP.
    fn call(&mut self, routine: &str) {
        let trap = self.sym("TRAP");
        let sp: u16 = 0xE800 - 2;
        self.h.write(sp, &trap.to_le_bytes());
        let mut r = self.h.machine.registers();
        r.sp = sp;
        r.pc = self.sym(routine);
        r.halted = false;
        self.h.machine.set_registers(&r);
        loop {
            match self.h.machine.run_until_halt(LIMIT) {
                Ok(Stop::Halted) => {}
                other => panic!("{routine}: stopped with {other:?}"),
            }
            let r = self.h.machine.registers();
            let at = if self.stubs.contains_key(&r.pc) || r.pc == trap {
                r.pc
            } else {
                r.pc.wrapping_sub(1)
            };
            if at == trap {
                return;
            }
            let name = *self
                .stubs
                .get(&at)
                .unwrap_or_else(|| panic!("HALT at {at:#06x} is no stub"));
            let mut r = self.serve(name, r);
            r.pc = at + 1; // the RET after the stub's HALT
            r.halted = false;
            self.h.machine.set_registers(&r);
        }
    }

    /// One service, by the register contract of search.asm's header.
    fn serve(&mut self, name: &str, mut r: c7010::machine::Registers) -> c7010::machine::Registers {
        let set_flags = |r: &mut c7010::machine::Registers, carry: bool, zero: bool| {
            let f = (r.af as u8 & !0x41) | u8::from(carry) | (u8::from(zero) << 6);
            r.af = (r.af & 0xFF00) | f as u16;
        };
        match name {
            "POSANA" => self.tables = Some(Positional::analyse(&self.board)),
            "TOTAL" => r.hl = self.tables.as_ref().unwrap().total(&self.board) as u16,
            "DELTA" => {
                let m = Move {
                    from: (r.de >> 8) as u8,
                    to: r.de as u8,
                    flags: r.bc as u8,
                };
                r.hl = self.tables.as_ref().unwrap().delta(&self.board, m) as u16;
            }
            "MAKE" | "UNMAKE" => {
                let m = Move {
                    from: (r.bc >> 8) as u8,
                    to: r.bc as u8,
                    flags: r.de as u8,
                };
                assert_eq!(m.flags & 0xC0, 0, "{name} gets the move's own flags");
                if name == "MAKE" {
                    let u = self.board.make(m);
                    self.undo.insert(r.hl, u);
                } else {
                    let u = self.undo[&r.hl];
                    self.board.unmake(m, u);
                }
            }
            "INCHECK" => {
                let check = self.board.in_check();
                set_flags(&mut r, check, !check);
            }
            "GENEVAL" => {
                // The node's positional sum is in the PLYTAB record of ply PLYN.
                let plyn = self.h.read(self.sym("PLYN"), 1)[0] as u16;
                let pos = self.word(self.sym("PLYTAB") + 16 * plyn + 14) as i16;
                let (count, best, overflow) = self.gen_eval(pos, (r.af >> 8) != 0);
                r.bc = (r.bc & 0x00FF) | ((count as u16) << 8);
                r.de = best as u16;
                set_flags(&mut r, overflow, false);
            }
            _ => unreachable!(),
        }
        r
    }

    /// The reference's gen_eval (search/node_eval.rs) on the host board, writing the guest's RAM.
    fn gen_eval(&mut self, pos: i16, store: bool) -> (u8, i16, bool) {
        let tables = self.tables.clone().unwrap();
        let root_pos = self.word(self.sym("ROOTPOS")) as i16;
        let poscnt = self.sym("POSCNT");
        let mstop = self.sym("MSTOP");
        let end = self.sym("MOVESTK") + 7 * self.sym("MSCAP");
        let mut pseudo = MoveList::default();
        gen_pseudo(&self.board, &mut |m| pseudo.push_pseudo(m));
        let mut top = self.word(mstop);
        // The filter (passes to FILTER_DEPTH plies, below the root) as NODEHF has it: a
        // dropped move leaves PCOUNT, so B counts the stored entries. PASSN counts the
        // passes completed: the pass under way is the next.
        let plyn = self.h.read(self.sym("PLYN"), 1)[0];
        let pass = self.h.read(self.sym("PASSN"), 1)[0] + 1;
        let filter = plyn > 0 && usize::from(pass_plies(pass)) <= FILTER_DEPTH;
        let (mut count, mut best, mut overflow) = (0u8, i16::MIN, false);
        for &m in pseudo.as_slice() {
            let pd = tables.delta(&self.board, m);
            let u = self.board.make(m);
            if self.board.left_in_check() {
                self.board.unmake(m, u);
                continue;
            }
            let n = u32::from_le_bytes(self.h.read(poscnt, 4).try_into().unwrap());
            self.h.write(poscnt, &n.wrapping_add(1).to_le_bytes());
            let (opp, own) = exchange(&self.board);
            let white_moved = self.board.side == BLACK;
            let (mut mat, mut rel) = (self.board.material, pos + pd - root_pos);
            if !white_moved {
                mat = -mat;
                rel = -rel;
            }
            let min = mat + rel.clamp(-MAX_POSITIONAL, MAX_POSITIONAL) - opp;
            let check = self.board.in_check();
            self.board.unmake(m, u);
            best = best.max(min);
            if store && filter && min + own < best && !check {
                continue;
            }
            count = count.saturating_add(1);
            if store {
                if top < end {
                    let [kl, kh] = min.to_le_bytes();
                    let [xl, xh] = (min + own).to_le_bytes();
                    let flags = m.flags | if check { 0x80 } else { 0 };
                    self.h.write(top, &[m.from, m.to, flags, kl, kh, xl, xh]);
                    top += 7;
                } else {
                    overflow = true;
                }
            }
        }
        self.set_word(mstop, top);
        (count, best, overflow)
    }

    /// ANALYS with `budget`, no polling, no INFO.
    fn think(&mut self, budget: u32) -> Outcome {
        let (b, f) = (self.sym("BUDGET"), self.sym("SRFLAGS"));
        self.h.write(b, &budget.to_le_bytes());
        self.h.write(f, &[0]);
        let before = self.board.clone();
        self.call("ANALYS");
        assert_eq!(self.board, before, "ANALYS leaves the board as it found it");
        let best = self.read_move(self.sym("BESTMV"));
        let pvlen = self.h.read(self.sym("PVLEN"), 1)[0] as u16;
        let pvtab = self.sym("PVTAB");
        Outcome {
            best: (best.from != 0).then_some(best),
            score: self.word(self.sym("SCORE")) as i16,
            positions: u32::from_le_bytes(self.h.read(self.sym("POSCNT"), 4).try_into().unwrap()),
            passes: self.h.read(self.sym("PASSES"), 1)[0],
            pv: if best.from == 0 {
                vec![]
            } else {
                (0..pvlen).map(|i| self.read_move(pvtab + 3 * i)).collect()
            },
        }
    }
}

fn reference(board: &Board, budget: u32) -> Outcome {
    let r = Search::new(board).think(budget, &mut |_| {});
    Outcome {
        best: r.best,
        score: r.score,
        positions: r.positions,
        passes: r.passes,
        pv: r.pv().to_vec(),
    }
}

fn wac_fens() -> Vec<String> {
    std::fs::read_to_string("tests/data/suites/win_at_chess_test.epd")
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" ") + " 0 1")
        .collect()
}

/// Positions from random games with a fixed seed (legal random moves, 10-60 plies).
fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed | 1);
    let mut out = vec![];
    while out.len() < n {
        let mut b = Board::startpos();
        let plies = 10 + rng.below(50);
        for _ in 0..plies {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            b.make(m);
        }
        if !legal_moves(&b).is_empty() {
            out.push(b);
        }
    }
    out
}

fn compare(boards: &[Board], budget: u32) {
    let image = hosted_image();
    let mut diffs = vec![];
    for b in boards {
        let mut host = Host::new(image.clone(), b.clone());
        let guest = host.think(budget);
        let want = reference(b, budget);
        if guest != want {
            diffs.push(format!("{}\n guest {guest:?}\n ref   {want:?}", b.to_fen()));
        }
    }
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn wac_first_twenty_equal_the_reference_at_a_small_budget() {
    let boards: Vec<Board> = wac_fens()[..20]
        .iter()
        .map(|f| Board::from_fen(f).unwrap())
        .collect();
    compare(&boards, 600);
}

#[test]
fn random_positions_equal_the_reference() {
    compare(&random_positions(20, 7010), 400);
}

#[test]
fn mates_stalemates_and_one_move_positions_equal_the_reference() {
    let fens = [
        // mated, stalemated: no move
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        // mate in one, mate in two (the passes stop at the mate)
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        // a single legal move
        "k7/8/1Q6/8/8/8/8/6K1 b - - 0 1",
    ];
    let boards: Vec<Board> = fens.iter().map(|f| Board::from_fen(f).unwrap()).collect();
    compare(&boards, 3000);
}

#[test]
fn budget_cuts_in_every_phase_equal_the_reference() {
    // Budgets that end the search before the first root move finishes, inside pass 1 and
    // inside pass 2, on a middle-game position.
    let b = Board::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
        .unwrap();
    let budgets = [1, 40, 45, 120, 700, 1500, 2600];
    let image = hosted_image();
    for budget in budgets {
        let mut host = Host::new(image.clone(), b.clone());
        assert_eq!(host.think(budget), reference(&b, budget), "budget {budget}");
    }
}

#[test]
fn wac_suite_at_2500_positions_equals_the_reference() {
    let boards: Vec<Board> = wac_fens()
        .iter()
        .map(|f| Board::from_fen(f).unwrap())
        .collect();
    compare(&boards, 2_500);
}

#[test]
fn hundred_random_positions_at_2500_equal_the_reference() {
    compare(&random_positions(100, 7010), 2_500);
}

/// Play a history through BKNEW / BKPLAY (each move given as its index in the legal-move
/// list, as MOVE does), then read the book's next move where BOOKPTR points.
fn guest_book_next(image: &GuestImage, history: &[Move]) -> Option<(u8, u8)> {
    let mut host = Host::new(image.clone(), Board::startpos());
    host.call("BKNEW");
    let mut b = Board::startpos();
    for m in history {
        let index = legal_moves(&b)
            .as_slice()
            .iter()
            .position(|x| x == m)
            .unwrap();
        let mut r = host.h.machine.registers();
        r.af = (index as u16) << 8;
        host.h.machine.set_registers(&r);
        host.call("BKPLAY");
        b.make(*m);
    }
    let at = host.word(host.sym("BOOKPTR"));
    (at != 0).then(|| {
        let index = usize::from(host.h.read(at, 1)[0] & 0x3F);
        let m = legal_moves(&b).as_slice()[index];
        (m.from, m.to)
    })
}

#[test]
fn book_tracking_gives_the_reference_books_next_move() {
    let image = hosted_image();
    let book = image.book().unwrap().unwrap();
    let mut rng = Rng(5);
    let mut games = 0;
    let mut in_book_moves = 0;
    while games < 40 {
        // Follow the book, sometimes leave it with a random legal move.
        let mut b = Board::startpos();
        let mut history = vec![];
        for _ in 0..14 {
            let want = book.next(&history);
            assert_eq!(guest_book_next(&image, &history), want, "after {history:?}");
            let moves = legal_moves(&b);
            let m = match want {
                Some((f, t)) if rng.below(6) != 0 => {
                    in_book_moves += 1;
                    *moves
                        .as_slice()
                        .iter()
                        .find(|m| m.from == f && m.to == t)
                        .unwrap()
                }
                _ => moves.as_slice()[rng.below(moves.len())],
            };
            b.make(m);
            history.push(m);
        }
        games += 1;
    }
    assert!(
        in_book_moves > 100,
        "the test followed the book ({in_book_moves} moves)"
    );
}

/// The move stack overflows in deep passes, so its size is part of the result.
#[test]
fn move_stack_capacity_equals_the_references() {
    let image = GuestImage::builtin();
    assert_eq!(
        image.symbol("MSCAP").unwrap() as usize,
        c7010::reference::search::MOVE_CAP
    );
}
