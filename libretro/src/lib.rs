//! The Philips Videopac C7010 chess module as a libretro core, for RetroArch and the other
//! libretro front ends: one thin adapter over the library's `Console` with the guest engine
//! (the emulated module), as the web page is (`web/`).
//!
//! Written on the plain libretro C API (`libretro.h`, API version 1) by hand rather than
//! over a binding crate: the API is 25 functions and a dozen `repr(C)` structures
//! (`api.rs`), the core uses a small part of it, and by hand the core has no dependency but
//! the library. All of its `unsafe` is in this file (and `options::text`, a C string read),
//! each use next to the front end's promise it relies on. Every entry point catches panics
//! ([`std::panic::catch_unwind`]): a panic becomes a false return or nothing, never an
//! unwind into the front end.
//!
//! The parts: `core.rs` the console a frame at a time (pad, pointer, keys, picture, sound),
//! `osk.rs` the on-screen G7000 keyboard, `keys.rs` RetroArch's keyboard as G7000 keys,
//! `options.rs` the core options, `log.rs` the inputs a state replays, `state.rs` the save
//! states, `checkpoints.rs` the copies a restore replays from. `docs/libretro.md` says how to
//! build, install and play, and what the states promise.

mod api;
mod checkpoints;
pub mod core;
mod keys;
pub mod log;
mod options;
mod osk;
pub mod state;

use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard};

use api::*;
use c7010::files::ROM_IMAGE;
use c7010::vdc::{HEIGHT, WIDTH};
use checkpoints::Checkpoints;
use core::{Core, SAMPLES_PER_FRAME};
use log::{Event, FrameInput, Pointer};
use options::{Keyboard, Options};

/// The front end's callbacks, as it set them.
#[derive(Clone, Copy, Default)]
struct Frontend {
    environment: Option<EnvironmentFn>,
    video: Option<VideoRefreshFn>,
    audio_batch: Option<AudioSampleBatchFn>,
    input_poll: Option<InputPollFn>,
    input_state: Option<InputStateFn>,
    log: Option<LogPrintfFn>,
}

/// The running core and the options last read.
#[derive(Default)]
struct Session {
    core: Option<Core>,
    options: Options,
    checkpoints: Checkpoints,
}

// SAFETY: a `Session` is only reached through the `SESSION` lock, one thread at a time. It is
// not `Send` only because the console holds its engine as a `Box<dyn Engine>` without a
// `Send` bound; the one engine this core puts there is a `GuestEngine`, which is `Send`
// (checked below), and every other part of the console is `Send`.
unsafe impl Send for Session {}

const _: () = {
    const fn send<T: Send>() {}
    send::<c7010::engine::guest::GuestEngine>();
};

static FRONTEND: Mutex<Frontend> = Mutex::new(Frontend {
    environment: None,
    video: None,
    audio_batch: None,
    input_poll: None,
    input_state: None,
    log: None,
});
static SESSION: Mutex<Option<Session>> = Mutex::new(None);
/// Keys typed since the last frame: the keyboard callback runs inside the front end's input
/// poll, while `retro_run` is under way, so it has a lock of its own.
static TYPED: Mutex<Vec<Event>> = Mutex::new(Vec::new());
static KEYBOARD: AtomicU8 = AtomicU8::new(0);

/// A lock, also after a panic elsewhere (the panic was caught; the data is whole).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn frontend() -> Frontend {
    *lock(&FRONTEND)
}

/// Runs `f`, and `fallback` if it panicked.
fn guarded<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// Calls the environment callback.
fn environment(cmd: c_uint, data: *mut c_void) -> bool {
    match frontend().environment {
        // SAFETY: the front end's callback, called with a command and the data it defines.
        Some(env) => unsafe { env(cmd, data) },
        None => false,
    }
}

/// A line in the front end's log.
fn say(level: c_uint, text: &str) {
    if let (Some(log), Ok(text)) = (frontend().log, CString::new(format!("c7010: {text}\n"))) {
        // SAFETY: printf-style with "%s" and one NUL-terminated string, as the header asks.
        unsafe { log(level, c"%s".as_ptr(), text.as_ptr()) };
    }
}

