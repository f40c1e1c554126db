//! Key-sequence scenarios on the console, as a player would press the G7000 keys: an illegal
//! move and why, promotion with the piece asked for, take back, a level change during the
//! game, mate for either side, the position editor, the saved game, the colour and level
//! questions. The module is the reference engine here (the console only sees the `Engine`
//! trait), but for the module's mate, which the guest plays too.
//!
//! Snapshots hold the terminal text of the final screen (readable) and, for three states,
//! the VDC frame (hash + coarse picture).

use std::cell::RefCell;
use std::rc::Rc;

use c7010::console::keyboard::{HostKeys, game_help_lines, help_lines};
use c7010::console::render::render_screen;
use c7010::console::terminal::render;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key, GameState};
use c7010::engine::RefEngine;
use c7010::engine::guest::GuestEngine;
use c7010::machine::PAL_FRAME_T_STATES;

use crate::common::instant_engine::{InstantEngine, Reply};
use crate::common::keys::{press_keys as keys, settle_within};

/// A console against the reference engine with colour and level fixed (no questions).
fn console_with(fen: Option<&str>, colour: Colour, level: u8) -> Console {
    Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour: Some(colour),
            level: Some(level),
            fen: fen.map(str::to_string),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

fn settle(c: &mut Console) {
    settle_within(c, 100);
}

fn status(c: &Console) -> String {
    c.screen().status
}

fn frame_text(c: &Console) -> String {
    let f = render_screen(&c.screen()).expect("the screen fits the VDC");
    format!("hash {:016x}\n{}", f.hash(), f.coarse_text())
}

#[test]
fn an_illegal_move_says_why() {
    let mut c = console_with(None, Colour::White, 2);
    assert_eq!(status(&c), "YOUR MOVE");
    keys(&mut c, "E2-E5 ENTER");
    assert_eq!(status(&c), "PIECE CANNOT GO THERE");
    keys(&mut c, "E3-E4 ENTER");
    assert_eq!(status(&c), "NO PIECE ON E3");
    keys(&mut c, "E7-E5 ENTER");
    assert_eq!(status(&c), "NOT YOUR PIECE ON E7");
    keys(&mut c, "E2 ENTER");
    assert_eq!(status(&c), "TYPE A MOVE AS E2-E4");
    // CLEAR corrects a typing error before ENTER.
    keys(&mut c, "E2-E5 CLEAR E2-E4 ENTER");
    assert!(c.thinking(), "the module answers E2-E4");
    settle(&mut c);
    assert_eq!(c.game().moves().len(), 2);
    assert_eq!(status(&c), "YOUR MOVE");
    let pinned = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    let mut c = console_with(Some(pinned), Colour::White, 2);
    keys(&mut c, "E2-D3 ENTER");
    assert_eq!(status(&c), "KING WOULD BE IN CHECK");
    assert!(c.game().moves().is_empty());
    keys(&mut c, "E2D3");
    insta::assert_snapshot!("illegal_move_screen", render(&c.screen()));
    insta::assert_snapshot!("illegal_move_frame", frame_text(&c));
}

#[test]
fn promotion_asks_for_the_piece() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let mut c = console_with(Some(fen), Colour::White, 2);
    keys(&mut c, "E7-E8 ENTER");
    assert_eq!(status(&c), "PROMOTE TO? Q R B NO=N");
    assert!(
        c.game().moves().is_empty(),
        "nothing played before the choice"
    );
    insta::assert_snapshot!("promotion_question_frame", frame_text(&c));
    // NO is the knight (the G7000 has no N key).
    keys(&mut c, "NO");
    assert_eq!(c.game().sans(), ["e8=N"]);
    settle(&mut c);
    // Typed in one go, the piece letter after the squares.
    let mut c = console_with(Some(fen), Colour::White, 2);
    keys(&mut c, "E7-E8Q ENTER");
    assert_eq!(c.game().sans(), ["e8=Q"]);
    settle(&mut c);
    insta::assert_snapshot!("promotion_queen_screen", render(&c.screen()));
}

#[test]
fn take_back_removes_the_reply_and_the_move() {
    let mut c = console_with(None, Colour::White, 2);
    keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    keys(&mut c, "D2-D4 ENTER");
    settle(&mut c);
    assert_eq!(c.game().moves().len(), 4);
    keys(&mut c, "T");
    assert_eq!(c.game().sans().len(), 2);
    assert_eq!(c.game().sans()[0], "e4");
    assert!(!c.thinking(), "after a take back it is the player's move");
    keys(&mut c, "T");
    assert!(c.game().moves().is_empty());
    keys(&mut c, "T");
    assert_eq!(status(&c), "NOTHING TO TAKE BACK");
    // The engine was set up again: it answers a new move from the start position.
    keys(&mut c, "G1-F3 ENTER");
    settle(&mut c);
    assert_eq!(c.game().moves().len(), 2);
    assert_eq!(c.game().sans()[0], "Nf3");
    insta::assert_snapshot!("take_back_screen", render(&c.screen()));
}

