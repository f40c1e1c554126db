//! The console's frame: the time of one display frame given to the engine (which runs in
//! every frame, thinking or not) and to the clock of the side to move, hurried by the speed
//! while the module thinks. The clocks themselves are `clocks.rs`; this is the one place
//! the engine is advanced.

use std::time::{Duration, Instant};

use super::{Console, Phase, Speed};
use crate::console::game::side_to_move;
use crate::machine::clock::t_states_for;
use crate::machine::{DEFAULT_CLOCK_HZ, PAL_FRAME_T_STATES, seconds_of};

impl Console {
    /// The module's clock rate (the reference, which has none, counts at the module's).
    fn module_hz(&self) -> f64 {
        self.table.engine().clock_hz().unwrap_or(DEFAULT_CLOCK_HZ)
    }

    /// Runs `t_states` of module time for the engine, the same time on the clock of the side
    /// to move: one frame at real speed (tests drive the console so, deterministically).
    /// Nothing happens while paused.
    pub fn tick(&mut self, t_states: u64) {
        if self.clocks.paused() {
            return;
        }
        let seconds = seconds_of(t_states, self.module_hz());
        let counting = matches!(self.phase, Phase::Play | Phase::Promotion { .. })
            && !self.table.game().state().is_over();
        if counting {
            self.clocks.count(side_to_move(self.table.game()), seconds);
        }
        // The module runs in every frame, thinking or not: an engine that thinks on the
        // player's time does so now.
        let heard = self.table.step(t_states);
        self.hear_all(heard);
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
        if self.clocks.paused() {
            return;
        }
        let hurried = self.thinking() && self.table.engine().has_clock();
        let t_states = t_states_for(real.as_secs_f64(), self.module_hz());
        match self.clocks.speed().multiple() {
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
        self.clocks.set_reached(emulated / host);
    }

    /// How fast the module thinks.
    pub fn speed(&self) -> Speed {
        self.clocks.speed()
    }

    /// Sets how fast the module thinks (the multiple reached is measured again).
    pub fn set_speed(&mut self, speed: Speed) {
        self.clocks.set_speed(speed);
    }

    /// True while paused: the module is not run and neither clock moves.
    pub fn paused(&self) -> bool {
        self.clocks.paused()
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
