//! The page's side of the console: one [`Console`] with the guest engine (the built-in ROM
//! or one the user loads, checked as `--rom` checks it), its picture as RGBA pixels for
//! the canvas, its sounds rendered for the page's audio, and its game as the text the page
//! keeps in the browser's storage. Everything else is the library's console.

use std::time::Duration;

use c7010::console::game::side_to_move;
use c7010::console::keyboard::HostKeys;
use c7010::console::render::render_screen;
use c7010::console::sounds::{Cues, Sounds};
use c7010::console::{Colour, Console, ConsoleCommand, ConsoleOptions, G7000Key, ScreenState};
use c7010::engine::{Level, seat_guest};
use c7010::vdc::palette::rgb;
use c7010::vdc::{HEIGHT, WIDTH};

/// Where `W` and `O` keep the saved game among the page's files (`c7010::files::browser`).
const STATE_FILE: &str = "c7010.state";

/// A game started by the page's address (`?level=N&colour=white|black&fen=...`), so a
/// position can be shared as a link; every field may be empty.
#[derive(Debug, Default)]
pub struct Link {
    /// `level`: 1-6.
    pub level: String,
    /// `colour`: `white` or `black`.
    pub colour: String,
    /// `fen`: the position.
    pub fen: String,
}

impl Link {
    /// No field given: the kept game goes on.
    pub fn is_empty(&self) -> bool {
        self.level.is_empty() && self.colour.is_empty() && self.fen.is_empty()
    }

    /// The console's options the link asks for, or why a field is refused (the FEN is
    /// read by the console itself, which refuses a bad one in its own words).
    fn options(&self) -> Result<ConsoleOptions, String> {
        let level = match self.level.as_str() {
            "" => None,
            text => Some(
                text.parse::<Level>()
                    .map_err(|e| format!("level: {e}"))?
                    .get(),
            ),
        };
        let colour = match self.colour.to_ascii_lowercase().as_str() {
            "" => None,
            "white" | "w" => Some(Colour::White),
            "black" | "b" => Some(Colour::Black),
            other => return Err(format!("colour: {other:?} is neither white nor black")),
        };
        let fen = (!self.fen.trim().is_empty()).then(|| self.fen.trim().to_string());
        Ok(ConsoleOptions {
            level,
            colour,
            fen,
            ..ConsoleOptions::default()
        })
    }
}

/// The G7000 key an on-screen button names (its `data-key`).
fn key_named(name: &str) -> Option<G7000Key> {
    Some(match name {
        "Y" => G7000Key::Yes,
        "N" => G7000Key::No,
        "ENTER" => G7000Key::Enter,
        "CLEAR" => G7000Key::Clear,
        "SPACE" => G7000Key::Space,
        _ => {
            let mut chars = name.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => G7000Key::from_char(c)?,
                _ => return None,
            }
        }
    })
}

/// The console in the page.
pub struct Page {
    console: Console,
    /// The screen last drawn, so an unchanged one is not drawn again.
    shown: Option<ScreenState>,
    /// The picture, `WIDTH` x `HEIGHT` RGBA.
    pub rgba: Vec<u8>,
    cues: Cues,
    sounds: Option<Sounds>,
    /// Why the kept game given at the start could not be read, if it could not.
    pub unreadable: Option<String>,
}

impl Page {
    /// The console with the built-in ROM, or with `rom` after the checks of `--rom` (the
    /// size of a ROM image, the module boots and plays); the game `kept` (saved-game
    /// text) goes on, unless `link` starts a game of its own (a shared link's level,
    /// colour and position).
    pub fn start(kept: Option<&str>, rom: Option<&[u8]>, link: &Link) -> Result<Page, String> {
        let engine = seat_guest(rom).map_err(|e| e.to_string())?;
        let options = ConsoleOptions {
            state_file: STATE_FILE.into(),
            // The page has no F-keys: its buttons do their work, `?` turns the help.
            host_keys: HostKeys::Page,
            ..link.options()?
        };
        let mut console = Console::new(Box::new(engine), options).map_err(|e| e.to_string())?;
        // A kept game that cannot be read is said (the page sets its text aside, as the
        // terminal sets a damaged resume file aside) and a new game starts.
        let mut unreadable = None;
        if let Some(text) = kept.filter(|t| !t.trim().is_empty() && link.is_empty()) {
            unreadable = console.resume_kept_game(text).err();
        }
        let plies = console.game().moves().len();
        let mut cues = Cues::default();
        cues.effects(0, plies, true);
        Ok(Page {
            console,
            shown: None,
            rgba: vec![0; WIDTH * HEIGHT * 4],
            cues,
            sounds: None,
            unreadable,
        })
    }

    /// A key press, by the browser's name for it (`KeyboardEvent.code`); whether it is a
    /// G7000 key.
    pub fn key(&mut self, code: &str, shift: bool) -> bool {
        match c7010::console::keyboard::g7000_key_for_code(code, shift) {
            Some(key) => {
                self.press(key);
                true
            }
            None => false,
        }
    }

