//! Save states: the whole machine to bytes and back, bit-exact.
//!
//! Layout (all integers little-endian; `docs/machine.md` has the table):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `C7010SAV` |
//! | 8 | 2 | format version (1) |
//! | 10 | 4 | payload length N |
//! | 14 | N | payload (below) |
//! | 14+N | 4 | CRC-32 (IEEE) of bytes 0..14+N |
//!
//! Payload v1: AF BC DE HL AF' BC' DE' HL' IX IY SP PC (12 x u16), I, R, IFF1, IFF2, IM,
//! halted (6 x u8), cycles (u64), clock Hz (f64 bits), reset held (u8), host latch (u8),
//! module latch (u8), 18 reserved bytes (a watchdog of older builds: written as 0, ignored),
//! RAM high-water (u16, 0xFFFF = none), SP low-water (u32), instructions (u64), RAM (2048),
//! ROM (8192).

use super::crc32::crc32;
use super::memory::{RAM_SIZE, ROM_SIZE};
use super::registers::Registers;

/// First bytes of every save state.
pub const STATE_MAGIC: &[u8; 8] = b"C7010SAV";
/// The format version this build writes and reads.
pub const STATE_VERSION: u16 = 1;

const HEADER: usize = 8 + 2 + 4;
const CHECKSUM: usize = 4;
const PAYLOAD_V1: usize = 24 + 6 + 8 + 8 + 1 + 2 + 9 + 9 + 2 + 4 + 8 + RAM_SIZE + ROM_SIZE;

/// Why a save state could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Fewer bytes than the header or the payload needs.
    #[error("save state truncated: {found} bytes, need {needed}")]
    Truncated {
        /// Bytes needed.
        needed: usize,
        /// Bytes present.
        found: usize,
    },
    /// The data does not start with the save-state magic.
    #[error("not a c7010 save state (wrong magic)")]
    BadMagic,
    /// Written by a newer build.
    #[error("save state version {found} is newer than this build supports ({supported})")]
    NewerVersion {
        /// The state's version.
        found: u16,
        /// The newest version this build reads.
        supported: u16,
    },
    /// A version number no build ever wrote.
    #[error("save state version {0} is not supported")]
    UnsupportedVersion(u16),
    /// The checksum does not match: the bytes were damaged.
    #[error("save state damaged: checksum {stored:#010x}, computed {computed:#010x}")]
    ChecksumMismatch {
        /// Checksum in the state.
        stored: u32,
        /// Checksum of the bytes.
        computed: u32,
    },
    /// Checksum fine but a field is impossible (or trailing bytes follow).
    #[error("save state corrupt: {0}")]
    Corrupt(String),
    /// Reading or writing the file failed (the message names the file).
    #[error("{0}")]
    File(String),
}

/// Little-endian writer.
struct Out(Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn opt_u64(&mut self, v: Option<u64>) {
        self.u8(v.is_some() as u8);
        self.u64(v.unwrap_or(0));
    }
}

/// Little-endian reader over a payload whose length was already checked.
struct In<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl In<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        s
    }
    fn u8(&mut self) -> u8 {
        self.take(1)[0]
    }
    fn bool(&mut self, what: &str) -> Result<bool, StateError> {
        match self.u8() {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(StateError::Corrupt(format!("{what} is {v}, not 0 or 1"))),
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take(2).try_into().unwrap_or_default())
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().unwrap_or_default())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take(8).try_into().unwrap_or_default())
    }
    fn opt_u64(&mut self, what: &str) -> Result<Option<u64>, StateError> {
        let some = self.bool(what)?;
        let v = self.u64();
        Ok(some.then_some(v))
    }
}

/// What a save state holds: the guest's state and its resource use, as plain values. The
/// machine makes one ([`Machine::save_state`]) and is rebuilt from one
/// ([`Machine::load_state`]); this file only knows the bytes.
pub(crate) struct Saved {
    pub registers: Registers,
    pub cycles: u64,
    pub clock_hz: f64,
    pub reset_held: bool,
    pub host_latch: u8,
    pub module_latch: u8,
    pub ram_high_water: Option<u16>,
    pub sp_low_water: u32,
    pub instructions: u64,
    pub ram: [u8; RAM_SIZE],
    pub rom: [u8; ROM_SIZE],
}

