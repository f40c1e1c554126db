//! RetroArch's save states: the console's start (the core options it began with and the
//! ROM's checksum), the frames run and every input since (`log.rs`), in a buffer of one fixed
//! size. Restoring builds a fresh console and runs the same frames with the same inputs:
//! the console runs on emulated time only, so it arrives at the very same machine, game,
//! screen, thought and sound. The state also carries what it must arrive at, the module's
//! machine state (RAM, CPU, clock) and a checksum of the screen, and a restore that does
//! not arrive there is refused.

use c7010::console::Colour;
use c7010::machine::crc32;

use crate::checkpoints::Checkpoints;
use crate::core::{Core, Start};
use crate::log::{InputLog, speed_index, speed_of};

/// Every state has this size (RetroArch's rewind and run-ahead want one size).
pub const STATE_SIZE: usize = 512 * 1024;

const MAGIC: &[u8; 8] = b"C7010LR\0";
const VERSION: u32 = 1;

/// Why a state was not written or not restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateError {
    /// The buffer is not [`STATE_SIZE`] bytes.
    Size(usize),
    /// The inputs since the start no longer fit the state (a very long session: reset).
    Full,
    /// Not a state of this core (or of another version of it).
    NotOurs,
    /// A state of another ROM than the one loaded.
    OtherRom,
    /// The state is damaged.
    Damaged(&'static str),
    /// The console could not be started again.
    Console(String),
    /// The replay did not arrive at the saved machine or screen.
    Diverged(&'static str),
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Size(n) => write!(f, "a state has {STATE_SIZE} bytes, not {n}"),
            StateError::Full => write!(f, "the inputs since the start no longer fit a state"),
            StateError::NotOurs => write!(f, "not a state of this core"),
            StateError::OtherRom => write!(f, "the state is of another ROM"),
            StateError::Damaged(what) => write!(f, "the state is damaged: {what}"),
            StateError::Console(why) => write!(f, "the console did not start: {why}"),
            StateError::Diverged(what) => write!(f, "the replay did not arrive at the {what}"),
        }
    }
}

/// The ROM's checksum and length (0 for the built-in ROM).
fn rom_id(rom: Option<&[u8]>) -> (u32, u32) {
    rom.map_or((0, 0), |r| (crc32(r), r.len() as u32))
}

/// A checksum of everything the screen shows.
fn screen_id(core: &Core) -> u32 {
    crc32(format!("{:?}", core.console().screen()).as_bytes())
}

fn colour_byte(colour: Option<Colour>) -> u8 {
    match colour {
        None => 0,
        Some(Colour::White) => 1,
        Some(Colour::Black) => 2,
    }
}

/// Writes the state of `core` into `out` ([`STATE_SIZE`] bytes).
pub fn save(core: &mut Core, out: &mut [u8]) -> Result<(), StateError> {
    if out.len() != STATE_SIZE {
        return Err(StateError::Size(out.len()));
    }
    let machine = core.machine_state();
    let log = core.log().bytes();
    let start = core.start();
    let (crc, len) = rom_id(core.rom());
    let mut bytes = Vec::with_capacity(64 + machine.len() + log.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes.extend_from_slice(&len.to_le_bytes());
    bytes.extend_from_slice(&[
        colour_byte(start.colour),
        start.level.unwrap_or(0),
        speed_index(start.speed),
        u8::from(start.turned),
    ]);
    bytes.extend_from_slice(&core.frames().to_le_bytes());
    bytes.extend_from_slice(&screen_id(core).to_le_bytes());
    bytes.extend_from_slice(&(machine.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&machine);
    bytes.extend_from_slice(&(log.len() as u32).to_le_bytes());
    bytes.extend_from_slice(log);
    // The whole state's checksum last, so a damaged state is known before it is replayed.
    let sum = crc32(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    if bytes.len() > STATE_SIZE {
        return Err(StateError::Full);
    }
    out[..bytes.len()].copy_from_slice(&bytes);
    out[bytes.len()..].fill(0);
    Ok(())
}

/// Reads the fields of a state in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], StateError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(StateError::Damaged("cut short"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, StateError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or([0; 4]),
        ))
    }
}

/// The console a state describes, replayed from the nearest of `checkpoints` on its course,
/// or from a fresh one with `rom` (the ROM loaded now); copies are kept as it replays.
pub fn restore(
    bytes: &[u8],
    rom: Option<Vec<u8>>,
    checkpoints: &mut Checkpoints,
) -> Result<Core, StateError> {
    if bytes.len() != STATE_SIZE {
        return Err(StateError::Size(bytes.len()));
    }
    let mut r = Reader { bytes, at: 0 };
    if r.take(8)? != MAGIC || r.u32()? != VERSION {
        return Err(StateError::NotOurs);
    }
    if (r.u32()?, r.u32()?) != rom_id(rom.as_deref()) {
        return Err(StateError::OtherRom);
    }
    let s = r.take(4)?;
    let start = Start {
        colour: match s[0] {
            0 => None,
            1 => Some(Colour::White),
            2 => Some(Colour::Black),
            _ => return Err(StateError::Damaged("colour")),
        },
        level: (s[1] != 0).then_some(s[1]),
        speed: speed_of(s[2]).ok_or(StateError::Damaged("speed"))?,
        turned: s[3] != 0,
    };
    let frames = r.u32()?;
    let screen = r.u32()?;
    let machine_len = r.u32()? as usize;
    let machine = r.take(machine_len)?;
    let log_len = r.u32()? as usize;
    let log = r.take(log_len)?;
    let body = r.at;
    if r.u32()? != crc32(&bytes[..body]) {
        return Err(StateError::Damaged("checksum"));
    }
    let nearest = checkpoints.nearest(start, rom.as_deref(), log, frames);
    let mut core = match nearest.and_then(Core::resume) {
        Some(core) => core,
        None => Core::new(rom, start).map_err(StateError::Console)?,
    };
    let inputs =
        InputLog::replay(log, core.frames(), frames).ok_or(StateError::Damaged("inputs"))?;
    for input in &inputs {
        core.run_silently(input);
        checkpoints.as_it_runs(&core);
    }
    if core.log().bytes() != log {
        return Err(StateError::Diverged("saved inputs"));
    }
    if core.machine_state() != machine {
        return Err(StateError::Diverged("saved machine"));
    }
    if screen_id(&core) != screen {
        return Err(StateError::Diverged("saved screen"));
    }
    core.draw();
    Ok(core)
}
