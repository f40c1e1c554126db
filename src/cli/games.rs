//! `c7010 games`: the guest against the reference engine, whole games through the latch
//! protocol at the real levels (mixed), every guest move checked against the reference in
//! its place (`c7010::guest::games`). Prints one line a game and a summary with the
//! guest's resource figures; writes the games as PGN; exits non-zero on any illegal move,
//! difference, fault or lost message (the games finished so far are written first).

use anyhow::{Context, bail};
use c7010::console::pgn::{PgnHeaders, to_pgn};
use c7010::guest::GuestImage;
use c7010::guest::games::{GameError, GameRecord, GuestLimit, Pairing, play_game};
use c7010::guest::session::{GuestSession, SessionError};
use c7010::machine::{DEFAULT_CLOCK_HZ, GuestStats, seconds_of};
use c7010::reference::game::GameState;
use c7010::reference::levels;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use super::verify::resource_line;

/// Arguments of `c7010 games`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of games; the guest has White in the odd-numbered ones.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// Levels to cycle through (1-5): game n puts the guest at the n-th and the reference at
    /// the next one, each with its level's budget.
    #[arg(long, value_delimiter = ',', default_values_t = [2, 3, 4, 1])]
    levels: Vec<u8>,
    /// Both sides' budget of positions a move instead of the levels' (quick runs).
    #[arg(long)]
    budget: Option<u32>,
    /// Random legal moves that open each game (both sides), so the games differ.
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Seed of the random opening moves.
    #[arg(long, default_value_t = 0xC7010)]
    seed: u64,
    /// A game still going after this many plies is stopped and reported.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
    /// Write the games to this PGN file.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// ROM image with its `.sym` beside it (default: the committed `roms/c7010.bin`).
    #[arg(long)]
    rom: Option<PathBuf>,
    /// Games played at once, each on a module of its own (one per core is sensible).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

/// Run `c7010 games`.
pub fn run(args: Args) -> anyhow::Result<()> {
    check(&args)?;
    let image = match &args.rom {
        Some(p) => GuestImage::load(p)?,
        None => GuestImage::builtin(),
    };
    let book = image.book().context("the ROM's opening book at BOOK")?;
    // Boot once here, so a ROM that does not come up is reported before anything starts.
    GuestSession::boot(&image)?;
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg}")
            .expect("a valid progress template"),
    );
    let start = Instant::now();
    let mut results = Results::new(&args)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let work = Work {
        image: &image,
        book: book.as_ref(),
        args: &args,
        next: &next,
        stop: &stop,
        bar: &bar,
        jobs: args.jobs.clamp(1, args.games),
    };
    let (done_tx, done_rx) = mpsc::channel::<Finished>();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..work.jobs)
            .map(|_| {
                let done_tx = done_tx.clone();
                scope.spawn(move || work.play_games(&done_tx))
            })
            .collect();
        drop(done_tx);
        for finished in done_rx {
            results.take(finished, &work)?;
        }
        for worker in workers {
            results.join(worker.join());
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    results.totals.print(start.elapsed().as_secs_f64());
    if let Some(worst) = worst_stats(&results.stats) {
        println!("{}", resource_line(&image.rom, &worst));
    }
    if let Some(failure) = results.failure {
        bail!("{failure}");
    }
    Ok(())
}

/// Refuses arguments no run can use.
fn check(args: &Args) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.levels.is_empty() || args.levels.iter().any(|l| !(1..=5).contains(l)) {
        bail!("--levels takes levels 1-5 (level 6 thinks until told to move)");
    }
    if args.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    if args.budget == Some(0) {
        bail!("--budget must be at least 1");
    }
    Ok(())
}

/// What every worker shares: the ROM, the run's arguments, the next game to take, the
/// signal to stop, the progress bar.
#[derive(Clone, Copy)]
struct Work<'a> {
    image: &'a GuestImage,
    book: Option<&'a c7010::reference::book::Book>,
    args: &'a Args,
    next: &'a AtomicUsize,
    stop: &'a AtomicBool,
    bar: &'a ProgressBar,
    /// Workers, each with a module of its own.
    jobs: usize,
}

