//! The 8244's sound: a 24-bit shift register shifted out one bit at a time, each bit
//! switching the output between silence and the volume, as the G7000 makes every beep,
//! tune and explosion.
//!
//! Registers (as `docs/vdc.md` lists them): `0xA7`-`0xA9` the shift register (A7 shifted
//! out first, each byte from bit 0); `0xAA` the control: bit 7 sound on, bit 6 repeat (the
//! register starts again when its 24 bits are out, otherwise the sound stops), bit 5 the
//! shift rate (0: 3.9 kHz, 1: 983 Hz, the 8245's clock divided down), bit 4 noise (each bit
//! mixed with a pseudo-random one), bits 3-0 the volume. Writing the control register
//! starts the 24 bits again. A pattern of alternating bits is a tone of half the shift rate
//! (1.97 kHz or 492 Hz); longer runs give lower tones.
//!
//! [`SoundChip::render`] turns the registers into samples at any sample rate, so tests can
//! listen to it in a buffer and the window's audio output (feature `sound`) plays the same.

/// The first shift register byte (shifted out first).
pub const SOUND_SHIFT: u8 = 0xA7;
/// The control register.
pub const SOUND_CONTROL: u8 = 0xAA;

/// Control bit: sound on.
pub const SOUND_ON: u8 = 0x80;
/// Control bit: the shift register starts again when its 24 bits are out.
pub const SOUND_REPEAT: u8 = 0x40;
/// Control bit: the slow shift rate (983 Hz) instead of the fast one (3.9 kHz).
pub const SOUND_SLOW: u8 = 0x20;
/// Control bit: noise.
pub const SOUND_NOISE: u8 = 0x10;
/// Control bits: the volume, 0-15.
pub const SOUND_VOLUME: u8 = 0x0F;

/// Bits shifted out a second at the fast rate (the PAL 8245's 7.094 MHz divided by 1800).
pub const FAST_SHIFT_HZ: f64 = 7_093_790.0 / 1800.0;
/// Bits shifted out a second at the slow rate (divided by 7200).
pub const SLOW_SHIFT_HZ: f64 = 7_093_790.0 / 7200.0;

/// Bits in the shift register.
const SHIFT_BITS: u32 = 24;

/// The loudest sample (full volume), leaving headroom for the mixer.
const FULL_SCALE: f32 = 0.25;

/// The sound part of the chip.
#[derive(Debug, Clone, PartialEq)]
pub struct SoundChip {
    /// The three shift register bytes as written.
    pattern: [u8; 3],
    control: u8,
    /// Bits shifted out since the control register was written (or the pattern restarted).
    shifted: u32,
    /// The fraction of the next bit already played.
    phase: f64,
    /// The noise generator (a 15-bit LFSR, never 0).
    noise: u16,
}

impl Default for SoundChip {
    fn default() -> Self {
        SoundChip {
            pattern: [0; 3],
            control: 0,
            shifted: 0,
            phase: 0.0,
            noise: 1,
        }
    }
}

impl SoundChip {
    /// A silent chip.
    pub fn new() -> SoundChip {
        SoundChip::default()
    }

    /// Writes a register; registers other than the sound ones are ignored.
    pub fn write(&mut self, register: u8, value: u8) {
        match register {
            SOUND_SHIFT..=0xA9 => self.pattern[(register - SOUND_SHIFT) as usize] = value,
            SOUND_CONTROL => {
                self.control = value;
                self.shifted = 0;
                self.phase = 0.0;
            }
            _ => {}
        }
    }

    /// True while the chip makes a sound.
    pub fn sounding(&self) -> bool {
        self.control & SOUND_ON != 0
            && self.control & SOUND_VOLUME != 0
            && (self.control & SOUND_REPEAT != 0 || self.shifted < SHIFT_BITS)
    }

    /// Fills `out` with the next samples at `sample_rate` samples a second (mono, -1 to 1).
    pub fn render(&mut self, out: &mut [f32], sample_rate: u32) {
        let rate = if self.control & SOUND_SLOW != 0 {
            SLOW_SHIFT_HZ
        } else {
            FAST_SHIFT_HZ
        };
        let bits_per_sample = rate / sample_rate.max(1) as f64;
        let level = (self.control & SOUND_VOLUME) as f32 / 15.0 * FULL_SCALE;
        for sample in out.iter_mut() {
            if !self.sounding() {
                *sample = 0.0;
                continue;
            }
            *sample = if self.bit() { level } else { -level };
            self.phase += bits_per_sample;
            while self.phase >= 1.0 {
                self.phase -= 1.0;
                self.next_bit();
            }
        }
    }

    /// The bit being shifted out now (with noise mixed in).
    fn bit(&self) -> bool {
        let index = self.shifted % SHIFT_BITS;
        let bit = self.pattern[(index / 8) as usize] >> (index % 8) & 1 != 0;
        if self.control & SOUND_NOISE != 0 {
            bit ^ (self.noise & 1 != 0)
        } else {
            bit
        }
    }

    /// Shifts one bit out; the noise generator steps with it.
    fn next_bit(&mut self) {
        self.shifted += 1;
        if self.control & SOUND_REPEAT != 0 && self.shifted >= SHIFT_BITS {
            self.shifted = 0;
        }
        let feedback = (self.noise ^ (self.noise >> 1)) & 1;
        self.noise = (self.noise >> 1) | (feedback << 14);
    }
}
