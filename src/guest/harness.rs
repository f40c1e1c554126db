//! Call one guest routine in the emulated module and read back its registers and RAM.
//!
//! `call` sets the stack at the top of RAM, pushes the address of the ROM's `TRAP` label (a
//! HALT) as the return address, jumps to the routine and runs until that HALT. Registers
//! in and out are the machine's [`Registers`]; RAM is reached by symbol.

use std::fmt;

use super::image::{GuestImage, ImageError};
use crate::machine::{
    ConfigError, Fault, Machine, Registers, Stop, ram_offset, t_states_in_seconds,
};
use crate::reference::{Board, Move};

/// Emulated T-states a single routine call may take before it counts as run away.
pub const CALL_LIMIT: u64 = t_states_in_seconds(10);

/// Why a routine call failed.
#[derive(Debug)]
pub enum CallError {
    Image(ImageError),
    Config(ConfigError),
    Fault(Box<Fault>),
    /// The routine did not return within [`CALL_LIMIT`] T-states.
    RunAway {
        routine: String,
        pc: u16,
    },
    /// The run stopped at a breakpoint or watch (only when a caller set one).
    Stopped(Stop),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Image(e) => write!(f, "{e}"),
            CallError::Config(e) => write!(f, "{e}"),
            CallError::Fault(e) => write!(f, "{e}"),
            CallError::RunAway { routine, pc } => write!(
                f,
                "{routine} did not return within {CALL_LIMIT} T-states (PC {pc:#06x})"
            ),
            CallError::Stopped(stop) => write!(f, "stopped: {stop:?}"),
        }
    }
}

impl std::error::Error for CallError {}

impl From<ImageError> for CallError {
    fn from(e: ImageError) -> Self {
        CallError::Image(e)
    }
}

/// The module with a guest image, driven routine by routine.
pub struct Harness {
    pub machine: Machine,
    pub image: GuestImage,
    trap: u16,
}

impl Harness {
    /// A fresh machine with `image`, RAM cleared.
    pub fn new(image: GuestImage) -> Result<Harness, CallError> {
        let trap = image.symbol("TRAP")?;
        let machine = Machine::new(&image.rom).map_err(CallError::Config)?;
        Ok(Harness {
            machine,
            image,
            trap,
        })
    }

    /// The committed ROM.
    pub fn builtin() -> Result<Harness, CallError> {
        Self::new(GuestImage::builtin())
    }

    /// Address of a symbol.
    pub fn symbol(&self, name: &str) -> Result<u16, CallError> {
        Ok(self.image.symbol(name)?)
    }

    /// Call `routine` with the registers `setup` leaves (start from the current ones; SP
    /// and PC are set here). Returns the registers at the return and the T-states used.
    pub fn call(
        &mut self,
        routine: &str,
        setup: impl FnOnce(&mut Registers),
    ) -> Result<(Registers, u64), CallError> {
        let entry = self.symbol(routine)?;
        let mut regs = self.machine.registers();
        setup(&mut regs);
        let sp: u16 = 0xE800 - 2;
        self.write(sp, &self.trap.to_le_bytes());
        regs.sp = sp;
        regs.pc = entry;
        regs.halted = false;
        self.machine.set_registers(&regs);
        let start = self.machine.cycles();
        match self.machine.run_until_halt(CALL_LIMIT) {
            Ok(Stop::Halted) => {}
            Ok(Stop::TimeUp) => {
                return Err(CallError::RunAway {
                    routine: routine.to_string(),
                    pc: self.machine.registers().pc,
                });
            }
            Ok(other) => return Err(CallError::Stopped(other)),
            Err(fault) => return Err(CallError::Fault(Box::new(fault))),
        }
        let out = self.machine.registers();
        if out.pc != self.trap.wrapping_add(1) && out.pc != self.trap {
            return Err(CallError::RunAway {
                routine: routine.to_string(),
                pc: out.pc,
            });
        }
        Ok((out, self.machine.cycles() - start))
    }

    /// Call `routine` with a move in the registers GEN hands its hook (B = from, C = to,
    /// E = flags), the way EVALMOVE, EVALKID and the other per-move routines take it.
    pub fn call_move(&mut self, routine: &str, m: Move) -> Result<(Registers, u64), CallError> {
        self.call(routine, |r| {
            r.bc = (u16::from(m.from) << 8) | u16::from(m.to);
            r.de = u16::from(m.flags);
        })
    }

    /// EVALMOVE, the evaluation of one move outside a batch, as the tests want it: the ROM
    /// has no such entry (its 12 bytes went to the leaves' captures first, 2026-12-03), so
    /// the harness clears what a batch sets, `LEGPIN` (no batch: the full legality test),
    /// `TGKIDS` (ATTMARK for the targets) and `DLTSQ` (no points kept for DELTAK), and
    /// calls `EVALM0`, EVALKID's body, with the move.
    pub fn evalmove(&mut self, m: Move) -> Result<(Registers, u64), CallError> {
        for name in ["LEGPIN", "TGKIDS", "DLTSQ"] {
            self.write_at(name, 0, &[0])?;
        }
        self.call_move("EVALM0", m)
    }

