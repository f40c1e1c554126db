//! Thinking on the player's time (`K`, `ponder`, `--ponder`) with the real guest: the
//! module thinks on the reply it expects; a hit keeps that thought, which gets its level's
//! time in all (so a late reply is answered at once, from a deeper search); a miss, and
//! everything else that changes the game, drops it, and the module then thinks exactly as
//! without pondering.

use c7010::console::controller::MODULE_RESET;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::guest::GuestEngine;
use c7010::machine::{DEFAULT_CLOCK_HZ, PAL_FRAME_T_STATES};
use c7010::reference::Move;

use crate::common::keys::{press_keys, settle_within};

/// A middle-game position out of the book, White (the player) to move.
const MIDDLE_GAME: &str = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8";

/// The player's first move there.
const FIRST_MOVE: &str = "H2-H3 ENTER";

/// A console with the guest at level 2, the player White, pondering as given.
fn console(ponder: bool) -> Console {
    Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: Some(MIDDLE_GAME.into()),
            ponder,
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

/// Module time in seconds of `frames` PAL frames.
fn seconds(frames: u32) -> f64 {
    f64::from(frames) * PAL_FRAME_T_STATES as f64 / DEFAULT_CLOCK_HZ
}

/// Runs `frames` PAL frames of the player's thinking.
fn player_thinks(c: &mut Console, frames: u32) {
    for _ in 0..frames {
        c.tick(PAL_FRAME_T_STATES);
    }
}

/// The move as the console's keys type it (`G1-F3 ENTER`).
fn keys_of(mv: Move) -> String {
    let uci = mv.uci().to_uppercase();
    format!("{}-{} ENTER", &uci[..2], &uci[2..])
}

/// The module's decision as the screen shows it: (move, pass, positions).
fn decision(c: &Console) -> (String, u8, u32) {
    let a = c.screen().analysis.expect("the decision is shown");
    assert!(a.decided, "{a:?}");
    (a.best_line[0].clone(), a.pass, a.positions)
}

/// After the player's first move and the module's reply: the console pondering on the
/// reply it expects.
fn pondering_console() -> (Console, Move) {
    let mut c = console(true);
    press_keys(&mut c, FIRST_MOVE);
    settle_within(&mut c, 5_000);
    assert!(c.pondering(), "{:?}", c.screen().status);
    let expected = c.expected_reply().expect("a reply is expected");
    (c, expected)
}

#[test]
fn the_module_thinks_on_the_reply_it_expects_and_says_so() {
    let (mut c, expected) = pondering_console();
    assert!(
        !c.thinking(),
        "the module thinks on the player's time, not its own"
    );
    let status = c.screen().status;
    assert!(status.starts_with("YOUR MOVE. I EXPECT "), "{status}");
    let before = c.clocks();
    player_thinks(&mut c, 500);
    // The player's clock runs, the module's does not.
    let after = c.clocks();
    assert!(
        (after[0] - before[0] - seconds(500)).abs() < 1e-6,
        "{after:?}"
    );
    assert_eq!(after[1], before[1]);
    // Its passes show, the line starting with the reply it expects.
    let a = c.screen().analysis.expect("the ponder's analysis");
    assert!(a.pondering && !a.decided);
    assert!(a.pass >= 1, "{a:?}");
    assert_eq!(
        a.best_line[0].replace('x', "-"),
        keys_of(expected).trim_end_matches(" ENTER"),
    );
    // Without pondering the module does nothing on the player's time.
    let mut quiet = console(false);
    press_keys(&mut quiet, FIRST_MOVE);
    settle_within(&mut quiet, 5_000);
    assert!(!quiet.pondering());
    assert_eq!(quiet.screen().status, "YOUR MOVE");
}

/// The module's clock for its next move, and its decision, after the player's `reply`.
fn answer_to(c: &mut Console, reply: &str) -> (f64, (String, u8, u32)) {
    let before = c.clocks()[1];
    press_keys(c, reply);
    settle_within(c, 20_000);
    (c.clocks()[1] - before, decision(c))
}

#[test]
fn a_late_hit_is_answered_at_once_from_a_deeper_search() {
    // Without pondering: the level's budget of positions, from the reply on.
    let mut plain = console(false);
    press_keys(&mut plain, FIRST_MOVE);
    settle_within(&mut plain, 5_000);
    let (_, expected) = pondering_console();
    let (plain_time, (plain_move, plain_pass, plain_positions)) =
        answer_to(&mut plain, &keys_of(expected));
    // With pondering, the player thinking a minute on the module's expected reply.
    let (mut c, _) = pondering_console();
    player_thinks(&mut c, 3_000);
    let (time, (played, pass, positions)) = answer_to(&mut c, &keys_of(expected));
    // The thought had its level's time (level 2: 10 s) on the player's minute: the answer
    // comes within four frames of the reply (the MOVENOW's answer, after the list the
    // search was making when the key came), where the budget alone takes seconds.
    assert!(time <= seconds(4), "{time} s");
    assert!((5.0..20.0).contains(&plain_time), "{plain_time} s");
    // The same thought went on: thousands of positions more (it may end by itself within
    // the minute, its deepest pass done), and a pass at least as deep.
    assert!(
        positions > plain_positions + 5_000,
        "{positions} vs {plain_positions}"
    );
    assert!(pass >= plain_pass, "pass {pass} vs {plain_pass}");
    assert_eq!(c.game().moves().len(), 4);
    // After its move it thinks on the player's time again, on the line of that thought.
    assert!(c.pondering(), "{}", c.screen().status);
    eprintln!(
        "hit: {played} pass {pass} {positions} positions in {time:.2} s; without: {plain_move} pass {plain_pass} {plain_positions} in {plain_time:.2} s"
    );
    let rows = [
        format!(
            "| (pondering off) | {plain_time:.2} s | {plain_pass} | {} |",
            thousands(plain_positions)
        ),
        format!(
            "| 60 s, then the expected move | {time:.2} s | {pass} | {} |",
            thousands(positions)
        ),
    ];
    for row in rows {
        assert!(in_the_docs(&row), "docs/console.md's table lacks {row}");
    }
}

#[test]
fn a_miss_drops_the_thought_and_the_module_thinks_as_without_pondering() {
    let (mut c, expected) = pondering_console();
    player_thinks(&mut c, 1_000);
    // Another legal move than the one expected.
    let other = c7010::reference::legal_moves(c.game().board())
        .as_slice()
        .iter()
        .copied()
        .find(|&m| m != expected)
        .expect("another move");
    let (_, pondered) = answer_to(&mut c, &keys_of(other));
    let mut plain = console(false);
    press_keys(&mut plain, FIRST_MOVE);
    settle_within(&mut plain, 5_000);
    let (_, unpondered) = answer_to(&mut plain, &keys_of(other));
    // The same move, pass and positions: nothing of the dropped thought is left.
    assert_eq!(pondered, unpondered);
    assert_eq!(c.game().moves(), plain.game().moves());
    // And it thinks on the player's time again, on its new line.
    assert!(c.pondering());
}

#[test]
fn an_early_hit_goes_on_for_the_rest_of_the_levels_time() {
    let (mut c, expected) = pondering_console();
    // Three seconds of the player's time, then the expected reply.
    player_thinks(&mut c, 150);
    let (time, (_, pass, _)) = answer_to(&mut c, &keys_of(expected));
    // 10 s in all: the 7 s left, to a few frames (the thought began within the frame the
    // module moved in, and its answer to MOVENOW takes frames).
    let left = 10.0 - seconds(150);
    assert!(
        (left - seconds(3)..left + seconds(3)).contains(&time),
        "{time} s"
    );
    assert!(pass >= 1);
}

#[test]
fn what_changes_the_game_or_the_module_drops_the_thought_and_nothing_is_refused() {
    let (mut c, _) = pondering_console();
    player_thinks(&mut c, 100);
    // M has no move of the module to make: it is the player's.
    c.press(G7000Key::Letter('M'));
    assert_eq!(c.screen().status, "IT IS YOUR MOVE");
    assert!(c.pondering());
    // A new level: the thought begins again at it. (Level 3, whose search of the position
    // after H2-H3 ends with a told line, g4e6 c4e6 f7e6, so the module expects a reply and
    // ponders after its move below; a decision made in a pass cut short after a new best
    // tells no line, and then no reply is expected: level 4's 15,200 positions end so, in
    // g4d7.)
    press_keys(&mut c, "L 3");
    assert_eq!(c.level(), 3);
    assert!(c.pondering(), "{}", c.screen().status);
    // Pondering off and on again.
    c.press(G7000Key::Letter('K'));
    assert_eq!(c.screen().status, "PONDER OFF");
    assert!(!c.pondering() && !c.ponder_wanted());
    c.press(G7000Key::Letter('K'));
    assert_eq!(c.screen().status, "PONDER ON");
    assert!(c.pondering());
    // Take-back: the player's move and the module's reply; nothing to ponder on.
    c.press(G7000Key::Letter('T'));
    assert_eq!(c.game().moves().len(), 0);
    assert!(!c.pondering());
    assert_eq!(c.screen().status, "YOUR MOVE");
    // The game goes on: the module answers, then ponders again.
    press_keys(&mut c, FIRST_MOVE);
    settle_within(&mut c, 20_000);
    assert_eq!(c.game().moves().len(), 2);
    assert!(c.pondering(), "{:?}", c.screen().analysis);
    // Set-up leaves the game: the thought goes.
    c.press(G7000Key::Letter('S'));
    assert!(!c.pondering());
    c.press(G7000Key::Clear);
    // So does a new game.
    c.press(G7000Key::Letter('K'));
    c.press(G7000Key::Letter('K'));
    assert!(c.pondering(), "{}", c.screen().status);
    press_keys(&mut c, "R YES");
    assert!(!c.pondering());
    assert!(c.game().moves().is_empty());
    press_keys(&mut c, "E2-E4 ENTER");
    settle_within(&mut c, 20_000);
    assert_eq!(c.game().moves().len(), 2, "{}", c.screen().status);
}

#[test]
fn saving_and_loading_while_it_ponders_keep_the_game_and_the_module() {
    let dir = tempfile::tempdir().expect("temp dir");
    let state_file = dir.path().join("game.state");
    let mut c = Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: Some(MIDDLE_GAME.into()),
            ponder: true,
            state_file: state_file.clone(),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts");
    press_keys(&mut c, FIRST_MOVE);
    settle_within(&mut c, 5_000);
    assert!(c.pondering());
    player_thinks(&mut c, 200);
    c.press(G7000Key::Letter('W'));
    assert_eq!(c.screen().status, "GAME AND MODULE SAVED");
    assert!(c.pondering(), "it thinks on the player's time again");
    c.press(G7000Key::Letter('O'));
    assert_eq!(c.screen().status, "GAME AND MODULE LOADED");
    assert_eq!(c.game().moves().len(), 2);
    // The loaded module plays on: a move of the player, and its answer.
    let mv = c7010::reference::legal_moves(c.game().board()).as_slice()[0];
    press_keys(&mut c, &keys_of(mv));
    settle_within(&mut c, 20_000);
    assert_eq!(c.game().moves().len(), 4);
}

#[test]
fn twenty_minutes_of_the_players_thought_then_a_hit() {
    let (mut c, expected) = pondering_console();
    let start = c.clocks()[0];
    // Twenty minutes of module time, 50 frames at a time (as the terminal runs it).
    let frames: u32 = 50;
    for _ in 0..(20 * 60 * 50) / frames {
        c.tick(u64::from(frames) * PAL_FRAME_T_STATES);
    }
    let thought = c.clocks()[0] - start;
    assert!((thought - seconds(60_000)).abs() < 1e-3, "{thought} s");
    assert!(c.pondering(), "still the player's move");
    let shown = c.screen().analysis.expect("the ponder's analysis");
    let (time, (_, pass, positions)) = answer_to(&mut c, &keys_of(expected));
    assert!(time <= seconds(3), "{time} s");
    assert!(pass >= shown.pass, "{pass} < {}", shown.pass);
    assert!(positions >= shown.positions);
    eprintln!("after 20 minutes: pass {pass}, {positions} positions");
    assert!(
        in_the_docs(&format!(
            "| 20 min, then the expected move | 0.04 s | {pass} "
        )),
        "docs/console.md's table"
    );
    assert!(
        in_the_docs(&thousands(positions)),
        "docs/console.md's table"
    );
}

#[test]
fn a_module_that_fails_while_it_ponders_is_reset_and_the_game_goes_on() {
    let (mut c, _) = pondering_console();
    player_thinks(&mut c, 100);
    // The module runs off into a loop that neither polls the latch nor counts.
    let machine = c.engine_machine().expect("the guest's machine");
    let spot = c7010::machine::RAM_SIZE - 16;
    machine.ram_mut()[spot..spot + 2].copy_from_slice(&[0x18, 0xFE]); // JR $
    let mut registers = machine.registers();
    registers.pc = c7010::machine::RAM_START + spot as u16;
    machine.set_registers(&registers);
    let mut frames = 0;
    while c.screen().status != MODULE_RESET {
        c.tick(PAL_FRAME_T_STATES);
        frames += 1;
        assert!(frames < 3_000, "not caught: {}", c.screen().status);
    }
    // The table's one policy: the thought under way begins again, on the player's time too.
    assert!(
        c.pondering(),
        "the thought on the player's time began again"
    );
    assert_eq!(c.game().moves().len(), 2, "the game is kept");
    // The player's move is answered by the module set up again.
    let mv = c7010::reference::legal_moves(c.game().board()).as_slice()[0];
    press_keys(&mut c, &keys_of(mv));
    settle_within(&mut c, 20_000);
    assert_eq!(c.game().moves().len(), 4);
    assert!(c.pondering(), "{}", c.screen().status);
}

#[test]
fn the_terminal_turns_pondering_on_and_off_and_the_reference_cannot() {
    use c7010::console::LineOutcome;
    let mut c = console(false);
    c.type_line("h2h3");
    settle_within(&mut c, 5_000);
    assert!(!c.pondering());
    assert_eq!(c.type_line("ponder on"), LineOutcome::Done);
    assert_eq!(c.screen().status, "PONDER ON");
    assert!(c.pondering(), "it thinks on the reply it expects now");
    player_thinks(&mut c, 300);
    let text = c7010::console::terminal::render(&c.screen());
    assert!(text.contains("LEVEL 2   PONDER"), "{text}");
    assert!(text.contains("EXPECTING "), "{text}");
    c.type_line("ponder");
    assert_eq!(c.screen().status, "PONDER OFF");
    assert!(!c.pondering());
    c.type_line("ponder maybe");
    assert_eq!(c.screen().status, "PONDER ON OR PONDER OFF");
    let mut reference = Console::new(
        Box::new(c7010::engine::RefEngine::new()),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts");
    reference.type_line("ponder on");
    assert_eq!(reference.screen().status, "ONLY THE MODULE PONDERS");
    assert!(!reference.ponder_wanted());
}

#[test]
fn at_level_6_a_hit_thinks_on_until_told() {
    let (mut c, expected) = pondering_console();
    press_keys(&mut c, "L 6");
    assert!(c.pondering(), "{}", c.screen().status);
    player_thinks(&mut c, 100);
    press_keys(&mut c, &keys_of(expected));
    // Level 6 has no time: a minute later the module still thinks.
    for _ in 0..3_000 {
        c.tick(PAL_FRAME_T_STATES);
    }
    assert!(c.thinking(), "{}", c.screen().status);
    c.press(G7000Key::Letter('M'));
    settle_within(&mut c, 100);
    assert_eq!(c.game().moves().len(), 4);
}

/// True when docs/console.md ("Thinking on your time") has `text`: its table of what a hit
/// gains is this file's measurement.
fn in_the_docs(text: &str) -> bool {
    include_str!("../../docs/console.md").contains(text)
}

/// `13700` as the docs write it: `13,700`.
fn thousands(n: u32) -> String {
    match n {
        0..1000 => n.to_string(),
        _ => format!("{},{:03}", n / 1000, n % 1000),
    }
}

#[test]
fn a_whole_game_of_hits_and_misses_stays_in_step() {
    let mut c = console(true);
    // A small fixed generator: the same game every run.
    let mut seed = 0x2545_f491_u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut hits, mut misses) = (0, 0);
    for _ in 0..30 {
        if c.game().state().is_over() {
            break;
        }
        // The player thinks up to 12 s, then plays the expected reply or another move.
        player_thinks(&mut c, next(600) as u32);
        let legal = c7010::reference::legal_moves(c.game().board());
        let mv = match c.expected_reply() {
            Some(expected) if next(2) == 0 => {
                hits += 1;
                expected
            }
            expected => {
                misses += u32::from(expected.is_some());
                let moves = legal.as_slice();
                moves[next(moves.len() as u64) as usize]
            }
        };
        let before = c.game().moves().len();
        press_keys(&mut c, &keys_of(mv));
        settle_within(&mut c, 20_000);
        let status = c.screen().status;
        assert!(
            !status.contains("MODULE"),
            "{status}: {:?}",
            c.last_failure()
        );
        // The module answered, unless the player's move ended the game.
        let now = c.game().moves().len();
        let ended = now == before + 1 && c.game().state().is_over();
        assert!(
            now == before + 2 || ended,
            "{now} moves after {before}: {status}"
        );
    }
    assert!(hits >= 3 && misses >= 3, "{hits} hits, {misses} misses");
}

#[test]
fn pondering_turned_on_while_the_module_thinks_starts_after_its_move_and_says_so() {
    let mut c = console(false);
    press_keys(&mut c, FIRST_MOVE);
    assert!(c.thinking());
    c.press(G7000Key::Letter('K'));
    assert_eq!(c.screen().status, "PONDER ON");
    settle_within(&mut c, 5_000);
    // The module moved: the answer to K gives way to what is asked now.
    assert!(c.pondering());
    let status = c.screen().status;
    assert!(status.starts_with("YOUR MOVE. I EXPECT "), "{status}");
}

#[test]
fn a_hit_before_the_first_pass_does_not_show_the_players_move_as_the_modules() {
    let (mut c, expected) = pondering_console();
    // The module's decision is still shown (no pass of the ponder yet): the reply at once.
    assert!(c.screen().analysis.is_some_and(|a| a.decided));
    press_keys(&mut c, &keys_of(expected));
    let text = c7010::console::terminal::render(&c.screen());
    assert!(!text.contains("PLAYED"), "{text}");
    settle_within(&mut c, 20_000);
    let (played, _, _) = decision(&c);
    let last = c.game().moves().last().copied().unwrap();
    assert_eq!(
        played.replace('x', "-"),
        keys_of(last).trim_end_matches(" ENTER")
    );
}

#[test]
fn a_dropped_thought_takes_its_analysis_with_it() {
    let (mut c, _) = pondering_console();
    player_thinks(&mut c, 300);
    assert!(c.screen().analysis.is_some_and(|a| a.pondering));
    c.press(G7000Key::Letter('K'));
    assert!(!c.pondering());
    let text = c7010::console::terminal::render(&c.screen());
    assert!(!text.contains("EXPECTING"), "{text}");
    assert!(c.screen().analysis.is_none_or(|a| !a.pondering));
}