/// The options as the front end holds them now.
fn read_options() -> Options {
    options::read(|key: &CStr| {
        let mut variable = Variable {
            key: key.as_ptr(),
            value: std::ptr::null(),
        };
        let found = environment(env::GET_VARIABLE, (&raw mut variable).cast());
        // SAFETY: the front end set `value` to null or to a string valid until the next call.
        found
            .then(|| unsafe { options::text(variable.value) })
            .flatten()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_api_version() -> c_uint {
    API_VERSION
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_environment(cb: Option<EnvironmentFn>) {
    guarded((), || {
        lock(&FRONTEND).environment = cb;
        let mut no_game = true;
        environment(env::SET_SUPPORT_NO_GAME, (&raw mut no_game).cast());
        let variables = options::variables();
        environment(env::SET_VARIABLES, variables.as_ptr().cast_mut().cast());
        let mut log = LogCallback { log: None };
        if environment(env::GET_LOG_INTERFACE, (&raw mut log).cast()) {
            lock(&FRONTEND).log = log.log;
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_video_refresh(cb: Option<VideoRefreshFn>) {
    guarded((), || lock(&FRONTEND).video = cb)
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_audio_sample(_cb: Option<AudioSampleFn>) {}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_audio_sample_batch(cb: Option<AudioSampleBatchFn>) {
    guarded((), || lock(&FRONTEND).audio_batch = cb)
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_input_poll(cb: Option<InputPollFn>) {
    guarded((), || lock(&FRONTEND).input_poll = cb)
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_input_state(cb: Option<InputStateFn>) {
    guarded((), || lock(&FRONTEND).input_state = cb)
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_init() {
    guarded((), || *lock(&SESSION) = Some(Session::default()))
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_deinit() {
    guarded((), || *lock(&SESSION) = None)
}

/// # Safety
/// `info` is null or a `retro_system_info` to fill.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn retro_get_system_info(info: *mut SystemInfo) {
    guarded((), || {
        // SAFETY: the front end passes a structure to fill, or null.
        if let Some(info) = unsafe { info.as_mut() } {
            *info = SystemInfo {
                library_name: c"C7010".as_ptr(),
                library_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
                valid_extensions: c"bin".as_ptr(),
                need_fullpath: false,
                block_extract: false,
            };
        }
    })
}

/// # Safety
/// `info` is null or a `retro_system_av_info` to fill.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn retro_get_system_av_info(info: *mut SystemAvInfo) {
    guarded((), || {
        // SAFETY: the front end passes a structure to fill, or null.
        if let Some(info) = unsafe { info.as_mut() } {
            *info = SystemAvInfo {
                geometry: GameGeometry {
                    base_width: WIDTH as c_uint,
                    base_height: HEIGHT as c_uint,
                    max_width: WIDTH as c_uint,
                    max_height: HEIGHT as c_uint,
                    aspect_ratio: core::aspect_ratio(),
                },
                timing: SystemTiming {
                    fps: c7010::machine::PAL_FRAME_HZ,
                    sample_rate: core::sample_rate(),
                },
            };
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_set_controller_port_device(_port: c_uint, _device: c_uint) {}

/// The pad's buttons named in RetroArch's remap menu.
fn describe_buttons() {
    let buttons: [(u32, &CStr); 14] = [
        (joypad::UP, c"Cursor up"),
        (joypad::DOWN, c"Cursor down"),
        (joypad::LEFT, c"Cursor left"),
        (joypad::RIGHT, c"Cursor right"),
        (joypad::A, c"Choose piece / target (keyboard: press key)"),
        (joypad::B, c"Cancel (keyboard: hide)"),
        (joypad::START, c"ENTER"),
        (joypad::SELECT, c"Show / hide the G7000 keyboard"),
        (joypad::Y, c"YES"),
        (joypad::X, c"NO"),
        (joypad::L, c"Level down"),
        (joypad::R, c"Level up"),
        (joypad::L2, c"Turn the board"),
        (joypad::R2, c"Speed (1X 2X 8X MAX)"),
    ];
    let mut descriptors: Vec<InputDescriptor> = buttons
        .iter()
        .map(|&(id, text)| InputDescriptor {
            port: 0,
            device: DEVICE_JOYPAD,
            index: 0,
            id,
            description: text.as_ptr(),
        })
        .collect();
    descriptors.push(InputDescriptor {
        port: 0,
        device: 0,
        index: 0,
        id: 0,
        description: std::ptr::null(),
    });
    environment(env::SET_INPUT_DESCRIPTORS, descriptors.as_mut_ptr().cast());
}

/// RetroArch's keyboard: a key pressed types its G7000 key in the next frame.
extern "C" fn keyboard_event(down: bool, keycode: c_uint, _character: u32, modifiers: u16) {
    guarded((), || {
        let mode = Keyboard::from_byte(KEYBOARD.load(Ordering::Relaxed));
        let taken = match mode {
            Keyboard::Off => true,
            Keyboard::NotThePads => keys::on_default_pad(keycode),
            Keyboard::All => false,
        };
        if down
            && !taken
            && let Some(key) = keys::g7000_key(keycode, modifiers & KMOD_SHIFT != 0)
        {
            lock(&TYPED).push(Event::Key(key));
        }
    })
}

/// The content: `None` for none (the built-in ROM), else the ROM's bytes.
///
/// # Safety
/// `game` is null or a `retro_game_info` whose `data` holds `size` bytes (or is null, and
/// `path` names the file).
unsafe fn content(game: *const GameInfo) -> Result<Option<Vec<u8>>, String> {
    // SAFETY: the caller's promise.
    let Some(game) = (unsafe { game.as_ref() }) else {
        return Ok(None);
    };
    if !game.data.is_null() {
        // SAFETY: the front end gives `size` bytes at `data` for this call.
        let bytes = unsafe { std::slice::from_raw_parts(game.data.cast::<u8>(), game.size) };
        return Ok(Some(bytes.to_vec()));
    }
    // SAFETY: the caller's promise.
    match unsafe { options::text(game.path) } {
        Some(path) => c7010::files::read(std::path::Path::new(&path), ROM_IMAGE)
            .map(Some)
            .map_err(|e| e.to_string()),
        None => Ok(None),
    }
}

/// # Safety
/// `game` is null or a `retro_game_info` whose `data` holds `size` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn retro_load_game(game: *const GameInfo) -> bool {
    guarded(false, || {
        let mut format = PIXEL_FORMAT_XRGB8888;
        if !environment(env::SET_PIXEL_FORMAT, (&raw mut format).cast()) {
            say(LOG_ERROR, "the front end has no XRGB8888 picture");
            return false;
        }
        // SAFETY: the front end's promise for `retro_load_game`'s argument.
        let rom = match unsafe { content(game) } {
            Ok(rom) => rom,
            Err(why) => {
                say(LOG_ERROR, &why);
                return false;
            }
        };
        describe_buttons();
        let mut callback = KeyboardCallback {
            callback: keyboard_event,
        };
        environment(env::SET_KEYBOARD_CALLBACK, (&raw mut callback).cast());
        start(rom)
    })
}

/// Starts the console with the options as they are now.
fn start(rom: Option<Vec<u8>>) -> bool {
    let options = read_options();
    KEYBOARD.store(options.keyboard.to_byte(), Ordering::Relaxed);
    lock(&TYPED).clear();
    let which = match &rom {
        None => "the built-in ROM".to_string(),
        Some(rom) => format!("a ROM of {} bytes", rom.len()),
    };
    match Core::new(rom, options.start) {
        Ok(core) => {
            say(LOG_INFO, &format!("the module runs {which}"));
            *lock(&SESSION) = Some(Session {
                core: Some(core),
                options,
                checkpoints: Checkpoints::default(),
            });
            true
        }
        Err(why) => {
            say(LOG_ERROR, &why);
            false
        }
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_load_game_special(
    _type: c_uint,
    _info: *const GameInfo,
    _num: usize,
) -> bool {
    false
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_unload_game() {
    guarded((), || {
        if let Some(session) = lock(&SESSION).as_mut() {
            session.core = None;
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_reset() {
    guarded((), || {
        let rom = lock(&SESSION)
            .as_ref()
            .and_then(|s| s.core.as_ref())
            .map(|c| c.rom().map(<[u8]>::to_vec));
        if let Some(rom) = rom {
            start(rom);
        }
    })
}

/// The frame's input from the front end: the pad, the pointer, the keys typed, the options
/// changed.
fn frame_input(options: &mut Options) -> FrameInput {
    let fe = frontend();
    if let Some(poll) = fe.input_poll {
        // SAFETY: the front end's callback.
        unsafe { poll() };
    }
    let state = |device, id| match fe.input_state {
        // SAFETY: the front end's callback, with a port, device, index and id it defines.
        Some(state) => unsafe { state(0, device, 0, id) },
        None => 0,
    };
    let pad = (0..joypad::COUNT)
        .filter(|&id| state(DEVICE_JOYPAD, id) != 0)
        .fold(0u16, |m, id| m | 1 << id);
    let pointer = Pointer {
        x: state(DEVICE_POINTER, POINTER_X),
        y: state(DEVICE_POINTER, POINTER_Y),
        pressed: state(DEVICE_POINTER, POINTER_PRESSED) != 0,
    };
    let mut events = std::mem::take(&mut *lock(&TYPED));
    let mut updated = false;
    if environment(env::GET_VARIABLE_UPDATE, (&raw mut updated).cast()) && updated {
        let new = read_options();
        events.extend(options::changes(options, &new));
        KEYBOARD.store(new.keyboard.to_byte(), Ordering::Relaxed);
        *options = new;
    }
    FrameInput {
        pad,
        pointer,
        events,
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_run() {
    guarded((), || {
        let Some(mut options) = lock(&SESSION).as_ref().map(|s| s.options) else {
            return;
        };
        // The input is read with no lock held: the front end calls the keyboard callback
        // from its input poll.
        let input = frame_input(&mut options);
        let mut session = lock(&SESSION);
        let Some(session) = session.as_mut() else {
            return;
        };
        session.options = options;
        let Some(core) = session.core.as_mut() else {
            return;
        };
        core.run(&input);
        session.checkpoints.as_it_runs(core);
        let fe = frontend();
        if let Some(video) = fe.video {
            // SAFETY: WIDTH x HEIGHT XRGB8888 pixels, a line WIDTH * 4 bytes, alive for the call.
            unsafe {
                video(
                    core.video.as_ptr().cast(),
                    WIDTH as c_uint,
                    HEIGHT as c_uint,
                    WIDTH * 4,
                )
            };
        }
        if let Some(audio) = fe.audio_batch {
            // SAFETY: SAMPLES_PER_FRAME stereo frames of i16, alive for the call.
            unsafe { audio(core.audio.as_ptr(), SAMPLES_PER_FRAME) };
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_serialize_size() -> usize {
    state::STATE_SIZE
}

/// # Safety
/// `data` is null or holds `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn retro_serialize(data: *mut c_void, size: usize) -> bool {
    guarded(false, || {
        let mut session = lock(&SESSION);
        let Some(Session {
            core: Some(core),
            checkpoints,
            ..
        }) = session.as_mut()
        else {
            return false;
        };
        if data.is_null() {
            return false;
        }
        // SAFETY: the front end gives `size` writable bytes at `data` for this call.
        let out = unsafe { std::slice::from_raw_parts_mut(data.cast::<u8>(), size) };
        match state::save(core, out) {
            Ok(()) => {
                checkpoints.at_state(core);
                true
            }
            Err(why) => {
                say(LOG_ERROR, &format!("no state: {why}"));
                false
            }
        }
    })
}

/// # Safety
/// `data` is null or holds `size` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn retro_unserialize(data: *const c_void, size: usize) -> bool {
    guarded(false, || {
        if data.is_null() {
            return false;
        }
        // SAFETY: the front end gives `size` readable bytes at `data` for this call.
        let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), size) };
        let mut session = lock(&SESSION);
        let Some(Session {
            core: Some(core),
            checkpoints,
            ..
        }) = session.as_mut()
        else {
            return false;
        };
        let rom = core.rom().map(<[u8]>::to_vec);
        match state::restore(bytes, rom, checkpoints) {
            Ok(mut restored) => {
                // The front end may hold the last frame's pointer past this call
                // (RetroArch may read its cached frame later: a screenshot, run-ahead): the
                // restored picture goes into that same buffer, which lives on.
                core.video.copy_from_slice(&restored.video);
                restored.video = std::mem::take(&mut core.video);
                *core = restored;
                true
            }
            Err(why) => {
                say(LOG_ERROR, &format!("state not restored: {why}"));
                false
            }
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_cheat_reset() {}

#[unsafe(no_mangle)]
pub extern "C" fn retro_cheat_set(_index: c_uint, _enabled: bool, _code: *const c_char) {}

#[unsafe(no_mangle)]
pub extern "C" fn retro_get_region() -> c_uint {
    REGION_PAL
}

/// No memory is offered to the front end: the module's RAM is in the states.
#[unsafe(no_mangle)]
pub extern "C" fn retro_get_memory_data(_id: c_uint) -> *mut c_void {
    std::ptr::null_mut()
}

#[unsafe(no_mangle)]
pub extern "C" fn retro_get_memory_size(_id: c_uint) -> usize {
    0
}
