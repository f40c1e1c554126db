//! The window's audio output (feature `sound`, on by default): [`Sounds`] played on the
//! default sound device, rendered on an audio thread of its own.
//!
//! No system package is needed to build it: on Linux the sound library (ALSA's
//! `libasound.so.2`, on every desktop, which also reaches PulseAudio and PipeWire through
//! its default device) is loaded when the window opens (`alsa`); elsewhere rodio plays
//! through the platform's own API (WASAPI on Windows, CoreAudio on macOS). Opening fails
//! where there is no library or no device (a server, a container): the caller then plays on
//! without sound.

#[cfg(target_os = "linux")]
mod alsa;
#[cfg(not(target_os = "linux"))]
mod rodio_out;

use std::sync::{Arc, Mutex};

use super::sounds::{Effect, Sounds};

/// Samples a second the sounds are rendered at.
const SAMPLE_RATE: u32 = 44_100;

/// Samples rendered at a time on the audio thread.
const CHUNK: usize = 256;

/// An open sound device playing the console's sounds; sound stops when it is dropped.
pub struct AudioOut {
    /// The platform's output, kept open.
    _device: Box<dyn std::any::Any>,
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
        let sounds = Arc::new(Mutex::new(Sounds::new(SAMPLE_RATE)));
        #[cfg(target_os = "linux")]
        let device = alsa::open(Arc::clone(&sounds))?;
        #[cfg(not(target_os = "linux"))]
        let device = rodio_out::open(Arc::clone(&sounds))?;
        Ok(AudioOut {
            _device: device,
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

/// Renders the next `out.len()` samples; silence if the sounds' lock was poisoned.
fn render(sounds: &Mutex<Sounds>, out: &mut [f32]) {
    match sounds.lock() {
        Ok(mut sounds) => sounds.render(out),
        Err(_) => out.fill(0.0),
    }
}
