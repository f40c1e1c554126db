//! The window's audio output (feature `sound`): [`Sounds`] played on the default sound
//! device through rodio. Opening the device may fail (no sound card, no sound server):
//! the caller then plays on without sound.

use std::num::NonZero;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::sounds::{Effect, Sounds};

/// Samples a second the sounds are rendered at (rodio converts to the device's rate).
const SAMPLE_RATE: u32 = 44_100;

/// Samples rendered at a time on the audio thread.
const CHUNK: usize = 256;

/// An open sound device playing the console's sounds.
pub struct AudioOut {
    /// Sound stops when this is dropped.
    _sink: rodio::MixerDeviceSink,
    sounds: Arc<Mutex<Sounds>>,
}

impl std::fmt::Debug for AudioOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AudioOut").finish_non_exhaustive()
    }
}

impl AudioOut {
    /// Opens the default sound device.
    pub fn open() -> Result<AudioOut, String> {
        let mut sink = rodio::DeviceSinkBuilder::open_default_sink().map_err(|e| e.to_string())?;
        sink.log_on_drop(false);
        let sounds = Arc::new(Mutex::new(Sounds::new(SAMPLE_RATE)));
        sink.mixer().add(SoundSource {
            sounds: Arc::clone(&sounds),
            chunk: vec![0.0; CHUNK],
            next: CHUNK,
        });
        Ok(AudioOut {
            _sink: sink,
            sounds,
        })
    }

    /// Starts `effect`.
    pub fn play(&self, effect: Effect) {
        if let Ok(mut sounds) = self.sounds.lock() {
            sounds.play(effect);
        }
    }
}

/// The endless source rodio pulls samples from, a chunk at a time.
struct SoundSource {
    sounds: Arc<Mutex<Sounds>>,
    chunk: Vec<f32>,
    next: usize,
}

impl Iterator for SoundSource {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.next == self.chunk.len() {
            match self.sounds.lock() {
                Ok(mut sounds) => sounds.render(&mut self.chunk),
                Err(_) => self.chunk.fill(0.0),
            }
            self.next = 0;
        }
        let sample = self.chunk[self.next];
        self.next += 1;
        Some(sample)
    }
}

impl rodio::Source for SoundSource {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> rodio::ChannelCount {
        NonZero::<u16>::MIN
    }

    fn sample_rate(&self) -> rodio::SampleRate {
        NonZero::new(SAMPLE_RATE).unwrap_or(NonZero::<u32>::MIN)
    }

    fn total_duration(&self) -> Option<Duration> {
        None
    }
}