impl Saved {
    /// The state as bytes (see the module docs for the layout).
    pub fn encode(&self) -> Vec<u8> {
        let r = &self.registers;
        let mut p = Out(Vec::with_capacity(PAYLOAD_V1));
        for pair in [
            r.af, r.bc, r.de, r.hl, r.af_alt, r.bc_alt, r.de_alt, r.hl_alt, r.ix, r.iy, r.sp, r.pc,
        ] {
            p.u16(pair);
        }
        for byte in [r.i, r.r, r.iff1 as u8, r.iff2 as u8, r.im, r.halted as u8] {
            p.u8(byte);
        }
        p.u64(self.cycles);
        p.u64(self.clock_hz.to_bits());
        p.u8(self.reset_held as u8);
        p.u8(self.host_latch);
        p.u8(self.module_latch);
        // Reserved: older builds kept a watchdog here (see the layout above).
        p.opt_u64(None);
        p.opt_u64(None);
        p.u16(self.ram_high_water.unwrap_or(0xFFFF));
        p.u32(self.sp_low_water);
        p.u64(self.instructions);
        p.0.extend_from_slice(&self.ram);
        p.0.extend_from_slice(&self.rom);
        debug_assert_eq!(p.0.len(), PAYLOAD_V1);

        let mut out = Out(Vec::with_capacity(HEADER + PAYLOAD_V1 + CHECKSUM));
        out.0.extend_from_slice(STATE_MAGIC);
        out.u16(STATE_VERSION);
        out.u32(p.0.len() as u32);
        out.0.extend_from_slice(&p.0);
        let sum = crc32(&out.0);
        out.u32(sum);
        out.0
    }

    /// The state in `bytes`, once header, checksum and every field are right.
    pub fn decode(bytes: &[u8]) -> Result<Saved, StateError> {
        let mut p = In {
            bytes: checked_payload(bytes)?,
            at: 0,
        };
        let registers = read_registers(&mut p)?;
        let cycles = p.u64();
        let clock_hz = f64::from_bits(p.u64());
        let reset_held = p.bool("reset line")?;
        let host_latch = p.u8();
        let module_latch = p.u8();
        // The reserved bytes (an older build's watchdog): read to keep the layout, ignored.
        p.opt_u64("reserved flag")?;
        p.opt_u64("reserved flag")?;
        let ram_high_water = match p.u16() {
            0xFFFF => None,
            v if (v as usize) < RAM_SIZE => Some(v),
            v => return Err(StateError::Corrupt(format!("RAM high-water {v}"))),
        };
        Ok(Saved {
            registers,
            cycles,
            clock_hz,
            reset_held,
            host_latch,
            module_latch,
            ram_high_water,
            sp_low_water: p.u32(),
            instructions: p.u64(),
            ram: p.take(RAM_SIZE).try_into().unwrap_or([0; RAM_SIZE]),
            rom: p.take(ROM_SIZE).try_into().unwrap_or([0xFF; ROM_SIZE]),
        })
    }
}

/// The payload of save-state `bytes` once its header, length, checksum and version are
/// right.
fn checked_payload(bytes: &[u8]) -> Result<&[u8], StateError> {
    if bytes.len() < HEADER {
        return Err(StateError::Truncated {
            needed: HEADER,
            found: bytes.len(),
        });
    }
    if &bytes[..8] != STATE_MAGIC {
        return Err(StateError::BadMagic);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version > STATE_VERSION {
        return Err(StateError::NewerVersion {
            found: version,
            supported: STATE_VERSION,
        });
    }
    if version != STATE_VERSION {
        return Err(StateError::UnsupportedVersion(version));
    }
    let length = u32::from_le_bytes([bytes[10], bytes[11], bytes[12], bytes[13]]) as usize;
    let needed = HEADER + length + CHECKSUM;
    if bytes.len() < needed {
        return Err(StateError::Truncated {
            needed,
            found: bytes.len(),
        });
    }
    if bytes.len() > needed {
        return Err(StateError::Corrupt(format!(
            "{} bytes after the checksum",
            bytes.len() - needed
        )));
    }
    let stored = u32::from_le_bytes(bytes[HEADER + length..].try_into().unwrap_or_default());
    let computed = crc32(&bytes[..HEADER + length]);
    if stored != computed {
        return Err(StateError::ChecksumMismatch { stored, computed });
    }
    if length != PAYLOAD_V1 {
        return Err(StateError::Corrupt(format!(
            "payload is {length} bytes, version 1 has {PAYLOAD_V1}"
        )));
    }
    Ok(&bytes[HEADER..HEADER + length])
}

/// The CPU's registers, the first fields of a payload.
fn read_registers(p: &mut In<'_>) -> Result<Registers, StateError> {
    // Struct fields are evaluated in the order written: the order `save_state` wrote them.
    let registers = Registers {
        af: p.u16(),
        bc: p.u16(),
        de: p.u16(),
        hl: p.u16(),
        af_alt: p.u16(),
        bc_alt: p.u16(),
        de_alt: p.u16(),
        hl_alt: p.u16(),
        ix: p.u16(),
        iy: p.u16(),
        sp: p.u16(),
        pc: p.u16(),
        i: p.u8(),
        r: p.u8(),
        iff1: p.bool("IFF1")?,
        iff2: p.bool("IFF2")?,
        im: p.u8(),
        halted: p.bool("halted")?,
    };
    if registers.im > 2 {
        return Err(StateError::Corrupt(format!(
            "interrupt mode {}",
            registers.im
        )));
    }
    Ok(registers)
}
