//! `c7010 verify`: the guest (the ROM on the emulated module, driven through the latch
//! protocol only: SETUP, then GO with a budget) and the reference (`Search::think`) on every
//! position of an EPD suite, or of positions from random games. Every INFO line (pass, score,
//! positions, PV) and the BESTMOVE (move, score, positions, passes) must be identical; any
//! difference is printed and makes the exit code non-zero. The end prints the guest's
//! resource figures: ROM size, RAM high-water mark, stack low-water mark, positions per
//! emulated second.

use anyhow::{Context, bail};
use c7010::machine::{DEFAULT_CLOCK_HZ, GuestStats, Machine, RAM_START};
use c7010::protocol::{self, Command, Event, Module, WirePosition};
use c7010::reference::epd::parse_epd;
use c7010::reference::{Board, Move, PassInfo, Search, legal_moves};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

use super::search::budget_of;

/// Arguments of `c7010 verify`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// EPD (or FEN-per-line) suite; without it, positions from random games (fixed seed).
    #[arg(long)]
    suite: Option<PathBuf>,
    /// Level 1-6 (a position budget each; level 2 when neither this nor --budget is given).
    #[arg(long, conflicts_with = "budget")]
    level: Option<u8>,
    /// Budget of positions evaluated.
    #[arg(long)]
    budget: Option<u32>,
    /// Verify at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    /// ROM image (default: the committed `roms/c7010.bin`).
    #[arg(long)]
    rom: Option<PathBuf>,
}

/// Emulated T-states the guest may stay silent during a GO before it counts as hung
/// (10 emulated minutes).
const SILENCE: u64 = 600 * 4_433_619;

/// One completed pass, as both engines report it (the PV as wire moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Pass number.
    pub pass: u8,
    /// Score (side to move's view, units).
    pub score: i16,
    /// Positions evaluated so far.
    pub positions: u32,
    /// Principal variation.
    pub pv: Vec<protocol::Move>,
}

/// A whole search, as both engines report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The INFO lines, one per completed pass.
    pub lines: Vec<Line>,
    /// The move, or `None` when the side to move has none.
    pub best: Option<protocol::Move>,
    /// Score of the move.
    pub score: i16,
    /// Positions evaluated in the whole search.
    pub positions: u32,
    /// Passes completed.
    pub passes: u8,
}

/// The guest on the emulated module, reached only through the latch protocol.
pub struct GuestLink {
    module: Module,
}

impl GuestLink {
    /// Boot `rom` on a fresh module.
    pub fn boot(rom: &[u8]) -> anyhow::Result<GuestLink> {
        let machine = Machine::new(rom).context("the ROM does not fit the module")?;
        let (module, _, _) = Module::boot(machine)?;
        Ok(GuestLink { module })
    }

    /// The machine (statistics, T-states).
    pub fn machine(&self) -> &Machine {
        self.module.machine()
    }

    fn expect_ok(&mut self, what: &str) -> anyhow::Result<()> {
        match self.module.wait_event(SILENCE)? {
            Event::Ok { .. } => Ok(()),
            other => bail!("{what}: the module answered {other:?}"),
        }
    }

    /// Set up `board` on the module.
    pub fn setup(&mut self, board: &Board) -> anyhow::Result<()> {
        self.module
            .send(&Command::Setup(Box::new(wire_position(board))));
        self.expect_ok("SETUP")
    }

    /// GO with `budget`: the INFO lines and BESTMOVE, and the T-states the module took.
    /// The move is played on the module's board.
    pub fn go(&mut self, budget: u32) -> anyhow::Result<(Answer, u64)> {
        let start = self.module.machine().cycles();
        self.module.send(&Command::Go {
            budget: Some(budget),
        });
        let mut lines = vec![];
        loop {
            match self.module.wait_event(SILENCE)? {
                Event::Info {
                    pass,
                    score,
                    positions,
                    pv,
                } => lines.push(Line {
                    pass,
                    score,
                    positions,
                    pv,
                }),
                Event::BestMove {
                    mv,
                    score,
                    positions,
                    passes,
                    ..
                } => {
                    let t = self.module.machine().cycles() - start;
                    let answer = Answer {
                        lines,
                        best: Some(mv),
                        score,
                        positions,
                        passes,
                    };
                    return Ok((answer, t));
                }
                Event::Error {
                    reason: protocol::Refusal::GameOver,
                    ..
                } => {
                    let t = self.module.machine().cycles() - start;
                    // No move: the guest says so; the score is the reference's rule.
                    let answer = Answer {
                        lines,
                        best: None,
                        score: 0,
                        positions: 0,
                        passes: 0,
                    };
                    return Ok((answer, t));
                }
                other => bail!("GO: unexpected {other:?}"),
            }
        }
    }
}