#[test]
fn the_level_changes_during_the_game() {
    let mut c = console_with(None, Colour::White, 2);
    keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    keys(&mut c, "L");
    assert_eq!(status(&c), "NEW LEVEL? (2 = 10 S/MOVE)");
    keys(&mut c, "4");
    assert_eq!(c.level(), 4);
    assert_eq!(c.screen().level, 4);
    assert!(c.pgn().contains("[Level \"4\"]"));
    // A level that does not exist leaves it as it was.
    keys(&mut c, "L 9");
    assert_eq!(c.level(), 4);
    assert_eq!(status(&c), "YOUR MOVE");
    insta::assert_snapshot!("level_change_screen", render(&c.screen()));
}

#[test]
fn the_players_mate_ends_the_game() {
    let mut c = console_with(Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Colour::White, 2);
    keys(&mut c, "A1-A8 ENTER");
    assert_eq!(c.game().state(), GameState::Checkmate);
    assert_eq!(status(&c), "CHECKMATE 1-0");
    assert!(!c.thinking(), "no thought after mate");
    assert_eq!(c.game().sans(), ["Ra8#"]);
    keys(&mut c, "H2-H3 ENTER");
    assert_eq!(status(&c), "THE GAME IS OVER");
    insta::assert_snapshot!("player_mates_frame", frame_text(&c));
}

#[test]
fn the_modules_mate_ends_the_game() {
    // Black (the module) to move mates with Ra1.
    let mut c = console_with(Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"), Colour::White, 2);
    assert!(c.thinking(), "the module moves first");
    settle(&mut c);
    assert_eq!(c.game().sans(), ["Ra1#"]);
    assert_eq!(status(&c), "CHECKMATE 0-1");
    assert!(c.pgn().contains("[Result \"0-1\"]"));
    insta::assert_snapshot!("module_mates_screen", render(&c.screen()));
}

/// The guest's mate is its own move: the `GAMEOVER` the module sends after it is no failure
/// (none is recorded, no reset, no twin's move).
#[test]
fn the_guests_mate_ends_the_game_as_the_twins_does() {
    let mut c = Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            fen: Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1".into()),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts");
    settle_within(&mut c, 500);
    assert_eq!(c.game().sans(), ["Ra1#"]);
    assert_eq!(status(&c), "CHECKMATE 0-1");
    assert_eq!(c.last_failure(), None);
}

#[test]
fn colour_and_level_are_asked_with_yes_no_and_digits() {
    let mut c = Console::new(Box::new(RefEngine::new()), ConsoleOptions::default()).unwrap();
    assert_eq!(status(&c), "PLAY WHITE? YES/NO");
    keys(&mut c, "E2-E4 ENTER");
    assert!(c.game().moves().is_empty(), "no moves before the questions");
    keys(&mut c, "NO");
    assert_eq!(c.human(), Colour::Black);
    assert_eq!(status(&c), "LEVEL? 1-6 (2 = 10 S/MOVE)");
    assert!(!c.thinking());
    // A move typed in the terminal does not answer with its digits (A1A8 is not level 1).
    c.type_line("a1a8");
    assert_eq!(status(&c), "ANSWER THE QUESTION FIRST");
    assert_eq!(c.level(), 2);
    assert!(!c.thinking());
    keys(&mut c, "3");
    assert_eq!(c.level(), 3);
    assert!(c.thinking(), "the module plays White");
    settle(&mut c);
    assert_eq!(c.game().moves().len(), 1);
    assert!(
        c.screen().flipped,
        "Black's side at the bottom for a Black player"
    );
    // R YES: a new game asks again.
    keys(&mut c, "R");
    assert_eq!(status(&c), "NEW GAME? YES/NO");
    keys(&mut c, "YES");
    assert!(c.game().moves().is_empty());
    assert_eq!(status(&c), "PLAY WHITE? YES/NO");
}

#[test]
fn the_position_editor_sets_up_a_game() {
    let mut c = console_with(None, Colour::White, 2);
    keys(&mut c, "S TIMES");
    assert!(c.screen().status.starts_with("SET UP WHITE"));
    keys(&mut c, "YES");
    assert_eq!(status(&c), "ONE KING EACH PLEASE");
    keys(&mut c, "KE1 ENTER QD1 ENTER + KE8 ENTER");
    c.press(G7000Key::No);
    keys(&mut c, "B8 ENTER");
    keys(&mut c, "YES");
    assert!(!c.game().from_initial_position());
    assert_eq!(
        c.game().start().to_fen(),
        "1n2k3/8/8/8/8/8/8/3QK3 w - - 0 1"
    );
    assert_eq!(status(&c), "YOUR MOVE");
    keys(&mut c, "D1-D7 ENTER");
    settle(&mut c);
    let pgn = c.pgn();
    assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"1n2k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]"));
}

