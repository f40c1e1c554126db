//! The sound output outside Linux: rodio on the platform's own API (WASAPI, CoreAudio),
//! which needs no system package to build.

use std::num::NonZero;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{CHUNK, SAMPLE_RATE, Sounds, render};

/// Opens the default device and plays `sounds` on it until the returned value is dropped.
pub(super) fn open(sounds: Arc<Mutex<Sounds>>) -> Result<Box<dyn std::any::Any>, String> {
    let mut sink = rodio::DeviceSinkBuilder::open_default_sink().map_err(|e| e.to_string())?;
    sink.log_on_drop(false);
    sink.mixer().add(SoundSource {
        sounds,
        chunk: vec![0.0; CHUNK],
        next: CHUNK,
    });
    Ok(Box::new(sink))
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
            render(&self.sounds, &mut self.chunk);
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
