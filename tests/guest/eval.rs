//! Differential tests of the guest's EVAL (asm/exchange.asm, asm/positional.asm,
//! asm/eval.asm) against the native reference (src/reference/exchange.rs, positional.rs and
//! `eval_move` / `root_evals` in search/node_eval.rs): the same board
//! goes into guest RAM and into the reference, and every result must be identical.
//!
//! Positions: the perft suite, Win at Chess, and positions from random games with a fixed
//! seed; each also after every legal move (EVAL runs the exchange analysis on the position
//! after the move it evaluates). The T-states the guest routines take are printed
//! (`cargo test --test guest eval:: -- --nocapture`) for the speed figures in docs/engine-log.md.

use crate::common::differential::evaluations_equal_the_reference;
use crate::common::harness::harness;
use crate::common::suites::suite;

use c7010::guest::Harness;
use c7010::reference::board::{ALL_DIRS, BOARD_SIZE, square, step};
use c7010::reference::exchange::{Attackers, MAX_ATTACKERS, collect, exchange, pins, swap};
use c7010::reference::piece::{BLACK, EMPTY, K_BISHOP, K_QUEEN, K_ROOK, OFF, is_piece, kind};
use c7010::reference::positional::Positional;
use c7010::reference::{Board, Search, legal_moves};

/// Root positions taken from each suite besides the whole perft suite (127): about 300
/// roots, which their children multiply by about 30.
const WAC_ROOTS: usize = 100;
const RANDOM_GAMES: usize = 8;

use c7010::reference::random::Xorshift as Rng;

/// Positions from random games: every 7th position of each game, up to 70 plies.
fn random_positions(games: usize) -> Vec<Board> {
    let mut rng = Rng(0x00C7_010E_7A11_2026);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = Board::startpos();
        for ply in 0..70 {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            b.make(moves.as_slice()[rng.below(moves.len())]);
            if ply % 7 == 6 {
                out.push(b.clone());
            }
        }
    }
    out
}

fn roots(wac: usize, games: usize) -> Vec<Board> {
    let mut v = suite("perft.epd", usize::MAX);
    v.extend(suite("win_at_chess_test.epd", wac));
    v.extend(random_positions(games));
    v
}

/// Each root and the position after each of its legal moves.
fn with_children(roots: &[Board]) -> Vec<Board> {
    let mut v = Vec::new();
    for r in roots {
        v.push(r.clone());
        for &m in legal_moves(r).as_slice() {
            let mut c = r.clone();
            c.make(m);
            v.push(c);
        }
    }
    v
}

/// Where a square's bit lies in a guest square map (ram.asm): the square's board address
/// LOW / 8 - MAPLO is the byte, LOW mod 8 the bit.
fn map_bit(h: &Harness, sq: u8) -> (usize, u8) {
    let addr = low(h, "BOARD") + u16::from(sq);
    let byte = (addr >> 3) - h.symbol("MAPLO").unwrap();
    (usize::from(byte), 1 << (addr & 7))
}

/// The guest's square map as a set of mailbox squares, a1..h8.
fn map_squares(h: &Harness, map: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for r in 0..8u8 {
        for f in 0..8u8 {
            let (byte, bit) = map_bit(h, square(f, r));
            if map[byte] & bit != 0 {
                v.push(square(f, r));
            }
        }
    }
    v
}

/// A set of squares as the guest's square map.
fn squares_map(h: &Harness, flags: &[bool; BOARD_SIZE]) -> Vec<u8> {
    let mut map = vec![0u8; usize::from(h.symbol("MAPSZ").unwrap())];
    for r in 0..8u8 {
        for f in 0..8u8 {
            if flags[square(f, r) as usize] {
                let (byte, bit) = map_bit(h, square(f, r));
                map[byte] |= bit;
            }
        }
    }
    map
}

fn flag_squares(flags: &[bool; BOARD_SIZE]) -> Vec<u8> {
    let mut v = Vec::new();
    for r in 0..8u8 {
        for f in 0..8u8 {
            if flags[square(f, r) as usize] {
                v.push(square(f, r));
            }
        }
    }
    v
}

