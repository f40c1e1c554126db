//! The time the console keeps: each side's clock, the module's frames, the speed of the
//! module's thinking (1x, 2x, 8x, or as fast as the host can) and pause.
//!
//! Two kinds of time meet here. The player's clock is real time, whatever the speed: a
//! person thinks at their own pace. The module's clock is the module's own (emulated) time,
//! which the speed hurries: a level's move shows the same time on the module's clock at any
//! speed, only sooner. While paused no time passes at all: the module is not run and
//! neither clock moves. The console's frame (`Console::tick`, `Console::run_frame`, in
//! `controller.rs`) gives the time to the engine and to these clocks.

use std::time::{Duration, Instant};

use crate::console::screen::Colour;
use crate::machine::PAL_FRAME_SECONDS;

/// How fast the module thinks, as a multiple of the real module's speed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Speed {
    /// As the real module: a level's move takes the time in `docs/engine.md`.
    #[default]
    Real,
    /// Twice as fast.
    Double,
    /// Eight times as fast.
    Eight,
    /// As fast as the host can emulate.
    Max,
}

impl Speed {
    /// The next speed, as `+` steps through them (after the fastest, real speed again).
    pub fn next(self) -> Speed {
        match self {
            Speed::Real => Speed::Double,
            Speed::Double => Speed::Eight,
            Speed::Eight => Speed::Max,
            Speed::Max => Speed::Real,
        }
    }

    /// The mark the screen shows (`1X`, `2X`, `8X`, `MAX`).
    pub fn mark(self) -> &'static str {
        match self {
            Speed::Real => "1X",
            Speed::Double => "2X",
            Speed::Eight => "8X",
            Speed::Max => "MAX",
        }
    }

    /// The speed a word names (`1`, `2x`, `8`, `max`, as the terminal's `speed` takes it).
    pub fn from_word(word: &str) -> Option<Speed> {
        Some(match word.trim().to_ascii_lowercase().as_str() {
            "1" | "1x" => Speed::Real,
            "2" | "2x" => Speed::Double,
            "8" | "8x" => Speed::Eight,
            "max" | "fast" | "turbo" => Speed::Max,
            _ => return None,
        })
    }

    /// The multiple of real time, `None` for as fast as the host can.
    pub fn multiple(self) -> Option<u64> {
        match self {
            Speed::Real => Some(1),
            Speed::Double => Some(2),
            Speed::Eight => Some(8),
            Speed::Max => None,
        }
    }
}

/// The longest stretch of real time one frame counts: after a longer stall (the window
/// held by the debugger panel, the host suspended) the clocks go on from where they were.
const LONGEST_FRAME: Duration = Duration::from_secs(1);

/// The console's time: the seconds each side has used, the speed, pause.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Clocks {
    /// Seconds used by White and by Black.
    used: [f64; 2],
    /// The clocks before each move of the game, for take-back.
    before_move: Vec<[f64; 2]>,
    /// How fast the module thinks.
    speed: Speed,
    /// The multiple of real time the last frame at [`Speed::Max`] reached.
    reached: Option<f64>,
    /// No time passes.
    paused: bool,
    /// When the last frame ran (real time), to measure the next one.
    last_frame: Option<Instant>,
}

impl Clocks {
    /// The real time since the last frame (one PAL frame for the first), at most
    /// [`LONGEST_FRAME`]; starts the next measurement.
    pub fn real_elapsed(&mut self) -> Duration {
        let now = Instant::now();
        let elapsed = match self.last_frame {
            Some(then) => now.duration_since(then).min(LONGEST_FRAME),
            None => Duration::from_secs_f64(PAL_FRAME_SECONDS),
        };
        self.last_frame = Some(now);
        elapsed
    }

    /// Seconds used by White and by Black.
    pub fn used(&self) -> [f64; 2] {
        self.used
    }

    /// `seconds` more on the clock of `side`.
    pub fn count(&mut self, side: Colour, seconds: f64) {
        let i = match side {
            Colour::White => 0,
            Colour::Black => 1,
        };
        self.used[i] += seconds;
    }

    /// How fast the module thinks.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// Sets how fast the module thinks (the multiple reached is measured again).
    pub fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
        self.reached = None;
    }

    /// The multiple of real time the last frame at [`Speed::Max`] reached, once measured.
    pub fn reached(&self) -> Option<f64> {
        self.reached
    }

    /// Notes the multiple of real time a frame at [`Speed::Max`] reached.
    pub fn set_reached(&mut self, multiple: f64) {
        self.reached = Some(multiple);
    }

    /// True while paused: no time passes.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Notes the clocks before a move is played.
    pub fn before_move(&mut self) {
        self.before_move.push(self.used);
    }

    /// Sets the clocks back to where they were before the last `plies` moves.
    pub fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            if let Some(used) = self.before_move.pop() {
                self.used = used;
            }
        }
    }

    /// A game of `moves` moves starts with these clocks (a loaded game: taking its moves
    /// back keeps the clocks it was saved with).
    pub fn start_game(&mut self, used: [f64; 2], moves: usize) {
        self.used = used;
        self.before_move = vec![used; moves];
    }

    /// Pauses or goes on; the time paused is not counted.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.last_frame = None;
    }

    /// The next frame counts from itself, not from the last frame run.
    pub fn forget_last_frame(&mut self) {
        self.last_frame = None;
    }
}
