//! `c7010 search`: search one position with either engine, through the engine interface,
//! and print the line of every completed pass, then the move, its score, the positions, the
//! passes, the line and the time. Every score is the side to move's view, and says so
//! (`+0.31 for Black`; the console shows White's view).

use super::engines::{self, think};
use super::report::{Timer, decision_lines, no_move_line, pass_line, side_to_move};
use c7010::engine::{EngineChoice, Level};
use c7010::guest::GuestImage;
use c7010::reference::book::Book;
use c7010::reference::game::Game;
use c7010::reference::{Board, legal_moves, levels, parse_uci};

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
    /// Search even where the opening book has a move: the position is set up (the module
    /// gets SETUP, not NEW and the moves) and the engine leaves its book.
    #[arg(long)]
    no_book: bool,
}

/// Budget from `--level` / `--budget` (the default level's when neither is given).
pub fn budget_of(level: Option<u8>, budget: Option<u32>) -> anyhow::Result<u32> {
    Ok(match (level, budget) {
        (_, Some(b)) => b,
        (Some(l), None) => levels::budget(l)?,
        (None, None) => levels::budget(Level::DEFAULT.get())?,
    })
}

/// Run `c7010 search`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.engine == EngineChoice::Guest && args.book.is_some() {
        anyhow::bail!(
            "--book is for --engine ref: the module plays the book of the ROM it runs, the \
             built-in one"
        );
    }
    let start = match &args.fen {
        Some(f) => Board::from_fen(f)?,
        None => Board::startpos(),
    };
    let mut game = Game::new(start);
    for text in args.moves.as_deref().unwrap_or("").split_whitespace() {
        let m = parse_uci(game.board(), text)?;
        game.play_unjudged(m)?;
    }
    let board = game.board().clone();
    let budget = budget_of(args.level, args.budget)?;
    if legal_moves(&board).is_empty() {
        println!("{}", no_move_line(&board));
        return Ok(());
    }
    let book = args.book.as_deref().map(book_of).transpose()?;
    let mut table = engines::start(args.engine, book)?;
    table.set_game(game);
    // From the initial position the book follows the moves (the module gets NEW and the
    // moves); with `--fen` or `--no-book` the position is set up and the book left.
    let out_of_book = args.fen.is_some() || args.no_book;
    let side = side_to_move(&board);
    let timer = Timer::start(table.engine());
    let mut last_line = Vec::new();
    let decision = think(&mut table, budget, out_of_book, &mut |info| {
        println!("{}", pass_line(info, side));
        last_line.clone_from(&info.pv);
    })?;
    for line in decision_lines(&decision, &last_line, side) {
        println!("{line}");
    }
    let positions = u64::from(decision.positions);
    println!("{}", timer.line(table.engine(), positions, "positions"));
    Ok(())
}

/// The opening book of the ROM image at `rom` (at its `BOOK` symbol, from the `.sym` file
/// beside it).
fn book_of(rom: &std::path::Path) -> anyhow::Result<Book> {
    GuestImage::load(rom)?.book()?.ok_or_else(|| {
        anyhow::anyhow!("no BOOK symbol: the ROM's .sym file beside it must name it")
    })
}
