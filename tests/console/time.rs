//! The console's time: the speed of the module's thinking (1X, 2X, 8X, MAX) hurries the
//! module's clock only, the player's clock is real time at every speed, and pause stops the
//! module and both clocks. Frames are run as the front ends run them, for a given real time
//! (`run_frame_for`): the clocks are compared with that time, never with a machine's
//! speed or the host's.

use std::time::Duration;

use c7010::console::{Colour, Console, ConsoleOptions, G7000Key, Speed};
use c7010::engine::guest::GuestEngine;
use c7010::machine::clock::t_states_for;
use c7010::machine::{DEFAULT_CLOCK_HZ, PAL_FRAME_T_STATES};

use crate::common::keys::press_keys;

/// Host time a frame at MAX may spend (as the front ends give it).
const BUDGET: Duration = Duration::from_millis(15);

fn guest_console() -> Console {
    Console::new(
        Box::new(GuestEngine::builtin().expect("the guest boots")),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            ..ConsoleOptions::default()
        },
    )
    .expect("console starts")
}

/// Runs one frame `ms` of real time after the last; the seconds it covered.
fn frame_after(c: &mut Console, ms: u64) -> f64 {
    c.run_frame_for(Duration::from_millis(ms), BUDGET);
    ms as f64 / 1000.0
}

#[test]
fn plus_steps_through_the_speeds_and_the_mark_shows_whenever_not_1x() {
    let mut c = guest_console();
    assert_eq!(c.speed(), Speed::Real);
    assert_eq!(c.screen().speed, None, "no mark at the real module's speed");
    let mut marks = Vec::new();
    for _ in 0..4 {
        press_keys(&mut c, "+");
        marks.push(c.screen().speed.unwrap_or_else(|| "none".into()));
    }
    assert_eq!(marks, ["2X", "8X", "MAX", "none"]);
    // The mark shows on the player's move (the module not thinking), in both front ends.
    press_keys(&mut c, "+ +");
    assert!(!c.thinking());
    assert!(c7010::console::terminal::render(&c.screen()).contains("SPEED 8X"));
    let rows = c7010::console::layout::panel_rows(&c.screen());
    assert_eq!(rows[0].0, "L2     8X");
    // And in the status line while the module thinks.
    press_keys(&mut c, "A2-A3 ENTER");
    assert!(c.thinking());
    assert_eq!(c.screen().status, "THINKING 8X");
}

#[test]
fn the_players_clock_is_real_time_at_every_speed() {
    let mut c = guest_console();
    c.set_speed(Speed::Max);
    c.run_frame(BUDGET);
    let before = c.clocks()[0];
    let mut real = 0.0;
    for _ in 0..3 {
        real += frame_after(&mut c, 60);
    }
    let counted = c.clocks()[0] - before;
    // Each frame counts the real time since the last one, however fast the module may
    // think: not one PAL frame per frame (0.02 s), the 60 ms that passed.
    assert!(
        (counted - real).abs() < 1e-6,
        "{counted} s counted in {real} s"
    );
    assert_eq!(c.clocks()[1], 0.0);
}

#[test]
fn at_8x_the_module_thinks_eight_times_the_real_time_on_its_own_clock() {
    let mut c = guest_console();
    press_keys(&mut c, "+ +");
    assert_eq!(c.speed(), Speed::Eight);
    press_keys(&mut c, "A2-A3 ENTER");
    assert!(c.thinking(), "out of the book: the module thinks");
    c.run_frame(BUDGET);
    let white = c.clocks()[0];
    let before = c.clocks()[1];
    let t_states = c.engine().t_states();
    frame_after(&mut c, 50);
    let module_seconds = c.clocks()[1] - before;
    // 8 x the 50 ms that passed, on the module's clock and in the machine's T-states.
    assert!(
        (module_seconds - 0.4).abs() < 1e-6,
        "{module_seconds} s of module time"
    );
    let ran = c.engine().t_states() - t_states;
    // (Each PAL frame's run ends on an instruction's end: a few T-states over.)
    let asked = 8 * t_states_for(0.05, DEFAULT_CLOCK_HZ);
    assert!(
        (asked..asked + 1_000).contains(&ran),
        "{ran} T-states for {asked}"
    );
    assert_eq!(
        c.clocks()[0],
        white,
        "the player's clock stands while the module thinks"
    );
}

