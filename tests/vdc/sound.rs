//! The 8244's sound register (`vdc::sound`) rendered into a buffer: alternating bits are a
//! tone of half the shift rate at either rate; the volume scales it; without repeat the 24
//! bits play once and stop; noise changes the bits; off is silence.

use c7010::vdc::sound::{
    FAST_SHIFT_HZ, SLOW_SHIFT_HZ, SOUND_CONTROL, SOUND_NOISE, SOUND_ON, SOUND_REPEAT, SOUND_SHIFT,
    SOUND_SLOW, SoundChip,
};

const RATE: u32 = 48_000;

/// A chip with `pattern` in all three shift bytes and `control` written.
fn chip(pattern: u8, control: u8) -> SoundChip {
    let mut chip = SoundChip::new();
    for i in 0..3 {
        chip.write(SOUND_SHIFT + i, pattern);
    }
    chip.write(SOUND_CONTROL, control);
    chip
}

fn render(chip: &mut SoundChip, seconds: f64) -> Vec<f32> {
    let mut out = vec![0.0; (seconds * RATE as f64) as usize];
    chip.render(&mut out, RATE);
    out
}

/// The tone's frequency: rising sign changes a second.
fn frequency(samples: &[f32]) -> f64 {
    let rises = samples
        .windows(2)
        .filter(|w| w[0] < 0.0 && w[1] > 0.0)
        .count();
    rises as f64 * RATE as f64 / samples.len() as f64
}

#[test]
fn alternating_bits_are_a_tone_of_half_the_shift_rate() {
    for (slow, rate) in [(0, FAST_SHIFT_HZ), (SOUND_SLOW, SLOW_SHIFT_HZ)] {
        let out = render(&mut chip(0x55, SOUND_ON | SOUND_REPEAT | slow | 15), 1.0);
        let f = frequency(&out);
        assert!((f - rate / 2.0).abs() < 3.0, "{f} Hz, not {}", rate / 2.0);
    }
    assert!((SLOW_SHIFT_HZ / 2.0 - 492.0).abs() < 1.0);
    // Runs of two bits: a quarter of the shift rate.
    let f = frequency(&render(&mut chip(0x33, SOUND_ON | SOUND_REPEAT | 15), 1.0));
    assert!((f - FAST_SHIFT_HZ / 4.0).abs() < 3.0, "{f}");
}

#[test]
fn the_volume_scales_the_output_and_zero_is_silent() {
    let peak = |volume| {
        let out = render(&mut chip(0x55, SOUND_ON | SOUND_REPEAT | volume), 0.1);
        out.iter().fold(0.0f32, |m, s| m.max(s.abs()))
    };
    let (full, half) = (peak(15), peak(7));
    assert!(full > 0.1 && full <= 1.0, "{full}");
    assert!((half / full - 7.0 / 15.0).abs() < 1e-4, "{half} {full}");
    assert_eq!(peak(0), 0.0);
}

#[test]
fn without_repeat_the_24_bits_play_once() {
    let mut c = chip(0x55, SOUND_ON | 15);
    assert!(c.sounding());
    let out = render(&mut c, 0.05);
    let bits_time = 24.0 / FAST_SHIFT_HZ;
    let last = out.iter().rposition(|&s| s != 0.0).unwrap();
    let played = (last + 1) as f64 / RATE as f64;
    assert!(
        (played - bits_time).abs() < 2.0 / RATE as f64 + 1e-9,
        "{played} s"
    );
    assert!(!c.sounding());
    // Writing the control again starts the bits again.
    c.write(SOUND_CONTROL, SOUND_ON | 15);
    assert!(render(&mut c, 0.001).iter().any(|&s| s != 0.0));
}

#[test]
fn noise_changes_the_bits_and_off_is_silence() {
    let plain = render(&mut chip(0x55, SOUND_ON | SOUND_REPEAT | 15), 0.05);
    let noisy = render(
        &mut chip(0x55, SOUND_ON | SOUND_REPEAT | SOUND_NOISE | 15),
        0.05,
    );
    assert_ne!(plain, noisy);
    let off = render(&mut chip(0x55, SOUND_REPEAT | 15), 0.05);
    assert!(off.iter().all(|&s| s == 0.0));
    // Other registers do nothing to the sound.
    let mut c = chip(0x55, SOUND_ON | SOUND_REPEAT | 15);
    let before = c.clone();
    c.write(0xA0, 0xFF);
    assert_eq!(c, before);
}
