//! When a thought must end: the allocation counted from the moment the clock started (the
//! `go`, or the `ponderhit` of a thought that began on the opponent's time), on the engine's
//! emulated clock and on the wall clock.

use std::time::Instant;

use super::player::SLICE_T_STATES;

/// The time a thought may still take, counted from where its clock started.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The engine's T-state when the clock started.
    from_t: u64,
    /// The real instant it started.
    from_wall: Instant,
    /// Emulated time to spend (engines with a clock, emulated mode).
    t_states: Option<u64>,
    /// Real time after which the engine is told to move.
    wall_ms: Option<u64>,
}

impl Budget {
    /// A clock started at `t` / `wall` with these limits (`None`: no such limit).
    pub fn start(t: u64, wall: Instant, t_states: Option<u64>, wall_ms: Option<u64>) -> Budget {
        Budget {
            from_t: t,
            from_wall: wall,
            t_states,
            wall_ms,
        }
    }

    /// A clock that does not run (pondering: the opponent's time is not ours to count).
    pub fn stopped(t: u64) -> Budget {
        Budget::start(t, Instant::now(), None, None)
    }

    /// The next slice to run at T-state `now`: at most [`SLICE_T_STATES`], and not past the
    /// emulated budget (at least 1).
    pub fn slice(&self, now: u64) -> u64 {
        match self.t_states {
            Some(b) => b
                .saturating_sub(now.saturating_sub(self.from_t))
                .clamp(1, SLICE_T_STATES),
            None => SLICE_T_STATES,
        }
    }

    /// True once the emulated or the real budget is spent at T-state `now`.
    pub fn spent(&self, now: u64) -> bool {
        let over_t = self
            .t_states
            .is_some_and(|b| now.saturating_sub(self.from_t) >= b);
        let over_wall = self
            .wall_ms
            .is_some_and(|ms| self.from_wall.elapsed().as_millis() as u64 >= ms);
        over_t || over_wall
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_end_on_the_budget() {
        let b = Budget::start(1000, Instant::now(), Some(100_000), None);
        assert_eq!(b.slice(1000), SLICE_T_STATES);
        assert_eq!(b.slice(1000 + 90_000), 10_000);
        assert!(!b.spent(1000 + 99_999));
        assert!(b.spent(1000 + 100_000));
        let s = Budget::stopped(0);
        assert_eq!(s.slice(5_000_000), SLICE_T_STATES);
        assert!(!s.spent(u64::MAX));
    }
}