    /// A key of the page's on-screen keyboard, by its `data-key` name (`E`, `2`, `Y` for
    /// YES, `N` for NO, `ENTER`, `CLEAR`, `SPACE`, `=`, `+`, `?`); whether it is one.
    pub fn button(&mut self, name: &str) -> bool {
        match key_named(name) {
            Some(key) => {
                self.press(key);
                true
            }
            None => false,
        }
    }

    /// A point of the picture pressed (a tap, a click, a pen), in frame pixels; off the
    /// picture (negative or beyond it) is off the board.
    pub fn point(&mut self, x: f64, y: f64) {
        let inside = (0.0..WIDTH as f64).contains(&x) && (0.0..HEIGHT as f64).contains(&y);
        self.console.apply(match inside {
            true => ConsoleCommand::PointAt {
                x: x as usize,
                y: y as usize,
            },
            false => ConsoleCommand::Point(None),
        });
        self.cue(1);
    }

    /// Escape: from a help page back to the game (the page has no quit).
    pub fn escape(&mut self) {
        self.console.leave_help();
    }

    fn press(&mut self, key: G7000Key) {
        self.console.apply(ConsoleCommand::Key(key));
        self.cue(1);
    }

    /// Runs one display frame for `elapsed` real time; at MAX, as many PAL frames of the
    /// module as fit in `budget` of host time, measured by `now` (the page's clock, in
    /// milliseconds: std's clock panics in a browser).
    pub fn frame(&mut self, elapsed: Duration, budget: Duration, now: impl Fn() -> f64) {
        let now = || Duration::from_secs_f64(now().max(0.0) / 1000.0);
        self.console.run_frame_timed(elapsed, budget, &now);
        self.cue(0);
    }

    /// Starts the sounds for `keys` presses and a move of the module.
    fn cue(&mut self, keys: usize) {
        let human = self.console.human();
        let game = self.console.game();
        let human_to_move = side_to_move(game) == human;
        for effect in self.cues.effects(keys, game.moves().len(), human_to_move) {
            if let Some(sounds) = &mut self.sounds {
                sounds.play(effect);
            }
        }
    }

    /// The next `samples` samples of sound at `sample_rate` (the page's audio clock).
    pub fn sound(&mut self, sample_rate: u32, samples: usize) -> Vec<f32> {
        let sounds = self.sounds.get_or_insert_with(|| Sounds::new(sample_rate));
        let mut out = vec![0.0; samples.min(sample_rate as usize)];
        sounds.render(&mut out);
        out
    }

    /// Draws the screen into [`Page::rgba`] if it changed; whether it did.
    pub fn draw(&mut self) -> Result<bool, String> {
        let screen = self.console.screen();
        if self.shown.as_ref() == Some(&screen) {
            return Ok(false);
        }
        let frame = render_screen(&screen).map_err(|e| e.to_string())?;
        for (out, &index) in self.rgba.chunks_exact_mut(4).zip(frame.pixels()) {
            let [_, r, g, b] = rgb(index).to_be_bytes();
            out.copy_from_slice(&[r, g, b, 255]);
        }
        self.shown = Some(screen);
        Ok(true)
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        self.console.pgn()
    }

    /// The game's movetext (the PGN without its headers); empty before the first move.
    pub fn movetext(&self) -> String {
        if self.console.game().moves().is_empty() {
            return String::new();
        }
        let pgn = self.pgn();
        pgn.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_string()
    }

    /// The game as the page keeps it for the next visit (the resume file's text); empty
    /// when there is nothing to keep: the start position and no move, or the game is over.
    pub fn kept(&self) -> String {
        self.console.kept_game_text().unwrap_or_default()
    }

    /// The game as a link's fields (`level`, `colour`, `fen` as three lines): the
    /// position on the board, the level and the player's colour, to share.
    pub fn link(&self) -> String {
        let colour = match self.console.human() {
            Colour::White => "white",
            Colour::Black => "black",
        };
        let fen = self.console.game().board().to_fen();
        format!("{}\n{colour}\n{fen}", self.console.level())
    }

    /// One line under the picture: the speed, a pause, the analysis in words.
    pub fn status(&self) -> String {
        let screen = self.console.screen();
        let mut parts = vec![format!("speed {}", self.console.speed().mark())];
        if self.console.paused() {
            parts.push("paused (SPACE goes on)".into());
        }
        if screen.help {
            parts.push("help (? the next page, any key or Escape back to the game)".into());
        }
        if let Some(a) = &screen.analysis {
            parts.push(format!(
                "pass {} score {} positions {} line {}",
                a.pass,
                c7010::console::screen::format_score(a.score),
                a.positions,
                a.best_line.join(" ")
            ));
        }
        parts.join(" | ")
    }

    /// True while the module thinks on its move.
    pub fn thinking(&self) -> bool {
        self.console.thinking()
    }

    /// T-states the module has run and its clock rate, for the speed measurement.
    pub fn module_time(&self) -> (u64, f64) {
        let engine = self.console.engine();
        (engine.t_states(), engine.clock_hz().unwrap_or(0.0))
    }
}
