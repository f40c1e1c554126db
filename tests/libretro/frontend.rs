//! A small libretro front end for the tests: it builds the core once per test binary, loads
//! it, answers its environment calls and keeps what it sends (the picture, the sound, its
//! options and buttons), and gives it a pad, a pointer and a keyboard.

use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The core's file, built once for this test binary into its temporary folder.
pub fn core_path() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("libretro");
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        let status = Command::new(repo.join("tools/libretro.sh"))
            .arg("build")
            .arg(&dir)
            .current_dir(repo)
            .status()
            .expect("run tools/libretro.sh");
        assert!(status.success(), "tools/libretro.sh build failed");
        let name = format!("c7010_libretro.{}", std::env::consts::DLL_EXTENSION);
        dir.join(name)
    })
}

/// The loaded core (loaded once: a core's globals live as long as the process).
pub fn library() -> &'static libloading::Library {
    static LIBRARY: OnceLock<libloading::Library> = OnceLock::new();
    // SAFETY: the core's initialisers do nothing but set its statics.
    LIBRARY.get_or_init(|| unsafe { libloading::Library::new(core_path()) }.expect("load the core"))
}

/// One test at a time drives the core: it is one per process.
pub fn exclusive() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the front end holds and what the core told it.
#[derive(Default)]
pub struct Host {
    pub video: Vec<u32>,
    /// Where the last frame's pixels were (a front end may read them again later).
    pub video_at: usize,
    pub size: (u32, u32, usize),
    pub video_calls: u32,
    pub audio: Vec<i16>,
    pub pad: u16,
    pub pointer: (i16, i16, bool),
    pub options: HashMap<String, CString>,
    pub options_declared: Vec<(String, String)>,
    pub options_updated: bool,
    pub pixel_format: Option<u32>,
    pub no_game: bool,
    pub descriptors: Vec<(u32, String)>,
    pub keyboard: Option<KeyboardFn>,
}

pub type KeyboardFn = unsafe extern "C" fn(bool, c_uint, u32, u16);

pub static HOST: Mutex<Option<Host>> = Mutex::new(None);

pub fn host() -> MutexGuard<'static, Option<Host>> {
    HOST.lock().unwrap_or_else(|e| e.into_inner())
}

fn with_host<T>(f: impl FnOnce(&mut Host) -> T) -> T {
    f(host().get_or_insert_with(Host::default))
}

#[repr(C)]
struct Variable {
    key: *const c_char,
    value: *const c_char,
}

#[repr(C)]
struct Descriptor {
    port: c_uint,
    device: c_uint,
    index: c_uint,
    id: c_uint,
    description: *const c_char,
}

/// # Safety
/// As the libretro header defines `data` for each command.
unsafe extern "C" fn environment(cmd: c_uint, data: *mut c_void) -> bool {
    let text = |p: *const c_char| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
    with_host(|h| match cmd {
        10 => {
            h.pixel_format = Some(unsafe { *data.cast::<c_uint>() });
            true
        }
        11 => {
            let mut d = data.cast::<Descriptor>();
            while !unsafe { (*d).description }.is_null() {
                h.descriptors
                    .push((unsafe { (*d).id }, text(unsafe { (*d).description })));
                d = unsafe { d.add(1) };
            }
            true
        }
        12 => {
            h.keyboard = Some(unsafe { *data.cast::<KeyboardFn>() });
            true
        }
        15 => {
            let v = unsafe { &mut *data.cast::<Variable>() };
            match h.options.get(&text(v.key)) {
                Some(value) => {
                    v.value = value.as_ptr();
                    true
                }
                None => false,
            }
        }
        16 => {
            let mut v = data.cast::<Variable>();
            while !unsafe { (*v).key }.is_null() {
                h.options_declared
                    .push((text(unsafe { (*v).key }), text(unsafe { (*v).value })));
                v = unsafe { v.add(1) };
            }
            true
        }
        17 => {
            unsafe { *data.cast::<bool>() = std::mem::take(&mut h.options_updated) };
            true
        }
        18 => {
            h.no_game = unsafe { *data.cast::<bool>() };
            true
        }
        _ => false,
    })
}

unsafe extern "C" fn video(data: *const c_void, width: c_uint, height: c_uint, pitch: usize) {
    with_host(|h| {
        h.video_calls += 1;
        h.size = (width, height, pitch);
        if !data.is_null() {
            h.video_at = data as usize;
            let words = pitch / 4 * height as usize;
            h.video = unsafe { std::slice::from_raw_parts(data.cast::<u32>(), words) }.to_vec();
        }
    })
}

unsafe extern "C" fn audio_batch(data: *const i16, frames: usize) -> usize {
    with_host(|h| h.audio = unsafe { std::slice::from_raw_parts(data, frames * 2) }.to_vec());
    frames
}

unsafe extern "C" fn audio_sample(_: i16, _: i16) {}
unsafe extern "C" fn input_poll() {}

