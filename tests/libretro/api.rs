//! The core's C API as a front end drives it: the contract, cycles of loading, save states
//! against the run that never stopped (byte for byte: picture, sound, machine), a move with
//! the pad alone, bad input refused.

use std::ffi::{CStr, c_char, c_uint, c_void};
use std::time::Instant;

use c7010::console::layout::square_at;
use c7010::machine::PAL_FRAME_HZ;
use c7010::vdc::palette::rgb;

use crate::frontend::{Session, call, exclusive, host};

const A: u16 = 1 << 8;
const B: u16 = 1;
const Y: u16 = 1 << 1;
const START: u16 = 1 << 3;
const UP: u16 = 1 << 4;
const LEFT: u16 = 1 << 6;

/// White to play, level 2, the console asks nothing.
const WHITE_LEVEL_2: [(&str, &str); 2] = [("c7010_colour", "white"), ("c7010_level", "2")];

#[repr(C)]
struct SystemInfo {
    name: *const c_char,
    version: *const c_char,
    extensions: *const c_char,
    need_fullpath: bool,
    block_extract: bool,
}

#[repr(C)]
#[derive(Default)]
struct AvInfo {
    base_width: c_uint,
    base_height: c_uint,
    max_width: c_uint,
    max_height: c_uint,
    aspect: f32,
    fps: f64,
    sample_rate: f64,
}

#[test]
fn the_core_keeps_the_libretro_contract() {
    let _one = exclusive();
    assert_eq!(
        call!("retro_api_version": unsafe extern "C" fn() -> c_uint),
        1
    );
    let mut info = SystemInfo {
        name: std::ptr::null(),
        version: std::ptr::null(),
        extensions: std::ptr::null(),
        need_fullpath: true,
        block_extract: true,
    };
    call!("retro_get_system_info": unsafe extern "C" fn(*mut SystemInfo), &mut info);
    let text = |p| unsafe { CStr::from_ptr(p) }.to_str().unwrap();
    assert_eq!(text(info.name), "C7010");
    assert_eq!(text(info.extensions), "bin");
    assert!(!info.need_fullpath);

    let core = Session::start(&[], None).expect("the core starts with no content");
    let mut av = AvInfo::default();
    call!("retro_get_system_av_info": unsafe extern "C" fn(*mut AvInfo), &mut av);
    assert_eq!((av.base_width, av.base_height), (360, 243));
    assert_eq!((av.max_width, av.max_height), (360, 243));
    assert!(
        (av.fps - PAL_FRAME_HZ).abs() < 1e-9 && (av.fps - 49.7015).abs() < 1e-3,
        "{}",
        av.fps
    );
    assert!(
        (av.sample_rate - 888.0 * av.fps).abs() < 1e-6,
        "{}",
        av.sample_rate
    );
    assert!((1.4..1.6).contains(&av.aspect), "{}", av.aspect);
    assert_eq!(
        call!("retro_get_region": unsafe extern "C" fn() -> c_uint),
        1,
        "PAL"
    );

    let size = core.serialize_size();
    core.run(3);
    {
        let h = host();
        let h = h.as_ref().unwrap();
        assert_eq!(h.pixel_format, Some(1), "XRGB8888");
        assert!(h.no_game, "no content needed");
        assert_eq!(h.size, (360, 243, 360 * 4));
        assert_eq!(h.video_calls, 3, "one picture a frame");
        assert_eq!(h.audio.len(), 888 * 2, "888 stereo samples a frame");
        let buttons: Vec<u32> = h.descriptors.iter().map(|d| d.0).collect();
        for id in 0..14 {
            assert!(
                buttons.contains(&id),
                "button {id} is named: {:?}",
                h.descriptors
            );
        }
        let keys: Vec<&str> = h.options_declared.iter().map(|o| o.0.as_str()).collect();
        assert_eq!(
            keys,
            [
                "c7010_colour",
                "c7010_level",
                "c7010_speed",
                "c7010_turned",
                "c7010_keyboard"
            ]
        );
        assert!(h.keyboard.is_some(), "a keyboard callback");
    }
    core.run(20);
    assert_eq!(core.serialize_size(), size, "one state size");
    assert_eq!(core.serialize().len(), size);
}

/// The process's resident memory in KiB (Linux; 0 elsewhere).
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn cycles_of_load_run_and_unload_give_the_same_frames_and_keep_no_memory() {
    let _one = exclusive();
    let mut first = None;
    let mut resident = Vec::new();
    for _ in 0..16 {
        let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
        let mut frames = core.run(10);
        frames.extend(core.press(UP));
        frames.extend(core.run(10));
        match &first {
            None => first = Some(frames),
            Some(f) => assert_eq!(&frames, f),
        }
        drop(core);
        resident.push(resident_kib());
    }
    // A core and its picture are some 500 KiB: twelve kept would show.
    let grown = resident[15].saturating_sub(resident[3]);
    eprintln!("resident memory after each cycle, KiB: {resident:?}");
    assert!(
        grown < 3 * 1024,
        "memory grew by {grown} KiB over 12 cycles: {resident:?}"
    );
}

