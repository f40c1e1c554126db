//! The core's console: one [`Console`] with the guest engine, run one PAL frame at a time on
//! emulated time only, driven by the pad, the pointer and the keyboard through
//! [`ConsoleCommand`]s, its picture in XRGB8888 and its sound as a constant number of
//! samples a frame. Everything it does in a frame is a function of the inputs, so the
//! inputs since the start are a complete record of it (`log.rs`, `state.rs`).

use std::time::Duration;

use c7010::console::command::Step;
use c7010::console::game::side_to_move;
use c7010::console::keyboard::HostKeys;
use c7010::console::render::render_screen;
use c7010::console::sounds::{Cues, Sounds};
use c7010::console::{Colour, Console, ConsoleCommand, ConsoleOptions, G7000Key, Speed};
use c7010::engine::{Level, seat_guest};
use c7010::machine::{PAL_FRAME_HZ, PAL_FRAME_SECONDS, PAL_FRAME_T_STATES};
use c7010::vdc::palette::rgb;
use c7010::vdc::{HEIGHT, WIDTH};

use crate::api::joypad;
use crate::log::{Event, FrameInput, InputLog, Pointer};
use crate::osk::Osk;

/// Sound samples each frame: constant, so a frame's sound is as deterministic as its
/// picture. 888 samples a PAL frame is 44,134.9 samples a second.
pub const SAMPLES_PER_FRAME: usize = 888;

/// The sample rate the front end is told (exactly [`SAMPLES_PER_FRAME`] a frame).
pub fn sample_rate() -> f64 {
    SAMPLES_PER_FRAME as f64 * PAL_FRAME_HZ
}

/// The picture's shape on a PAL television: the 8244's 360 pixels at its 7.0938 MHz pixel
/// clock (master crystal / 2.5) span 50.75 us of the 52 us a 4:3 line shows, its 243 lines
/// 243 of a field's 288 visible ones.
pub fn aspect_ratio() -> f32 {
    let pixel_clock = c7010::machine::clock::PAL_MASTER_HZ / 2.5;
    let width = WIDTH as f64 / pixel_clock / 52e-6;
    let height = HEIGHT as f64 / 288.0;
    (4.0 / 3.0 * width / height) as f32
}

/// PAL frames the module thinks in one `retro_run` at speed MAX: a fixed multiple of real
/// time (the core keeps no host clock, so it stays deterministic), which a host that
/// emulates the thinking module at some 45 times real speed runs in half a frame's time.
pub const MAX_FRAMES: u32 = 24;

/// Frames a d-pad direction is held before it repeats, and the frames between repeats.
const REPEAT_AFTER: u16 = 15;
const REPEAT_EVERY: u16 = 4;

/// How the console starts: the core options read at load and at reset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    pub colour: Option<Colour>,
    pub level: Option<u8>,
    pub speed: Speed,
    pub turned: bool,
}

impl Default for Start {
    fn default() -> Self {
        Start {
            colour: None,
            level: None,
            speed: Speed::Real,
            turned: false,
        }
    }
}

/// The pad as the core reads it from frame to frame.
#[derive(Debug, Clone, Copy, Default)]
struct Pad {
    held: u16,
    /// Frames each d-pad direction (up, down, left, right) has been held.
    held_for: [u16; 4],
    pointer_was_pressed: bool,
}

/// The console in RetroArch.
pub struct Core {
    console: Console,
    rom: Option<Vec<u8>>,
    start: Start,
    pad: Pad,
    osk: Osk,
    cues: Cues,
    sounds: Sounds,
    frame: u32,
    log: InputLog,
    /// The picture, `WIDTH` x `HEIGHT` XRGB8888.
    pub video: Vec<u32>,
    /// The frame's sound: [`SAMPLES_PER_FRAME`] stereo pairs.
    pub audio: Vec<i16>,
}

/// A fresh console with the ROM (`None`: the built-in one), checked as `--rom` checks one:
/// the size of a ROM image, the module boots and plays.
fn fresh_console(rom: Option<&[u8]>, start: Start) -> Result<Console, String> {
    let engine = seat_guest(rom).map_err(|e| e.to_string())?;
    let options = ConsoleOptions {
        colour: start.colour,
        level: start.level,
        // RetroArch's states take the place of the saved game: the console writes no file.
        resume_file: None,
        pgn: None,
        host_keys: HostKeys::Page,
        ..ConsoleOptions::default()
    };
    let mut console = Console::new(Box::new(engine), options).map_err(|e| e.to_string())?;
    console.apply(ConsoleCommand::Speed(Some(start.speed)));
    if start.turned {
        console.apply(ConsoleCommand::Flip);
    }
    Ok(console)
}