#[test]
fn a_saved_game_comes_back() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("c7010.state");
    let options = ConsoleOptions {
        colour: Some(Colour::White),
        level: Some(3),
        state_file: file.clone(),
        ..ConsoleOptions::default()
    };
    let mut c = Console::new(Box::new(RefEngine::new()), options.clone()).unwrap();
    keys(&mut c, "E2-E4 ENTER");
    settle(&mut c);
    keys(&mut c, "W");
    assert_eq!(status(&c), "GAME SAVED");
    let saved = c.game().sans().to_vec();
    keys(&mut c, "D2-D4 ENTER");
    settle(&mut c);
    let mut fresh = Console::new(Box::new(RefEngine::new()), options).unwrap();
    keys(&mut fresh, "O");
    assert_eq!(status(&fresh), "GAME LOADED");
    assert_eq!(fresh.game().sans(), saved);
    assert_eq!(fresh.level(), 3);
    // The engine follows the loaded game.
    keys(&mut fresh, "D2-D4 ENTER");
    settle(&mut fresh);
    assert_eq!(fresh.game().moves().len(), 4);
    std::fs::write(&file, "rubbish").unwrap();
    keys(&mut fresh, "O");
    assert_eq!(status(&fresh), "NOT A SAVED GAME");
}

#[test]
fn a_web_page_help_names_no_window_key_and_skips_the_window_page() {
    let console = |host_keys| {
        let options = ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            host_keys,
            ..ConsoleOptions::default()
        };
        Console::new(Box::new(RefEngine::new()), options).unwrap()
    };
    let mut page = console(HostKeys::Page);
    let mut shown = Vec::new();
    keys(&mut page, "?");
    while page.screen().help {
        shown.push(page.screen().help_page);
        keys(&mut page, "?");
    }
    assert_eq!(shown, [0, 1, 3], "no WINDOW KEYS page on a web page");
    let text = [help_lines(HostKeys::Page), game_help_lines(HostKeys::Page)]
        .concat()
        .join("\n");
    for key in ["F1", "F2", "F12", "ESC", "ALT"] {
        assert!(!text.contains(key), "{key} in {text}");
    }
    assert!(
        text.contains("? MORE") && text.contains("HELP = ?"),
        "{text}"
    );
    // The first page is drawn in the page's words, not the window's.
    let mut window = console(HostKeys::Window);
    keys(&mut page, "?");
    keys(&mut window, "?");
    assert_ne!(frame_text(&page), frame_text(&window));
}

#[test]
fn flip_help_and_clocks() {
    let mut c = console_with(None, Colour::White, 2);
    keys(&mut c, "=");
    assert!(c.screen().flipped);
    keys(&mut c, "?");
    assert!(c.screen().help);
    assert_eq!(c.screen().help_page, 0);
    keys(&mut c, "?");
    assert_eq!(c.screen().help_page, 1, "? again: the game keys");
    insta::assert_snapshot!("game_keys_help_frame", frame_text(&c));
    keys(&mut c, "E");
    assert!(!c.screen().help, "any key leaves the help page");
    assert!(c.game().moves().is_empty());
    // 100 frames of 1/49.7 s on White's clock: 2 seconds shown.
    for _ in 0..100 {
        c.tick(PAL_FRAME_T_STATES);
    }
    assert_eq!(c.screen().white_clock, 2);
    assert_eq!(c.screen().black_clock, 0);
    // A speed other than 1X shows in the status line while the module thinks.
    keys(&mut c, "+ + +");
    assert_eq!(c.speed(), c7010::console::Speed::Max);
    keys(&mut c, "E2-E4 ENTER");
    assert_eq!(status(&c), "THINKING MAX");
}

#[test]
fn mate_scores_read_as_moves_to_mate() {
    use c7010::console::screen::{MATE_CENTIPAWNS, format_score};
    assert_eq!(format_score(MATE_CENTIPAWNS - 1), "+M1");
    assert_eq!(format_score(-(MATE_CENTIPAWNS - 3)), "-M2");
    assert_eq!(format_score(250), "+2.50");
}