#[test]
fn a_rom_given_as_content_plays_and_keeps_its_own_states() {
    let _one = exclusive();
    let rom = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/roms/c7010.bin")).unwrap();
    let builtin_state = {
        let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
        core.run(3);
        core.serialize()
    };
    let core = Session::start(&WHITE_LEVEL_2, Some(&rom)).expect("the ROM as content");
    core.run(2);
    e2_e4_with_the_pad(&core);
    assert!(
        white_on_squares(&core.picture())[28] > 50,
        "1. e4 with the ROM given"
    );
    let state = core.serialize();
    let after = core.run(20);
    assert!(core.unserialize(&state));
    assert!(core.run(20) == after);
    assert!(
        !core.unserialize(&builtin_state),
        "a state of the built-in ROM is another ROM's"
    );
}

/// Plays 1. e4 with the pad: A on the cursor's first square (E2) chooses the pawn, two steps
/// up, A again enters the move.
fn e2_e4_with_the_pad(core: &Session) {
    core.press(A);
    core.press(UP);
    core.press(UP);
    core.press(A);
}

/// White pixels (the white pieces' colour) on each square of the picture.
fn white_on_squares(picture: &[u32]) -> [usize; 64] {
    colour_on_squares(picture, 15)
}

/// Pixels of the black pieces' colour (palette 11) on each square of the picture.
fn black_on_squares(picture: &[u32]) -> [usize; 64] {
    colour_on_squares(picture, 11)
}

/// Pixels of palette colour `index` on each square of the picture.
fn colour_on_squares(picture: &[u32], index: u8) -> [usize; 64] {
    let mut counts = [0; 64];
    for (i, &p) in picture.iter().enumerate() {
        if p == rgb(index)
            && let Some(square) = square_at(i % 360, i / 360, false)
        {
            counts[square] += 1;
        }
    }
    counts
}

#[test]
fn a_move_is_played_with_the_pad_alone() {
    let _one = exclusive();
    // The console asks the colour (YES: Y) and the level (ENTER: START keeps 2).
    let core = Session::start(&[], None).unwrap();
    core.run(2);
    core.press(Y);
    core.press(START);
    let before = white_on_squares(&core.picture());
    e2_e4_with_the_pad(&core);
    // B cancels nothing now; the module thinks.
    core.press(B);
    let after = white_on_squares(&core.picture());
    let (e2, e4) = (12, 28);
    assert!(
        before[e2] > 50 && before[e4] == 0,
        "{} {}",
        before[e2],
        before[e4]
    );
    assert!(
        after[e2] < 20 && after[e4] > 50,
        "the pawn went to E4: {} {}",
        after[e2],
        after[e4]
    );
}

/// Runs on from a state `frames` frames, returns the frames and the state at the end; then
/// restores the state, runs the same frames again and requires the same: every picture and
/// sound, and the state at the end (the module's RAM and CPU, the screen, the inputs).
fn restored_runs_on_as_the_run_that_never_stopped(core: &Session, frames: usize, what: &str) {
    let written = Instant::now();
    let state = core.serialize();
    let written = written.elapsed();
    let continuous = core.run(frames);
    let end = core.serialize();
    let started = Instant::now();
    assert!(core.unserialize(&state), "{what}: the state is restored");
    let restore = started.elapsed();
    let replayed = core.run(frames);
    assert!(
        continuous == replayed,
        "{what}: the frames after the restore differ"
    );
    assert!(
        core.serialize() == end,
        "{what}: the state at the end differs"
    );
    eprintln!("{what}: written in {written:?}, restored in {restore:?}, {frames} frames identical");
}

/// RetroArch may read the last frame it was given again after later calls (a screenshot,
/// the picture run-ahead shows, its menu's background), so a restore must not free it: the
/// frames after a restore are drawn in the buffer the frames before it were.
#[test]
fn the_picture_stays_where_the_front_end_was_given_it_across_a_restore() {
    let _one = exclusive();
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    core.run(1);
    let at = core.picture_at();
    let state = core.serialize();
    core.run(10);
    assert_eq!(core.picture_at(), at, "one buffer while the core runs");
    assert!(core.unserialize(&state));
    core.run(1);
    assert_eq!(core.picture_at(), at, "the same buffer after the restore");
}

