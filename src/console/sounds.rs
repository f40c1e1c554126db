//! The console's sounds as a G7000 cartridge makes them with the 8244's sound register
//! (`vdc::sound`): a beep when the module moves, a click for each key. [`Sounds`] keeps the
//! chip and the register writes still to come, each at its sample, and renders them into
//! any buffer: the window's audio output (feature `sound`) plays it, tests listen to it.

use std::collections::VecDeque;

use crate::vdc::sound::{
    SOUND_CONTROL, SOUND_NOISE, SOUND_ON, SOUND_REPEAT, SOUND_SHIFT, SOUND_SLOW, SoundChip,
};

/// What the console sounds for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The module has moved: a 492 Hz beep (alternating bits at the slow rate) for
    /// [`BEEP_SECONDS`].
    Moved,
    /// A key was pressed: one pass of the shift register at the fast rate, with noise
    /// (about 6 ms).
    KeyClick,
}

/// How long the module's beep lasts.
pub const BEEP_SECONDS: f64 = 0.25;

/// Volume of the beep (0-15).
const BEEP_VOLUME: u8 = 12;
/// Volume of a key click (0-15).
const CLICK_VOLUME: u8 = 8;

/// The console's sound: the chip and the writes to come.
#[derive(Debug, Clone)]
pub struct Sounds {
    chip: SoundChip,
    sample_rate: u32,
    /// Samples rendered so far.
    now: u64,
    /// `(sample, register, value)`, in order of sample.
    writes: VecDeque<(u64, u8, u8)>,
}

impl Sounds {
    /// Silence, to be rendered at `sample_rate` samples a second.
    pub fn new(sample_rate: u32) -> Sounds {
        Sounds {
            chip: SoundChip::new(),
            sample_rate: sample_rate.max(1),
            now: 0,
            writes: VecDeque::new(),
        }
    }

    /// Starts `effect` now (cutting short whatever sounds).
    pub fn play(&mut self, effect: Effect) {
        let now = self.now;
        self.writes.clear();
        let (pattern, control) = match effect {
            Effect::Moved => (0x55, SOUND_ON | SOUND_REPEAT | SOUND_SLOW | BEEP_VOLUME),
            Effect::KeyClick => (0x33, SOUND_ON | SOUND_NOISE | CLICK_VOLUME),
        };
        for i in 0..3 {
            self.writes.push_back((now, SOUND_SHIFT + i, pattern));
        }
        self.writes.push_back((now, SOUND_CONTROL, control));
        if effect == Effect::Moved {
            let end = now + (BEEP_SECONDS * self.sample_rate as f64) as u64;
            self.writes.push_back((end, SOUND_CONTROL, 0));
        }
    }

    /// Fills `out` with the next samples (mono).
    pub fn render(&mut self, out: &mut [f32]) {
        let mut done = 0;
        while done < out.len() {
            while let Some(&(at, register, value)) = self.writes.front() {
                if at > self.now {
                    break;
                }
                self.chip.write(register, value);
                self.writes.pop_front();
            }
            // Up to the next write, or the end of the buffer.
            let until_write = self
                .writes
                .front()
                .map_or(u64::MAX, |&(at, _, _)| at - self.now);
            let n = ((out.len() - done) as u64).min(until_write) as usize;
            self.chip.render(&mut out[done..done + n], self.sample_rate);
            done += n;
            self.now += n as u64;
        }
    }
}

/// When the console sounds: watches the game from frame to frame.
#[derive(Debug, Clone, Default)]
pub struct Cues {
    plies: usize,
}

impl Cues {
    /// The effects for one frame in which `keys` G7000 keys were pressed, after which the
    /// game has `plies` moves and it is (or not) the human's turn: a click per key, and the
    /// beep when moves were added and the human is to move (the module has just moved).
    pub fn effects(&mut self, keys: usize, plies: usize, human_to_move: bool) -> Vec<Effect> {
        let mut effects = vec![Effect::KeyClick; keys];
        if plies > self.plies && human_to_move {
            effects.push(Effect::Moved);
        }
        self.plies = plies;
        effects
    }
}