unsafe extern "C" fn input_state(port: c_uint, device: c_uint, _index: c_uint, id: c_uint) -> i16 {
    with_host(|h| match (port, device, id) {
        (0, 1, id) if id < 16 => i16::from(h.pad & (1 << id) != 0),
        (0, 6, 0) => h.pointer.0,
        (0, 6, 1) => h.pointer.1,
        (0, 6, 2) => i16::from(h.pointer.2),
        _ => 0,
    })
}

/// Calls the core's function `name` with type `F`.
macro_rules! call {
    ($name:literal : $ty:ty $(, $arg:expr)*) => {{
        // SAFETY: the symbol is the libretro function of that name and type.
        let f: libloading::Symbol<$ty> = unsafe { $crate::frontend::library().get($name.as_bytes()) }.expect($name);
        #[allow(clippy::macro_metavars_in_unsafe)]
        unsafe { f($($arg),*) }
    }};
}
pub(crate) use call;

/// A core loaded and started with no content (or `rom`), the options given.
pub struct Session;

impl Session {
    /// Sets the callbacks, initialises the core and loads it with `options`.
    pub fn start(options: &[(&str, &str)], rom: Option<&[u8]>) -> Option<Session> {
        *host() = Some(Host::default());
        with_host(|h| {
            for (k, v) in options {
                h.options.insert(k.to_string(), CString::new(*v).unwrap());
            }
        });
        call!("retro_set_environment": unsafe extern "C" fn(unsafe extern "C" fn(c_uint, *mut c_void) -> bool), environment);
        call!("retro_set_video_refresh": unsafe extern "C" fn(unsafe extern "C" fn(*const c_void, c_uint, c_uint, usize)), video);
        call!("retro_set_audio_sample": unsafe extern "C" fn(unsafe extern "C" fn(i16, i16)), audio_sample);
        call!("retro_set_audio_sample_batch": unsafe extern "C" fn(unsafe extern "C" fn(*const i16, usize) -> usize), audio_batch);
        call!("retro_set_input_poll": unsafe extern "C" fn(unsafe extern "C" fn()), input_poll);
        call!("retro_set_input_state": unsafe extern "C" fn(unsafe extern "C" fn(c_uint, c_uint, c_uint, c_uint) -> i16), input_state);
        call!("retro_init": unsafe extern "C" fn());
        let loaded = match rom {
            None => {
                call!("retro_load_game": unsafe extern "C" fn(*const c_void) -> bool, std::ptr::null())
            }
            Some(rom) => {
                let info = [0usize, rom.as_ptr() as usize, rom.len(), 0];
                call!("retro_load_game": unsafe extern "C" fn(*const c_void) -> bool, info.as_ptr().cast())
            }
        };
        if !loaded {
            call!("retro_deinit": unsafe extern "C" fn());
            return None;
        }
        Some(Session)
    }

    /// Runs `frames` frames with the pad as it is; each frame's picture and sound checksum.
    pub fn run(&self, frames: usize) -> Vec<u64> {
        (0..frames)
            .map(|_| {
                call!("retro_run": unsafe extern "C" fn());
                with_host(|h| checksum(&h.video) ^ checksum_i16(&h.audio).rotate_left(1))
            })
            .collect()
    }

    /// Holds `buttons` (pad bits) for a frame, then lets go for a frame.
    pub fn press(&self, buttons: u16) -> Vec<u64> {
        with_host(|h| h.pad = buttons);
        let mut out = self.run(1);
        with_host(|h| h.pad = 0);
        out.extend(self.run(1));
        out
    }

    /// A core option changed, as the Quick Menu changes it.
    pub fn set_option(&self, key: &str, value: &str) {
        with_host(|h| {
            h.options.insert(key.into(), CString::new(value).unwrap());
            h.options_updated = true;
        });
    }

    pub fn serialize_size(&self) -> usize {
        call!("retro_serialize_size": unsafe extern "C" fn() -> usize)
    }

    pub fn serialize(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.serialize_size()];
        let ok = call!("retro_serialize": unsafe extern "C" fn(*mut c_void, usize) -> bool, out.as_mut_ptr().cast(), out.len());
        assert!(ok, "retro_serialize failed");
        out
    }

    pub fn unserialize(&self, state: &[u8]) -> bool {
        call!("retro_unserialize": unsafe extern "C" fn(*const c_void, usize) -> bool, state.as_ptr().cast(), state.len())
    }

    /// Where the core's last frame was.
    pub fn picture_at(&self) -> usize {
        with_host(|h| h.video_at)
    }

    /// The last picture.
    pub fn picture(&self) -> Vec<u32> {
        with_host(|h| h.video.clone())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        call!("retro_unload_game": unsafe extern "C" fn());
        call!("retro_deinit": unsafe extern "C" fn());
    }
}

/// FNV-1a over the picture's words.
pub fn checksum(words: &[u32]) -> u64 {
    words.iter().fold(0xcbf29ce484222325, |h, &w| {
        (h ^ u64::from(w)).wrapping_mul(0x100000001b3)
    })
}

fn checksum_i16(samples: &[i16]) -> u64 {
    samples.iter().fold(0xcbf29ce484222325, |h, &s| {
        (h ^ s as u16 as u64).wrapping_mul(0x100000001b3)
    })
}
