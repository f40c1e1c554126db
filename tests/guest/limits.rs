//! The guest inside its hard limits while it plays: games through the latch protocol (the
//! guest's GO at a small budget against random legal moves) must keep the stack above the
//! data (`RAMUSED`), never fault (a write to ROM or a jump outside it would), and keep the
//! module's position equal to the reference's after every move. Also prints the ROM size.

use c7010::guest::wire::wire_move;
use c7010::guest::{GuestImage, GuestSession};
use c7010::reference::{Board, analys, legal_moves};

use c7010::reference::random::Xorshift as Rng;

#[test]
fn games_stay_inside_ram_and_agree_with_the_reference() {
    let image = GuestImage::builtin();
    let ram_used = u32::from(image.symbol("RAMUSED").unwrap());
    let ram_top = u32::from(image.symbol("RAMTOP").unwrap());
    let book = image.book().unwrap().unwrap();
    let mut s = GuestSession::boot(&image).unwrap();
    let mut rng = Rng(0xC701_0000_0000_0005);
    let mut plies = 0;
    for game in 0..4 {
        s.new_game().unwrap();
        let mut board = Board::startpos();
        let mut history = Vec::new();
        for ply in 0..80 {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let m = if ply % 2 == game % 2 {
                // The guest's move: the book's or its search, which are the reference's
                // (tests/guest/search.rs).
                let best = s.go(Some(60), |_| {}).unwrap();
                let m = analys(&board, &history, Some(&book), &[], 60, &mut |_| {})
                    .best
                    .unwrap();
                assert_eq!(best.mv, wire_move(&m), "game {game} ply {ply}");
                m
            } else {
                let m = moves.as_slice()[rng.below(moves.len())];
                s.play(&m).unwrap();
                m
            };
            board.make(m);
            history.push(m);
            plies += 1;
            assert_eq!(s.query().unwrap().board, board, "game {game} ply {ply}");
        }
        s.perft(2).unwrap();
    }
    assert!(
        plies >= 150,
        "{plies} plies played (the searching guest mates the random side)"
    );
    let stats = s.module().machine().stats();
    eprintln!(
        "{plies} plies: stack low water {:#06x} (data ends at {ram_used:#06x}), {} instructions",
        stats.sp_low_water, stats.instructions
    );
    assert!(
        stats.sp_low_water >= ram_used,
        "the stack ran into the data"
    );
    assert!(stats.sp_low_water < ram_top, "the stack was used");
    // The highest RAM byte written is the stack's top (RAMTOP - 1): every write is RAM.
    assert_eq!(stats.ram_high_water, Some(0x7FF));
    assert!(s.module().machine().fault().is_none());
}

#[test]
fn rom_fits_and_reports_its_size() {
    let rom = &GuestImage::builtin().rom;
    assert_eq!(rom.len(), 8192, "the ROM image is padded to 8 KB");
    let used = rom.len() - rom.iter().rev().take_while(|&&b| b == 0xFF).count();
    eprintln!("ROM: {used} of 8192 bytes used");
    assert!(used > 2_000 && used <= 8192, "{used}");
}
