//! One way to put a module in the engine's seat from a ROM choice, for every front end (the
//! window and terminal's `--rom`, a GUI's `setoption name ROM`, the web page's *Load ROM*,
//! the RetroArch core's content): the built-in ROM or the bytes of one, checked the same
//! way everywhere and refused in the same words: not empty, within the size of a ROM image,
//! the module boots, and it plays (it answers `QUERY` as a chess program does).

use super::EngineError;
use super::guest::GuestEngine;
use crate::files::ROM_IMAGE;

/// Why a ROM was not seated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// The ROM has no byte (an empty file is no ROM, nor the built-in one).
    #[error("the ROM file is empty")]
    Empty,
    /// More bytes than a ROM image may have.
    #[error("the ROM has {0} bytes; a ROM image has at most {max}", max = ROM_IMAGE.limit)]
    TooLarge(usize),
    /// The module did not boot with it.
    #[error("the module cannot start: {0}")]
    Boot(EngineError),
    /// The module booted but does not play chess.
    #[error("the module cannot play: {0}")]
    Plays(EngineError),
}

/// The guest engine on a module with `rom` (`None`: the built-in ROM), checked.
pub fn seat_guest(rom: Option<&[u8]>) -> Result<GuestEngine, SeatError> {
    let mut engine = match rom {
        None => GuestEngine::builtin(),
        Some([]) => return Err(SeatError::Empty),
        Some(rom) if rom.len() as u64 > ROM_IMAGE.limit => {
            return Err(SeatError::TooLarge(rom.len()));
        }
        Some(rom) => GuestEngine::boot(rom),
    }
    .map_err(SeatError::Boot)?;
    engine.check_plays().map_err(SeatError::Plays)?;
    Ok(engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rom_is_seated_or_refused_in_words() {
        assert!(seat_guest(None).is_ok());
        let builtin = crate::guest::GuestImage::builtin().rom;
        assert!(seat_guest(Some(&builtin)).is_ok());
        assert_eq!(seat_guest(Some(&[])).unwrap_err(), SeatError::Empty);
        let big = vec![0u8; 64 * 1024 + 1];
        assert_eq!(
            seat_guest(Some(&big)).unwrap_err().to_string(),
            "the ROM has 65537 bytes; a ROM image has at most 65536"
        );
        // A ROM that halts at once never says READY.
        let halt = [0x76u8];
        assert!(matches!(seat_guest(Some(&halt)), Err(SeatError::Boot(_))));
    }
}
