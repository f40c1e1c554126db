//! The signals that end `c7010 play` (Ctrl-C, `kill`, the terminal closed) turned into a
//! request the front end sees at its next frame, so it can write the PGN and leave as on
//! `quit` instead of dying with the game. A second signal while the first is handled ends
//! the program at once (a way out if the front end were stuck).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The signal received, once one came.
#[derive(Clone, Default)]
pub struct StopSignals {
    /// Set by the first signal.
    any: Arc<AtomicBool>,
    /// Its number.
    which: Arc<AtomicUsize>,
}

impl StopSignals {
    /// Catches SIGINT, SIGTERM and SIGHUP from now on, and makes a write to a closed pipe
    /// or past a file-size limit an error the front end handles (instead of SIGPIPE or
    /// SIGXFSZ ending it without the PGN).
    #[cfg(unix)]
    pub fn install() -> std::io::Result<StopSignals> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        use signal_hook::flag;
        let stop = StopSignals::default();
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // The actions run in this order: the shutdown sees the flag as an earlier
            // signal left it, so only a second signal ends the program at once.
            flag::register_conditional_shutdown(signal, 128 + signal, stop.any.clone())?;
            flag::register_usize(signal, stop.which.clone(), signal as usize)?;
            flag::register(signal, stop.any.clone())?;
        }
        // SAFETY: SIG_IGN is a valid disposition for both; no handler runs.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            // A file-size limit (`ulimit -f`) then fails the write instead of killing us.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        Ok(stop)
    }

    /// Without unix signals nothing is caught (Ctrl-C ends the program as before).
    #[cfg(not(unix))]
    pub fn install() -> std::io::Result<StopSignals> {
        Ok(StopSignals::default())
    }

    /// The signal received, if any.
    pub fn received(&self) -> Option<i32> {
        if !self.any.load(Ordering::SeqCst) {
            return None;
        }
        Some(self.which.load(Ordering::SeqCst) as i32)
    }
}
