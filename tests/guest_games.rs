//! Whole games: the guest (the ROM on the emulated module, through the latch protocol only)
//! against the reference engine, levels and budgets mixed. Every guest move must be legal
//! for the reference (`legal_moves`) and for shakmaty; every GO must end in exactly one
//! BESTMOVE after INFO lines numbered 1, 2, ... (no lost or doubled message); the machine
//! must not fault (a write outside RAM faults); the stack must stay clear of the data. The
//! stack low-water mark and the highest RAM address written are printed.

use c7010::guest::GuestImage;
use c7010::guest::session::{GuestSession, wire_move};
use c7010::protocol::GameEnd;
use c7010::reference::{Board, Move, legal_moves, search};
use shakmaty::{Chess, Position, uci::UciMove};

/// One game's summary.
struct Game {
    plies: usize,
    ended: bool,
}

use c7010::reference::random::Xorshift as Rng;

/// Check `m` against shakmaty and play it on both boards.
fn play_checked(m: Move, ours: &mut Board, theirs: &mut Chess) {
    assert!(
        legal_moves(ours).as_slice().contains(&m),
        "{m} is not legal in {}",
        ours.to_fen()
    );
    let uci: UciMove = m.uci().parse().unwrap();
    let sm = uci
        .to_move(theirs)
        .unwrap_or_else(|e| panic!("shakmaty: {m} illegal in {}: {e}", ours.to_fen()));
    ours.make(m);
    theirs.play_unchecked(sm);
}

/// Play one game: the guest has white in even games. `guest_budget` None = its level's.
fn play_game(
    s: &mut GuestSession,
    game: usize,
    level: u8,
    guest_budget: Option<u32>,
    ref_budget: u32,
    max_plies: usize,
    rng: &mut Rng,
) -> Game {
    s.new_game().unwrap();
    s.level(level).unwrap();
    let mut ours = Board::startpos();
    let mut theirs = Chess::default();
    let guest_side = (game % 2) as u8 * 0x80;
    let mut plies = 0;
    while plies < max_plies {
        if theirs.is_game_over() {
            return Game { plies, ended: true };
        }
        if ours.side == guest_side {
            let mut passes = vec![];
            let best = s
                .go(guest_budget, |i| passes.push((i.pass, i.positions)))
                .unwrap_or_else(|e| panic!("GO in {}: {e}", ours.to_fen()));
            // INFO lines 1, 2, ... with growing counts, then one BESTMOVE with the total.
            for (k, p) in passes.iter().enumerate() {
                assert_eq!(p.0 as usize, k + 1, "INFO lines in order");
            }
            assert!(passes.windows(2).all(|w| w[0].1 <= w[1].1));
            if let Some(last) = passes.last() {
                assert!(best.positions >= last.1);
            }
            let m = *legal_moves(&ours)
                .as_slice()
                .iter()
                .find(|m| wire_move(m) == best.mv)
                .unwrap_or_else(|| panic!("guest move {} is not legal", best.mv));
            play_checked(m, &mut ours, &mut theirs);
            assert_eq!(
                best.game_over.is_some(),
                theirs.is_game_over(),
                "game end agreed"
            );
        } else {
            // Two random plies at the start so the games differ, then the reference.
            let m = if plies < 2 {
                let l = legal_moves(&ours);
                l.as_slice()[rng.below(l.len())]
            } else {
                search(&ours, ref_budget).best.unwrap()
            };
            let played = s.play(&m).unwrap();
            play_checked(m, &mut ours, &mut theirs);
            assert_eq!(played.game_over.is_some(), theirs.is_game_over());
            if let Some(end) = played.game_over {
                assert!(matches!(end, GameEnd::Checkmate | GameEnd::Stalemate));
            }
        }
        plies += 1;
    }
    assert_eq!(
        s.query().unwrap().board.sq,
        ours.sq,
        "the module's board agrees"
    );
    Game {
        plies,
        ended: theirs.is_game_over(),
    }
}

/// Play `games` games with levels and budgets mixed; print and check the resource figures.
fn games(games: usize, max_plies: usize, small: bool) {
    let image = GuestImage::builtin();
    let ramused = image.symbol("RAMUSED").unwrap() as u32;
    let mut s = GuestSession::boot(&image).unwrap();
    let mut rng = Rng(0xC7010);
    let (mut plies, mut ended) = (0, 0);
    for g in 0..games {
        // Levels 1-3 set on the module; GO carries a budget in the fast version (levels 1
        // and 3 are minutes a move), none (the level's budget) every fourth game otherwise.
        let level = 1 + (g % 3) as u8;
        let guest_budget = match (small, g % 4) {
            (true, k) => Some([60, 150, 300, 100][k]),
            (false, 3) => None,
            (false, k) => Some([300, 800, 1500][k]),
        };
        let ref_budget = if small {
            100
        } else {
            300 + 200 * (g % 3) as u32
        };
        let r = play_game(
            &mut s,
            g,
            level,
            guest_budget,
            ref_budget,
            max_plies,
            &mut rng,
        );
        plies += r.plies;
        ended += usize::from(r.ended);
    }
    let stats = s.module().machine().stats();
    let high = stats.ram_high_water.map(|o| 0xE000 + u32::from(o));
    println!(
        "{games} games, {plies} plies, {ended} ended by mate or stalemate; stack low-water \
         {:#06x} ({} bytes), highest RAM address written {}",
        stats.sp_low_water,
        0xE800 - stats.sp_low_water,
        high.map_or("none".to_string(), |h| format!("{h:#06x}"))
    );
    assert!(stats.sp_low_water >= ramused, "the stack ran into the data");
    assert!(high.is_some_and(|h| h <= 0xE7FF));
}

#[test]
fn four_short_games_against_the_reference() {
    games(4, 40, true);
}

#[test]
#[ignore = "50 games of up to 300 plies at small budgets: about 20 minutes; run for the report"]
fn fifty_games_against_the_reference() {
    games(50, 300, true);
}

#[test]
#[ignore = "games at budgets up to level 2's (every fourth GO without a budget): hours"]
fn games_at_real_levels_against_the_reference() {
    games(8, 400, false);
}
