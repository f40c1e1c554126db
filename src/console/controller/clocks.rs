//! The time the console keeps: each side's clock, the module's frames, and turbo (the
//! module's thinking run as fast as the host allows).

use std::time::{Duration, Instant};

use super::{Console, Phase};
use crate::console::game::side_to_move;
use crate::console::screen::Colour;
use crate::machine::{DEFAULT_CLOCK_HZ, PAL_FRAME_T_STATES};

/// Turbo: on or off, and the multiple of real time it reached (for the status line).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Turbo {
    /// Turbo is on.
    pub(super) on: bool,
    /// The multiple of real time the last turbo frame reached.
    pub(super) multiple: Option<f64>,
}

/// The console's time: the seconds each side has used, and turbo.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Clocks {
    /// Seconds used by White and by Black.
    pub(super) used: [f64; 2],
    pub(super) turbo: Turbo,
}

impl Turbo {
    /// Turns turbo on or off (the multiple is measured again).
    pub(super) fn toggle(&mut self) {
        self.on = !self.on;
        self.multiple = None;
    }
}

impl Console {
    /// Runs one frame: `t_states` of module time for the engine and on the clock of the
    /// side to move.
    pub fn tick(&mut self, t_states: u64) {
        let seconds = t_states as f64 / DEFAULT_CLOCK_HZ;
        let counting = matches!(self.phase, Phase::Play | Phase::Promotion { .. })
            && !self.game.record.state().is_over();
        if counting {
            let i = match side_to_move(&self.game.record) {
                Colour::White => 0,
                Colour::Black => 1,
            };
            self.clocks.used[i] += seconds;
        }
        // The module runs in every frame, thinking or not: an engine that thinks on the
        // player's time does so now.
        match self.engine.advance(t_states) {
            Ok(said) => said.into_iter().for_each(|s| self.heard(s)),
            Err(e) => self.engine_failed(e),
        }
    }

    /// Runs one display frame: in real time one PAL frame of module time; in turbo as many
    /// frames as fit in `host_budget` of host time while the module thinks, and remembers
    /// the multiple of real time reached for the status line.
    pub fn run_frame(&mut self, host_budget: Duration) {
        if !self.clocks.turbo.on || !self.engine.thinking() || self.engine.clock_hz().is_none() {
            self.tick(PAL_FRAME_T_STATES);
            return;
        }
        let start = Instant::now();
        let mut frames = 0u32;
        while self.engine.thinking() && (frames == 0 || start.elapsed() < host_budget) {
            self.tick(PAL_FRAME_T_STATES);
            frames += 1;
        }
        let emulated = f64::from(frames) * PAL_FRAME_T_STATES as f64 / DEFAULT_CLOCK_HZ;
        let host = start.elapsed().as_secs_f64().max(1e-6);
        self.clocks.turbo.multiple = Some(emulated / host);
    }
}
