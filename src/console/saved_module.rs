//! The module saved beside the game (`c7010.machine` beside `c7010.state`): the guest's
//! whole machine wrapped with what it belongs to, so a machine from another game, another
//! ROM or a damaged file is never loaded into a console whose game it does not match.
//!
//! Layout (integers little-endian):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `C7010MOD` |
//! | 8 | 2 | version (1) |
//! | 10 | 4 | ROM id: CRC-32 of the 8 KiB ROM the machine ran |
//! | 14 | 4 | game id: [`SavedGame::game_id`] of the game it belongs to |
//! | 18 | 4 | machine length N |
//! | 22 | N | the machine's save state (`Machine::save_state`) |
//! | 22+N | 4 | CRC-32 of bytes 0..22+N |

use std::path::Path;

use super::saved::SavedGame;
use crate::files::{self, MACHINE_SAVE};
use crate::machine::{Machine, crc32};

/// First bytes of a module save.
const MAGIC: &[u8; 8] = b"C7010MOD";
/// The version this build writes and reads.
const VERSION: u16 = 1;
/// Bytes before the machine.
const HEADER: usize = 8 + 2 + 4 + 4 + 4;

/// Why a module save is not loaded (the game then loads alone and the status line says why).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModuleSaveError {
    /// The file could not be read.
    #[error("MODULE NOT READ ({0})")]
    Io(String),
    /// Not a module save of this version (an old bare machine state, another file).
    #[error("NOT A MODULE SAVE")]
    NotModuleSave,
    /// The checksum does not match, or the machine inside is not whole.
    #[error("MODULE SAVE DAMAGED")]
    Damaged,
    /// The machine ran another ROM than the module plugged in now.
    #[error("MODULE RAN ANOTHER ROM")]
    OtherRom,
    /// The machine belongs to another game than the saved game.
    #[error("MODULE OF ANOTHER GAME")]
    OtherGame,
    /// The module is thinking: its machine cannot be replaced now.
    #[error("MODULE BUSY")]
    Busy,
    /// The engine refused the machine.
    #[error("MODULE REFUSED ({0})")]
    Refused(String),
}

/// A machine and what it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleSave {
    /// CRC-32 of the ROM the machine ran.
    pub rom: u32,
    /// The game it belongs to ([`SavedGame::game_id`]).
    pub game: u32,
    /// The machine's save state.
    pub machine: Vec<u8>,
}

/// The id of the ROM inside a machine save state (`None` if the state does not load).
pub fn rom_id_of(machine: &[u8]) -> Option<u32> {
    Machine::load_state(machine).ok().map(|m| crc32(m.rom()))
}

impl ModuleSave {
    /// The save of `machine` (a save state) for `game`.
    pub fn new(machine: Vec<u8>, game: &SavedGame) -> Result<ModuleSave, ModuleSaveError> {
        Ok(ModuleSave {
            rom: rom_id_of(&machine).ok_or(ModuleSaveError::Damaged)?,
            game: game.game_id(),
            machine,
        })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.machine.len() + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.rom.to_le_bytes());
        out.extend_from_slice(&self.game.to_le_bytes());
        out.extend_from_slice(&(self.machine.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.machine);
        let check = crc32(&out);
        out.extend_from_slice(&check.to_le_bytes());
        out
    }

    /// Reads the file's bytes: magic, version, length and checksum must all agree, and the
    /// machine inside must have run the ROM the header names.
    pub fn parse(bytes: &[u8]) -> Result<ModuleSave, ModuleSaveError> {
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        if bytes.len() < HEADER + 4 || &bytes[..8] != MAGIC {
            return Err(ModuleSaveError::NotModuleSave);
        }
        if u16::from_le_bytes([bytes[8], bytes[9]]) != VERSION {
            return Err(ModuleSaveError::NotModuleSave);
        }
        let length = word(18) as usize;
        if bytes.len() != HEADER + length + 4 {
            return Err(ModuleSaveError::Damaged);
        }
        let end = HEADER + length;
        if word(end) != crc32(&bytes[..end]) {
            return Err(ModuleSaveError::Damaged);
        }
        let save = ModuleSave {
            rom: word(10),
            game: word(14),
            machine: bytes[HEADER..end].to_vec(),
        };
        if rom_id_of(&save.machine) != Some(save.rom) {
            return Err(ModuleSaveError::Damaged);
        }
        Ok(save)
    }

    /// The machine, if it ran the ROM `rom` and belongs to `game`.
    pub fn machine_for(&self, rom: u32, game: &SavedGame) -> Result<&[u8], ModuleSaveError> {
        if self.rom != rom {
            Err(ModuleSaveError::OtherRom)
        } else if self.game != game.game_id() {
            Err(ModuleSaveError::OtherGame)
        } else {
            Ok(&self.machine)
        }
    }

    /// Writes the file atomically: on failure the old file is untouched.
    pub fn write(&self, path: &Path) -> Result<(), files::FileError> {
        files::write_atomic(path, &self.to_bytes())
    }

    /// Reads the file (`Ok(None)` when there is none).
    pub fn read(path: &Path) -> Result<Option<ModuleSave>, ModuleSaveError> {
        if !path.exists() {
            return Ok(None);
        }
        let bytes =
            files::read(path, MACHINE_SAVE).map_err(|e| ModuleSaveError::Io(e.to_string()))?;
        ModuleSave::parse(&bytes).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::screen::Colour;

    fn game(moves: &[&str]) -> SavedGame {
        SavedGame {
            start_fen: crate::reference::Board::startpos().to_fen(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            level: 2,
            human: Colour::White,
            clocks: [0.0; 2],
            pgn: None,
        }
    }

    fn machine() -> Vec<u8> {
        Machine::new(&[0x76]).unwrap().save_state()
    }

    #[test]
    fn a_save_reads_back_and_names_its_rom_and_game() {
        let g = game(&["e2e4", "e7e5"]);
        let save = ModuleSave::new(machine(), &g).unwrap();
        let back = ModuleSave::parse(&save.to_bytes()).unwrap();
        assert_eq!(back, save);
        let rom = rom_id_of(&machine()).unwrap();
        assert_eq!(back.machine_for(rom, &g).unwrap(), &machine()[..]);
        assert_eq!(
            back.machine_for(rom, &game(&["e2e4"])),
            Err(ModuleSaveError::OtherGame)
        );
        assert_eq!(
            back.machine_for(rom ^ 1, &g),
            Err(ModuleSaveError::OtherRom)
        );
    }

    #[test]
    fn every_flipped_bit_of_the_header_and_some_of_the_machine_are_refused() {
        let bytes = ModuleSave::new(machine(), &game(&[])).unwrap().to_bytes();
        // All the header's bits, then every 97th bit of the rest (the CRC covers all).
        let bits = (0..HEADER * 8).chain((HEADER * 8..bytes.len() * 8).step_by(97));
        for i in bits {
            let mut flipped = bytes.clone();
            flipped[i / 8] ^= 1 << (i % 8);
            assert!(ModuleSave::parse(&flipped).is_err(), "bit {i}");
        }
    }

    #[test]
    fn a_bare_machine_state_is_not_a_module_save() {
        assert_eq!(
            ModuleSave::parse(&machine()),
            Err(ModuleSaveError::NotModuleSave)
        );
    }
}
