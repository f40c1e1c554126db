//! Where the console keeps what outlives a session: the XDG state directory.

use std::path::PathBuf;

/// Where an unfinished game waits for the next start: `c7010/last-game.state` in the XDG
/// state directory (`$XDG_STATE_HOME`, else `~/.local/state`). Without a home, or where the
/// directory cannot be made, nothing is kept and one line says so.
pub fn resume_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_STATE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    let dir = base.join("c7010");
    match std::fs::create_dir_all(&dir) {
        Ok(()) => Some(dir.join("last-game.state")),
        Err(e) => {
            eprintln!(
                "c7010: an unfinished game will not be kept for the next start ({}: {e})",
                dir.display()
            );
            None
        }
    }
}
