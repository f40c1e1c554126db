//! `c7010 verify`: the guest (the ROM on the emulated module, driven through the latch
//! protocol only: SETUP, then GO with a budget) and the reference (`Search::think`) on every
//! position of an EPD suite, or of positions from random games. Every INFO line (pass, score,
//! positions, PV) and the BESTMOVE (move, score, positions, passes) must be identical; any
//! difference is printed and makes the exit code non-zero. The end prints the guest's
//! resource figures: ROM size, RAM high-water mark, stack low-water mark, positions per
//! emulated second.

use anyhow::{Context, bail};
use c7010::guest::GuestImage;
use c7010::guest::answer::{differences, guest_answer, reference_answer};
use c7010::guest::session::GuestSession;
use c7010::machine::{DEFAULT_CLOCK_HZ, GuestStats, RAM_START, seconds_of};
use c7010::reference::epd::parse_epd;
use c7010::reference::game::draw_moves;
use c7010::reference::random::random_positions;
use c7010::reference::{Board, Move};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

use super::search::budget_of;

/// Arguments of `c7010 verify`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// EPD (or FEN-per-line) suite; without it, positions from random games (fixed seed).
    /// A record's `moves` operation (UCI moves from its FEN) gives the game that led to the
    /// position searched: its repetitions and the fifty-move rule go with GO.
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
    /// ROM image with its `.sym` beside it (default: the committed `roms/c7010.bin`).
    #[arg(long)]
    rom: Option<PathBuf>,
}

/// A position to verify: its name, the position, and its root moves that draw by the game
/// that led to it (a record's `moves`: repetitions and the fifty-move rule).
type Position = (String, Board, Vec<Move>);

fn load_positions(args: &Args) -> anyhow::Result<Vec<Position>> {
    let mut out = vec![];
    match &args.suite {
        Some(path) => {
            let text = c7010::files::read_text(path, c7010::files::SUITE)?;
            for (no, line) in text.lines().enumerate() {
                if line.trim().is_empty() || line.trim_start().starts_with('#') {
                    continue;
                }
                let rec =
                    parse_epd(line).with_context(|| format!("{}:{}", path.display(), no + 1))?;
                let name = rec.id.unwrap_or_else(|| format!("line {}", no + 1));
                let draws = draw_moves(&rec.start, &rec.moves);
                out.push((name, rec.board, draws));
            }
        }
        None => {
            for (i, b) in random_positions(100, 7010).into_iter().enumerate() {
                out.push((format!("random {}", i + 1), b, vec![]));
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
    let image = match &args.rom {
        Some(p) => GuestImage::load(p)?,
        None => GuestImage::builtin(),
    };
    let mut session = GuestSession::boot(&image)?;
    let bar = ProgressBar::new(positions.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
            .expect("a valid progress template"),
    );
    let (mut identical, mut evaluated, mut t_states) = (0usize, 0u64, 0u64);
    for (name, board, draws) in &positions {
        let (guest, t) = guest_answer(&mut session, board, draws, budget)
            .with_context(|| format!("{name}: {}", board.to_fen()))?;
        let want = reference_answer(board, draws, budget);
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
        evaluated += u64::from(guest.decided.positions);
        t_states += t;
        bar.inc(1);
        bar.set_message(format!("{identical} identical"));
    }
    bar.finish_and_clear();
    let stats = session.module().machine().stats();
    let seconds = seconds_of(t_states, DEFAULT_CLOCK_HZ);
    println!("{} positions, {} identical", positions.len(), identical);
    println!(
        "guest: {} positions evaluated in {:.1} emulated s ({:.0} per emulated s at {} MHz)",
        evaluated,
        seconds,
        evaluated as f64 / seconds.max(1e-9),
        DEFAULT_CLOCK_HZ / 1e6
    );
    println!("{}", resource_line(&image.rom, &stats));
    if identical != positions.len() {
        bail!(
            "{} of {} positions differ",
            positions.len() - identical,
            positions.len()
        );
    }
    Ok(())
}