impl Work<'_> {
    /// One worker: boots a module, plays the games it takes until none is left or the run
    /// stops, sends each to the main thread; gives back its module's resource figures.
    fn play_games(self, done: &mpsc::Sender<Finished>) -> Result<GuestStats, SessionError> {
        let mut session = GuestSession::boot(self.image)?;
        while !self.stop.load(Ordering::Relaxed) {
            let g = self.next.fetch_add(1, Ordering::Relaxed);
            if g >= self.args.games {
                break;
            }
            let (pairing, levels) = pairing_for(self.args, g);
            let played = play_game(&mut session, self.book, &pairing, &mut |ply| {
                if self.jobs == 1 {
                    self.bar.set_message(format!("game {}: ply {ply}", g + 1));
                }
            });
            let finished = Finished {
                g,
                pairing,
                levels,
                played,
            };
            if done.send(finished).is_err() {
                break;
            }
        }
        Ok(session.module().machine().stats())
    }
}

/// What the main thread gathers: the games as PGN (written after every game, so an
/// interrupted run keeps the games it finished), the totals, the workers' figures and the
/// first failure.
struct Results {
    pgn_file: Option<PathBuf>,
    pgn: BTreeMap<usize, String>,
    totals: Totals,
    stats: Vec<GuestStats>,
    failure: Option<String>,
}

impl Results {
    /// Nothing yet; an unwritable PGN path is found now, before the first game.
    fn new(args: &Args) -> anyhow::Result<Results> {
        let results = Results {
            pgn_file: args.pgn.clone(),
            pgn: BTreeMap::new(),
            totals: Totals::default(),
            stats: Vec::new(),
            failure: None,
        };
        results.save_pgn()?;
        Ok(results)
    }

    fn save_pgn(&self) -> anyhow::Result<()> {
        if let Some(path) = &self.pgn_file {
            let text: String = self.pgn.values().map(String::as_str).collect();
            c7010::files::write_atomic(path, text.as_bytes())?;
        }
        Ok(())
    }

    /// A game a worker finished: its line, its PGN, the totals; a failed game stops the run.
    fn take(&mut self, finished: Finished, work: &Work) -> anyhow::Result<()> {
        let Finished {
            g,
            pairing,
            levels,
            played,
        } = finished;
        let record = match played {
            Ok(record) => record,
            Err(e) => {
                work.stop.store(true, Ordering::Relaxed);
                self.failure.get_or_insert(format!("game {}: {e}", g + 1));
                return Ok(());
            }
        };
        let (white, black) = player_names(work.args, &pairing, levels);
        let line = summary(&record, &white, &black);
        work.bar.suspend(|| println!("game {}: {line}", g + 1));
        let headers = PgnHeaders {
            event: "c7010 guest against the reference".into(),
            site: "c7010 games".into(),
            date: c7010::console::pgn::today(),
            round: (g + 1).to_string(),
            white,
            black,
            level: None,
        };
        self.pgn
            .insert(g, format!("{}\n", to_pgn(&record.game, &headers)));
        self.save_pgn()?;
        self.totals.add(&record, pairing.guest_white);
        work.bar.inc(1);
        Ok(())
    }

    /// A worker's end: its module's figures, or why it failed.
    fn join(&mut self, ended: std::thread::Result<Result<GuestStats, SessionError>>) {
        match ended {
            Ok(Ok(s)) => self.stats.push(s),
            Ok(Err(e)) => {
                self.failure.get_or_insert(format!("a game's module: {e}"));
            }
            Err(_) => {
                self.failure
                    .get_or_insert("a game's thread panicked".to_string());
            }
        }
    }
}

/// A game a worker finished (or failed), for the main thread to report in order of arrival.
struct Finished {
    g: usize,
    pairing: Pairing,
    /// The guest's level and the reference's.
    levels: (u8, u8),
    played: Result<GameRecord, GameError>,
}

/// Game `g`'s conditions: the guest at the g-th level of the list, the reference at the
/// next, colours alternating, its own seed for the random opening plies.
fn pairing_for(args: &Args, g: usize) -> (Pairing, (u8, u8)) {
    let guest_level = args.levels[g % args.levels.len()];
    let reference_level = args.levels[(g + 1) % args.levels.len()];
    let budget_of = |level: u8| {
        args.budget
            .unwrap_or_else(|| levels::budget(level).expect("levels checked 1-5"))
    };
    let pairing = Pairing {
        guest_white: g.is_multiple_of(2),
        guest: match args.budget {
            Some(n) => GuestLimit::Positions(n),
            None => GuestLimit::Level(guest_level),
        },
        guest_budget: budget_of(guest_level),
        reference_budget: budget_of(reference_level),
        random_plies: args.random_plies,
        seed: args.seed.wrapping_add(g as u64),
        max_plies: args.max_plies,
    };
    (pairing, (guest_level, reference_level))
}

