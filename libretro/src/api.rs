//! The part of `libretro.h` (API version 1) this core uses: the structures the front end
//! and the core exchange, the callbacks' types and the constants, written from the header's
//! definitions.

use std::ffi::{c_char, c_uint, c_void};

/// `RETRO_API_VERSION`.
pub const API_VERSION: c_uint = 1;

/// `RETRO_DEVICE_JOYPAD`.
pub const DEVICE_JOYPAD: c_uint = 1;
/// `RETRO_DEVICE_POINTER`.
pub const DEVICE_POINTER: c_uint = 6;

/// `RETRO_DEVICE_ID_JOYPAD_*`: the buttons, in the header's order (B = 0 ... R3 = 15).
pub mod joypad {
    pub const B: u32 = 0;
    pub const Y: u32 = 1;
    pub const SELECT: u32 = 2;
    pub const START: u32 = 3;
    pub const UP: u32 = 4;
    pub const DOWN: u32 = 5;
    pub const LEFT: u32 = 6;
    pub const RIGHT: u32 = 7;
    pub const A: u32 = 8;
    pub const X: u32 = 9;
    pub const L: u32 = 10;
    pub const R: u32 = 11;
    pub const L2: u32 = 12;
    pub const R2: u32 = 13;
    /// Buttons read each frame.
    pub const COUNT: u32 = 14;
}

/// `RETRO_DEVICE_ID_POINTER_X`, `_Y`, `_PRESSED`.
pub const POINTER_X: c_uint = 0;
pub const POINTER_Y: c_uint = 1;
pub const POINTER_PRESSED: c_uint = 2;

/// `RETRO_ENVIRONMENT_*`.
pub mod env {
    use std::ffi::c_uint;
    pub const SET_PIXEL_FORMAT: c_uint = 10;
    pub const SET_INPUT_DESCRIPTORS: c_uint = 11;
    pub const SET_KEYBOARD_CALLBACK: c_uint = 12;
    pub const GET_VARIABLE: c_uint = 15;
    pub const SET_VARIABLES: c_uint = 16;
    pub const GET_VARIABLE_UPDATE: c_uint = 17;
    pub const SET_SUPPORT_NO_GAME: c_uint = 18;
    pub const GET_LOG_INTERFACE: c_uint = 27;
}

/// `RETRO_PIXEL_FORMAT_XRGB8888`.
pub const PIXEL_FORMAT_XRGB8888: c_uint = 1;
/// `RETRO_REGION_PAL`.
pub const REGION_PAL: c_uint = 1;
/// `RETRO_LOG_INFO`, `RETRO_LOG_ERROR`.
pub const LOG_INFO: c_uint = 1;
pub const LOG_ERROR: c_uint = 3;
/// `RETROKMOD_SHIFT`.
pub const KMOD_SHIFT: u16 = 0x01;

pub type EnvironmentFn = unsafe extern "C" fn(cmd: c_uint, data: *mut c_void) -> bool;
pub type VideoRefreshFn =
    unsafe extern "C" fn(data: *const c_void, width: c_uint, height: c_uint, pitch: usize);
pub type AudioSampleFn = unsafe extern "C" fn(left: i16, right: i16);
pub type AudioSampleBatchFn = unsafe extern "C" fn(data: *const i16, frames: usize) -> usize;
pub type InputPollFn = unsafe extern "C" fn();
pub type InputStateFn =
    unsafe extern "C" fn(port: c_uint, device: c_uint, index: c_uint, id: c_uint) -> i16;
pub type KeyboardEventFn =
    unsafe extern "C" fn(down: bool, keycode: c_uint, character: u32, key_modifiers: u16);
/// `retro_log_printf_t`: printf-style; the core passes `"%s"` and one string.
pub type LogPrintfFn = unsafe extern "C" fn(level: c_uint, fmt: *const c_char, ...);

/// `struct retro_system_info`.
#[repr(C)]
pub struct SystemInfo {
    pub library_name: *const c_char,
    pub library_version: *const c_char,
    pub valid_extensions: *const c_char,
    pub need_fullpath: bool,
    pub block_extract: bool,
}

/// `struct retro_game_geometry`.
#[repr(C)]
pub struct GameGeometry {
    pub base_width: c_uint,
    pub base_height: c_uint,
    pub max_width: c_uint,
    pub max_height: c_uint,
    pub aspect_ratio: f32,
}

/// `struct retro_system_timing`.
#[repr(C)]
pub struct SystemTiming {
    pub fps: f64,
    pub sample_rate: f64,
}

/// `struct retro_system_av_info`.
#[repr(C)]
pub struct SystemAvInfo {
    pub geometry: GameGeometry,
    pub timing: SystemTiming,
}

/// `struct retro_game_info`.
#[repr(C)]
pub struct GameInfo {
    pub path: *const c_char,
    pub data: *const c_void,
    pub size: usize,
    pub meta: *const c_char,
}

/// `struct retro_variable`.
#[repr(C)]
pub struct Variable {
    pub key: *const c_char,
    pub value: *const c_char,
}

/// `struct retro_input_descriptor`.
#[repr(C)]
pub struct InputDescriptor {
    pub port: c_uint,
    pub device: c_uint,
    pub index: c_uint,
    pub id: c_uint,
    pub description: *const c_char,
}

/// `struct retro_keyboard_callback`.
#[repr(C)]
pub struct KeyboardCallback {
    pub callback: KeyboardEventFn,
}

/// `struct retro_log_callback`.
#[repr(C)]
pub struct LogCallback {
    pub log: Option<LogPrintfFn>,
}