fn low(h: &Harness, name: &str) -> u16 {
    h.symbol(name).unwrap() & 0xFF
}

/// Is either king checked along one of its eight lines by an enemy slider moving along it?
/// (PINS's SKEWCK: SKEWER has nothing to look at otherwise.)
fn slider_check(b: &Board) -> bool {
    b.king.iter().any(|&k| {
        let colour = b.sq[k as usize] & BLACK;
        ALL_DIRS.iter().enumerate().any(|(i, &d)| {
            let mut s = step(k, d);
            while b.sq[s as usize] == EMPTY {
                s = step(s, d);
            }
            let code = b.sq[s as usize];
            let line_slider = if i < 4 { K_ROOK } else { K_BISHOP };
            code != OFF
                && code & BLACK != colour
                && (kind(code) == K_QUEEN || kind(code) == line_slider)
        })
    })
}

fn exch_on(h: &mut Harness, b: &Board) -> ((i16, i16), u64) {
    h.load_board(b).unwrap();
    let (regs, t) = h.exch().unwrap();
    ((regs.hl as i16, regs.de as i16), t)
}

fn check_exchange(positions: &[Board]) {
    let mut h = harness();
    let (mut total_t, mut opp_seen, mut own_seen, mut pinned_seen) = (0u64, 0, 0, 0);
    let mut checked_seen = 0;
    for b in positions {
        let want = exchange(b);
        let (got, t) = exch_on(&mut h, b);
        assert_eq!(got, want, "EXCH (opp, own) differs on {}", b.to_fen());
        let size = usize::from(h.symbol("MAPSZ").unwrap());
        let pinmap = h.read_at("PINMAP", 0, size).unwrap();
        let want_pins = flag_squares(&pins(b));
        assert_eq!(
            map_squares(&h, &pinmap),
            want_pins,
            "PINS on {}",
            b.to_fen()
        );
        let checked = slider_check(b);
        let skewck = h.read_at("SKEWCK", 0, 1).unwrap()[0];
        assert_eq!(skewck != 0, checked, "PINS's SKEWCK on {}", b.to_fen());
        checked_seen += usize::from(checked);
        total_t += t;
        opp_seen += usize::from(want.0 > 0);
        own_seen += usize::from(want.1 > 0);
        pinned_seen += usize::from(!want_pins.is_empty());
    }
    println!(
        "EXCH: {} positions, {} T-states on average ({} with a gain for the side to move, \
         {} for the mover, {} with a pin)",
        positions.len(),
        total_t / positions.len() as u64,
        opp_seen,
        own_seen,
        pinned_seen
    );
    // The sample must exercise the interesting paths, or the comparison proves little.
    assert!(opp_seen > positions.len() / 10 && own_seen > positions.len() / 10);
    assert!(pinned_seen > 10);
    assert!(
        checked_seen > 10,
        "only {checked_seen} positions with a slider check"
    );
}

#[test]
fn exch_and_pins_equal_the_reference_on_suite_and_random_positions() {
    check_exchange(&with_children(&roots(WAC_ROOTS, RANDOM_GAMES)));
}

/// The whole Win at Chess suite and more random games, each with all children (slow:
/// about 12,000 positions; run with `--ignored`).
#[test]
#[ignore]
fn exch_equals_the_reference_on_the_whole_wac_suite() {
    check_exchange(&with_children(&roots(usize::MAX, 40)));
}

/// The list the guest built at `name` equals the reference's.
fn assert_list(h: &Harness, name: &str, n: usize, want: &Attackers, what: &str) {
    assert_eq!(n, want.n, "{name} count, {what}");
    let got = h.read_at(name, 0, 3 * n).unwrap();
    for i in 0..n {
        assert_eq!(
            &got[3 * i..3 * i + 3],
            &[want.key[i], want.units[i], want.sq[i]],
            "{name} entry {i}, {what}"
        );
    }
}

