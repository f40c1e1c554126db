//! Copies of the running core kept in memory, so that restoring a state replays only the
//! frames since the nearest copy on the state's own course, not every frame since the start:
//! one at each state written (RetroArch's rewind and run-ahead write one every frame and
//! restore them soon after) and one every second of play for the last minutes. A copy is
//! used only for a state whose inputs began as the copy's did; the restore's checks against
//! the state's saved machine and screen apply as after a replay from the start.

use std::collections::VecDeque;

use crate::core::{Core, Start};

/// The copies of the latest states written.
const RECENT: usize = 16;
/// Frames between the copies kept while the core runs (about a second), and how many
/// (about four minutes of play).
pub const EVERY: u32 = 50;
const PERIODIC: usize = 240;

/// The copies.
#[derive(Default)]
pub struct Checkpoints {
    recent: VecDeque<Core>,
    periodic: VecDeque<Core>,
}

impl Checkpoints {
    /// Keeps a copy of `core` as a state of it is written.
    pub fn at_state(&mut self, core: &Core) {
        let same = |c: &Core| c.frames() == core.frames() && c.log().bytes() == core.log().bytes();
        if self.recent.iter().any(same) {
            return;
        }
        if let Some(copy) = core.checkpoint() {
            if self.recent.len() == RECENT {
                self.recent.pop_front();
            }
            self.recent.push_back(copy);
        }
    }

    /// Keeps a copy of `core` every [`EVERY`] frames.
    pub fn as_it_runs(&mut self, core: &Core) {
        if !core.frames().is_multiple_of(EVERY) {
            return;
        }
        if let Some(copy) = core.checkpoint() {
            self.periodic
                .retain(|c| c.frames() != core.frames() || c.log().bytes() != core.log().bytes());
            if self.periodic.len() == PERIODIC {
                self.periodic.pop_front();
            }
            self.periodic.push_back(copy);
        }
    }

    /// The latest copy on the course of a state: the same start and ROM, at most `frames`
    /// frames, its inputs the first of `log`'s.
    pub fn nearest(
        &self,
        start: Start,
        rom: Option<&[u8]>,
        log: &[u8],
        frames: u32,
    ) -> Option<&Core> {
        self.recent
            .iter()
            .chain(&self.periodic)
            .filter(|c| c.start() == start && c.rom() == rom && c.frames() <= frames)
            .filter(|c| c.log().begins(log, c.frames()))
            .max_by_key(|c| c.frames())
    }
}
