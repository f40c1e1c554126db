//! The time the console keeps: each side's clock, the module's frames, the speed of the
//! module's thinking (1x, 2x, 8x, or as fast as the host can) and pause.
//!
//! Two kinds of time meet here. The player's clock is real time, whatever the speed: a
//! person thinks at their own pace. The module's clock is the module's own (emulated) time,
//! which the speed hurries: a level's move shows the same time on the module's clock at any
//! speed, only sooner. While paused no time passes at all: the module is not run and
//! neither clock moves.

use std::time::{Duration, Instant};

use super::{Console, Phase};
use crate::console::game::side_to_move;
use crate::console::screen::Colour;
use crate::machine::clock::t_states_for;
use crate::machine::{DEFAULT_CLOCK_HZ, PAL_FRAME_SECONDS, PAL_FRAME_T_STATES, seconds_of};

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
    fn multiple(self) -> Option<u64> {
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
    pub(super) used: [f64; 2],
    /// The clocks before each move of the game, for take-back.
    before_move: Vec<[f64; 2]>,
    /// How fast the module thinks.
    pub(super) speed: Speed,
    /// The multiple of real time the last frame at [`Speed::Max`] reached.
    pub(super) reached: Option<f64>,
    /// No time passes.
    pub(super) paused: bool,
    /// When the last frame ran (real time), to measure the next one.
    last_frame: Option<Instant>,
}

impl Clocks {
    /// The real time since the last frame (one PAL frame for the first), at most
    /// [`LONGEST_FRAME`]; starts the next measurement.
    fn real_elapsed(&mut self) -> Duration {
        let now = Instant::now();
        let elapsed = match self.last_frame {
            Some(then) => now.duration_since(then).min(LONGEST_FRAME),
            None => Duration::from_secs_f64(PAL_FRAME_SECONDS),
        };
        self.last_frame = Some(now);
        elapsed
    }

    /// Notes the clocks before a move is played.
    pub(super) fn before_move(&mut self) {
        self.before_move.push(self.used);
    }

    /// Sets the clocks back to where they were before the last `plies` moves.
    pub(super) fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            if let Some(used) = self.before_move.pop() {
                self.used = used;
            }
        }
    }

    /// A game of `moves` moves starts with these clocks (a loaded game: taking its moves
    /// back keeps the clocks it was saved with).
    pub(super) fn start_game(&mut self, used: [f64; 2], moves: usize) {
        self.used = used;
        self.before_move = vec![used; moves];
    }

    /// Pauses or goes on; the time paused is not counted.
    pub(super) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.last_frame = None;
    }

    /// The next frame counts from itself, not from the last frame run.
    pub(super) fn forget_last_frame(&mut self) {
        self.last_frame = None;
    }
}

impl Console {
    /// The module's clock rate (the reference, which has none, counts at the module's).
    fn module_hz(&self) -> f64 {
        self.table.engine().clock_hz().unwrap_or(DEFAULT_CLOCK_HZ)
    }

    /// Runs `t_states` of module time for the engine, the same time on the clock of the side
    /// to move: one frame at real speed (tests drive the console so, deterministically).
    /// Nothing happens while paused.
    pub fn tick(&mut self, t_states: u64) {
        if self.clocks.paused {
            return;
        }
        let seconds = seconds_of(t_states, self.module_hz());
        let counting = matches!(self.phase, Phase::Play | Phase::Promotion { .. })
            && !self.table.game().state().is_over();
        if counting {
            let i = match side_to_move(self.table.game()) {
                Colour::White => 0,
                Colour::Black => 1,
            };
            self.clocks.used[i] += seconds;
        }
        // The module runs in every frame, thinking or not: an engine that thinks on the
        // player's time does so now.
        match self.table.advance(t_states) {
            Ok(said) => said.into_iter().for_each(|s| self.heard(s)),
            Err(e) => self.engine_failed(e),
        }
        self.move_when_due();
    }

    /// Runs one display frame for the real time since the last one. On the player's time,
    /// that time on the player's clock and for the module (which thinks on it at its real
    /// speed when it ponders: nobody waits for that thought); while the module thinks, that
    /// time times the speed of module time (at [`Speed::Max`] as many PAL frames as fit in
    /// `host_budget` of host time, the multiple reached kept for the status line).
    pub fn run_frame(&mut self, host_budget: Duration) {
        let real = self.clocks.real_elapsed();
        self.run_frame_for(real, host_budget);
    }

    /// [`Console::run_frame`] for `real` time since the last frame (tests give it, so no
    /// test depends on how long the host takes), the host's time at [`Speed::Max`] measured
    /// by std's clock.
    pub fn run_frame_for(&mut self, real: Duration, host_budget: Duration) {
        let origin = Instant::now();
        self.run_frame_timed(real, host_budget, &|| origin.elapsed());
    }

    /// [`Console::run_frame_for`] with the host's clock given: `now` is the time since any
    /// fixed moment (monotonic). The web page gives the browser's (`performance.now()`),
    /// since std's clock panics on `wasm32-unknown-unknown`; a test gives one it steps.
    pub fn run_frame_timed(
        &mut self,
        real: Duration,
        host_budget: Duration,
        now: &dyn Fn() -> Duration,
    ) {
        if self.clocks.paused {
            return;
        }
        let hurried = self.thinking() && self.table.engine().has_clock();
        let t_states = t_states_for(real.as_secs_f64(), self.module_hz());
        match self.clocks.speed.multiple() {
            _ if !hurried => self.tick(t_states),
            Some(x) => self.think_for(x * t_states),
            None => self.think_flat_out(host_budget, now),
        }
    }

    /// `t_states` of module time in PAL frames, until the module has moved.
    fn think_for(&mut self, t_states: u64) {
        let mut left = t_states;
        while left > 0 && self.thinking() {
            let step = left.min(PAL_FRAME_T_STATES);
            self.tick(step);
            left -= step;
        }
    }

    /// As many PAL frames as fit in `host_budget` of the host's time (`now`) while the
    /// module thinks; at least one.
    fn think_flat_out(&mut self, host_budget: Duration, now: &dyn Fn() -> Duration) {
        let start = now();
        let mut frames = 0u32;
        while self.thinking() && (frames == 0 || now().saturating_sub(start) < host_budget) {
            self.tick(PAL_FRAME_T_STATES);
            frames += 1;
        }
        let emulated = seconds_of(u64::from(frames) * PAL_FRAME_T_STATES, self.module_hz());
        let host = now().saturating_sub(start).as_secs_f64().max(1e-6);
        self.clocks.reached = Some(emulated / host);
    }

    /// How fast the module thinks.
    pub fn speed(&self) -> Speed {
        self.clocks.speed
    }

    /// Sets how fast the module thinks (the multiple reached is measured again).
    pub fn set_speed(&mut self, speed: Speed) {
        self.clocks.speed = speed;
        self.clocks.reached = None;
    }

    /// True while paused: the module is not run and neither clock moves.
    pub fn paused(&self) -> bool {
        self.clocks.paused
    }

    /// Pauses, or goes on after a pause (SPACE in the window, `pause` in the terminal).
    pub fn toggle_pause(&mut self) {
        self.clocks.toggle_pause();
    }

    /// After a stretch in which the front end ran no frames on purpose (the F12 panel):
    /// that time counts on no clock and is not given to the module.
    pub fn resume_after_stall(&mut self) {
        self.clocks.forget_last_frame();
    }
}
