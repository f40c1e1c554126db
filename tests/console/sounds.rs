//! The console's sounds (`console::sounds`) rendered into a buffer, as the window's audio
//! output would play them: the module's move is a 492 Hz beep of a quarter second, then
//! silence; a key click is a few milliseconds; the cues come at the right frames.

use c7010::console::sounds::{BEEP_SECONDS, Cues, Effect, Sounds};

const RATE: u32 = 44_100;

fn heard(effect: Effect, seconds: f64) -> Vec<f32> {
    let mut sounds = Sounds::new(RATE);
    sounds.play(effect);
    let mut out = vec![0.0; (seconds * RATE as f64) as usize];
    // In uneven pieces, as an audio thread asks for them.
    let mut at = 0;
    for piece in [1, 100, 333, 4096].iter().cycle() {
        if at >= out.len() {
            break;
        }
        let end = (at + piece).min(out.len());
        sounds.render(&mut out[at..end]);
        at = end;
    }
    out
}

/// Seconds from the start to the last sample that is not silent.
fn length(samples: &[f32]) -> f64 {
    samples
        .iter()
        .rposition(|&s| s != 0.0)
        .map_or(0.0, |i| (i + 1) as f64)
        / RATE as f64
}

#[test]
fn the_modules_move_beeps_at_492_hz_for_a_quarter_second() {
    let out = heard(Effect::Moved, 1.0);
    let beep = &out[..(BEEP_SECONDS * RATE as f64) as usize];
    let rises = beep.windows(2).filter(|w| w[0] < 0.0 && w[1] > 0.0).count();
    let hz = rises as f64 / BEEP_SECONDS;
    assert!((hz - 492.0).abs() < 8.0, "{hz} Hz");
    assert!(
        (length(&out) - BEEP_SECONDS).abs() < 0.002,
        "{} s",
        length(&out)
    );
}

#[test]
fn a_key_click_is_a_few_milliseconds() {
    let out = heard(Effect::KeyClick, 0.1);
    let l = length(&out);
    assert!(l > 0.003 && l < 0.010, "{l} s");
}

#[test]
fn a_new_sound_cuts_the_old_one_short() {
    let mut sounds = Sounds::new(RATE);
    sounds.play(Effect::Moved);
    let mut out = vec![0.0; RATE as usize / 20];
    sounds.render(&mut out);
    sounds.play(Effect::KeyClick);
    let mut out = vec![0.0; RATE as usize / 2];
    sounds.render(&mut out);
    assert!(length(&out) < 0.010, "the beep went on: {} s", length(&out));
}

#[test]
fn cues_click_per_key_and_beep_when_the_module_has_moved() {
    let mut cues = Cues::default();
    // The player types E2-E4 ENTER over frames; the move is played: no beep for it.
    assert_eq!(cues.effects(2, 0, true), vec![Effect::KeyClick; 2]);
    assert_eq!(cues.effects(1, 1, false), vec![Effect::KeyClick]);
    // Frames while the module thinks: nothing.
    assert!(cues.effects(0, 1, false).is_empty());
    // The module moves: the beep, once.
    assert_eq!(cues.effects(0, 2, true), vec![Effect::Moved]);
    assert!(cues.effects(0, 2, true).is_empty());
    // Take back two plies: no beep.
    assert!(cues.effects(1, 0, true) == vec![Effect::KeyClick]);
}
