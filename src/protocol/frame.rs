//! Messages as units (`docs/protocol.md` section 2): `SOM`, then `TYPE`, `LEN`, the payload
//! and `CHECK`, each byte as two nibble units, high nibble first.

use super::endpoint::{SOM, SYNC};
use std::fmt;

/// The payload codes that carry one message of `kind` with `payload` (at most 255 bytes).
pub fn frame_units(kind: u8, payload: &[u8]) -> Vec<u8> {
    debug_assert!(
        payload.len() <= 255,
        "a message payload is at most 255 bytes"
    );
    let len = payload.len().min(255) as u8;
    let mut check = kind.wrapping_add(len);
    let mut units = Vec::with_capacity(7 + 2 * payload.len());
    units.push(SOM);
    let byte = |b: u8, units: &mut Vec<u8>| {
        units.push(b >> 4);
        units.push(b & 0x0F);
    };
    byte(kind, &mut units);
    byte(len, &mut units);
    for &b in &payload[..len as usize] {
        check = check.wrapping_add(b);
        byte(b, &mut units);
    }
    byte(check, &mut units);
    units
}

/// Why a message could not be taken from the units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrameError {
    /// The check byte did not match the message.
    BadCheck { kind: u8, expected: u8, got: u8 },
    /// A reserved payload code arrived inside a message.
    Reserved(u8),
    /// Data nibbles arrived outside a message (before any `SOM`).
    Stray(u8),
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::BadCheck {
                kind,
                expected,
                got,
            } => write!(
                f,
                "message type 0x{kind:02X}: check byte 0x{got:02X}, expected 0x{expected:02X}"
            ),
            FrameError::Reserved(code) => write!(f, "reserved unit code 0x{code:02X}"),
            FrameError::Stray(code) => write!(f, "data unit 0x{code:02X} outside a message"),
        }
    }
}

impl std::error::Error for FrameError {}

/// Collects units into messages.
#[derive(Debug, Default, Clone)]
pub struct Deframer {
    in_message: bool,
    high: Option<u8>,
    bytes: Vec<u8>,
}

impl Deframer {
    /// A deframer waiting for `SOM`.
    pub fn new() -> Self {
        Self::default()
    }

    /// True between messages (no partial message held).
    pub fn is_idle(&self) -> bool {
        !self.in_message
    }

    /// Take one unit payload. Returns a whole message as `(type, payload)` when its last
    /// unit arrives, an error for a broken one, and `None` otherwise.
    pub fn push(&mut self, unit: u8) -> Option<Result<(u8, Vec<u8>), FrameError>> {
        match unit {
            SOM => {
                self.start();
                None
            }
            SYNC => {
                self.reset();
                None
            }
            0x00..=0x0F if !self.in_message => Some(Err(FrameError::Stray(unit))),
            0x00..=0x0F => {
                let Some(high) = self.high.take() else {
                    self.high = Some(unit);
                    return None;
                };
                self.bytes.push(high << 4 | unit);
                self.complete()
            }
            _ => {
                let was = self.in_message;
                self.reset();
                was.then_some(Err(FrameError::Reserved(unit)))
            }
        }
    }

    fn start(&mut self) {
        self.reset();
        self.in_message = true;
    }

    fn reset(&mut self) {
        self.in_message = false;
        self.high = None;
        self.bytes.clear();
    }

    fn complete(&mut self) -> Option<Result<(u8, Vec<u8>), FrameError>> {
        let [kind, len, ..] = self.bytes[..] else {
            return None;
        };
        if self.bytes.len() < 3 + len as usize {
            return None;
        }
        let got = self.bytes[2 + len as usize];
        let expected = self.bytes[..2 + len as usize]
            .iter()
            .fold(0u8, |s, &b| s.wrapping_add(b));
        let payload = self.bytes[2..2 + len as usize].to_vec();
        self.reset();
        Some(if got == expected {
            Ok((kind, payload))
        } else {
            Err(FrameError::BadCheck {
                kind,
                expected,
                got,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deframe_all(units: &[u8]) -> Vec<Result<(u8, Vec<u8>), FrameError>> {
        let mut d = Deframer::new();
        units.iter().filter_map(|&u| d.push(u)).collect()
    }

    #[test]
    fn round_trip() {
        let units = frame_units(0x45, &[1, 2, 0xFF, 0]);
        assert_eq!(units[0], SOM);
        assert_eq!(units.len(), 1 + 2 * (2 + 4 + 1));
        assert_eq!(deframe_all(&units), vec![Ok((0x45, vec![1, 2, 0xFF, 0]))]);
    }

    #[test]
    fn empty_payload_and_long_payload() {
        let long: Vec<u8> = (0..=254).collect();
        let mut units = frame_units(0x01, &[]);
        units.extend(frame_units(0x02, &long));
        assert_eq!(
            deframe_all(&units),
            vec![Ok((0x01, vec![])), Ok((0x02, long))]
        );
    }

    #[test]
    fn corrupted_check_is_reported() {
        let mut units = frame_units(0x03, &[12, 28, 0]);
        let n = units.len();
        units[n - 1] ^= 1;
        assert!(matches!(
            deframe_all(&units)[..],
            [Err(FrameError::BadCheck { kind: 3, .. })]
        ));
    }

    #[test]
    fn som_and_sync_abandon_partial_messages() {
        let mut units = frame_units(0x09, &[7, 7]);
        units.truncate(5);
        units.push(SYNC);
        units.extend(frame_units(0x01, &[]));
        units.extend(&frame_units(0x06, &[3])[..4]);
        units.extend(frame_units(0x06, &[2]));
        assert_eq!(
            deframe_all(&units),
            vec![Ok((0x01, vec![])), Ok((0x06, vec![2]))]
        );
    }

    #[test]
    fn stray_and_reserved_units_are_errors() {
        assert_eq!(deframe_all(&[0x03]), vec![Err(FrameError::Stray(3))]);
        assert_eq!(
            deframe_all(&[SOM, 0x01, 0x15]),
            vec![Err(FrameError::Reserved(0x15))]
        );
    }
}
