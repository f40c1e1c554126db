//! What the console tells a player about itself, each front end in its own words: the
//! levels (the time a move takes), what the analysis means, the set-up editor's commands,
//! and the terminal's command list. The window's key pages are in `keyboard`.

use crate::reference::levels::LEVEL_SECONDS;

/// The emulated time a move takes at `level` 1-6 at the real module's speed, in the
/// console's words (`2 MIN`, `10 S`, `UNTIL TOLD`; a faster speed shortens the wait, not
/// the module's time).
fn level_time_words(level: usize) -> String {
    match LEVEL_SECONDS.get(level - 1).copied().flatten() {
        Some(s) if s % 60 == 0 => format!("{} MIN", s / 60),
        Some(s) => format!("{s} S"),
        None => "UNTIL TOLD".into(),
    }
}

/// What `level` (1-6) means, for the level prompt (`10 S/MOVE`, `UNTIL TOLD`).
pub fn level_time(level: u8) -> String {
    match level {
        6 => level_time_words(6),
        1..=5 => format!("{}/MOVE", level_time_words(usize::from(level))),
        _ => String::new(),
    }
}

/// The window's third help page (F1 or `?` on the game keys): the keys the window keeps
/// for itself, which the G7000 has not (`console::window`), at most 15 lines of 28
/// characters.
pub fn window_keys_lines() -> Vec<String> {
    [
        "WINDOW KEYS",
        "F1 ?      NEXT HELP PAGE",
        "ESC       OUT OF THE HELP,",
        "          IN THE GAME QUIT",
        "F2        SCREENSHOT (PNG)",
        "ALT+ENTER FULL SCREEN",
        "F12       DEBUGGER: THE",
        "          MODULE PAUSED,",
        "          ITS Z80 SHOWN",
        " F10      STEP OVER A CALL",
        " F11      ONE INSTRUCTION",
        " F12      GO ON",
        "F1 ? MORE  OTHER KEYS: GAME",
    ]
    .map(String::from)
    .to_vec()
}

/// The window's last help page (F1 or `?` on the window's keys): the levels and the
/// analysis, at most 15 lines of 28 characters.
pub fn levels_and_analysis_lines() -> Vec<String> {
    let mut lines = vec!["LEVELS: THE MODULE'S TIME".to_string()];
    // 15 lines: the title, six levels, seven of analysis and the way back.
    lines.extend(level_lines(" ", "M MOVES NOW"));
    lines.extend(
        [
            "ANALYSIS WHILE IT THINKS,",
            "THEN THE MOVE IT PLAYED:",
            "P3    PASS 3, 7 PLIES DEEP",
            "+0.25 SCORE IN PAWNS FROM",
            "      WHITE'S SIDE (+ GOOD",
            "      FOR WHITE, +M2 MATE)",
            "N     POSITIONS EVALUATED",
        ]
        .map(String::from),
    );
    lines.push("ANY KEY BACK TO THE GAME".into());
    lines
}

/// One line a level: `1 2 MIN A MOVE`, ..., `6 UNTIL TOLD: M MOVES NOW`, each after
/// `indent`; `move_now` says how the front end tells the module to move.
fn level_lines(indent: &str, move_now: &str) -> Vec<String> {
    (1..=LEVEL_SECONDS.len())
        .map(|level| match level_time_words(level) {
            time if level == 6 => format!("{indent}6 {time}: {move_now}"),
            time => format!("{indent}{level} {time} A MOVE"),
        })
        .collect()
}

/// The set-up editor's keys, as the window's panel shows them (9 characters a line).
pub const SETUP_KEYS: [&str; 8] = [
    "KE1 PLACE",
    "NO=KNIGHT",
    ".E4 EMPTY",
    "+ COLOUR",
    "= TO MOVE",
    "× ALL OFF",
    "YES PLAY",
    "CLEAR OUT",
];

/// The set-up editor's commands in the terminal.
pub const SETUP_COMMANDS: [&str; 4] = [
    "SET UP: Ke1 places a white king, ke8 a black one, .e4 empties e4;",
    "        clear empties the board, side changes the side to move,",
    "        done plays the position, cancel leaves; setup FEN pastes one.",
    "        (help lists all commands)",
];

/// The terminal's help page: its commands (typed lines, not the window's keys), the
/// levels and what the analysis means.
pub fn terminal_help_lines() -> Vec<String> {
    let mut lines: Vec<String> = [
        "COMMANDS (type a line, then Enter)",
        "  e2e4  e2-e4  Nf3   a move (the console's notation or SAN)",
        "  y  n  1-6          answer the question on the status line",
        "  level N            change the level (see LEVELS)",
        "  undo               take back your last move and the module's reply",
        "  go                 make the module move now",
        "  new                a new game",
        "  setup  setup FEN   set up a position (Ke1 ke8 .e4 clear side done cancel)",
        "  flip               turn the board round",
        "  speed 1|2|8|max    how fast the module thinks (speed alone: the next)",
        "  pause              stop the module and both clocks; pause again goes on",
        "  ponder [on|off]    the module thinks on your time, on the reply it expects",
        "  pgn [FILE]         write the game as PGN (c7010.pgn or the --pgn file)",
        "  save  load         write / read the saved game (c7010.state)",
        "  help               this page (any line goes back)",
        "  quit               leave (the game goes to the --pgn file)",
        "",
        "LEVELS (the module's time a move, at speed 1X; level 6 until told)",
    ]
    .map(String::from)
    .to_vec();
    lines.extend(level_lines("  ", "type go"));
    lines.extend(
        [
            "",
            "ANALYSIS (while the module thinks, then the move it decided on: PLAYED)",
            "  PASS n      the search's pass n, n+2 plies deep",
            "  PASS 1 CUT SHORT  no pass finished (told to move, or out of time): the best so far",
            "  SCORE       in pawns, always from White's side, whichever side you play:",
            "              + is good for White; +M2 White mates in 2, -M1 Black mates in 1",
            "  POSITIONS   positions evaluated for this move",
            "  BEST        the line the module expects",
            "",
            "Your clock runs in real time; the module's clock counts the module's own time.",
        ]
        .map(String::from),
    );
    lines
}
