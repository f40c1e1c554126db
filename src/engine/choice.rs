//! `--engine guest|ref`: which engine a command uses, one choice for every command. Each
//! command says its own default where it declares the option: `perft`, `search` and `solve`
//! count with the reference (`--engine ref`); `play`, `uci` and `xboard` play the guest, with
//! the reference standing in (and a note saying why) when the built-in ROM cannot play.

/// The engine a command uses.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// The Z80 guest running on the emulated module (the real thing).
    Guest,
    /// The native Rust reference engine (instant answers, no emulated clock).
    Ref,
}
