//! The console screen as plain text for the terminal front end (works over ssh and tmux).
//!
//! Shows the same [`ScreenState`] as the VDC picture: a board diagram with ranks and files
//! (White's pieces in capitals, Black's in small letters, `.` for an empty square), level,
//! both clocks (`<` marks the side to move), the analysis, the move list, the status line
//! with what is being typed, or the help (the terminal's commands, the levels, what the
//! analysis means). ANSI colour is optional.

use super::help::{SETUP_COMMANDS, terminal_help_lines};
use super::screen::{Colour, ScreenState, format_clock, format_score};

/// Width at which the move list wraps.
const MOVES_WIDTH: usize = 64;

/// How to render.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TerminalOptions {
    /// Use ANSI colour escapes (White's pieces bold white, Black's bold red, highlights yellow).
    pub colour: bool,
}

const BOLD_WHITE: &str = "\x1b[1;97m";
const BOLD_RED: &str = "\x1b[1;91m";
const YELLOW: &str = "\x1b[33m";
const RESET: &str = "\x1b[0m";

/// Renders the screen as plain text without colour.
pub fn render(state: &ScreenState) -> String {
    render_with(state, TerminalOptions::default())
}

/// Renders the screen as text with the given options.
pub fn render_with(state: &ScreenState, options: TerminalOptions) -> String {
    let paint = |s: &str, code: &str| {
        if options.colour {
            format!("{code}{s}{RESET}")
        } else {
            s.to_string()
        }
    };
    if state.help {
        let mut out = String::new();
        for line in terminal_help_lines() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        return out;
    }

    let files: Vec<char> = if state.flipped {
        "HGFEDCBA".chars().collect()
    } else {
        "ABCDEFGH".chars().collect()
    };
    let file_line = format!(
        "    {}",
        files
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let side_lines = side_panel(state);
    let mut lines = vec![file_line.clone()];
    for row in 0..8 {
        let rank = if state.flipped { row } else { 7 - row };
        let mut squares = Vec::with_capacity(8);
        for col in 0..8 {
            let file = if state.flipped { 7 - col } else { col };
            squares.push(match state.piece_at(file, rank) {
                Some((Colour::White, kind)) => paint(&kind.letter().to_string(), BOLD_WHITE),
                Some((Colour::Black, kind)) => {
                    paint(&kind.letter().to_ascii_lowercase().to_string(), BOLD_RED)
                }
                None => ".".to_string(),
            });
        }
        let mut line = format!(" {}  {}  {}", rank + 1, squares.join(" "), rank + 1);
        if let Some(side) = side_lines.get(row) {
            line.push_str("    ");
            line.push_str(side);
        }
        lines.push(line.trim_end().to_string());
    }
    lines.push(file_line);
    lines.push(String::new());
    if state.setup {
        lines.extend(SETUP_COMMANDS.map(String::from));
    } else {
        lines.extend(move_list_lines(&state.moves, state.first_ply));
    }
    let mut status = state.status.clone();
    if !state.input.is_empty() || status.is_empty() {
        status.push_str(" > ");
        status.push_str(&state.input);
    }
    lines.push(paint(status.trim_end(), YELLOW));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The lines right of the board: level, clocks, analysis.
fn side_panel(state: &ScreenState) -> Vec<String> {
    let marker = |side| {
        if state.side_to_move == side {
            "  <"
        } else {
            ""
        }
    };
    let speed = match &state.speed {
        Some(mark) => format!("   SPEED {mark}"),
        None => String::new(),
    };
    let ponder = if state.ponder { "   PONDER" } else { "" };
    let mut lines = vec![
        format!("LEVEL {}{speed}{ponder}", state.level),
        format!(
            "WHITE {:>7}{}",
            format_clock(state.white_clock),
            marker(Colour::White)
        ),
        format!(
            "BLACK {:>7}{}",
            format_clock(state.black_clock),
            marker(Colour::Black)
        ),
        String::new(),
    ];
    if let Some(a) = &state.analysis {
        match (a.best_line.first(), a.decided, a.pondering) {
            (Some(played), true, _) => lines.push(format!("PLAYED {played}")),
            (Some(reply), _, true) => lines.push(format!("EXPECTING {reply} (YOUR TIME)")),
            _ => {}
        }
        lines.push(format!(
            "PASS {}  SCORE {}",
            pass_words(a.pass),
            format_score(a.score)
        ));
        lines.push(format!("POSITIONS {}", a.positions));
        if !a.best_line.is_empty() {
            lines.push(format!("BEST {}", a.best_line.join(" ")));
        }
    }
    lines
}

/// The pass a move or line comes from, in words: `3`, or `1 CUT SHORT` when no pass was
/// finished (the module was told to move, or its time ran out, in the first pass: the
/// best move that pass had found so far, which the engines report as pass 0).
pub fn pass_words(pass: u8) -> String {
    match pass {
        0 => "1 CUT SHORT".into(),
        n => n.to_string(),
    }
}

/// The move list as numbered pairs (`1. E2-E4 E7-E5`), wrapped; a game set up with Black
/// to move begins `8... G4-E6` (`first_ply`: see [`ScreenState::first_ply`]).
fn move_list_lines(moves: &[String], first_ply: usize) -> Vec<String> {
    let black_first = usize::from(!first_ply.is_multiple_of(2)).min(moves.len());
    let first = moves[..black_first]
        .iter()
        .map(|m| format!("{}... {m}", first_ply / 2 + 1));
    let pairs = moves[black_first..].chunks(2).enumerate().map(|(n, pair)| {
        let number = (first_ply + black_first) / 2 + 1 + n;
        format!("{number}. {}", pair.join(" "))
    });
    let mut lines = Vec::new();
    let mut current = String::from("MOVES");
    for item in first.chain(pairs) {
        if current.len() + 2 + item.len() > MOVES_WIDTH {
            lines.push(current);
            current = String::from("     ");
        }
        current.push_str("  ");
        current.push_str(&item);
    }
    lines.push(current);
    lines
}