#[test]
fn colboth_lists_equal_the_reference_with_and_without_skipped_pieces() {
    let mut h = harness();
    let mut rng = Rng(0x0C01_B0D7_5EED_0005);
    let none = [false; BOARD_SIZE];
    let (mut compared, mut skipped_seen) = (0, 0);
    for b in with_children(&roots(6, 2)).iter().step_by(5) {
        h.load_board(b).unwrap();
        h.call("PINS", |_| {}).unwrap();
        let pinned = pins(b);
        let pin_skip = h.read_at("SKIPON", 0, 1).unwrap()[0];
        // Any set of pieces, as BUSYMAP may hold: about one piece in five, either colour.
        let mut random = [false; BOARD_SIZE];
        for (s, flag) in random.iter_mut().enumerate() {
            *flag = is_piece(b.sq[s]) && rng.below(5) == 0;
        }
        h.write_at("BUSYMAP", 0, &squares_map(&h, &random)).unwrap();
        let busy_skip = low(&h, "BUSYMAP") as u8;
        for (skip_flags, skip_byte) in [(&none, 0u8), (&pinned, pin_skip), (&random, busy_skip)] {
            for t in (0..8).flat_map(|r| (0..8).map(move |f| square(f, r))) {
                if !is_piece(b.sq[t as usize]) {
                    continue;
                }
                for colour in [0u8, BLACK] {
                    let att = collect(b, t, colour, skip_flags);
                    let def = collect(b, t, colour ^ BLACK, skip_flags);
                    h.write_at("SKIPON", 0, &[skip_byte]).unwrap();
                    let target = low(&h, "BOARD") + u16::from(t);
                    let (regs, _) = h
                        .call("COLBOTH", |r| {
                            r.hl = target;
                            r.de = u16::from(colour);
                        })
                        .unwrap();
                    let what = format!("target {t}, attackers {colour:#x} on {}", b.to_fen());
                    let (na, nd) = ((regs.bc >> 8) as usize, (regs.bc & 0xFF) as usize);
                    assert_eq!((regs.af >> 8) as usize, na, "A = ATTLST's count");
                    let counts = [
                        h.read_at("ATTCNT", 0, 1).unwrap()[0],
                        h.read_at("DEFCNT", 0, 1).unwrap()[0],
                    ];
                    assert_eq!(counts, [na as u8, nd as u8], "ATTCNT, DEFCNT, {what}");
                    assert_list(&h, "ATTLST", na, &att, &what);
                    assert_list(&h, "DEFLST", nd, &def, &what);
                    compared += na + nd;
                    skipped_seen += usize::from(skip_flags.iter().any(|&f| f) && (na + nd) > 0);
                }
            }
        }
    }
    assert!(compared > 2000, "only {compared} list entries compared");
    assert!(
        skipped_seen > 500,
        "only {skipped_seen} lists with a skip map"
    );
}

/// A list of `n` entries with ascending keys, as COLBOTH makes them.
fn random_list(rng: &mut Rng, n: usize) -> Attackers {
    const UNITS: [u8; 6] = [16, 48, 48, 80, 144, 240];
    let mut a = Attackers {
        key: [0; MAX_ATTACKERS],
        units: [0; MAX_ATTACKERS],
        sq: [0; MAX_ATTACKERS],
        n,
    };
    let mut key = 1u8;
    for i in 0..n {
        key += rng.below(4) as u8;
        a.key[i] = key;
        // A king, if any, mostly comes last, as on a board.
        a.units[i] = UNITS[rng.below(if i + 1 == n { 6 } else { 5 })];
        a.sq[i] = 21 + i as u8;
    }
    a
}

fn write_list(h: &mut Harness, name: &str, a: &Attackers) {
    let mut bytes = Vec::new();
    for i in 0..a.n {
        bytes.extend([a.key[i], a.units[i], a.sq[i]]);
    }
    h.write_at(name, 0, &bytes).unwrap();
}

