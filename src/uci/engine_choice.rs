//! `--engine guest|ref` ([`EngineChoice`]) for the GUI front ends: which engine a session
//! builds, and builds again when its ROM changes.

use std::path::{Path, PathBuf};

use super::player::{EngineFactory, Player, SetupError, reference_factory};
use crate::engine::{Engine, EngineChoice, seat_guest};

/// The factory for the chosen engine. The guest boots a module from the built-in ROM or a
/// ROM file and checks that the ROM plays chess.
pub fn factory(choice: EngineChoice) -> Result<EngineFactory, SetupError> {
    match choice {
        EngineChoice::Ref => Ok(reference_factory()),
        EngineChoice::Guest => Ok(Box::new(|rom: Option<&Path>| {
            let bytes = match rom {
                // Bounded, and never a FIFO: a GUI's `setoption` must not hang.
                Some(path) => Some(
                    crate::files::read(path, crate::files::ROM_IMAGE)
                        .map_err(|e| SetupError(e.to_string()))?,
                ),
                None => None,
            };
            let guest = seat_guest(bytes.as_deref())
                .map_err(|e| SetupError(format!("the guest engine: {e}")))?;
            Ok(Box::new(guest) as Box<dyn Engine>)
        })),
    }
}

/// True when the guest engine can play from the built-in ROM (it boots and speaks the whole
/// command set).
pub fn guest_plays() -> bool {
    factory(EngineChoice::Guest)
        .and_then(|make| make(None))
        .is_ok()
}

/// The player for a front end: the chosen engine, or without a choice the guest when its ROM
/// plays and the reference otherwise. The second value says why the reference stands in.
pub fn choose_player(
    choice: Option<EngineChoice>,
    rom: Option<PathBuf>,
) -> Result<(Player, Option<String>), SetupError> {
    let build = |c: EngineChoice| -> Result<Player, SetupError> {
        Player::new_with_rom(factory(c)?, rom.clone())
    };
    match choice {
        Some(c) => Ok((build(c)?, None)),
        None => match build(EngineChoice::Guest) {
            Ok(p) => Ok((p, None)),
            Err(e) if rom.is_none() => Ok((
                build(EngineChoice::Ref)?,
                Some(format!("{e}; the reference engine plays instead")),
            )),
            Err(e) => Err(e),
        },
    }
}
