//! The exchange analysis at the heart of EVAL: for each attacked piece, its attackers and
//! defenders sorted low to high, the capture sequence played out with either side free to
//! stop (a small minimax over the swap list), pieces pinned to their king left out, sliders
//! x-raying behind another attacker joining in the right order, and the pieces busy in the
//! opponent's best exchange not counted again as defenders.
//!
//! Works on the position AFTER the move being evaluated: the side to move there (S) is the
//! opponent of the mover (M). [`exchange`] returns S's best gain (counted as a loss in the
//! minimum evaluation) and M's best gain against S's pieces (added for the maximum),
//! including a skewer through S's king (Gambiet's "potential pin").

use super::board::*;
use super::piece::*;

/// Most attackers one square can have in the lists (8 per line of sight is far beyond real
/// positions; extra ones are ignored).
pub const MAX_ATTACKERS: usize = 16;

/// One side's pieces bearing on a square, sorted by key (low first): 16 x 3 bytes.
#[derive(Clone, Copy)]
pub struct Attackers {
    /// Sort key: value * 2, or for an x-ray piece max(value * 2, key in front + 1).
    pub key: [u8; MAX_ATTACKERS],
    /// Value in units of the piece (king 240).
    pub units: [u8; MAX_ATTACKERS],
    /// Square of the piece.
    pub sq: [u8; MAX_ATTACKERS],
    /// Number of entries.
    pub n: usize,
}

impl Attackers {
    fn new() -> Attackers {
        Attackers {
            key: [0; MAX_ATTACKERS],
            units: [0; MAX_ATTACKERS],
            sq: [0; MAX_ATTACKERS],
            n: 0,
        }
    }

    /// Insert keeping keys ascending; equal keys keep discovery order.
    fn insert(&mut self, key: u8, code: u8, sq: u8) {
        if self.n == MAX_ATTACKERS {
            return;
        }
        let mut i = self.n;
        while i > 0 && self.key[i - 1] > key {
            self.key[i] = self.key[i - 1];
            self.units[i] = self.units[i - 1];
            self.sq[i] = self.sq[i - 1];
            i -= 1;
        }
        self.key[i] = key;
        self.units[i] = value(code) << UNIT_SHIFT;
        self.sq[i] = sq;
        self.n += 1;
    }
}

/// A set of squares flagged in a 120-byte map (pins, busy defenders).
pub type SquareFlags = [bool; BOARD_SIZE];

/// Does a piece code slide along direction index `i` of [`ALL_DIRS`] (0-3 orthogonal)?
#[inline]
fn slides(code: u8, i: usize) -> bool {
    match kind(code) {
        K_QUEEN => true,
        K_ROOK => i < 4,
        K_BISHOP => i >= 4,
        _ => false,
    }
}

/// Pieces of colour `c` bearing on square `t`, skipping the flagged ones (a flagged slider
/// also blocks its line).
pub fn collect(b: &Board, t: u8, c: u8, skip: &SquareFlags) -> Attackers {
    let mut a = Attackers::new();
    let pawn = PAWN | c;
    // Squares from which a pawn of colour c attacks t.
    let pawn_dirs: [i8; 2] = if c == WHITE { [-11, -9] } else { [9, 11] };
    for d in pawn_dirs {
        let s = step(t, d);
        if b.sq[s as usize] == pawn && !skip[s as usize] {
            a.insert(2, pawn, s);
        }
    }
    for d in KNIGHT_JUMPS {
        let s = step(t, d);
        if b.sq[s as usize] == KNIGHT | c && !skip[s as usize] {
            a.insert(6, KNIGHT | c, s);
        }
    }
    for (i, d) in ALL_DIRS.into_iter().enumerate() {
        let mut s = step(t, d);
        let mut front: u8 = 0; // key of the piece in front on this line, 0 = none yet
        loop {
            let code = b.sq[s as usize];
            if code == EMPTY {
                s = step(s, d);
                continue;
            }
            if code == OFF || code & BLACK != c || skip[s as usize] {
                break;
            }
            if front == 0 {
                if slides(code, i) {
                    front = value(code) * 2;
                    a.insert(front, code, s);
                } else if code == KING | c && s == step(t, d) {
                    a.insert(30, code, s);
                    break;
                } else if code == pawn && pawn_dirs.contains(&d) && s == step(t, d) {
                    // Already listed; a bishop or queen behind it x-rays through.
                    front = 2;
                } else {
                    break;
                }
            } else if slides(code, i) {
                front = (value(code) * 2).max(front + 1);
                a.insert(front, code, s);
            } else {
                break;
            }
            s = step(s, d);
        }
    }
    a
}

/// Squares of pieces pinned to their own king (either colour) by an enemy slider.
pub fn pins(b: &Board) -> SquareFlags {
    let mut pinned = [false; BOARD_SIZE];
    for colour in [WHITE, BLACK] {
        let k = b.king[Board::colour_index(colour)];
        for (i, d) in ALL_DIRS.into_iter().enumerate() {
            let mut s = step(k, d);
            let mut own = 0u8;
            loop {
                let code = b.sq[s as usize];
                if code == EMPTY {
                    s = step(s, d);
                    continue;
                }
                if code == OFF {
                    break;
                }
                if code & BLACK == colour {
                    if own != 0 {
                        break;
                    }
                    own = s;
                    s = step(s, d);
                    continue;
                }
                if own != 0 && slides(code, i) {
                    pinned[own as usize] = true;
                }
                break;
            }
        }
    }
    pinned
}