impl Core {
    /// The console started as `start` says, with the ROM (`None`: the built-in one).
    pub fn new(rom: Option<Vec<u8>>, start: Start) -> Result<Core, String> {
        let console = fresh_console(rom.as_deref(), start)?;
        let mut cues = Cues::default();
        cues.effects(0, console.game().moves().len(), true);
        let mut core = Core {
            console,
            rom,
            start,
            pad: Pad::default(),
            osk: Osk::default(),
            cues,
            sounds: Sounds::new(sample_rate().round() as u32),
            frame: 0,
            log: InputLog::default(),
            video: vec![0; WIDTH * HEIGHT],
            audio: vec![0; SAMPLES_PER_FRAME * 2],
        };
        core.draw();
        Ok(core)
    }

    /// A copy that goes on exactly as this core would, without its picture (a checkpoint:
    /// `checkpoints.rs`); `None` if the console cannot be copied.
    pub fn checkpoint(&self) -> Option<Core> {
        Some(Core {
            console: self.console.try_clone()?,
            rom: self.rom.clone(),
            start: self.start,
            pad: self.pad,
            osk: self.osk,
            cues: self.cues.clone(),
            sounds: self.sounds.clone(),
            frame: self.frame,
            log: self.log.clone(),
            video: Vec::new(),
            audio: self.audio.clone(),
        })
    }

    /// A running core from a checkpoint: its copy, with its picture drawn.
    pub fn resume(checkpoint: &Core) -> Option<Core> {
        let mut core = checkpoint.checkpoint()?;
        core.video = vec![0; WIDTH * HEIGHT];
        core.draw();
        Some(core)
    }

    /// The console.
    pub fn console(&self) -> &Console {
        &self.console
    }

    /// The ROM given as content, if any.
    pub fn rom(&self) -> Option<&[u8]> {
        self.rom.as_deref()
    }

    /// How it started.
    pub fn start(&self) -> Start {
        self.start
    }

    /// Frames run since the start.
    pub fn frames(&self) -> u32 {
        self.frame
    }

    /// The inputs since the start.
    pub fn log(&self) -> &InputLog {
        &self.log
    }

    /// The module's machine state (RAM, CPU, clock) as the library saves it.
    pub fn machine_state(&mut self) -> Vec<u8> {
        self.console
            .engine_machine()
            .map(|m| m.save_state())
            .unwrap_or_default()
    }

    /// One `retro_run`: the input recorded, the frame run, the picture drawn.
    pub fn run(&mut self, input: &FrameInput) {
        self.run_silently(input);
        self.draw();
    }

    /// The input recorded and the frame run, without drawing (a state's replay).
    pub fn run_silently(&mut self, input: &FrameInput) {
        self.log.record(self.frame, input);
        self.step(input);
    }

    /// One frame of the console for `input`, its sound rendered; no picture.
    fn step(&mut self, input: &FrameInput) {
        let mut keys = 0;
        for event in &input.events {
            keys += self.event(*event);
        }
        keys += self.buttons(input.pad);
        self.pointer(input.pointer, &mut keys);
        self.advance();
        self.sound(keys);
        self.frame += 1;
    }

    /// A key typed or a core option changed; the G7000 keys pressed (for the clicks).
    fn event(&mut self, event: Event) -> usize {
        match event {
            Event::Key(key) => return self.press(key),
            Event::Level(level) => {
                if let Ok(level) = Level::new(level) {
                    self.console.apply(ConsoleCommand::Level(level));
                }
            }
            Event::Speed(speed) => {
                self.console.apply(ConsoleCommand::Speed(Some(speed)));
            }
            Event::Flip => {
                self.console.apply(ConsoleCommand::Flip);
            }
        }
        0
    }

    /// A G7000 key, unless it is one of the window's file commands (`W`, `O` and, outside
    /// the position editor, `P`): RetroArch's states take their place, and a file read
    /// or written would make the console depend on more than its inputs. 1 if pressed.
    fn press(&mut self, key: G7000Key) -> usize {
        let file_key = match key {
            G7000Key::Letter('W' | 'O') => true,
            G7000Key::Letter('P') => !self.console.screen().setup,
            _ => false,
        };
        if file_key {
            return 0;
        }
        self.console.apply(ConsoleCommand::Key(key));
        1
    }

