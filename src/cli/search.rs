//! `c7010 search`: search one position and print move, score, positions, passes, PV and the
//! analysis line of every completed pass.

use super::perft::{Engine, require_ref};
use c7010::reference::book::Book;
use c7010::reference::{Board, PassInfo, analys, levels, parse_uci};
use std::time::Instant;

/// Arguments of `c7010 search`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Engine that searches.
    #[arg(long, value_enum, default_value_t = Engine::Ref)]
    engine: Engine,
    /// Position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Level 1-6 (a position budget each).
    #[arg(long, conflicts_with = "budget")]
    level: Option<u8>,
    /// Budget of positions evaluated.
    #[arg(long)]
    budget: Option<u32>,
    /// Moves played from the initial position (UCI, space separated); with `--book` the
    /// opening book is asked first. Not together with `--fen`.
    #[arg(long, conflicts_with = "fen")]
    moves: Option<String>,
    /// ROM image holding the opening book at its `BOOK` symbol (read from the `.sym` file
    /// beside it), e.g. roms/c7010.bin.
    #[arg(long)]
    book: Option<std::path::PathBuf>,
}

/// Read a ROM image and the address of its `BOOK` symbol from the `.sym` file beside it.
fn load_book_image(rom: &std::path::Path) -> anyhow::Result<(Vec<u8>, usize)> {
    let image =
        std::fs::read(rom).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", rom.display()))?;
    let sym_path = rom.with_extension("sym");
    let text = std::fs::read_to_string(&sym_path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", sym_path.display()))?;
    let symbols = c7010::asm::parse_symbol_file(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e:?}", sym_path.display()))?;
    let addr = symbols
        .iter()
        .find(|s| s.name == "BOOK")
        .ok_or_else(|| anyhow::anyhow!("{} has no BOOK symbol", sym_path.display()))?
        .value;
    Ok((image, addr as usize))
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
    use c7010::reference::search::MATE;
    if score.abs() >= MATE - 100 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        if score > 0 {
            format!("mate {moves}")
        } else {
            format!("mated {moves}")
        }
    } else {
        format!("{:+.2}", score as f64 / 16.0)
    }
}

fn pv_text(pv: &[c7010::reference::Move]) -> String {
    pv.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" ")
}

/// Run `c7010 search`.
pub fn run(args: Args) -> anyhow::Result<()> {
    require_ref(args.engine)?;
    let mut board = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let mut history = Vec::new();
    for text in args.moves.as_deref().unwrap_or("").split_whitespace() {
        let m = parse_uci(&board, text)?;
        board.make(m);
        history.push(m);
    }
    let budget = budget_of(args.level, args.budget)?;
    let book_image = args.book.as_deref().map(load_book_image).transpose()?;
    let book = match &book_image {
        Some((image, addr)) => Some(Book::from_image(image, *addr)?),
        None => None,
    };
    let start = Instant::now();
    let result = analys(
        &board,
        &history,
        book.as_ref(),
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