/// White's and Black's names for the PGN and the game's line.
fn player_names(args: &Args, pairing: &Pairing, (guest, reference): (u8, u8)) -> (String, String) {
    let strength = |level: u8| match args.budget {
        Some(n) => format!("{n} positions"),
        None => format!("level {level}"),
    };
    let guest = format!("c7010 guest, {}", strength(guest));
    let reference = format!("c7010 reference, {}", strength(reference));
    if pairing.guest_white {
        (guest, reference)
    } else {
        (reference, guest)
    }
}

/// The worst of the modules' figures: the deepest stack, the highest RAM address written.
fn worst_stats(all: &[GuestStats]) -> Option<GuestStats> {
    let first = *all.first()?;
    Some(all.iter().fold(first, |worst, s| GuestStats {
        ram_high_water: worst.ram_high_water.max(s.ram_high_water),
        sp_low_water: worst.sp_low_water.min(s.sp_low_water),
        instructions: worst.instructions + s.instructions,
    }))
}

/// One game in one line: players, result, how it ended, plies, the guest's figures.
fn summary(record: &GameRecord, white: &str, black: &str) -> String {
    let seconds = seconds_of(record.guest_t_states, DEFAULT_CLOCK_HZ);
    format!(
        "{white} - {black}: {} {}, {} plies; guest {} moves ({} from the book), {:.1} \
         emulated s a move",
        record.game.result(),
        ending_name(record.ending),
        record.game.moves().len(),
        record.guest_moves,
        record.book_moves,
        seconds / record.guest_moves.max(1) as f64
    )
}

fn ending_name(ending: Option<GameState>) -> &'static str {
    match ending {
        Some(GameState::Checkmate) => "checkmate",
        Some(GameState::Stalemate) => "stalemate",
        Some(GameState::FiftyMoves) => "fifty-move rule",
        Some(GameState::InsufficientMaterial) => "insufficient material",
        Some(GameState::Repetition) => "threefold repetition",
        Some(GameState::Playing | GameState::Check) | None => "stopped at the ply limit",
    }
}

/// The figures of all games so far.
#[derive(Default)]
struct Totals {
    games: usize,
    plies: usize,
    /// Guest wins, draws, losses.
    score: [usize; 3],
    /// Games by ending, in `ending_name`'s words.
    endings: Vec<(&'static str, usize)>,
    guest_moves: usize,
    book_moves: usize,
    positions: u64,
    t_states: u64,
}

impl Totals {
    fn add(&mut self, record: &GameRecord, guest_white: bool) {
        self.games += 1;
        self.plies += record.game.moves().len();
        let outcome = match (record.game.result(), guest_white) {
            ("1-0", true) | ("0-1", false) => 0,
            ("1-0", false) | ("0-1", true) => 2,
            _ => 1,
        };
        self.score[outcome] += 1;
        let name = ending_name(record.ending);
        match self.endings.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 += 1,
            None => self.endings.push((name, 1)),
        }
        self.guest_moves += record.guest_moves;
        self.book_moves += record.book_moves;
        self.positions += record.guest_positions;
        self.t_states += record.guest_t_states;
    }

    fn print(&self, wall: f64) {
        let emulated = seconds_of(self.t_states, DEFAULT_CLOCK_HZ);
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        println!(
            "{} games, {} plies: guest +{} ={} -{}; {}",
            self.games,
            self.plies,
            self.score[0],
            self.score[1],
            self.score[2],
            endings.join(", ")
        );
        println!(
            "guest: {} moves ({} from the book), every one identical to the reference's; \
             {} positions in {emulated:.0} emulated s ({:.0} per emulated s); {wall:.0} s \
             wall",
            self.guest_moves,
            self.book_moves,
            self.positions,
            self.positions as f64 / emulated.max(1e-9)
        );
    }
}
