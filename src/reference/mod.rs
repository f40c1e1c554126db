//! The native reference engine: the executable spec of the Z80 guest, written the way an
//! 8-bit program runs (bytes, fixed arrays, no allocation in GEN/EVAL/SEARCH). See
//! `docs/engine.md` for the algorithm, the piece codes, the score scale and the RAM plan.

pub mod board;
pub mod book;
pub mod epd;
pub mod fen;
pub mod game;
pub mod generate;
pub mod levels;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;

pub use board::Board;
pub use fen::FenError;
pub use generate::legal_moves;
pub use moves::{Move, MoveList};
pub use notation::{MoveTextError, parse_san, parse_uci, to_san};
pub mod exchange;
pub mod positional;
pub mod random;
pub mod score;
pub mod search;
pub mod square;
pub mod validate;

pub use search::{
    Entry, MoveEval, PassInfo, Search, SearchResult, analys, evaluate_moves, pass_plies, search,
};
pub use validate::PositionError;