#[test]
fn a_restored_state_runs_on_byte_for_byte_as_the_run_that_never_stopped() {
    let _one = exclusive();
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    core.run(1);
    restored_runs_on_as_the_run_that_never_stopped(&core, 30, "after 1 frame");
    // 1. a3, out of the module's book: it thinks on its reply (level 2, some 10 s at 1X).
    a2_a3_with_the_pad(&core);
    let a3 = white_on_squares(&core.picture());
    assert!(a3[8] < 20 && a3[16] > 50, "1. a3 was played");
    // 2 s into the thought: Black has not moved.
    let black_at_start = black_on_squares(&core.picture());
    assert!(black_at_start[60] > 50, "the black king on E8");
    core.run(100);
    assert_eq!(
        black_on_squares(&core.picture()),
        black_at_start,
        "the module still thinks"
    );
    restored_runs_on_as_the_run_that_never_stopped(&core, 60, "mid-thought");
    core.set_option("c7010_speed", "MAX");
    let started = Instant::now();
    core.run(60);
    eprintln!("60 frames at MAX took {:?}", started.elapsed());
    let before = white_on_squares(&core.picture());
    assert_ne!(
        black_on_squares(&core.picture()),
        black_at_start,
        "the module has moved"
    );
    core.set_option("c7010_speed", "1X");
    core.run(1);
    restored_runs_on_as_the_run_that_never_stopped(&core, 30, "after the module's move");
    // Still the same game: the pawn on A3.
    assert!(before[16] > 50);
}

#[test]
fn bad_input_is_refused_without_a_panic() {
    let _one = exclusive();
    assert!(
        Session::start(&[], Some(&[0xFF; 100])).is_none(),
        "a ROM that does not play"
    );
    assert!(
        Session::start(&[], Some(&vec![0; 70_000])).is_none(),
        "a ROM too large"
    );
    let core = Session::start(&[], None).unwrap();
    core.run(2);
    let state = core.serialize();
    assert!(!core.unserialize(&state[..100]), "a state cut short");
    let mut garbage = state.clone();
    garbage[20] ^= 0x55;
    assert!(!core.unserialize(&garbage), "a damaged state");
    assert!(!core.unserialize(&vec![0; state.len()]), "zeros");
    let refused = call!("retro_unserialize": unsafe extern "C" fn(*const c_void, usize) -> bool, std::ptr::null(), state.len());
    assert!(!refused, "a null state");
    let mut small = vec![0u8; 16];
    let written = call!("retro_serialize": unsafe extern "C" fn(*mut c_void, usize) -> bool, small.as_mut_ptr().cast(), small.len());
    assert!(!written, "a buffer too small");
    assert!(core.unserialize(&state), "the good state still loads");
}

/// RetroArch's pointer coordinates (-0x7fff..0x7fff across the picture) of frame pixel
/// (`x`, `y`).
fn pointer_at(x: usize, y: usize) -> (i16, i16) {
    let to = |p: usize, size: usize| ((p as f64 + 0.5) * 65535.0 / size as f64 - 32767.0) as i16;
    (to(x, 360), to(y, 243))
}

/// A touch (or click) of RetroArch's pointer at frame pixel (`x`, `y`).
fn touch(core: &Session, x: usize, y: usize) {
    let (px, py) = pointer_at(x, y);
    host().as_mut().unwrap().pointer = (px, py, true);
    core.run(1);
    host().as_mut().unwrap().pointer = (px, py, false);
    core.run(1);
}

/// The middle of a square on the picture (the board not turned).
fn middle_of(square: usize) -> (usize, usize) {
    let pixels: Vec<(usize, usize)> = (0..360 * 243)
        .map(|i| (i % 360, i / 360))
        .filter(|&(x, y)| square_at(x, y, false) == Some(square))
        .collect();
    let n = pixels.len();
    let (sx, sy) = pixels.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
    (sx / n, sy / n)
}

#[test]
fn the_pointer_plays_on_the_board_and_on_the_g7000_keyboard() {
    let _one = exclusive();
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    core.run(2);
    // A touch on the pawn, then on its target.
    let (e2, e4) = (middle_of(12), middle_of(28));
    touch(&core, e2.0, e2.1);
    touch(&core, e4.0, e4.1);
    let board = white_on_squares(&core.picture());
    assert!(board[12] < 20 && board[28] > 50, "1. e4 by touch");

    // SELECT shows the G7000's keys; touches type D 2 D 4 ENTER (after the module's reply,
    // from its book, in a few frames).
    core.run(50);
    core.press(1 << 2);
    let cell = |row: usize, column: usize| (4 + column * 44 + 22, 133 + row * 18 + 9);
    for (row, column) in [(3, 2), (0, 2), (3, 2), (0, 4), (5, 7)] {
        let (x, y) = cell(row, column);
        touch(&core, x, y);
    }
    core.press(1 << 2);
    let board = white_on_squares(&core.picture());
    assert!(
        board[11] < 20 && board[27] > 50,
        "2. d4 typed on the screen's keys"
    );
}

