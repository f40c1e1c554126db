//! `c7010 exec`: run a bare ROM on the module machine until HALT, mooneye style (a test ROM
//! ends on HALT and leaves its results in registers), and print the T-states, emulated time,
//! registers and guest statistics. A fault, or no HALT within the budget, exits non-zero.

use std::path::PathBuf;

use anyhow::{Context, bail};
use c7010::machine::{DEFAULT_CLOCK_HZ, Machine, Stop};

/// Arguments of `c7010 exec`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// ROM image to run (at most 8192 bytes, loaded at 0x0000).
    #[arg(long)]
    rom: PathBuf,
    /// Give up after this many T-states without HALT.
    #[arg(long, default_value_t = 100_000_000)]
    max_cycles: u64,
    /// CPU clock in MHz.
    #[arg(long, default_value_t = DEFAULT_CLOCK_HZ / 1e6)]
    clock: f64,
    /// Byte the host has written to its latch before the run (what IN reads).
    #[arg(long, value_parser = parse_byte)]
    host_latch: Option<u8>,
}

fn parse_byte(text: &str) -> Result<u8, String> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u8::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|e| format!("{text:?} is not a byte (0-255 or 0x00-0xFF): {e}"))
}

/// Run the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rom = c7010::files::read(&args.rom, c7010::files::ROM_IMAGE)?;
    let mut machine = Machine::new(&rom)
        .and_then(|m| m.with_clock_hz(args.clock * 1e6))
        .with_context(|| format!("cannot load ROM {}", args.rom.display()))?;
    if let Some(value) = args.host_latch {
        machine.host_write(value);
    }
    let stop = machine
        .run_until_halt(args.max_cycles)
        .map_err(|fault| anyhow::anyhow!("{fault}"))?;
    let stats = machine.stats();
    println!(
        "{} after {} T-states ({:.6} s at {} MHz), {} instructions",
        match stop {
            Stop::Halted => "halted",
            _ => "stopped",
        },
        machine.cycles(),
        machine.emulated_seconds(),
        args.clock,
        stats.instructions
    );
    println!("{}", machine.registers());
    println!(
        "latches: module->host {:#04x}, host->module {:#04x}",
        machine.module_latch(),
        machine.host_latch()
    );
    println!(
        "guest: RAM high-water {}, SP low-water {:#06x}",
        stats.ram_high_water.map_or("none".to_string(), |o| format!(
            "offset {o:#05x} (of 0x000-0x7ff)"
        )),
        stats.sp_low_water
    );
    if stop != Stop::Halted {
        bail!("no HALT within {} T-states", args.max_cycles);
    }
    Ok(())
}