#[test]
fn swap_equals_the_reference_on_crafted_lists() {
    let mut h = harness();
    let mut rng = Rng(0x5A5A_1234_9876_0001);
    let mut nonzero = 0;
    for round in 0..3000 {
        // Mostly short lists as in games, sometimes full ones.
        let max = if round % 50 == 0 { MAX_ATTACKERS } else { 5 };
        let (na, nd) = (rng.below(max + 1), rng.below(max + 1));
        let att = random_list(&mut rng, na);
        let def = random_list(&mut rng, nd);
        let target = [16u8, 48, 80, 144][rng.below(4)];
        write_list(&mut h, "ATTLST", &att);
        write_list(&mut h, "DEFLST", &def);
        let (regs, _) = h
            .call("SWAP", |r| {
                r.af = u16::from(target) << 8;
                r.bc = ((att.n as u16) << 8) | def.n as u16;
            })
            .unwrap();
        let want = swap(target, &att, &def);
        let got = (regs.hl as i16, (regs.af >> 8) as usize);
        assert_eq!(
            got,
            want,
            "SWAP target {target} att {:?} def {:?}",
            &att.units[..att.n],
            &def.units[..def.n]
        );
        nonzero += usize::from(want.0 > 0);
    }
    assert!(nonzero > 500);
}

#[test]
fn positional_tables_total_and_points_equal_the_reference() {
    let mut h = harness();
    let (mut endgames, mut hunts, mut ana_t, mut total_t) = (0, 0, 0u64, 0u64);
    let positions = roots(WAC_ROOTS, RANDOM_GAMES);
    for b in &positions {
        let p = Positional::analyse(b);
        h.load_board(b).unwrap();
        let (_, t) = h.call("POSANA", |_| {}).unwrap();
        ana_t += t;
        let fen = b.to_fen();
        // The guest keeps ranks 2-7 (48 squares a colour): no pawn stands on rank 1 or 8,
        // where the reference's table holds 0.
        let pawn = h.read_at("PAWNTAB", 0, 96).unwrap();
        for ci in 0..2 {
            for s in 0..64 {
                let want = p.pawn[ci][s];
                if !(8..56).contains(&s) {
                    assert_eq!(want, 0, "pawn[{ci}][{s}] on {fen}");
                    continue;
                }
                assert_eq!(
                    pawn[ci * 48 + s - 8] as i8,
                    want,
                    "PAWNTAB[{ci}][{}] on {fen}",
                    s - 8
                );
            }
        }
        let rook = h.read_at("ROOKFIL", 0, 16).unwrap();
        for ci in 0..2 {
            for f in 0..8 {
                assert_eq!(
                    rook[ci * 8 + f] as i8,
                    p.rook_file[ci][f],
                    "ROOKFIL on {fen}"
                );
            }
        }
        let endgame = h.read_at("ENDGAME", 0, 1).unwrap()[0] != 0;
        assert_eq!(endgame, p.endgame, "ENDGAME on {fen}");
        endgames += usize::from(p.endgame);
        hunts += usize::from(p.hunt.is_some());
        let (regs, t) = h.call("TOTAL", |_| {}).unwrap();
        total_t += t;
        assert_eq!(regs.hl as i16, p.total(b), "TOTAL on {fen}");
        // Every piece code on every square it can stand on (a pawn: ranks 2-7), with this
        // position's tables.
        let board_low = low(&h, "BOARD");
        for code in [0x11u8, 0x23, 0x33, 0x45, 0x59, 0x6F] {
            let ranks = if code == 0x11 { 1..7 } else { 0..8 };
            for code in [code, code | BLACK] {
                for s in ranks
                    .clone()
                    .flat_map(|r| (0..8).map(move |f| square(f, r)))
                {
                    let (regs, _) = h
                        .call("POINTS", |r| {
                            r.af = u16::from(code) << 8;
                            r.hl = board_low + u16::from(s);
                        })
                        .unwrap();
                    assert_eq!(
                        (regs.af >> 8) as u8 as i8,
                        p.points(code, s),
                        "POINTS {code:#x} on {s} in {fen}"
                    );
                }
            }
        }
    }
    println!(
        "POSANA {} T-states, TOTAL {} T-states on average over {} positions",
        ana_t / positions.len() as u64,
        total_t / positions.len() as u64,
        positions.len()
    );
    assert!(
        endgames > 3 && endgames < positions.len() - 3,
        "{endgames} endgames"
    );
    // The hunting king's table (an endgame one side leads in material) is among them.
    assert!(
        hunts > 3 && hunts < endgames,
        "{hunts} hunts in {endgames} endgames"
    );
}

