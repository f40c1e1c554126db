//! What the player did, frame by frame, as the core keeps it for its save states: the pad's
//! buttons and RetroArch's pointer when they change, and each G7000 key typed or console
//! setting changed (a core option), with the frame it came in. The console is exactly
//! determined by its start and these inputs (it runs on emulated time only), so a state
//! replays them on a fresh console (`state.rs`).

use c7010::console::{G7000Key, Speed};

/// RetroArch's pointer: where (its own coordinates, -0x7fff..0x7fff across the picture)
/// and whether it is pressed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pointer {
    pub x: i16,
    pub y: i16,
    pub pressed: bool,
}

/// An input that happens once, in one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A G7000 key typed on RetroArch's keyboard.
    Key(G7000Key),
    /// The level core option changed.
    Level(u8),
    /// The speed core option changed.
    Speed(Speed),
    /// The board-turned core option changed.
    Flip,
}

/// One frame's input.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrameInput {
    /// Buttons held, bit `n` for `RETRO_DEVICE_ID_JOYPAD_n`.
    pub pad: u16,
    pub pointer: Pointer,
    pub events: Vec<Event>,
}

const PAD: u8 = 1;
const POINTER: u8 = 2;
const KEY: u8 = 3;
const LEVEL: u8 = 4;
const SPEED: u8 = 5;
const FLIP: u8 = 6;

/// The inputs since the console started, in order: `frame` (u32 LE), a tag and its bytes.
#[derive(Debug, Clone, Default)]
pub struct InputLog {
    bytes: Vec<u8>,
    /// The pad and pointer last written, so only changes are written.
    pad: u16,
    pointer: Pointer,
}

impl InputLog {
    /// The log's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// True when `bytes` (a log of at least `frames` frames) began as this log, whose inputs
    /// are those of the frames before `frames`: the same inputs up to there.
    pub fn begins(&self, bytes: &[u8], frames: u32) -> bool {
        let Some(rest) = bytes.strip_prefix(self.bytes.as_slice()) else {
            return false;
        };
        rest.get(..4)
            .is_none_or(|f| u32::from_le_bytes([f[0], f[1], f[2], f[3]]) >= frames)
    }

    /// Writes what of `input` is new at `frame`.
    pub fn record(&mut self, frame: u32, input: &FrameInput) {
        let mut entry = |tag: u8, payload: &[u8]| {
            self.bytes.extend_from_slice(&frame.to_le_bytes());
            self.bytes.push(tag);
            self.bytes.extend_from_slice(payload);
        };
        if input.pad != self.pad {
            entry(PAD, &input.pad.to_le_bytes());
        }
        if input.pointer != self.pointer {
            let p = input.pointer;
            let mut payload = [0u8; 5];
            payload[..2].copy_from_slice(&p.x.to_le_bytes());
            payload[2..4].copy_from_slice(&p.y.to_le_bytes());
            payload[4] = u8::from(p.pressed);
            entry(POINTER, &payload);
        }
        for event in &input.events {
            match *event {
                Event::Key(key) => entry(KEY, &[key_index(key)]),
                Event::Level(level) => entry(LEVEL, &[level]),
                Event::Speed(speed) => entry(SPEED, &[speed_index(speed)]),
                Event::Flip => entry(FLIP, &[]),
            }
        }
        self.pad = input.pad;
        self.pointer = input.pointer;
    }

    /// The inputs of `bytes`, frame by frame, for the frames `from..frames`; `None` for
    /// bytes that are not a log (out of order, an unknown tag, cut short).
    pub fn replay(bytes: &[u8], from: u32, frames: u32) -> Option<Vec<FrameInput>> {
        let mut out = Vec::with_capacity(frames.saturating_sub(from) as usize);
        let mut now = FrameInput::default();
        let mut at = 0;
        for frame in 0..frames {
            now.events.clear();
            while at < bytes.len() {
                let entry_frame = u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?);
                if entry_frame < frame {
                    return None;
                }
                if entry_frame > frame {
                    break;
                }
                let tag = *bytes.get(at + 4)?;
                let body = &bytes[at + 5..];
                let len = match tag {
                    PAD => {
                        now.pad = u16::from_le_bytes(body.get(..2)?.try_into().ok()?);
                        2
                    }
                    POINTER => {
                        let b = body.get(..5)?;
                        now.pointer = Pointer {
                            x: i16::from_le_bytes([b[0], b[1]]),
                            y: i16::from_le_bytes([b[2], b[3]]),
                            pressed: b[4] != 0,
                        };
                        5
                    }
                    KEY => {
                        let key = *G7000Key::all().get(usize::from(*body.first()?))?;
                        now.events.push(Event::Key(key));
                        1
                    }
                    LEVEL => {
                        now.events.push(Event::Level(*body.first()?));
                        1
                    }
                    SPEED => {
                        now.events.push(Event::Speed(speed_of(*body.first()?)?));
                        1
                    }
                    FLIP => {
                        now.events.push(Event::Flip);
                        0
                    }
                    _ => return None,
                };
                at += 5 + len;
            }
            if frame >= from {
                out.push(now.clone());
            }
        }
        (at == bytes.len()).then_some(out)
    }
}

/// A key's number: its place among the G7000's 46 keys in matrix order.
fn key_index(key: G7000Key) -> u8 {
    G7000Key::all().iter().position(|&k| k == key).unwrap_or(0) as u8
}

/// A speed's number, and back.
pub fn speed_index(speed: Speed) -> u8 {
    match speed {
        Speed::Real => 0,
        Speed::Double => 1,
        Speed::Eight => 2,
        Speed::Max => 3,
    }
}

pub fn speed_of(index: u8) -> Option<Speed> {
    [Speed::Real, Speed::Double, Speed::Eight, Speed::Max]
        .get(usize::from(index))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gives_back_each_frames_input() {
        let frames = vec![
            FrameInput::default(),
            FrameInput {
                pad: 0x100,
                pointer: Pointer {
                    x: -5,
                    y: 7,
                    pressed: true,
                },
                events: vec![Event::Key(G7000Key::Enter), Event::Speed(Speed::Max)],
            },
            FrameInput {
                pad: 0x100,
                pointer: Pointer {
                    x: -5,
                    y: 7,
                    pressed: true,
                },
                events: vec![],
            },
            FrameInput {
                pad: 0,
                events: vec![Event::Flip, Event::Level(3)],
                ..Default::default()
            },
        ];
        let mut log = InputLog::default();
        for (i, f) in frames.iter().enumerate() {
            log.record(i as u32, f);
        }
        assert_eq!(InputLog::replay(log.bytes(), 0, 4).unwrap(), frames);
        assert_eq!(InputLog::replay(log.bytes(), 2, 4).unwrap(), frames[2..]);
        assert_eq!(InputLog::replay(&log.bytes()[1..], 0, 4), None);
    }
}
