//! The window's keys read as events (feature `gui`): every press the window system reports
//! is kept, however short.
//!
//! minifb's `get_keys_pressed` compares the keys held at one frame with those held at the
//! frame before, so a key pressed and released between two frames (xdotool's 12 ms press,
//! a fast typist, a slow frame under load) was never seen. Instead minifb hands each key
//! press and release to an input callback as the window system reports it; [`KeyQueue`]
//! keeps them in order until the frame reads them, and [`KeyReader`] turns them into the
//! frame's [`WindowInput`], keeping which keys are held between frames (for SHIFT, and so
//! that a held key's auto-repeat is not read as more presses).

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use minifb::{InputCallback, Key};

use super::debug_panel::PanelAction;
use super::keyboard::{G7000Key, pc::g7000_key};

/// One key event as the window system reported it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyEvent {
    /// The PC key.
    pub key: Key,
    /// Pressed (true) or released (false).
    pub down: bool,
}

/// What happened since the last frame.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WindowInput {
    /// G7000 keys pressed, in order.
    pub keys: Vec<G7000Key>,
    /// F1 was pressed (the help's first page, then the next one, then back to the game).
    pub help: bool,
    /// F12 was pressed (open or close the debugger panel).
    pub debug: bool,
    /// F10 (next) and F11 (step) presses, in order, for the debugger panel.
    pub debug_actions: Vec<PanelAction>,
    /// Escape was pressed: back to the game from a help page, else quit.
    pub quit: bool,
    /// F2 was pressed: save the frame as a PNG.
    pub screenshot: bool,
    /// Alt+Enter was pressed: full screen on or off.
    pub full_screen: bool,
    /// Left mouse button presses, in order: the frame pixel pressed on, or `None` outside
    /// the picture (the surround).
    pub clicks: Vec<Option<(usize, usize)>>,
}

/// The events minifb reported, oldest first, until the frame takes them. A clone shares
/// the queue: one is given to minifb as its input callback, the window keeps the other.
#[derive(Debug, Clone, Default)]
pub struct KeyQueue(Rc<RefCell<Vec<KeyEvent>>>);

impl KeyQueue {
    /// The events since the last call, oldest first.
    pub fn take(&self) -> Vec<KeyEvent> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

impl InputCallback for KeyQueue {
    /// Characters are not used: the G7000 keys come from the key events (with SHIFT).
    fn add_char(&mut self, _uni_char: u32) {}

    fn set_key_state(&mut self, key: Key, down: bool) {
        self.0.borrow_mut().push(KeyEvent { key, down });
    }
}

/// Turns key events into the window's input, remembering the keys held between frames.
#[derive(Debug, Clone, Default)]
pub struct KeyReader {
    held: HashSet<Key>,
}

impl KeyReader {
    /// Reads `events` (oldest first) into `input`: each press of a key not already held
    /// counts once, in order, with SHIFT as it was at that moment.
    pub fn read(&mut self, events: &[KeyEvent], input: &mut WindowInput) {
        for event in events {
            if !event.down {
                self.held.remove(&event.key);
                continue;
            }
            // A press of a key already held is the window system's auto-repeat.
            if self.held.insert(event.key) {
                self.pressed(event.key, input);
            }
        }
    }

    /// One new press.
    fn pressed(&self, key: Key, input: &mut WindowInput) {
        match key {
            Key::F1 => input.help = true,
            Key::F12 => input.debug = true,
            Key::F10 => input.debug_actions.push(PanelAction::Next),
            Key::F11 => input.debug_actions.push(PanelAction::Step),
            Key::Escape => input.quit = true,
            Key::F2 => input.screenshot = true,
            Key::Enter
                if self.held.contains(&Key::LeftAlt) || self.held.contains(&Key::RightAlt) =>
            {
                input.full_screen = true
            }
            _ => {
                let shift =
                    self.held.contains(&Key::LeftShift) || self.held.contains(&Key::RightShift);
                input.keys.extend(g7000_key(key, shift));
            }
        }
    }
}
