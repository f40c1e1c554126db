//! What the console tells a player about itself, each front end in its own words: the
//! levels (the time a move takes), what the analysis means, the set-up editor's commands,
//! and the terminal's command list. The window's key pages are in `keyboard`.

/// The emulated time a move takes at each level 1-6, at the real module's speed (from the
/// level table in `docs/engine.md`; a faster speed shortens the wait, not the module's time).
pub const LEVEL_TIMES: [&str; 6] = ["2 MIN", "10 S", "30 S", "1 MIN", "150 S", "UNTIL TOLD"];

/// What `level` (1-6) means, for the level prompt (`10 S/MOVE`, `UNTIL TOLD`).
pub fn level_time(level: u8) -> String {
    match level {
        6 => LEVEL_TIMES[5].to_string(),
        1..=5 => format!("{}/MOVE", LEVEL_TIMES[usize::from(level) - 1]),
        _ => String::new(),
    }
}

/// The window's third help page (`?` on the game keys): the levels and the analysis, at
/// most 15 lines of 28 characters.
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
    LEVEL_TIMES
        .iter()
        .enumerate()
        .map(|(i, time)| match i {
            5 => format!("{indent}6 {time}: {move_now}"),
            _ => format!("{indent}{} {time} A MOVE", i + 1),
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
            "  PASS n      the search's pass n, 2n+1 plies deep",
            "  SCORE       in pawns, from White's side: + is good for White; +M2 White mates in 2",
            "  POSITIONS   positions evaluated for this move",
            "  BEST        the line the module expects",
            "",
            "Your clock runs in real time; the module's clock counts the module's own time.",
        ]
        .map(String::from),
    );
    lines
}
