//! `c7010 search`: search one position and print move, score, positions, passes, PV and the
//! analysis line of every completed pass.

use c7010::engine::EngineChoice;
use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::guest::wire::wire_draws;
use c7010::machine::{DEFAULT_CLOCK_HZ, seconds_of};
use c7010::protocol::GoLong;
use c7010::reference::game::draw_moves;
use c7010::reference::{Board, Move, PassInfo, analys, levels, parse_uci};
use std::time::Instant;

/// Arguments of `c7010 search`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that searches.
    #[arg(long, value_enum, default_value_t = EngineChoice::Ref)]
    engine: EngineChoice,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Level 1-6 (a position budget each).
    #[arg(long, conflicts_with = "budget")]
    level: Option<u8>,
    /// Budget of positions evaluated.
    #[arg(long)]
    budget: Option<u32>,
    /// Moves played from the initial position (UCI, space separated); the opening book is
    /// asked first (as the module does), unless `--no-book`. Not together with `--fen`.
    #[arg(long, conflicts_with = "fen")]
    moves: Option<String>,
    /// ROM image holding the opening book at its `BOOK` symbol (read from the `.sym` file
    /// beside it), e.g. roms/c7010.bin (default: the built-in ROM's book). For the
    /// reference engine only: the module plays the book of the ROM it runs, the built-in one.
    #[arg(long, conflicts_with = "no_book")]
    book: Option<std::path::PathBuf>,
    /// Search even where the opening book has a move: the reference without its book, the
    /// module set up with SETUP (which leaves its book) instead of NEW and the moves.
    #[arg(long)]
    no_book: bool,
}

/// Budget from `--level` / `--budget` (level 2 when neither is given).
pub fn budget_of(level: Option<u8>, budget: Option<u32>) -> anyhow::Result<u32> {
    Ok(match (level, budget) {
        (_, Some(b)) => b,
        (Some(l), None) => levels::budget(l)?,
        (None, None) => levels::budget(2)?,
    })
}

/// Render a score: pawns with two decimals, or "mate N" (N in moves).
pub fn score_text(score: i16) -> String {
    use c7010::reference::score::{self, Score};
    match Score::of_units(score) {
        Score::MatePlies(plies) if plies > 0 => format!("mate {}", score::mate_moves(plies)),
        Score::MatePlies(plies) => format!("mated {}", -score::mate_moves(plies)),
        Score::Units(units) => format!("{:+.2}", f64::from(units) / 16.0),
    }
}

fn pv_text(pv: &[c7010::reference::Move]) -> String {
    pv.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" ")
}

/// Run `c7010 search`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.engine == EngineChoice::Guest && args.book.is_some() {
        anyhow::bail!(
            "--book is for --engine ref: the module plays the book of the ROM it runs, the \
             built-in one"
        );
    }
    let mut board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let start_board = board.clone();
    let mut history = Vec::new();
    for text in args.moves.as_deref().unwrap_or("").split_whitespace() {
        let m = parse_uci(&board, text)?;
        board.make(m);
        history.push(m);
    }
    // The moves' repetitions and the fifty-move rule: the root moves that draw.
    let draws = draw_moves(&start_board, &history);
    let budget = budget_of(args.level, args.budget)?;
    let from_start = args.fen.is_none() && !args.no_book;
    if args.engine == EngineChoice::Guest {
        return run_guest(from_start, &board, &history, &draws, budget);
    }
    let image = match (&args.book, from_start) {
        (Some(rom), _) => Some(GuestImage::load(rom)?),
        (None, true) => Some(GuestImage::builtin()),
        (None, false) => None,
    };
    let book = match &image {
        Some(image) => Some(image.book()?.ok_or_else(|| {
            anyhow::anyhow!("no BOOK symbol: the ROM's .sym file beside it must name it")
        })?),
        None => None,
    };
    let start = Instant::now();
    let result = analys(
        &board,
        &history,
        book.as_ref(),
        &draws,
        budget,
        &mut |p: &PassInfo| {
            println!(
                "pass {} depth {} score {} ({}) positions {} pv {}",
                p.pass,
                p.depth,
                score_text(p.score),
                p.score,
                p.positions,
                pv_text(p.pv)
            );
        },
    );
    let secs = start.elapsed().as_secs_f64();
    if result.book {
        println!("book move");
    }
    match result.best {
        Some(m) => println!("bestmove {m}"),
        None => println!(
            "bestmove (none): {}",
            if result.score == 0 {
                "stalemate"
            } else {
                "mated"
            }
        ),
    }
    println!("score {} ({})", score_text(result.score), result.score);
    println!("positions {}", result.positions);
    println!("passes {}", result.passes);
    println!("pv {}", pv_text(result.pv()));
    println!(
        "time {secs:.3} s native, {:.0} positions/s",
        result.positions as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// The guest's search of `board`: from the initial position NEW and the game's moves (so the
/// module's book follows the game), else (or with `--no-book`) SETUP; then GO through the latch protocol, with the
/// INFO lines as they come, the move and the emulated time and T-states it took.
fn run_guest(
    from_start: bool,
    board: &Board,
    history: &[Move],
    draws: &[Move],
    budget: u32,
) -> anyhow::Result<()> {
    if c7010::reference::legal_moves(board).is_empty() {
        let what = if board.in_check() {
            "mated"
        } else {
            "stalemate"
        };
        println!("bestmove (none): {what}");
        return Ok(());
    }
    let mut session = GuestSession::boot(&GuestImage::builtin())?;
    if from_start {
        session.new_game()?;
        for m in history {
            session.play(m)?;
        }
    } else {
        session.setup(board)?;
    }
    let start = Instant::now();
    let mut pv = String::new();
    let go = GoLong::new(budget, 0, wire_draws(board, draws))?;
    let best = session.go_long(go, |i| {
        pv =
            i.pv.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ");
        println!(
            "pass {} depth {} score {} ({}) positions {} pv {pv}",
            i.pass,
            2 * i.pass + 1,
            score_text(i.score),
            i.score,
            i.positions
        );
    })?;
    let secs = start.elapsed().as_secs_f64();
    let emulated = seconds_of(best.t_states, DEFAULT_CLOCK_HZ);
    if best.flags.has(c7010::protocol::MoveFlags::BOOK) {
        println!("book move");
    }
    println!("bestmove {}", best.mv);
    println!("score {} ({})", score_text(best.score), best.score);
    println!("positions {}", best.positions);
    println!("passes {}", best.passes);
    if pv.is_empty() {
        println!(
            "pv {} (no pass completed: the guest sends lines per pass)",
            best.mv
        );
    } else {
        println!("pv {pv}");
    }
    println!(
        "emulated time {emulated:.3} s ({} T-states at {:.6} MHz), {:.0} positions per \
         emulated s; host {secs:.3} s",
        best.t_states,
        DEFAULT_CLOCK_HZ / 1e6,
        best.positions as f64 / emulated.max(1e-9)
    );
    Ok(())
}