/// White plays 1. a3 with the pad (out of the module's book: it thinks on its reply).
fn a2_a3_with_the_pad(core: &Session) {
    core.press(A);
    (0..4).for_each(|_| _ = core.press(LEFT));
    core.press(A);
    core.press(UP);
    core.press(A);
}

#[test]
fn a_state_is_restored_in_a_core_loaded_afresh_from_its_copies_or_from_the_start() {
    let _one = exclusive();
    let play = |core: &Session| {
        core.run(2);
        a2_a3_with_the_pad(core);
    };
    let (state, frames) = {
        let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
        play(&core);
        core.run(100);
        let state = core.serialize();
        (state, core.run(60))
    };
    // The same start and inputs, further on: the state's course is this core's until the
    // state's frame, so the restore replays from the copy kept a few frames before it.
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    play(&core);
    core.run(150);
    let started = Instant::now();
    assert!(core.unserialize(&state));
    eprintln!(
        "restored from a copy on its course in {:?}",
        started.elapsed()
    );
    assert!(
        core.run(60) == frames,
        "the same frames after a restore from a copy"
    );
    drop(core);
    // Another start: no copy is on the state's course; it replays from the start.
    let core = Session::start(&[("c7010_colour", "black")], None).unwrap();
    core.run(5);
    let started = Instant::now();
    assert!(core.unserialize(&state));
    eprintln!("restored from the start in {:?}", started.elapsed());
    assert!(
        core.run(60) == frames,
        "the same frames after a restore from the start"
    );
}

/// Types `keys` (RetroArch key codes) on the core's keyboard callback, a frame each.
fn type_keys(core: &Session, keys: &[u32]) {
    let keyboard = host()
        .as_ref()
        .unwrap()
        .keyboard
        .expect("a keyboard callback");
    for &key in keys {
        // SAFETY: the core's callback, as RetroArch calls it: down, key code, character, modifiers.
        unsafe { keyboard(true, key, key, 0) };
        core.run(1);
        unsafe { keyboard(false, key, key, 0) };
        core.run(1);
    }
}

#[test]
fn the_keyboard_types_the_g7000s_keys() {
    let _one = exclusive();
    let code = |c: char| c as u32;
    // By default the keys RetroArch gives to the pad are the pad's: Enter is START's, so the
    // move typed is entered with START.
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    core.run(2);
    type_keys(&core, &[code('e'), code('2'), code('e'), code('4'), 13]);
    assert!(
        white_on_squares(&core.picture())[28] == 0,
        "Enter is left to the pad"
    );
    core.press(START);
    assert!(white_on_squares(&core.picture())[28] > 50, "1. e4 typed");
    drop(core);
    // With every key: Enter types ENTER.
    let mut options = WHITE_LEVEL_2.to_vec();
    options.push(("c7010_keyboard", "all keys"));
    let core = Session::start(&options, None).unwrap();
    core.run(2);
    type_keys(&core, &[code('d'), code('2'), code('d'), code('4'), 13]);
    assert!(
        white_on_squares(&core.picture())[27] > 50,
        "1. d4 typed and entered"
    );
}

#[test]
fn l_and_r_change_the_level_and_reset_starts_again() {
    let _one = exclusive();
    let at_level_3 = {
        let core =
            Session::start(&[("c7010_colour", "white"), ("c7010_level", "3")], None).unwrap();
        core.run(6)
    };
    let core = Session::start(&WHITE_LEVEL_2, None).unwrap();
    let fresh = core.run(6);
    core.run(2);
    core.press(1 << 11);
    core.press(1 << 11);
    core.press(1 << 10);
    let raised = core.run(1);
    assert_eq!(
        raised.last(),
        at_level_3.last(),
        "R R L: level 3, as a start at level 3"
    );
    call!("retro_reset": unsafe extern "C" fn());
    assert_eq!(core.run(6), fresh, "reset: the frames of a fresh start");
}

#[test]
fn the_core_info_declares_what_the_tests_prove() {
    let info =
        std::fs::read_to_string(crate::frontend::core_path().with_extension("info")).unwrap();
    for line in [
        "supported_extensions = \"bin\"",
        "supports_no_game = \"true\"",
        "savestate = \"true\"",
        "savestate_features = \"deterministic\"",
        "corename = \"c7010\"",
    ] {
        assert!(info.lines().any(|l| l == line), "{line} in the core info");
    }
}
