//! Clock facts: the CPU clock, the PAL video timing the console paces itself by, and the
//! conversion between T-states and seconds.
//!
//! The C7010 runs its NSC800 from the PAL colour-subcarrier crystal, 4.433619 MHz (the seeds
//! and MAME agree; the NSC800 data sheet's "oscillator / 2" would halve it, so the clock is a
//! machine option). The G7000's video chip runs from a 17.734476 MHz master crystal: pixel
//! clock = master / 2.5, 456 pixels a line, 313 lines a frame. One frame is therefore
//! 456 * 313 * 2.5 = 356,820 master cycles = 20.1202 ms (49.7015 Hz). The CPU crystal is
//! exactly master / 4, so at the default clock a frame is exactly 356,820 / 4 = 89,205
//! T-states.

/// Default CPU clock in T-states a second (4.433619 MHz, the PAL colour subcarrier: a whole
/// number of Hz).
pub const DEFAULT_T_STATES_PER_SECOND: u64 = 4_433_619;

/// Default CPU clock in Hz.
pub const DEFAULT_CLOCK_HZ: f64 = DEFAULT_T_STATES_PER_SECOND as f64;

/// The G7000's PAL master crystal in Hz.
pub const PAL_MASTER_HZ: f64 = 17_734_476.0;

/// Master-crystal cycles in one PAL frame: 456 pixels * 313 lines * 2.5 master cycles a pixel.
pub const PAL_FRAME_MASTER_CYCLES: u64 = 356_820;

/// One PAL frame in seconds (about 20.12 ms).
pub const PAL_FRAME_SECONDS: f64 = PAL_FRAME_MASTER_CYCLES as f64 / PAL_MASTER_HZ;

/// PAL frame rate in Hz (about 49.70).
pub const PAL_FRAME_HZ: f64 = PAL_MASTER_HZ / PAL_FRAME_MASTER_CYCLES as f64;

/// T-states in one PAL frame at the default clock (exact: the CPU crystal is master / 4).
pub const PAL_FRAME_T_STATES: u64 = PAL_FRAME_MASTER_CYCLES / 4;

/// The slice of emulated time the host runs an engine for between looks at its input (a
/// GUI's commands, a person's keys): one PAL frame, 20 ms, as the console shows a frame.
pub const SLICE_T_STATES: u64 = PAL_FRAME_T_STATES;

/// T-states in `seconds` whole seconds of emulated time at the default clock (exact; for
/// constants and budgets, `t_states_in_seconds(60)` rather than `60 * 4_433_619`).
pub const fn t_states_in_seconds(seconds: u64) -> u64 {
    seconds * DEFAULT_T_STATES_PER_SECOND
}

/// Seconds of emulated time that `t_states` take at `clock_hz`.
pub fn seconds_of(t_states: u64, clock_hz: f64) -> f64 {
    t_states as f64 / clock_hz
}

/// T-states in `seconds` of emulated time at `clock_hz`, rounded to the nearest T-state.
pub fn t_states_for(seconds: f64, clock_hz: f64) -> u64 {
    (seconds * clock_hz).round().max(0.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pal_frame_matches_the_hardware_facts() {
        // The PAL G7000 (17.734476 MHz crystal, 456-pixel lines, 313-line frames, the
        // module header above): lines at about 15,557 Hz, frames at about 49.70 Hz.
        let line_hz = PAL_MASTER_HZ / 2.5 / 456.0;
        assert!((line_hz - 15_557.0).abs() < 1.0, "{line_hz}");
        assert!((PAL_FRAME_HZ - 49.70).abs() < 0.01, "{PAL_FRAME_HZ}");
        assert_eq!(PAL_FRAME_T_STATES, 89_205);
        assert_eq!(t_states_for(PAL_FRAME_SECONDS, DEFAULT_CLOCK_HZ), 89_205);
        assert_eq!(t_states_in_seconds(2), 8_867_238);
        assert_eq!(seconds_of(t_states_in_seconds(3), DEFAULT_CLOCK_HZ), 3.0);
    }
}