#[test]
fn delta_equals_the_reference_for_every_legal_move() {
    let mut h = harness();
    let (mut moves, mut delta_t, mut specials) = (0u64, 0u64, 0);
    // Positions with castling, en passant and promotions among their moves, and the rest.
    let mut positions = roots(40, 8);
    positions.extend(
        [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
            "1r2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
            "1r2k3/P7/8/8/8/8/7p/4K1N1 b - - 0 1",
        ]
        .iter()
        .map(|f| Board::from_fen(f).unwrap()),
    );
    for b in &positions {
        let p = Positional::analyse(b);
        h.load_board(b).unwrap();
        h.call("POSANA", |_| {}).unwrap();
        for &m in legal_moves(b).as_slice() {
            let (regs, t) = h
                .call("DELTA", |r| {
                    r.de = (u16::from(m.from) << 8) | u16::from(m.to);
                    r.bc = u16::from(m.flags);
                })
                .unwrap();
            assert_eq!(regs.hl as i16, p.delta(b, m), "DELTA {m} on {}", b.to_fen());
            moves += 1;
            delta_t += t;
            specials += usize::from(m.flags & 0x1F != 0);
        }
    }
    println!(
        "DELTA: {moves} moves, {} T-states on average",
        delta_t / moves
    );
    assert!(
        specials >= 20,
        "{specials} castling, en-passant or promotion moves"
    );
}

/// The board helpers above must agree with the reference's layout.
#[test]
fn board_loading_fills_the_state_bytes() {
    let mut h = harness();
    let b = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 5 17").unwrap();
    h.load_board(&b).unwrap();
    let mailbox = h.read_at("BOARD", 0, BOARD_SIZE).unwrap();
    assert_eq!(mailbox[0], OFF);
    assert_eq!(mailbox[square(4, 0) as usize], 0x6F);
    assert_eq!(mailbox[square(0, 3) as usize], EMPTY);
    assert_eq!(h.read_at("EPSQ", 0, 1).unwrap()[0], square(3, 5));
    assert_eq!(h.read_at("FULLMV", 0, 2).unwrap(), vec![17, 0]);
    assert_eq!(h.read_at("BKING", 0, 1).unwrap()[0], square(4, 7));
}

fn word(bytes: &[u8]) -> u16 {
    u16::from_le_bytes([bytes[0], bytes[1]])
}

