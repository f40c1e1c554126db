//! What the console shows: a plain description of the screen, independent of how it is drawn.
//!
//! The game logic fills a [`ScreenState`]; the VDC front end (`layout` + `render`) and the
//! terminal front end (`terminal`) both draw from it, so they always agree.

use crate::console::keyboard::HostKeys;

/// A side in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

/// The kind of a chess piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl PieceKind {
    /// The English letter of the piece as in algebraic notation (`N` for the knight, `P`
    /// for the pawn).
    pub fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }

    /// The kind for a letter of FEN or algebraic notation (either case).
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            _ => return None,
        })
    }
}

/// A piece on a square.
pub type Piece = (Colour, PieceKind);

/// The engine's view of the position while it thinks or after it moved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Search pass (1 for ply 1, 2 for ply 3, ...), as the module counts them.
    pub pass: u8,
    /// Score in centipawns from the point of view of White.
    pub score: i32,
    /// Positions evaluated so far for this move.
    pub positions: u32,
    /// The best line found, as move strings like `"E2-E4"`.
    pub best_line: Vec<String>,
    /// The module has decided: the line starts with the move it played, and the pass and
    /// score are that move's.
    pub decided: bool,
    /// The module thinks on the player's time: the line starts with the reply it expects.
    pub pondering: bool,
}

/// Everything the screen shows, as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenState {
    /// The board, index = square with a1 = 0, b1 = 1, ..., h8 = 63.
    pub board: [Option<Piece>; 64],
    /// Whose turn it is.
    pub side_to_move: Colour,
    /// Show the board from Black's side (rank 8 at the bottom).
    pub flipped: bool,
    /// The moves of the game so far, as strings like `"E2-E4"`.
    pub moves: Vec<String>,
    /// The last move's squares (from, to; a1 = 0), marked on the board: taken from the
    /// move itself, so castling (`O-O`) is marked by the king's squares too.
    pub last_move: Option<(usize, usize)>,
    /// The half-move of the game the first of `moves` is, counted from White's first
    /// move (0): a game set up at move 8 with White to move starts at 14, with Black to
    /// move at 15, so the lists number its moves `8. ...` and `8... ...` as PGN does.
    pub first_ply: usize,
    /// One status line (e.g. `"YOUR MOVE"`, `"CHECK"`, `"MATE"`).
    pub status: String,
    /// The engine's analysis, if any is to be shown.
    pub analysis: Option<Analysis>,
    /// The playing level, 1-6.
    pub level: u8,
    /// White's clock, seconds used.
    pub white_clock: u32,
    /// Black's clock, seconds used.
    pub black_clock: u32,
    /// What the user is typing (a move being entered).
    pub input: String,
    /// Show a help page instead of the board.
    pub help: bool,
    /// Which help page: 0 the keyboard map, 1 the keys of the game, 2 the window's own
    /// keys, 3 the levels and the analysis.
    pub help_page: u8,
    /// The keys the front end keeps for itself, which the help pages name.
    pub host_keys: HostKeys,
    /// The speed of the module's thinking when it is not the real module's (`2X`, `8X`,
    /// `MAX`), shown beside the level.
    pub speed: Option<String>,
    /// Pondering is on: the module thinks on the player's time after its moves.
    pub ponder: bool,
    /// The position editor is open: each front end says its commands.
    pub setup: bool,
    /// The square of the piece chosen (a1 = 0): pointed at, or typed (`E2`), before its
    /// target; marked on the board.
    pub chosen: Option<usize>,
    /// The pad's cursor (a1 = 0), once the pad has moved it.
    pub cursor: Option<usize>,
}

/// A board placement that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// A character that is neither a piece letter, a digit 1-8 nor `/`.
    #[error("unexpected character {0:?} in the board placement")]
    BadCharacter(char),
    /// A rank does not describe exactly 8 squares, or there are not 8 ranks.
    #[error("the board placement must have 8 ranks of 8 squares (rank {rank} is wrong)")]
    BadShape {
        /// The rank (8 = first in the text) where the count went wrong.
        rank: usize,
    },
}

/// The piece placement field of FEN for the starting position.
pub const START_PLACEMENT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Reads the piece placement field of a FEN string (the part before the first space).
pub fn parse_placement(placement: &str) -> Result<[Option<Piece>; 64], PlacementError> {
    let mut board = [None; 64];
    let field = placement.split_whitespace().next().unwrap_or("");
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(PlacementError::BadShape {
            rank: 8 - ranks.len().min(8),
        });
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(kind) = PieceKind::from_letter(c) {
                if file >= 8 {
                    return Err(PlacementError::BadShape { rank: rank + 1 });
                }
                let colour = if c.is_ascii_uppercase() {
                    Colour::White
                } else {
                    Colour::Black
                };
                board[rank * 8 + file] = Some((colour, kind));
                file += 1;
            } else {
                return Err(PlacementError::BadCharacter(c));
            }
        }
        if file != 8 {
            return Err(PlacementError::BadShape { rank: rank + 1 });
        }
    }
    Ok(board)
}

impl Default for ScreenState {
    fn default() -> Self {
        Self::start_position()
    }
}

