//! A state directory of its own for each `c7010 play` a test starts.

/// The `c7010` binary as a command with a state directory of its own, a fresh temporary
/// one: `play` keeps an unfinished game there for the next start (`XDG_STATE_HOME`), and
/// one test must never continue another's game.
pub fn c7010_command() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.env("XDG_STATE_HOME", fresh_state_home());
    cmd
}

/// A new empty directory for `XDG_STATE_HOME`, left for the system's temporary files.
pub fn fresh_state_home() -> std::path::PathBuf {
    tempfile::tempdir().expect("a temporary directory").keep()
}