/// ANALYS's root list by GEN + EVAL (`Harness::root_list`: GENEVAL with a list) entry by entry against the reference's
/// `root_evals`: the move, the check bit, key = min and max, in GEN order; and POSCNT.
#[test]
fn root_list_equals_the_reference_root_evals() {
    let mut h = harness();
    let movestk = h.symbol("MOVESTK").unwrap();
    let (mut lists, mut entries, mut checks, mut list_t) = (0, 0, 0, 0u64);
    let mut positions = roots(100, 12);
    positions.extend(
        [
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
        ]
        .iter()
        .map(|f| Board::from_fen(f).unwrap()),
    );
    for b in &positions {
        let want = Search::new(b).root_evals();
        h.load_board(b).unwrap();
        h.write_at("POSCNT", 0, &[0; 4]).unwrap();
        let t = h.root_list().unwrap();
        list_t += t;
        let fen = b.to_fen();
        let top = word(&h.read_at("MSTOP", 0, 2).unwrap());
        let n = usize::from(top - movestk) / 7;
        assert_eq!(n, want.len(), "root list length on {fen}");
        let got = h.read(movestk, 7 * n);
        for (i, e) in want.iter().enumerate() {
            let g = &got[7 * i..7 * i + 7];
            let flags = e.mv.flags | if e.check { 0x80 } else { 0 };
            assert_eq!(
                (
                    g[0],
                    g[1],
                    g[2],
                    word(&g[3..5]) as i16,
                    word(&g[5..7]) as i16
                ),
                (e.mv.from, e.mv.to, flags, e.min, e.max),
                "entry {i} ({}) on {fen}",
                e.mv
            );
            checks += usize::from(e.check);
        }
        let poscnt = h.read_at("POSCNT", 0, 4).unwrap();
        assert_eq!(
            u32::from_le_bytes(poscnt.try_into().unwrap()),
            want.len() as u32
        );
        lists += 1;
        entries += n;
    }
    println!(
        "root list: {lists} positions, {entries} moves, {} T-states per list, {} per move \
         (POSANA, TOTAL and GEN included)",
        list_t / lists as u64,
        list_t / entries as u64
    );
    assert!(checks > 50, "only {checks} checking moves");
}

/// EVALMOVE on every pseudo-legal move: illegal ones are refused, legal ones give the
/// reference's min, max and check; the T-states per evaluated move are the speed figure.
#[test]
fn evalmove_equals_the_reference_on_every_pseudo_legal_move() {
    let mut h = harness();
    let (mut legal, mut illegal, mut eval_t) = (0u64, 0, 0u64);
    for b in &roots(60, 10) {
        let (l, i, t) = evaluations_equal_the_reference(&mut h, b, "EVALMOVE");
        (legal, illegal, eval_t) = (legal + l, illegal + i, eval_t + t);
    }
    println!(
        "EVALMOVE: {legal} legal moves, {} T-states each on average \
         ({:.0} positions per emulated second at 4.433619 MHz); {illegal} illegal refused",
        eval_t / legal,
        4_433_619.0 / (eval_t as f64 / legal as f64)
    );
    assert!(illegal > 20);
}

/// Gambiet's potential pin (a skewer through the king) in the guest, on hand-checked
/// positions: the rook h1 checks the king h3 and wins the rook h8 behind it (80 units);
/// with the rook h8 defended by a knight nothing is won; the other way round too.
#[test]
fn exch_sees_the_skewer_through_the_king() {
    let mut h = harness();
    for (fen, own) in [
        ("7r/8/8/8/8/7k/8/K6R b - - 0 1", 80),
        ("7r/8/6n1/8/8/7k/8/K6R b - - 0 1", 0),
        ("k6r/8/7K/8/8/8/8/7R w - - 0 1", 80),
        ("4k3/8/8/8/8/8/4q3/B2K3b w - - 0 1", 0),
        ("8/6q1/8/4k3/8/8/8/B6K b - - 0 1", 144),
    ] {
        let b = Board::from_fen(fen).unwrap();
        let (got, _) = exch_on(&mut h, &b);
        assert_eq!(got, exchange(&b), "{fen}");
        assert_eq!(got.1, own, "{fen}");
    }
}

/// The stack the root list takes (GENEVAL -> GEN -> NODEHK -> EVALKID -> EXCH -> SKEWER / COLBOTH ->
/// COLINS), from the 2-byte return address the harness pushes at 0E7FEH: the search calls
/// this chain from below its own frames, within the RAM plan's 128 bytes of stack.
#[test]
fn root_list_stack_use_is_small() {
    let mut h = harness();
    for b in roots(20, 2) {
        h.load_board(&b).unwrap();
        h.root_list().unwrap();
    }
    let low = h.machine.stats().sp_low_water;
    let used = 0xE800 - low;
    println!("root list: {used} bytes of stack");
    assert!(used <= 80, "the root list used {used} bytes of stack");
    assert!(
        used >= 40,
        "the low-water mark did not see the chain ({used})"
    );
}