impl ScreenState {
    /// The screen at the start of a game: start position, White to move, level 1.
    pub fn start_position() -> Self {
        ScreenState {
            board: parse_placement(START_PLACEMENT).unwrap_or([None; 64]),
            side_to_move: Colour::White,
            flipped: false,
            moves: Vec::new(),
            last_move: None,
            first_ply: 0,
            status: String::from("YOUR MOVE"),
            analysis: None,
            level: 1,
            white_clock: 0,
            black_clock: 0,
            input: String::new(),
            help: false,
            help_page: 0,
            host_keys: HostKeys::Window,
            speed: None,
            ponder: false,
            setup: false,
            chosen: None,
            cursor: None,
        }
    }

    /// A screen showing the given FEN piece placement (other fields as at the start).
    pub fn with_placement(placement: &str) -> Result<Self, PlacementError> {
        Ok(ScreenState {
            board: parse_placement(placement)?,
            ..Self::start_position()
        })
    }

    /// A demonstration screen: after 1. e4 e5 2. Nf3 Nc6 3. Bb5, Black (the module) thinking,
    /// with analysis and clocks. Used for `docs/screenshot.png` and snapshot tests.
    pub fn demo() -> Self {
        ScreenState {
            board: parse_placement("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R")
                .unwrap_or([None; 64]),
            side_to_move: Colour::Black,
            moves: ["E2-E4", "E7-E5", "G1-F3", "B8-C6", "F1-B5"]
                .map(String::from)
                .to_vec(),
            last_move: Some((5, 33)),
            status: String::from("THINKING"),
            analysis: Some(Analysis {
                pass: 3,
                score: 15,
                positions: 4711,
                best_line: ["A7-A6", "B5-A4", "G8-F6"].map(String::from).to_vec(),
                decided: false,
                pondering: false,
            }),
            level: 2,
            white_clock: 41,
            black_clock: 67,
            ..Self::start_position()
        }
    }

    /// The piece on the square at `file` (0 = a) and `rank` (0 = rank 1).
    pub fn piece_at(&self, file: usize, rank: usize) -> Option<Piece> {
        if file < 8 && rank < 8 {
            self.board[rank * 8 + file]
        } else {
            None
        }
    }
}

/// A clock reading as `M:SS` (minutes grow past 59: `75:02`), capped at `999:59`.
pub fn format_clock(seconds: u32) -> String {
    let s = seconds.min(999 * 60 + 59);
    format!("{}:{:02}", s / 60, s % 60)
}

/// The centipawn score of "mate now"; a mate in `n` plies is `MATE_CENTIPAWNS - n` (or its
/// negative when the other side mates), `n` up to the engines' `MAX_MATE_PLIES`.
pub const MATE_CENTIPAWNS: i32 = 1_000_000;

/// A score in centipawns as pawns with sign and two decimals (`+0.25`, `-1.50`, `0.00`), or a
/// mate in moves (`+M2`: White mates in 2, `-M1`: Black mates in 1).
pub fn format_score(centipawns: i32) -> String {
    let magnitude = centipawns.unsigned_abs();
    let mate = MATE_CENTIPAWNS.unsigned_abs();
    let deepest = u32::from(crate::reference::score::MAX_MATE_PLIES.unsigned_abs());
    if magnitude >= mate - deepest && magnitude <= mate {
        let plies = mate - magnitude;
        let sign = if centipawns > 0 { '+' } else { '-' };
        return format!("{sign}M{}", plies.div_ceil(2));
    }
    let sign = match centipawns.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let a = centipawns.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// The square of the piece chosen while a move is typed or pointed at: the text is its
/// from-square alone (`E2`, `E2-`, `E2x`); `None` for anything else.
pub fn chosen_square(input: &str) -> Option<usize> {
    let bytes = input.as_bytes();
    let (square, rest) = bytes.split_at_checked(2)?;
    let [file, rank] = square else { return None };
    let named = (b'A'..=b'H').contains(&file.to_ascii_uppercase()) && (b'1'..=b'8').contains(rank);
    let only_a_sign_after = matches!(rest, [] | [b'-'] | [b'x' | b'X']);
    (named && only_a_sign_after)
        .then(|| (rank - b'1') as usize * 8 + (file.to_ascii_uppercase() - b'A') as usize)
}

/// A square's name as the console types and shows it (`E2`; a1 = 0).
pub fn square_text(square: usize) -> String {
    let file = (b'A' + (square % 8) as u8) as char;
    format!("{file}{}", square / 8 + 1)
}

/// A whole move typed as text (`"E2-E4"`, `"g1f3"`, `"E7-E8Q"`): its squares, and the
/// promotion piece a letter after the destination names; `None` when the text names no two
/// squares.
pub fn typed_move(text: &str) -> Option<(usize, usize, Option<PieceKind>)> {
    let (from, to) = move_squares(text)?;
    let promotion = text
        .trim()
        .chars()
        .last()
        .filter(char::is_ascii_alphabetic)
        .and_then(PieceKind::from_letter);
    Some((from, to, promotion))
}

/// Parses typed move text like `"E2-E4"`, `"g1f3"`, `"E4xD5"` or `"E7-E8Q"` into its from and
/// to squares (a1 = 0); `None` for castling words or anything else. (The screen's last-move
/// marks come from the move itself: [`ScreenState::last_move`].)
pub fn move_squares(text: &str) -> Option<(usize, usize)> {
    let squares: Vec<usize> = text
        .as_bytes()
        .windows(2)
        .filter_map(|w| {
            let f = w[0].to_ascii_lowercase();
            let r = w[1];
            ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
                .then(|| (r - b'1') as usize * 8 + (f - b'a') as usize)
        })
        .collect();
    match squares.as_slice() {
        [from, to] => Some((*from, *to)),
        _ => None,
    }
}
