//! Whole games between the guest (the ROM on the emulated module, driven through the latch
//! protocol only) and the native reference engine, each at a budget of its own.
//!
//! Every guest move is checked three ways: it is legal; its INFO lines come numbered 1, 2,
//! ... with growing position counts, followed by exactly one BESTMOVE; and it is the decision
//! the reference takes in the guest's place (same position, same game history for the book,
//! same budget): the same move, score, positions, passes, book flag and INFO lines. The
//! module's verdict on the game (mate, stalemate) must agree with the rules, and after the
//! game its board must equal the game's. Games end as chess games end: checkmate,
//! stalemate, the fifty-move rule, insufficient material, threefold repetition; a ply limit
//! stops a game that goes on longer (that is reported, not an error).

use std::fmt;

use super::answer::{Answer, Line, differences};
use super::session::{BestMove, GuestSession, SessionError};
use super::wire::{legal_move_of_wire, wire_draws};
use crate::protocol::{GameEnd, GoLong, MoveFlags};
use crate::reference::book::Book;
use crate::reference::game::{Game, GameState};
use crate::reference::levels;
use crate::reference::random::Xorshift;
use crate::reference::{Move, analys, legal_moves};

/// How the guest is told how long to think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuestLimit {
    /// `LEVEL n`, then `GO` without a budget: the module reads its own level table.
    Level(u8),
    /// `GO` with this budget of positions.
    Positions(u32),
}

/// One game's conditions.
#[derive(Clone, Copy, Debug)]
pub struct Pairing {
    /// The guest plays White (else Black).
    pub guest_white: bool,
    /// The guest's thinking limit.
    pub guest: GuestLimit,
    /// The same limit in positions, for the reference's replay of the guest's decision.
    pub guest_budget: u32,
    /// The opponent's (the reference's) budget of positions a move.
    pub reference_budget: u32,
    /// The first plies of the game are random legal moves (both sides), so games differ.
    pub random_plies: usize,
    /// Seed of those random moves.
    pub seed: u64,
    /// A game still going after this many plies is stopped.
    pub max_plies: usize,
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The moves and the final position.
    pub game: Game,
    /// How it ended; `None` when the ply limit stopped it.
    pub ending: Option<GameState>,
    /// Moves the guest chose with GO.
    pub guest_moves: usize,
    /// Of those, moves from the opening book.
    pub book_moves: usize,
    /// Positions the guest evaluated in all its searches.
    pub guest_positions: u64,
    /// Emulated T-states from each GO to its BESTMOVE, summed.
    pub guest_t_states: u64,
}

