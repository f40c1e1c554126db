//! `c7010 screenshot`: the console's frame for a game state, as the VDC draws it, to PNG.
//!
//! The state is a starting position (`--fen`, default the initial position) and moves
//! played from it (`--moves`, UCI like `e2e4` or SAN like `Nf3`, separated by spaces); the
//! screen is what the console shows then (board, move list, status, level).

use std::path::PathBuf;

use anyhow::{Context, bail};
use c7010::console::Game;
use c7010::console::controller::screen_of_game;
use c7010::console::render::render_screen;
use c7010::engine::Level;
use c7010::reference::{parse_san, parse_uci};
use c7010::vdc::png::write_png;

/// Arguments of `c7010 screenshot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Starting position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from it, UCI or SAN, separated by spaces: "e2e4 e7e5 Nf3".
    #[arg(long)]
    moves: Option<String>,
    /// Each frame pixel becomes SCALE x SCALE pixels (1-8).
    #[arg(long, default_value_t = 3)]
    scale: usize,
    /// Level shown on the screen (1-6).
    #[arg(long, default_value_t = 2)]
    level: u8,
    /// Show the board from Black's side.
    #[arg(long)]
    flip: bool,
    /// The PNG file to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// The game for `--fen` and `--moves`.
pub fn game_of(fen: Option<&str>, moves: Option<&str>) -> anyhow::Result<Game> {
    let mut game = match fen {
        Some(f) => Game::from_fen(f).with_context(|| format!("bad --fen {f:?}"))?,
        None => Game::default(),
    };
    for (n, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let mv = parse_uci(game.board(), text)
            .or_else(|_| parse_san(game.board(), text))
            .with_context(|| format!("move {} ({text:?}) is not legal here", n + 1))?;
        game.play(mv)
            .with_context(|| format!("move {} ({text:?}) cannot be played", n + 1))?;
    }
    Ok(game)
}

/// Run `c7010 screenshot`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if !(1..=8).contains(&args.scale) {
        bail!("--scale must be 1 to 8, got {}", args.scale);
    }
    Level::new(args.level)?;
    let game = game_of(args.fen.as_deref(), args.moves.as_deref())?;
    let mut screen = screen_of_game(&game, args.level);
    screen.flipped = args.flip;
    let frame = render_screen(&screen).context("the screen does not fit the VDC")?;
    write_png(&frame, args.scale, &args.output)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    println!(
        "wrote {} ({}x{}, frame hash {:016x})",
        args.output.display(),
        c7010::vdc::WIDTH * args.scale,
        c7010::vdc::HEIGHT * args.scale,
        frame.hash()
    );
    Ok(())
}
