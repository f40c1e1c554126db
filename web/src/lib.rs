//! The c7010 module in a web page: the library's console (`page`) behind a small C-style
//! interface that `web/index.html` calls from JavaScript. No binding generator: numbers go
//! in and out as they are, text and bytes through buffers in the module's memory (the page
//! asks for one with `c7010_alloc`, writes into it, and the call frees it; text comes back
//! in the `c7010_out` buffer). The page gives one function, `env.now_ms` (the host's clock
//! in milliseconds), which the standard library lacks in a browser.

mod page;

use std::cell::RefCell;
use std::time::Duration;

use page::{Link, Page};

thread_local! {
    /// The console, once started.
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
    /// The last text or bytes handed back to the page.
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last sound samples handed back to the page.
    static SOUND: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
}

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The host's clock, in milliseconds (`performance.now()`).
    fn now_ms() -> f64;
}

/// Takes the `len` bytes the page wrote at `ptr` (a buffer from [`c7010_alloc`]).
///
/// # Safety
/// `ptr` and `len` are those of one `c7010_alloc` call, not used again.
unsafe fn take(ptr: *mut u8, len: usize) -> Vec<u8> {
    if ptr.is_null() || len == 0 {
        return Vec::new();
    }
    // SAFETY: made by `c7010_alloc` with this length and capacity.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// Puts `bytes` in the out buffer; returns their length.
fn give(bytes: Vec<u8>) -> usize {
    let len = bytes.len();
    OUT.with(|o| *o.borrow_mut() = bytes);
    len
}

/// Runs `f` on the started page (`default` before the start).
fn with_page<T>(default: T, f: impl FnOnce(&mut Page) -> T) -> T {
    PAGE.with(|p| p.borrow_mut().as_mut().map_or(default, f))
}

/// A buffer of `len` bytes for the page to write into.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_alloc(len: usize) -> *mut u8 {
    let mut buffer = vec![0u8; len].into_boxed_slice();
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Where the last text or bytes handed back are.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_out() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// Starts (or starts again) the console: the kept game (saved-game text, may be empty), a
/// ROM image when `has_rom` (else the built-in one; an empty file is refused) and the
/// page's link (`level`, `colour` and `fen` of its address, as three lines; a link's game
/// replaces the kept one). 1 when started; 2 when started but the kept game could not be
/// read (a new game began; why in the out buffer, its length from [`c7010_out_len`]); 0
/// and the reason in the out buffer when not started, the console running before going on.
///
/// # Safety
/// The buffers come from [`c7010_alloc`] with these lengths.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn c7010_start(
    kept: *mut u8,
    kept_len: usize,
    rom: *mut u8,
    rom_len: usize,
    has_rom: u32,
    link: *mut u8,
    link_len: usize,
) -> u32 {
    // SAFETY: as the caller promises.
    let (kept, rom, link) = unsafe {
        (
            take(kept, kept_len),
            take(rom, rom_len),
            take(link, link_len),
        )
    };
    let kept = String::from_utf8_lossy(&kept);
    let rom = (has_rom != 0).then_some(rom.as_slice());
    let link = String::from_utf8_lossy(&link);
    let mut fields = link.split('\n').map(str::to_string);
    let link = Link {
        level: fields.next().unwrap_or_default(),
        colour: fields.next().unwrap_or_default(),
        fen: fields.next().unwrap_or_default(),
    };
    match Page::start(Some(&kept), rom, &link) {
        Ok(page) => {
            let unreadable = page.unreadable.clone();
            PAGE.with(|p| *p.borrow_mut() = Some(page));
            match unreadable {
                Some(why) => {
                    give(why.into_bytes());
                    2
                }
                None => 1,
            }
        }
        Err(why) => {
            give(why.into_bytes());
            0
        }
    }
}

/// The length of the out buffer.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// A key press by its `KeyboardEvent.code` name; 1 when it is a G7000 key.
///
/// # Safety
/// The buffer comes from [`c7010_alloc`] with this length.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn c7010_key(code: *mut u8, code_len: usize, shift: u32) -> u32 {
    // SAFETY: as the caller promises.
    let code = unsafe { take(code, code_len) };
    let code = String::from_utf8_lossy(&code);
    with_page(0, |page| u32::from(page.key(&code, shift != 0)))
}

/// A key of the on-screen keyboard by its `data-key` name; 1 when it is one.
///
/// # Safety
/// The buffer comes from [`c7010_alloc`] with this length.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn c7010_button(name: *mut u8, name_len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let name = unsafe { take(name, name_len) };
    let name = String::from_utf8_lossy(&name);
    with_page(0, |page| u32::from(page.button(&name)))
}

/// Escape: from a help page back to the game.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_escape() {
    with_page((), Page::escape);
}

/// A point of the picture pressed (a tap, a click, a pen), in frame pixels (360 x 243);
/// outside it is off the board.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_point(x: f64, y: f64) {
    with_page((), |page| page.point(x, y));
}

/// Runs one display frame for `elapsed_ms` of real time (at MAX, `budget_ms` of host time),
/// then draws: 1 when the picture changed (read it at [`c7010_pixels`]).
#[unsafe(no_mangle)]
pub extern "C" fn c7010_frame(elapsed_ms: f64, budget_ms: f64) -> u32 {
    let ms = |m: f64| Duration::from_secs_f64(m.clamp(0.0, 1000.0) / 1000.0);
    with_page(0, |page| {
        // SAFETY: the page's clock takes no arguments and has no preconditions.
        page.frame(ms(elapsed_ms), ms(budget_ms), || unsafe { now_ms() });
        match page.draw() {
            Ok(changed) => u32::from(changed),
            Err(_) => 0,
        }
    })
}

/// The picture: 360 x 243 RGBA pixels.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_pixels() -> *const u8 {
    with_page(std::ptr::null(), |page| page.rgba.as_ptr())
}

/// Puts a text in the out buffer and returns its length: 0 the movetext, 1 the PGN, 2 the
/// game to keep (saved-game text, empty for none), 3 the status line, 4 the game as a
/// link's fields (level, colour and FEN, one a line).
#[unsafe(no_mangle)]
pub extern "C" fn c7010_text(which: u32) -> usize {
    let text = with_page(String::new(), |page| match which {
        0 => page.movetext(),
        1 => page.pgn(),
        2 => page.kept(),
        4 => page.link(),
        _ => page.status(),
    });
    give(text.into_bytes())
}

/// Renders the next `samples` samples of sound at `sample_rate`; returns where they are
/// (as many as asked, at most a second's).
#[unsafe(no_mangle)]
pub extern "C" fn c7010_sound(sample_rate: u32, samples: usize) -> *const f32 {
    let rendered = with_page(Vec::new(), |page| page.sound(sample_rate, samples));
    SOUND.with(|s| {
        *s.borrow_mut() = rendered;
        s.borrow().as_ptr()
    })
}

/// The module's T-states so far, for the speed measurement.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_t_states() -> f64 {
    with_page(0.0, |page| page.module_time().0 as f64)
}

/// 1 while the module thinks on its move.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_thinking() -> u32 {
    with_page(0, |page| u32::from(page.thinking()))
}

/// The module's clock rate in Hz.
#[unsafe(no_mangle)]
pub extern "C" fn c7010_clock_hz() -> f64 {
    with_page(0.0, |page| page.module_time().1)
}