/// A reference board as the wire's SETUP payload.
pub fn wire_position(b: &Board) -> WirePosition {
    let mut squares = [0u8; 64];
    for (i, s) in squares.iter_mut().enumerate() {
        let code = b.sq[21 + i % 8 + 10 * (i / 8)];
        if code != 0 {
            *s = ((code >> 4) & 7) | if code & 0x80 != 0 { 8 } else { 0 };
        }
    }
    WirePosition {
        squares,
        side: u8::from(b.side != 0),
        castling: b.castling,
        ep: (b.ep != 0).then(|| wire_square(b.ep)),
        halfmove: b.halfmove,
        fullmove: b.fullmove,
    }
}

/// A mailbox square (21 + file + 10 * rank) as a wire square (file + 8 * rank).
pub fn wire_square(sq: u8) -> u8 {
    let i = sq - 21;
    i % 10 + 8 * (i / 10)
}

/// A reference move as a wire move.
pub fn wire_move(m: Move) -> protocol::Move {
    protocol::Move {
        from: wire_square(m.from),
        to: wire_square(m.to),
        promo: m.flags & 7,
    }
}

/// The reference's answer for `board` with `budget`, in the wire's terms. With no legal
/// move the guest reports only "game over", so only the absence of a move is compared.
pub fn reference_answer(board: &Board, budget: u32) -> Answer {
    let mut lines = vec![];
    let r = Search::new(board).think(budget, &mut |p: &PassInfo| {
        lines.push(Line {
            pass: p.pass,
            score: p.score,
            positions: p.positions,
            pv: p.pv.iter().map(|&m| wire_move(m)).collect(),
        })
    });
    match r.best {
        Some(m) => Answer {
            lines,
            best: Some(wire_move(m)),
            score: r.score,
            positions: r.positions,
            passes: r.passes,
        },
        None => Answer {
            lines: vec![],
            best: None,
            score: 0,
            positions: 0,
            passes: 0,
        },
    }
}

/// Differences between the guest's and the reference's answers, one text line each.
pub fn differences(guest: &Answer, reference: &Answer) -> Vec<String> {
    let mut out = vec![];
    let show = |l: &Line| {
        let pv: Vec<String> = l.pv.iter().map(|m| m.to_string()).collect();
        format!(
            "pass {} score {} positions {} pv {}",
            l.pass,
            l.score,
            l.positions,
            pv.join(" ")
        )
    };
    let n = guest.lines.len().max(reference.lines.len());
    for i in 0..n {
        let (g, r) = (guest.lines.get(i), reference.lines.get(i));
        if g != r {
            let text = |l: Option<&Line>| l.map(show).unwrap_or_else(|| "(none)".into());
            out.push(format!("  info {}: guest {}", i + 1, text(g)));
            out.push(format!("  info {}: ref   {}", i + 1, text(r)));
        }
    }
    let summary = |a: &Answer| {
        let mv = a
            .best
            .map(|m| m.to_string())
            .unwrap_or_else(|| "none".into());
        format!(
            "bestmove {mv} score {} positions {} passes {}",
            a.score, a.positions, a.passes
        )
    };
    if (guest.best, guest.score, guest.positions, guest.passes)
        != (
            reference.best,
            reference.score,
            reference.positions,
            reference.passes,
        )
    {
        out.push(format!("  guest {}", summary(guest)));
        out.push(format!("  ref   {}", summary(reference)));
    }
    out
}

/// Positions from random games (legal random moves, 10-59 plies) with a fixed seed, each
/// with at least one legal move.
pub fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut state = seed | 1;
    let mut below = |k: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % k as u64) as usize
    };
    let mut out = vec![];
    while out.len() < n {
        let mut b = Board::startpos();
        for _ in 0..10 + below(50) {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            b.make(moves.as_slice()[below(moves.len())]);
        }
        if !legal_moves(&b).is_empty() {
            out.push(b);
        }
    }
    out
}