#[test]
fn a_failing_or_cheating_engine_is_reported_not_obeyed() {
    let options = ConsoleOptions {
        colour: Some(Colour::White),
        level: Some(2),
        ..ConsoleOptions::default()
    };
    let log = Rc::new(RefCell::new(Vec::new()));
    let failing = InstantEngine::new(Reply::Fail("silent"), log.clone());
    let mut c = Console::new(Box::new(failing), options.clone()).unwrap();
    keys(&mut c, "E2-E4 ENTER");
    c.tick(PAL_FRAME_T_STATES);
    // A module that failed and could not be brought back: the reference twin plays this
    // move (engine::table's policy), and the console says why the module failed.
    assert_eq!(status(&c), "MODULE FAILED. TWIN PLAYED");
    assert_eq!(c.last_failure(), Some("silent"));
    assert!(!c.thinking());
    assert_eq!(c.game().moves().len(), 2);
    // The next move sets the engine up again with the game so far before asking again.
    log.borrow_mut().clear();
    let mv = c7010::reference::legal_moves(c.game().board()).as_slice()[0];
    keys(&mut c, &format!("{} ENTER", mv.uci().to_uppercase()));
    assert!(c.thinking(), "the module is asked again");
    let log = log.borrow();
    assert_eq!(log.first().map(String::as_str), Some("setup"), "{log:?}");
    assert_eq!(log.last().map(String::as_str), Some("go"), "{log:?}");
    assert_eq!(
        log.iter().filter(|l| l.starts_with("play ")).count(),
        3,
        "{log:?}"
    );
    // A move that is not legal (a white pawn moving for Black) is not played.
    let board = c7010::reference::Board::startpos();
    let cheat = c7010::reference::parse_uci(&board, "d2d4").unwrap();
    let cheating = InstantEngine::new(Reply::Fixed(cheat), Rc::default());
    let mut c = Console::new(Box::new(cheating), options).unwrap();
    keys(&mut c, "E2-E4 ENTER");
    c.tick(PAL_FRAME_T_STATES);
    assert_eq!(status(&c), "MODULE PLAYED D2D4?");
    assert_eq!(c.game().sans(), ["e4"]);
}

#[test]
fn a_black_player_sees_the_board_from_blacks_side() {
    let c = console_with(None, Colour::Black, 2);
    assert!(c.screen().flipped);
    assert!(c.thinking(), "the module opens as White");
}

#[test]
fn castling_marks_the_kings_squares_as_the_last_move() {
    // The marks come from the move, not from its text: `O-O` names no square.
    let mut c = console_with(
        Some("r3k2r/pppq1ppp/2n2n2/2bpp3/2BPP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
        Colour::White,
        2,
    );
    keys(&mut c, "E1-G1 ENTER");
    assert_eq!(c.game().sans()[0], "O-O");
    let s = c.screen();
    assert_eq!(s.moves[0], "O-O");
    // e1 = 4, g1 = 6: the king's squares.
    assert_eq!(s.last_move, Some((4, 6)));
    let list = c7010::console::layout::display_list(&s);
    assert_eq!(list.sprites.len(), 2, "two marks after castling");
    // Once the module replied, its move is marked instead.
    settle(&mut c);
    let reply = *c.game().moves().last().unwrap();
    let s = c.screen();
    assert_eq!(
        s.last_move,
        Some((
            c7010::reference::square::sq64(reply.from),
            c7010::reference::square::sq64(reply.to)
        ))
    );
}

/// The screen's move list is written as moves are played, not replayed at every frame:
/// following a game again writes nothing, one move more writes one text, a take-back or a
/// new start writes from the start again; and the list is always the full replay's.
#[test]
fn the_move_list_is_written_once_a_move() {
    use c7010::console::game::{MoveTexts, console_moves};
    use c7010::reference::parse_uci;
    let mut game = c7010::console::Game::default();
    let mut texts = MoveTexts::default();
    let line = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "f7f6",
    ];
    for (i, m) in line.iter().enumerate() {
        let mv = parse_uci(game.board(), m).unwrap();
        game.play(mv).unwrap();
        assert_eq!(texts.follow(&game), console_moves(&game).as_slice());
        assert_eq!(texts.written(), i + 1, "one text a move");
        texts.follow(&game);
        assert_eq!(texts.written(), i + 1, "nothing written again");
    }
    assert_eq!(texts.follow(&game)[8], "O-O");
    game.take_back(1);
    assert_eq!(texts.follow(&game), console_moves(&game).as_slice());
    assert_eq!(
        texts.written(),
        10 + 9,
        "after a take-back, from the start again"
    );
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut other = c7010::console::Game::from_fen(fen).unwrap();
    other
        .play(parse_uci(other.board(), "a1a8").unwrap())
        .unwrap();
    assert_eq!(texts.follow(&other), ["A1-A8+"]);
}
