//! `--engine guest|ref` for the GUI front ends: which engine a session builds, and builds
//! again when its ROM changes.

use super::player::{EngineFactory, SetupError, reference_factory};

/// The engine behind a GUI session.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The Z80 guest running on the emulated module.
    #[default]
    Guest,
    /// The native Rust reference engine.
    Ref,
}

/// The factory for the chosen engine.
pub fn factory(choice: EngineChoice) -> Result<EngineFactory, SetupError> {
    match choice {
        EngineChoice::Ref => Ok(reference_factory()),
        EngineChoice::Guest => Err(SetupError(
            "--engine guest is not built yet (the guest engine interface is on its way); \
             use --engine ref"
                .into(),
        )),
    }
}