#[test]
fn pause_stops_the_module_and_both_clocks_and_says_paused() {
    let mut c = guest_console();
    press_keys(&mut c, "A2-A3 ENTER");
    assert!(c.thinking());
    c.press(G7000Key::Space);
    assert!(c.paused());
    assert_eq!(c.screen().status, "PAUSED");
    let clocks = c.clocks();
    let t_states = c.engine().t_states();
    frame_after(&mut c, 30);
    c.tick(PAL_FRAME_T_STATES);
    assert_eq!(c.clocks(), clocks, "no clock moves while paused");
    assert_eq!(c.engine().t_states(), t_states, "the module is not run");
    // Keys other than SPACE and ? wait for the pause's end.
    press_keys(&mut c, "M R");
    assert!(c.thinking() && c.paused());
    assert_eq!(c.screen().status, "PAUSED");
    c.press(G7000Key::Space);
    assert!(!c.paused());
    c.run_frame(BUDGET);
    assert!(c.engine().t_states() > t_states, "the module runs again");
    assert_eq!(c.screen().status, "THINKING");
}

#[test]
fn the_terminal_sets_the_speed_and_pauses_by_words() {
    let mut c = guest_console();
    for (line, speed) in [
        ("speed 8", Speed::Eight),
        ("speed max", Speed::Max),
        ("speed 2x", Speed::Double),
        ("speed", Speed::Eight),
        ("turbo", Speed::Max),
        ("speed 1", Speed::Real),
    ] {
        c.type_line(line);
        assert_eq!(c.speed(), speed, "after {line:?}");
    }
    c.type_line("speed 3");
    assert_eq!(c.screen().status, "SPEEDS ARE 1 2 8 MAX");
    c.type_line("pause");
    assert!(c.paused());
    c.type_line("e2e4");
    assert!(c.game().moves().is_empty(), "no move while paused");
    c.type_line("pause");
    assert!(!c.paused());
    c.type_line("e2e4");
    assert_eq!(c.game().moves().len(), 1);
}

#[test]
fn a_stall_the_front_end_chose_counts_on_no_clock() {
    let mut c = guest_console();
    c.run_frame(BUDGET);
    let before = c.clocks()[0];
    // The F12 panel was open for a while: no frames run meanwhile.
    std::thread::sleep(Duration::from_millis(300));
    c.resume_after_stall();
    c.run_frame(BUDGET);
    // The first frame after it counts from itself (a PAL frame), not the stall.
    let counted = c.clocks()[0] - before;
    assert!(counted < 0.1, "{counted} s counted");
}

#[test]
fn at_max_the_frames_fit_the_budget_on_the_clock_the_front_end_gives() {
    // The web page's clock (std's panics in a browser), here one that steps 5 ms a reading:
    // the same code as the window's measures the budget with it.
    let mut c = guest_console();
    c.set_speed(Speed::Max);
    press_keys(&mut c, "A2-A3 ENTER");
    assert!(c.thinking(), "out of the book: the module thinks");
    let readings = std::cell::Cell::new(0u64);
    let now = || {
        readings.set(readings.get() + 1);
        Duration::from_millis(5 * readings.get())
    };
    let t_states = c.engine().t_states();
    c.run_frame_timed(Duration::from_millis(20), Duration::from_millis(50), &now);
    // The first frame always; then one a reading until 50 ms have passed: 10 frames.
    let ran = c.engine().t_states() - t_states;
    let asked = 10 * PAL_FRAME_T_STATES;
    assert!(
        (asked..asked + 10_000).contains(&ran),
        "{ran} T-states for {asked}"
    );
    // 10 PAL frames (0.2 s of module time) in the 55 ms the clock said: about 4X.
    assert_eq!(c.screen().status, "THINKING 4X");
}
