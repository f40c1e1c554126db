//! Positions the guest cannot hold, through the console: a saved game (`O`, `load`) whose
//! start position breaks the rule, the terminal's `setup FEN` and the set-up editor's YES
//! each say why on the status line and keep the game in progress. Runs in well under a
//! second (the reference engine behind the console).

use c7010::console::layout::status_line;
use c7010::console::saved::SavedGame;
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key};
use c7010::engine::RefEngine;
use c7010::reference::Board;

/// The position: seventeen white pieces (sixteen queens and the king).
const CROWDED: &str = "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1";

fn console(state_file: std::path::PathBuf) -> Console {
    Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            state_file,
            ..ConsoleOptions::default()
        },
    )
    .unwrap()
}

fn status(c: &Console) -> String {
    status_line(&c.screen())
}

#[test]
fn a_saved_game_from_an_impossible_position_is_refused_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("c7010-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("c7010.state");
    let saved = SavedGame {
        start_fen: "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1".into(),
        moves: vec![],
        level: 2,
        human: Colour::White,
        clocks: [0.0, 0.0],
        pgn: None,
    };
    std::fs::write(&file, saved.to_text()).unwrap();
    let mut c = console(file);
    c.press(G7000Key::Letter('O'));
    assert!(status(&c).contains("WHITE HAS 9 PAWNS"), "{}", status(&c));
    assert_eq!(c.game().board(), &Board::startpos(), "the game goes on");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn terminal_setup_and_the_editor_refuse_with_the_reason() {
    let mut c = console(std::env::temp_dir().join("c7010-positions-unused.state"));
    c.type_line(&format!("setup {CROWDED}"));
    assert!(status(&c).contains("WHITE HAS 17 PIECES"), "{}", status(&c));
    assert_eq!(c.game().board(), &Board::startpos());
    // The editor from the start position with a ninth white pawn on a3: YES is refused.
    c.press(G7000Key::Letter('S'));
    c.type_line("Pa3");
    c.press(G7000Key::Yes);
    assert!(status(&c).contains("WHITE HAS 9 PAWNS"), "{}", status(&c));
    assert_eq!(c.game().board(), &Board::startpos());
}