    /// EXCH, the exchange analysis of the position on the board with its own targets: the
    /// ROM reaches `EXCHM` only through EVALM0, which has its targets already, so the
    /// harness calls `ATTMARK` (the targets, into TGTMAP) and then `EXCHM`. Returns EXCHM's
    /// registers (HL = the opponent's gain, DE = the mover's) and the T-states of both.
    pub fn exch(&mut self) -> Result<(Registers, u64), CallError> {
        let (_, t_targets) = self.call("ATTMARK", |_| {})?;
        let (regs, t) = self.call("EXCHM", |_| {})?;
        Ok((regs, t_targets + t))
    }

    /// Bytes of RAM at `address` (any mirror).
    pub fn read(&self, address: u16, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| self.machine.read(address.wrapping_add(i as u16)))
            .collect()
    }

    /// Bytes of RAM at the symbol `name` plus `offset`.
    pub fn read_at(&self, name: &str, offset: u16, len: usize) -> Result<Vec<u8>, CallError> {
        Ok(self.read(self.symbol(name)?.wrapping_add(offset), len))
    }

    /// Write bytes into RAM at `address` (writes outside RAM are ignored).
    pub fn write(&mut self, address: u16, bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            if let Some(offset) = ram_offset(address.wrapping_add(i as u16)) {
                self.machine.ram_mut()[offset as usize] = *b;
            }
        }
    }

    /// Write bytes at the symbol `name` plus `offset`.
    pub fn write_at(&mut self, name: &str, offset: u16, bytes: &[u8]) -> Result<(), CallError> {
        let a = self.symbol(name)?.wrapping_add(offset);
        self.write(a, bytes);
        Ok(())
    }

    /// ANALYS's root list, prepared the way ANALYS prepares it (`asm/search.asm`): the
    /// positional tables (`POSANA`), the root's positional sum (`TOTAL`) into `ROOTPOS` and
    /// PLYTAB record 0, `PLYN` = 0, the move stack from `MOVESTK`, then `GENEVAL` with a
    /// list (A = 1): every legal move evaluated, counted in `POSCNT` and stored from
    /// `MOVESTK` to `MSTOP`. Returns the T-states of the whole preparation.
    pub fn root_list(&mut self) -> Result<u64, CallError> {
        let (_, t_tables) = self.call("POSANA", |_| {})?;
        let (regs, t_total) = self.call("TOTAL", |_| {})?;
        let sum = regs.hl.to_le_bytes();
        self.write_at("ROOTPOS", 0, &sum)?;
        let ppos = self.symbol("PPOS")?;
        self.write_at("PLYTAB", ppos, &sum)?;
        self.write_at("PLYN", 0, &[0])?;
        let movestk = self.symbol("MOVESTK")?.to_le_bytes();
        self.write_at("MSTOP", 0, &movestk)?;
        let (_, t_list) = self.call("GENEVAL", |r| r.af = 0x0100 | (r.af & 0xff))?;
        Ok(t_tables + t_total + t_list)
    }

    /// Put a reference board into the guest's RAM as `asm/ram.asm` lays it out: the mailbox
    /// (`BOARD`), side, castling rights, en-passant square and half-move clock (`SIDE`..),
    /// the full-move number (`FULLMV`), the king squares (`WKING`, `BKING`), the
    /// material balance (`MATERL`) and the bishops' counts (`BISHOPS`). The differential
    /// tests start every routine from here.
    pub fn load_board(&mut self, b: &Board) -> Result<(), CallError> {
        self.write_at("BOARD", 0, &b.sq)?;
        self.write_at("SIDE", 0, &[b.side, b.castling, b.ep, b.halfmove])?;
        self.write_at("FULLMV", 0, &b.fullmove.to_le_bytes())?;
        self.write_at("WKING", 0, &b.king)?;
        self.write_at("MATERL", 0, &b.material.to_le_bytes())?;
        self.write_at("BISHOPS", 0, &b.bishops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_a_routine_and_sees_its_effects() {
        let mut h = Harness::builtin().unwrap();
        // LINIT sets both sequence bits and writes the idle value to the latch.
        h.write_at("LNKTX", 0, &[0, 0, 0]).unwrap();
        let (_, t) = h.call("LINIT", |_| {}).unwrap();
        assert_eq!(h.read_at("LNKTX", 0, 3).unwrap(), vec![0x80, 0x80, 0xFF]);
        assert_eq!(h.machine.module_latch(), 0xFF);
        assert!(t > 0);
    }

    #[test]
    fn a_loaded_board_is_the_guest_s_position() {
        let mut h = Harness::builtin().unwrap();
        for (fen, check) in [
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false),
            ("R3k3/8/8/8/8/8/8/4K3 b - - 0 1", true),
            ("4k3/8/8/8/1b6/8/8/4K3 w - - 0 1", true),
        ] {
            let b = Board::from_fen(fen).unwrap();
            h.load_board(&b).unwrap();
            assert_eq!(h.read_at("BOARD", 0, 120).unwrap(), b.sq.to_vec());
            // INCHECK reads the side to move and its king square from where load_board put them.
            let (regs, _) = h.call("INCHECK", |_| {}).unwrap();
            assert_eq!(regs.f() & 1 == 1, check, "{fen}");
            assert_eq!(b.in_check(), check);
        }
    }

    #[test]
    fn unknown_routine_is_an_error() {
        let mut h = Harness::builtin().unwrap();
        assert!(matches!(h.call("NOSUCH", |_| {}), Err(CallError::Image(_))));
    }
}
