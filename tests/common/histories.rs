//! Games whose last position has a history that matters: pieces shuffled back and forth so
//! that moves repeat earlier positions, and positions near the fifty-move rule. For the
//! differential tests of GO's draw moves (`docs/protocol.md`, "Protocol 2").

use c7010::reference::board::Board;
use c7010::reference::game::Game;
use c7010::reference::moves::{CASTLE, DOUBLE, EP, PROMO_MASK};
use c7010::reference::piece::{K_PAWN, kind};
use c7010::reference::random::{Xorshift, random_positions};
use c7010::reference::{Move, legal_moves};

/// A move that can be taken back by the reverse move: no capture, no pawn, no castling.
fn reversible(b: &Board, m: &Move) -> bool {
    m.flags & (PROMO_MASK | CASTLE | EP | DOUBLE) == 0
        && b.sq[m.to as usize] == 0
        && kind(b.sq[m.from as usize]) != K_PAWN
}

fn random_reversible(g: &Game, rng: &mut Xorshift) -> Option<Move> {
    let b = g.board();
    let moves: Vec<Move> = legal_moves(b)
        .as_slice()
        .iter()
        .copied()
        .filter(|m| reversible(b, m))
        .collect();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// Plays `m` if the game goes on and it is legal; false otherwise.
fn try_play(g: &mut Game, m: Move) -> bool {
    !g.state().is_over() && g.play(m).is_ok()
}

fn back(m: Move) -> Move {
    Move {
        from: m.to,
        to: m.from,
        flags: 0,
    }
}

/// One or two shuffles (a move each, then both back); then nothing (the first mover's move
/// repeats), one more move (nothing repeats but the fifty-move rule), or three (a move each
/// and the first back: the second mover's way back repeats).
fn shuffle(g: &mut Game, rng: &mut Xorshift) {
    for _ in 0..1 + rng.below(2) {
        let Some(a) = random_reversible(g, rng) else {
            return;
        };
        try_play(g, a);
        let Some(b) = random_reversible(g, rng) else {
            return;
        };
        try_play(g, b);
        if !try_play(g, back(a)) || !try_play(g, back(b)) {
            return;
        }
    }
    let extra = [0, 1, 3, 3][rng.below(4)];
    let mut first = None;
    for k in 0..extra {
        let m = match (k, first) {
            (2, Some(a)) => back(a),
            _ => match random_reversible(g, rng) {
                Some(m) => m,
                None => return,
            },
        };
        if !try_play(g, m) {
            return;
        }
        first = first.or(Some(m));
    }
}

/// `n` games that are not over, from random positions (a fifth of them with the half-move
/// clock at 96-99, so the fifty-move rule is near), each with shuffles played: most of their
/// last positions have root moves that draw.
pub fn shuffled_games(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = Xorshift(seed | 1);
    let mut games = Vec::new();
    for (i, mut start) in random_positions(4 * n, seed).into_iter().enumerate() {
        if games.len() == n {
            break;
        }
        if i % 5 == 0 {
            start.halfmove = 96 + rng.below(4) as u8;
        }
        let mut g = Game::new(start);
        if g.state().is_over() {
            continue;
        }
        shuffle(&mut g, &mut rng);
        if !g.state().is_over() && !legal_moves(g.board()).is_empty() {
            games.push(g);
        }
    }
    games
}