    /// The pad: what each button newly pressed (or a d-pad direction repeating) does; the
    /// G7000 keys pressed.
    fn buttons(&mut self, held: u16) -> usize {
        let pressed = held & !self.pad.held;
        self.pad.held = held;
        let down = |id: u32| pressed & (1 << id) != 0;
        let mut keys = 0;
        let directions = [
            (joypad::UP, Step::Up),
            (joypad::DOWN, Step::Down),
            (joypad::LEFT, Step::Left),
            (joypad::RIGHT, Step::Right),
        ];
        for (i, (id, step)) in directions.into_iter().enumerate() {
            let count = &mut self.pad.held_for[i];
            *count = if held & (1 << id) != 0 {
                count.saturating_add(1)
            } else {
                0
            };
            let c = *count;
            if c == 1 || (c > REPEAT_AFTER && (c - REPEAT_AFTER).is_multiple_of(REPEAT_EVERY)) {
                if self.osk.shown() {
                    self.osk.step(step);
                } else {
                    self.console.apply(ConsoleCommand::MoveCursor(step));
                }
            }
        }
        if down(joypad::SELECT) {
            self.osk.toggle();
        }
        if down(joypad::A) {
            match self.osk.shown() {
                true => keys += self.osk.key().map_or(0, |k| self.press(k)),
                false => _ = self.console.apply(ConsoleCommand::PointCursor),
            }
        }
        if down(joypad::B) {
            match self.osk.shown() {
                true => self.osk.hide(),
                false => _ = self.console.apply(ConsoleCommand::Point(None)),
            }
        }
        for (id, key) in [
            (joypad::START, G7000Key::Enter),
            (joypad::Y, G7000Key::Yes),
            (joypad::X, G7000Key::No),
        ] {
            if down(id) {
                keys += self.press(key);
            }
        }
        let level = self.console.level();
        let new_level = match (down(joypad::L), down(joypad::R)) {
            (true, false) => level.checked_sub(1),
            (false, true) => Some(level + 1),
            _ => None,
        };
        if let Some(level) = new_level.and_then(|l| Level::new(l).ok()) {
            self.console.apply(ConsoleCommand::Level(level));
        }
        if down(joypad::L2) {
            self.console.apply(ConsoleCommand::Flip);
        }
        if down(joypad::R2) {
            self.console.apply(ConsoleCommand::Speed(None));
        }
        keys
    }

    /// RetroArch's pointer (a touch, a mouse click): a press on the on-screen keyboard
    /// presses its key, elsewhere points at the picture.
    fn pointer(&mut self, pointer: Pointer, keys: &mut usize) {
        let pressed = pointer.pressed && !self.pad.pointer_was_pressed;
        self.pad.pointer_was_pressed = pointer.pressed;
        if !pressed {
            return;
        }
        let to_pixels = |v: i16, size: usize| {
            let v = (i32::from(v) + 0x7fff).clamp(0, 0xfffe) as usize;
            (v * size / 0xffff).min(size - 1)
        };
        let (x, y) = (to_pixels(pointer.x, WIDTH), to_pixels(pointer.y, HEIGHT));
        match self.osk.touch(x, y) {
            Some(Some(key)) => *keys += self.press(key),
            Some(None) => {}
            None => _ = self.console.apply(ConsoleCommand::PointAt { x, y }),
        }
    }

    /// One PAL frame of emulated time; while the module thinks at MAX, [`MAX_FRAMES`] of
    /// them. No host clock is read.
    fn advance(&mut self) {
        let console = &mut self.console;
        let flat_out = console.speed() == Speed::Max && console.thinking();
        if flat_out && console.engine().has_clock() {
            for _ in 0..MAX_FRAMES {
                if !console.thinking() {
                    break;
                }
                console.tick(PAL_FRAME_T_STATES);
            }
        } else {
            // At 1X, 2X and 8X the console's own frame: its multiple of the frame's time.
            let frame = Duration::from_secs_f64(PAL_FRAME_SECONDS);
            console.run_frame_timed(frame, Duration::ZERO, &|| Duration::ZERO);
        }
    }

    /// The frame's sound: the effects cued by the keys and the module's move, then
    /// [`SAMPLES_PER_FRAME`] samples of the 8244's sound, the same on both channels.
    fn sound(&mut self, keys: usize) {
        let game = self.console.game();
        let human_to_move = side_to_move(game) == self.console.human();
        for effect in self.cues.effects(keys, game.moves().len(), human_to_move) {
            self.sounds.play(effect);
        }
        let mut mono = [0.0f32; SAMPLES_PER_FRAME];
        self.sounds.render(&mut mono);
        for (pair, sample) in self.audio.chunks_exact_mut(2).zip(mono) {
            let s = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
            pair.copy_from_slice(&[s, s]);
        }
    }

    /// Draws the console's screen and, when shown, the on-screen keyboard.
    pub fn draw(&mut self) {
        // A screen the layout cannot draw keeps the last picture.
        if let Ok(frame) = render_screen(&self.console.screen()) {
            for (out, &index) in self.video.iter_mut().zip(frame.pixels()) {
                *out = rgb(index);
            }
        }
        self.osk.draw(&mut self.video);
    }
}