/// Swap-off on a target worth `target` units: `att` capture first, `def` recapture.
/// Returns the capturing side's gain (>= 0, it may decline) and how many attackers took
/// part in the sequence. A king never captures onto a square the other side still covers.
pub fn swap(target: u8, att: &Attackers, def: &Attackers) -> (i16, usize) {
    if att.n == 0 || (att.units[0] == 240 && def.n > 0) {
        return (0, 0);
    }
    let mut gain = [0i16; 2 * MAX_ATTACKERS + 1];
    gain[0] = target as i16;
    let mut last = att.units[0] as i16; // value of the piece standing on the target
    let (mut ia, mut id, mut d) = (1usize, 0usize, 0usize);
    loop {
        // Defender recaptures.
        if id >= def.n || (def.units[id] == 240 && ia < att.n) {
            break;
        }
        d += 1;
        gain[d] = last - gain[d - 1];
        last = def.units[id] as i16;
        id += 1;
        // Attacker recaptures.
        if ia >= att.n || (att.units[ia] == 240 && id < def.n) {
            break;
        }
        d += 1;
        gain[d] = last - gain[d - 1];
        last = att.units[ia] as i16;
        ia += 1;
    }
    while d > 0 {
        gain[d - 1] = gain[d - 1].min(-gain[d]);
        d -= 1;
    }
    (gain[0].max(0), ia)
}

/// The two exchange gains of the position after a move: (S's best gain against the mover's
/// pieces, the mover's best gain against S's pieces with S's busy pieces left out).
pub fn exchange(b: &Board) -> (i16, i16) {
    let s_side = b.side;
    let mover = s_side ^ BLACK;
    let pinned = pins(b);
    let (best_opp, busy_att, busy_n) = opponent_best(b, &pinned, i16::MAX);
    let mut skip = pinned;
    for i in 0..busy_n {
        skip[busy_att.sq[i] as usize] = true;
    }
    let mut best_own = 0i16;
    for (t, code) in targets(b, s_side) {
        let att = collect(b, t, mover, &pinned);
        if att.n == 0 {
            continue;
        }
        let def = collect(b, t, s_side, &skip);
        let (g, _) = swap(value(code) << UNIT_SHIFT, &att, &def);
        best_own = best_own.max(g);
    }
    best_own = best_own.max(skewer_gain(b, &skip));
    (best_opp, best_own)
}

/// S's best gain against the mover's pieces alone, the first half of [`exchange`], for a
/// leaf of the search where only the minimum evaluation counts: once the gain reaches
/// `limit` the walk stops (the move can no longer beat the node's best) and the gain found
/// so far, at least `limit`, is returned. Below `limit` it is exactly `exchange(b).0`.
pub fn opponent_gain(b: &Board, limit: i16) -> i16 {
    opponent_best(b, &pins(b), limit).0
}

/// The first half of [`exchange`]: S's best gain over the mover's pieces (kings are not
/// targets; the first target wins a tie), the attackers of that best exchange and how many
/// of them it used (they are busy in the second half). Stops once the gain reaches `limit`.
fn opponent_best(b: &Board, pinned: &SquareFlags, limit: i16) -> (i16, Attackers, usize) {
    let s_side = b.side;
    let mover = s_side ^ BLACK;
    let mut best_opp = 0i16;
    let mut busy_att = Attackers::new();
    let mut busy_n = 0usize;
    for (t, code) in targets(b, mover) {
        let att = collect(b, t, s_side, pinned);
        if att.n == 0 {
            continue;
        }
        let def = collect(b, t, mover, pinned);
        let (g, used) = swap(value(code) << UNIT_SHIFT, &att, &def);
        if g > best_opp {
            best_opp = g;
            busy_att = att;
            busy_n = used;
            if best_opp >= limit {
                break;
            }
        }
    }
    (best_opp, busy_att, busy_n)
}

/// The targets of one side's exchanges: `colour`'s pieces other than the king, in square
/// order a1, b1, ..., h8 (the order that decides a tie between equal gains), as (square,
/// code).
fn targets(b: &Board, colour: u8) -> impl Iterator<Item = (u8, u8)> + '_ {
    (0..8u8)
        .flat_map(|rank| (0..8u8).map(move |file| square(file, rank)))
        .map(|t| (t, b.sq[t as usize]))
        .filter(move |&(_, code)| code != EMPTY && code & BLACK == colour && kind(code) != K_KING)
}

/// Gambiet's "potential pin" (the h1-h3-h8 formation): S's king checked along a line by a
/// slider of the mover with an S piece behind the king on that line. The king must step off
/// the line, so the slider then takes the piece behind: that exchange's gain (S's busy and
/// pinned pieces and the king itself do not defend). Lines are tried in direction order.
fn skewer_gain(b: &Board, skip: &SquareFlags) -> i16 {
    let s_side = b.side;
    let mover = s_side ^ BLACK;
    let k = b.king[Board::colour_index(s_side)];
    let mut no_king = *skip;
    no_king[k as usize] = true;
    let mut best = 0i16;
    for (i, d) in ALL_DIRS.into_iter().enumerate() {
        let checker = first_piece(b, k, d);
        let code = b.sq[checker as usize];
        if code == OFF || code & BLACK != mover || !slides(code, i) {
            continue;
        }
        let behind = first_piece(b, k, d.wrapping_neg());
        let victim = b.sq[behind as usize];
        if victim == OFF || victim & BLACK != s_side {
            continue;
        }
        let mut att = Attackers::new();
        att.insert(value(code) * 2, code, checker);
        let def = collect(b, behind, s_side, &no_king);
        let (g, _) = swap(value(victim) << UNIT_SHIFT, &att, &def);
        best = best.max(g);
    }
    best
}

/// The first square along direction `d` from `from` that is not empty (a piece or border).
fn first_piece(b: &Board, from: u8, d: i8) -> u8 {
    let mut s = step(from, d);
    while b.sq[s as usize] == EMPTY {
        s = step(s, d);
    }
    s
}
