//! The sound output on Linux: ALSA's `libasound.so.2` loaded at run time (libloading), so
//! building needs no `-dev` package and a machine without the library or a sound device
//! simply has no sound. Five calls of ALSA's simple PCM interface are used: open the
//! `default` device (which reaches PulseAudio or PipeWire where they run), set it to mono
//! 16-bit at [`SAMPLE_RATE`], write blocks of samples, recover from an underrun, close.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use libloading::{Library, Symbol};

use super::{CHUNK, SAMPLE_RATE, Sounds, render};

/// The library's name as every distribution installs it.
const LIBRARY: &str = "libasound.so.2";
/// `SND_PCM_STREAM_PLAYBACK`.
const PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const FORMAT_S16_LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const ACCESS_RW_INTERLEAVED: c_int = 3;
/// How far ahead of the speaker the samples are written: short, so a click follows its key.
const LATENCY_MICROSECONDS: c_uint = 50_000;

/// ALSA's `snd_pcm_t`, only ever behind a pointer.
type Pcm = c_void;

/// An open playback device and its audio thread; dropping it stops the thread and closes
/// the device.
struct Output {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Output {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The device as the audio thread owns it.
struct Device {
    library: Library,
    pcm: *mut Pcm,
}

// SAFETY: the PCM handle is used by one thread at a time: made on the caller's, then moved
// to the audio thread, which alone uses and closes it.
unsafe impl Send for Device {}

/// Opens the default device and plays `sounds` on it until the returned value is dropped.
pub(super) fn open(sounds: Arc<Mutex<Sounds>>) -> Result<Box<dyn std::any::Any>, String> {
    let device = Device::open()?;
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = Arc::clone(&stop);
    let thread = std::thread::Builder::new()
        .name("c7010-sound".into())
        .spawn(move || device.play(&sounds, &stopping))
        .map_err(|e| e.to_string())?;
    Ok(Box::new(Output {
        stop,
        thread: Some(thread),
    }))
}

/// ALSA's own error handler prints each step of a failed open on stderr (eight lines
/// where a machine has no sound card); c7010 says it in one line of its own instead, so
/// the library is given a handler that prints nothing. The C handler is variadic
/// (`snd_lib_error_handler_t`); one that reads only the fixed arguments may be given for it
/// under the C calling conventions of the platforms ALSA runs on (the caller cleans up the
/// arguments), and this one reads none.
fn silence_library_errors(library: &Library) {
    type Handler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
    unsafe extern "C" fn quiet(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
    ) {
    }
    // SAFETY: the signature is that of alsa/error.h's `snd_lib_error_set_handler`, given a
    // handler that touches none of its arguments (see above).
    unsafe {
        if let Ok(set) = library
            .get::<unsafe extern "C" fn(Option<Handler>) -> c_int>(b"snd_lib_error_set_handler\0")
        {
            set(Some(quiet));
        }
    }
}

impl Device {
    /// Loads the library and opens and sets up the `default` playback device.
    fn open() -> Result<Device, String> {
        // SAFETY: loading ALSA runs only its library initialisers.
        let library = unsafe { Library::new(LIBRARY) }.map_err(|e| e.to_string())?;
        silence_library_errors(&library);
        let mut pcm: *mut Pcm = std::ptr::null_mut();
        // SAFETY: the signatures are those of alsa/pcm.h; `pcm` is written by a successful
        // open and closed on failure of the set-up.
        unsafe {
            let snd_pcm_open: Symbol<
                unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int,
            > = library.get(b"snd_pcm_open\0").map_err(|e| e.to_string())?;
            let result = snd_pcm_open(&mut pcm, c"default".as_ptr(), PLAYBACK, 0);
            if result < 0 || pcm.is_null() {
                return Err(format!("no sound device (ALSA error {result})"));
            }
        }
        let device = Device { library, pcm };
        device.set_params()?;
        Ok(device)
    }

    /// Mono, signed 16-bit, [`SAMPLE_RATE`], ALSA resampling for the card where needed.
    fn set_params(&self) -> Result<(), String> {
        // SAFETY: as in `open`; `self.pcm` is open.
        let result = unsafe {
            let set_params: Symbol<
                unsafe extern "C" fn(
                    *mut Pcm,
                    c_int,
                    c_int,
                    c_uint,
                    c_uint,
                    c_int,
                    c_uint,
                ) -> c_int,
            > = self
                .library
                .get(b"snd_pcm_set_params\0")
                .map_err(|e| e.to_string())?;
            set_params(
                self.pcm,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                1,
                SAMPLE_RATE,
                1,
                LATENCY_MICROSECONDS,
            )
        };
        if result < 0 {
            return Err(format!(
                "the sound device refused the format (ALSA error {result})"
            ));
        }
        Ok(())
    }

    /// The audio thread: renders and writes chunks until `stop` (each write waits for room
    /// in the device's buffer, which paces the loop), then closes the device.
    fn play(self, sounds: &Mutex<Sounds>, stop: &AtomicBool) {
        type WriteI = unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long;
        type Recover = unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int;
        // SAFETY: signatures of alsa/pcm.h.
        let calls = unsafe {
            (
                self.library.get::<WriteI>(b"snd_pcm_writei\0"),
                self.library.get::<Recover>(b"snd_pcm_recover\0"),
            )
        };
        if let (Ok(writei), Ok(recover)) = calls {
            let mut chunk = [0.0f32; CHUNK];
            let mut samples = [0i16; CHUNK];
            while !stop.load(Ordering::Relaxed) {
                render(sounds, &mut chunk);
                for (s, &x) in samples.iter_mut().zip(&chunk) {
                    *s = (x.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
                }
                // SAFETY: `samples` holds CHUNK mono frames; the device is open.
                let written =
                    unsafe { writei(self.pcm, samples.as_ptr().cast(), CHUNK as c_ulong) };
                // An underrun or a suspend: recover, or give up on sound for this session.
                if written < 0 && unsafe { recover(self.pcm, written as c_int, 1) } < 0 {
                    break;
                }
            }
        }
        self.close();
    }

    fn close(self) {
        type Close = unsafe extern "C" fn(*mut Pcm) -> c_int;
        // SAFETY: the device is open and closed once, here.
        unsafe {
            if let Ok(close) = self.library.get::<Close>(b"snd_pcm_close\0") {
                close(self.pcm);
            }
        }
    }
}