/// What went wrong in a game.
#[derive(Debug, Clone, PartialEq)]
pub enum GameError {
    /// The link or the machine failed, or the module refused a legal move.
    Session(SessionError),
    /// The guest answered with a move that is not legal.
    IllegalMove {
        /// Ply of the game (from 1).
        ply: usize,
        /// The move in UCI notation.
        mv: String,
        /// The position, FEN.
        fen: String,
    },
    /// The guest's INFO lines were not numbered 1, 2, ... with growing counts.
    InfoOrder {
        /// Ply of the game.
        ply: usize,
        /// (pass, positions) of each INFO line.
        lines: Vec<(u8, u32)>,
    },
    /// The guest decided otherwise than the reference in its place.
    Differs {
        /// Ply of the game.
        ply: usize,
        /// The position, FEN.
        fen: String,
        /// What differs (`answer::differences`: guest and reference, line by line).
        differences: Vec<String>,
    },
    /// The module's word on the end of the game disagrees with the rules.
    EndDisagrees {
        /// Ply of the game.
        ply: usize,
        /// What the module said.
        module: Option<GameEnd>,
        /// What the rules say.
        rules: GameState,
    },
    /// After the game the module holds another position than the game's.
    BoardDisagrees {
        /// The game's final position, FEN.
        game: String,
        /// The module's, FEN.
        module: String,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Session(e) => write!(f, "{e}"),
            GameError::IllegalMove { ply, mv, fen } => {
                write!(f, "ply {ply}: the guest played {mv}, illegal in {fen}")
            }
            GameError::InfoOrder { ply, lines } => {
                write!(
                    f,
                    "ply {ply}: INFO lines (pass, positions) out of order: {lines:?}"
                )
            }
            GameError::Differs {
                ply,
                fen,
                differences,
            } => write!(
                f,
                "ply {ply}, {fen}: the guest and the reference decided differently\n{}",
                differences.join("\n")
            ),
            GameError::EndDisagrees { ply, module, rules } => write!(
                f,
                "ply {ply}: the module says {module:?}, the rules say {rules:?}"
            ),
            GameError::BoardDisagrees { game, module } => write!(
                f,
                "after the game the module's position is {module}, the game's {game}"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<SessionError> for GameError {
    fn from(e: SessionError) -> Self {
        GameError::Session(e)
    }
}

/// Play one game from the initial position. `book` is the opening book of the guest's ROM
/// (the reference replays the guest's decisions with it); `on_ply` hears the ply count.
pub fn play_game(
    session: &mut GuestSession,
    book: Option<&Book>,
    pairing: &Pairing,
    on_ply: &mut dyn FnMut(usize),
) -> Result<GameRecord, GameError> {
    session.new_game()?;
    if let GuestLimit::Level(level) = pairing.guest {
        session.level(level)?;
    }
    let mut game = Game::default();
    let mut rng = Xorshift((pairing.seed << 1) | 1); // xorshift needs a non-zero state
    let mut guest_answers: Vec<BestMove> = Vec::new();
    let guest_side = if pairing.guest_white { 0x00 } else { 0x80 };
    while game.moves().len() < pairing.max_plies && !game.state().is_over() {
        let ply = game.moves().len() + 1;
        let board = game.board().clone();
        let module_end = if ply <= pairing.random_plies || board.side != guest_side {
            let mv = if ply <= pairing.random_plies {
                let moves = legal_moves(&board);
                moves.as_slice()[rng.below(moves.len())]
            } else {
                analys(
                    &board,
                    game.moves(),
                    book,
                    &game.draw_moves(),
                    pairing.reference_budget,
                    &mut |_| {},
                )
                .best
                .expect("the game is not over, so there is a legal move")
            };
            let played = session.play(&mv)?;
            game.play(mv).expect("a legal move of a running game");
            played.game_over
        } else {
            let (mv, best) = guest_move(session, &game, book, pairing)?;
            game.play(mv).expect("checked legal in guest_move");
            let end = best.game_over;
            guest_answers.push(best);
            end
        };
        check_end(ply, module_end, &game)?;
        on_ply(ply);
    }
    let module = session.query()?.board;
    if module.sq != game.board().sq || module.side != game.board().side {
        return Err(GameError::BoardDisagrees {
            game: game.board().to_fen(),
            module: module.to_fen(),
        });
    }
    let state = game.state();
    Ok(GameRecord {
        game,
        ending: state.is_over().then_some(state),
        guest_moves: guest_answers.len(),
        book_moves: guest_answers
            .iter()
            .filter(|b| b.flags.has(MoveFlags::BOOK))
            .count(),
        guest_positions: guest_answers.iter().map(|b| u64::from(b.positions)).sum(),
        guest_t_states: guest_answers.iter().map(|b| b.t_states).sum(),
    })
}

/// The guest's turn: GO, the checks, and the move to play.
fn guest_move(
    session: &mut GuestSession,
    game: &Game,
    book: Option<&Book>,
    pairing: &Pairing,
) -> Result<(Move, BestMove), GameError> {
    let ply = game.moves().len() + 1;
    let board = game.board();
    // The long GO with the game's draw moves; its budget is explicit (the level's).
    let budget = match pairing.guest {
        GuestLimit::Level(level) => levels::budget(level).unwrap_or(GoLong::UNTIL_STOPPED),
        GuestLimit::Positions(n) => n,
    };
    let draws = game.draw_moves();
    let go = GoLong::new(budget, 0, wire_draws(board, &draws))
        .expect("a bitmap of at most 19 bytes: validated positions have at most 150 moves");
    let mut lines = Vec::new();
    let best = session.go_long(go, |info| lines.push(Line::from_guest(info)))?;
    let numbered = lines
        .iter()
        .enumerate()
        .all(|(k, l)| l.pass as usize == k + 1);
    let growing = lines.windows(2).all(|w| w[0].positions <= w[1].positions)
        && lines.last().is_none_or(|l| l.positions <= best.positions);
    if !numbered || !growing {
        return Err(GameError::InfoOrder {
            ply,
            lines: lines.iter().map(|l| (l.pass, l.positions)).collect(),
        });
    }
    let Some(mv) = legal_move_of_wire(board, best.mv) else {
        return Err(GameError::IllegalMove {
            ply,
            mv: best.mv.to_string(),
            fen: board.to_fen(),
        });
    };
    let mut reference_lines = Vec::new();
    let reference = analys(
        board,
        game.moves(),
        book,
        &draws,
        pairing.guest_budget,
        &mut |p| reference_lines.push(Line::from_reference(p)),
    );
    let differences = differences(
        &Answer::from_guest(&best, lines),
        &Answer::from_reference(&reference, reference_lines),
    );
    if !differences.is_empty() {
        return Err(GameError::Differs {
            ply,
            fen: board.to_fen(),
            differences,
        });
    }
    Ok((mv, best))
}

/// The module's verdict after a ply (from BESTMOVE's or PLAY's flags) against the rules:
/// it announces checkmate and stalemate; the draws by rule are the host's business.
fn check_end(ply: usize, module: Option<GameEnd>, game: &Game) -> Result<(), GameError> {
    let rules = game.state();
    let agrees = match rules {
        GameState::Checkmate => module == Some(GameEnd::Checkmate),
        GameState::Stalemate => module == Some(GameEnd::Stalemate),
        _ => module.is_none(),
    };
    if agrees {
        Ok(())
    } else {
        Err(GameError::EndDisagrees { ply, module, rules })
    }
}