fn load_positions(args: &Args) -> anyhow::Result<Vec<(String, Board)>> {
    let mut out = vec![];
    match &args.suite {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            for (no, line) in text.lines().enumerate() {
                if line.trim().is_empty() || line.trim_start().starts_with('#') {
                    continue;
                }
                let rec =
                    parse_epd(line).with_context(|| format!("{}:{}", path.display(), no + 1))?;
                let name = rec.id.unwrap_or_else(|| format!("line {}", no + 1));
                out.push((name, rec.board));
            }
        }
        None => {
            for (i, b) in random_positions(100, 7010).into_iter().enumerate() {
                out.push((format!("random {}", i + 1), b));
            }
        }
    }
    if let Some(limit) = args.limit {
        out.truncate(limit);
    }
    Ok(out)
}

/// The ROM's size without its FF padding.
fn rom_used(rom: &[u8]) -> usize {
    rom.iter().rposition(|&b| b != 0xFF).map_or(0, |i| i + 1)
}

/// ROM size, RAM high-water mark and stack depth, as one line.
pub fn resource_line(rom: &[u8], stats: &GuestStats) -> String {
    let ram = stats.ram_high_water.map_or("none".to_string(), |o| {
        format!("{:#06x} ({} of 2048 bytes)", RAM_START + o, o as u32 + 1)
    });
    format!(
        "ROM {} of 8192 bytes; RAM high-water {ram}; stack low-water {:#06x} ({} bytes deep)",
        rom_used(rom),
        stats.sp_low_water,
        0xE800u32.saturating_sub(stats.sp_low_water),
    )
}

/// Run `c7010 verify`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let budget = budget_of(args.level, args.budget)?;
    let positions = load_positions(&args)?;
    let rom = match &args.rom {
        Some(p) => std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?,
        None => c7010::guest::image::BUILTIN_ROM.to_vec(),
    };
    let mut link = GuestLink::boot(&rom)?;
    let bar = ProgressBar::new(positions.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
            .expect("a valid progress template"),
    );
    let (mut identical, mut evaluated, mut t_states) = (0usize, 0u64, 0u64);
    for (name, board) in &positions {
        link.setup(board)
            .with_context(|| format!("{name}: {}", board.to_fen()))?;
        let (guest, t) = link.go(budget).with_context(|| name.clone())?;
        let want = reference_answer(board, budget);
        let diff = differences(&guest, &want);
        if diff.is_empty() {
            identical += 1;
        } else {
            bar.suspend(|| {
                println!("{name}: {}", board.to_fen());
                for l in &diff {
                    println!("{l}");
                }
            });
        }
        evaluated += u64::from(guest.positions);
        t_states += t;
        bar.inc(1);
        bar.set_message(format!("{identical} identical"));
    }
    bar.finish_and_clear();
    let stats = link.machine().stats();
    let seconds = t_states as f64 / DEFAULT_CLOCK_HZ;
    println!("{} positions, {} identical", positions.len(), identical);
    println!(
        "guest: {} positions evaluated in {:.1} emulated s ({:.0} per emulated s at {} MHz)",
        evaluated,
        seconds,
        evaluated as f64 / seconds.max(1e-9),
        DEFAULT_CLOCK_HZ / 1e6
    );
    println!("{}", resource_line(&rom, &stats));
    if identical != positions.len() {
        bail!(
            "{} of {} positions differ",
            positions.len() - identical,
            positions.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_squares_follow_the_protocol() {
        assert_eq!(wire_square(21), 0); // a1
        assert_eq!(wire_square(28), 7); // h1
        assert_eq!(wire_square(91), 56); // a8
        assert_eq!(wire_square(98), 63); // h8
    }

    #[test]
    fn the_initial_position_on_the_wire() {
        let w = wire_position(&Board::startpos());
        assert_eq!(&w.squares[..8], &[4, 2, 3, 5, 6, 3, 2, 4]);
        assert_eq!(w.squares[8], 1);
        assert_eq!(w.squares[48], 9);
        assert_eq!(w.squares[60], 14);
        assert_eq!((w.side, w.castling, w.ep), (0, 15, None));
    }

    #[test]
    fn a_different_line_or_move_is_reported() {
        let b = Board::from_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").unwrap();
        let want = reference_answer(&b, 2000);
        assert!(!want.lines.is_empty(), "a pass completes");
        assert!(differences(&want, &want).is_empty());
        let mut other = want.clone();
        other.lines[0].positions += 1;
        assert_eq!(differences(&other, &want).len(), 2);
        let mut other = want.clone();
        other.best = None;
        assert_eq!(differences(&other, &want).len(), 2);
    }
}
