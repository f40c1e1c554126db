//! `c7010 bench emu`: emulator speed. Runs a busy guest (the sort/checksum/copy loop of
//! `tests/data/machine/busy.asm`) on the machine with exact timing, then the same number of
//! instructions on bare iz80, and prints emulated MHz, the multiple of real time at the
//! module's 4.433619 MHz, and the ratio between the two. Then an idle guest (the echo loop,
//! polling an unchanged latch) run as a console would, one PAL frame at a time, to show what
//! idle skipping buys. Then the guest's real work: its search (ANALYS) on the middle-game
//! positions of `bench guest`, on the machine and, from the same RAM and registers, the same
//! instructions on bare iz80 (checked: the same count to the HALT and the same RAM after),
//! so the emulator's own cost is measured on the instructions the module spends its time
//! on, not only on a busy loop. Build with `--release`.

use std::time::Instant;

use c7010::guest::Harness;
use c7010::machine::{
    DEFAULT_CLOCK_HZ, Machine, PAL_FRAME_T_STATES,
    bench_guest::{BUSY_LOOP_ROM, ECHO_LOOP_ROM},
    clock::t_states_for,
    seconds_of,
};
use c7010::machine::{RAM_SIZE, RAM_START};
use c7010::reference::Board;

/// Arguments of `c7010 bench emu`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Emulated seconds to run.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Runs of each; the fastest counts (the machine is shared, so the others are noise).
    #[arg(long, default_value_t = 3)]
    repeat: u32,
    /// Position budget of each search in the real-work comparison (0: leave it out).
    #[arg(long, default_value_t = 1000)]
    search_budget: u32,
}

/// A flat 64 KB memory: the least a bare iz80 needs, for the baseline.
struct FlatMemory(Box<[u8; 0x10000]>);

impl iz80::Machine for FlatMemory {
    fn peek(&mut self, address: u16) -> u8 {
        self.0[address as usize]
    }
    fn poke(&mut self, address: u16, value: u8) {
        self.0[address as usize] = value;
    }
    fn port_in(&mut self, _port: u16) -> u8 {
        0
    }
    fn port_out(&mut self, _port: u16, _value: u8) {}
}

/// Run the benchmark.
pub fn run(args: Args) -> anyhow::Result<()> {
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        anyhow::bail!("--seconds must be a positive number");
    }
    let budget = t_states_for(args.seconds, DEFAULT_CLOCK_HZ);

    let repeat = args.repeat.max(1);

    let mut machine_secs = f64::INFINITY;
    let (mut t_states, mut instructions) = (0, 0);
    for _ in 0..repeat {
        let mut machine = Machine::new(BUSY_LOOP_ROM)?;
        let start = Instant::now();
        machine
            .run_for(budget)
            .map_err(|fault| anyhow::anyhow!("{fault}"))?;
        machine_secs = machine_secs.min(start.elapsed().as_secs_f64());
        t_states = machine.cycles();
        instructions = machine.stats().instructions;
    }

    let mut bare_secs = f64::INFINITY;
    for _ in 0..repeat {
        let mut memory = FlatMemory(Box::new([0; 0x10000]));
        memory.0[..BUSY_LOOP_ROM.len()].copy_from_slice(BUSY_LOOP_ROM);
        let mut cpu = iz80::Cpu::new();
        let start = Instant::now();
        for _ in 0..instructions {
            cpu.execute_instruction(&mut memory);
        }
        bare_secs = bare_secs.min(start.elapsed().as_secs_f64());
    }

    let machine_mhz = t_states as f64 / machine_secs / 1e6;
    // Bare iz80 ran the same instructions, which take the same exact T-states.
    let bare_mhz = t_states as f64 / bare_secs / 1e6;
    let real_mhz = DEFAULT_CLOCK_HZ / 1e6;
    println!(
        "guest: busy loop, {instructions} instructions, {t_states} T-states ({:.1} emulated s), best of {repeat}",
        seconds_of(t_states, DEFAULT_CLOCK_HZ)
    );
    println!(
        "machine (exact timing): {machine_secs:.3} s, {machine_mhz:.1} emulated MHz, {:.1}x real time",
        machine_mhz / real_mhz
    );
    println!(
        "bare iz80:              {bare_secs:.3} s, {bare_mhz:.1} emulated MHz, {:.1}x real time",
        bare_mhz / real_mhz
    );
    println!("machine / bare iz80 speed: {:.2}", machine_mhz / bare_mhz);

    if args.search_budget > 0 {
        search_on_both(args.search_budget, repeat)?;
    }

    let mut idle = Machine::new(ECHO_LOOP_ROM)?;
    let frames = (budget / PAL_FRAME_T_STATES).max(1);
    let start = Instant::now();
    for _ in 0..frames {
        idle.run_for(PAL_FRAME_T_STATES)
            .map_err(|fault| anyhow::anyhow!("{fault}"))?;
    }
    let idle_secs = start.elapsed().as_secs_f64();
    println!(
        "idle guest (echo loop, {frames} frames of {PAL_FRAME_T_STATES} T): {:.1} emulated s in {:.3} ms, {:.0}x real time, {} of {} instructions emulated",
        idle.emulated_seconds(),
        idle_secs * 1e3,
        idle.emulated_seconds() / idle_secs,
        idle.host_steps(),
        idle.stats().instructions
    );
    Ok(())
}

/// One search of the built-in ROM's ANALYS: the host seconds and instructions on the
/// machine, and the RAM and registers it started from.
struct MachineSearch {
    secs: f64,
    t_states: u64,
    instructions: u64,
    start_ram: Vec<u8>,
    start: c7010::machine::Registers,
    end_ram: Vec<u8>,
}

/// ANALYS with `budget` on `fen`, no polling and no INFO (SRFLAGS 0), on the machine.
fn search_on_machine(fen: &str, budget: u32) -> anyhow::Result<MachineSearch> {
    let mut h = Harness::builtin()?;
    h.load_board(&Board::from_fen(fen)?)?;
    h.write_at("BUDGET", 0, &budget.to_le_bytes())?;
    h.write_at("SRFLAGS", 0, &[0])?;
    let start_ram = h.machine.ram().to_vec();
    let start = h.machine.registers();
    let instructions = h.machine.stats().instructions;
    let clock = Instant::now();
    let (_, t_states) = h.call("ANALYS", |_| {})?;
    let secs = clock.elapsed().as_secs_f64();
    Ok(MachineSearch {
        secs,
        t_states,
        instructions: h.machine.stats().instructions - instructions,
        start_ram,
        start,
        end_ram: h.machine.ram().to_vec(),
    })
}

/// The same search on bare iz80 from the machine's starting RAM and registers, as
/// `Harness::call` sets them (return address TRAP, a HALT, at the top of the stack): the
/// host seconds, the instructions to the HALT and the RAM after.
fn search_on_iz80(run: &MachineSearch) -> anyhow::Result<(f64, u64, Vec<u8>)> {
    let h = Harness::builtin()?;
    let (entry, trap) = (h.symbol("ANALYS")?, h.symbol("TRAP")?);
    let mut memory = FlatMemory(Box::new([0; 0x10000]));
    memory.0[..h.image.rom.len()].copy_from_slice(&h.image.rom);
    let ram = usize::from(RAM_START)..usize::from(RAM_START) + RAM_SIZE;
    memory.0[ram.clone()].copy_from_slice(&run.start_ram);
    let sp = RAM_START + RAM_SIZE as u16 - 2;
    memory.0[usize::from(sp)..usize::from(sp) + 2].copy_from_slice(&trap.to_le_bytes());
    let mut cpu = iz80::Cpu::new();
    let r = cpu.registers();
    for (reg, value) in [
        (iz80::Reg16::AF, run.start.af),
        (iz80::Reg16::BC, run.start.bc),
        (iz80::Reg16::DE, run.start.de),
        (iz80::Reg16::HL, run.start.hl),
        (iz80::Reg16::IX, run.start.ix),
        (iz80::Reg16::IY, run.start.iy),
        (iz80::Reg16::SP, sp),
    ] {
        r.set16(reg, value);
    }
    r.set_pc(entry);
    let clock = Instant::now();
    let mut instructions = 0u64;
    // The machine's count is the limit: a run that differs fails the RAM check below.
    while !cpu.is_halted() && instructions <= run.instructions {
        cpu.execute_instruction(&mut memory);
        instructions += 1;
    }
    Ok((
        clock.elapsed().as_secs_f64(),
        instructions,
        memory.0[ram].to_vec(),
    ))
}

/// The guest's search on the bench positions, on the machine and on bare iz80: the same
/// instructions (same count, same RAM after), the host time of each, best of `repeat`.
fn search_on_both(budget: u32, repeat: u32) -> anyhow::Result<()> {
    let (mut machine_secs, mut bare_secs) = (0.0, 0.0);
    let (mut t_states, mut instructions) = (0u64, 0u64);
    for fen in super::bench_guest::POSITIONS {
        let mut best: Option<MachineSearch> = None;
        for _ in 0..repeat {
            let run = search_on_machine(fen, budget)?;
            if best.as_ref().is_none_or(|b| run.secs < b.secs) {
                best = Some(run);
            }
        }
        let run = best.expect("repeat is at least 1");
        let mut bare = f64::INFINITY;
        for _ in 0..repeat {
            let (secs, count, ram) = search_on_iz80(&run)?;
            // Both count the HALT they stop at.
            if count != run.instructions || ram != run.end_ram {
                anyhow::bail!(
                    "bare iz80 did not repeat the machine's search on {fen}: {count} \
                     instructions to the HALT against {}, RAM after {}",
                    run.instructions,
                    if ram == run.end_ram {
                        "the same"
                    } else {
                        "different"
                    }
                );
            }
            bare = bare.min(secs);
        }
        machine_secs += run.secs;
        bare_secs += bare;
        t_states += run.t_states;
        instructions += run.instructions;
    }
    let mhz = |secs: f64| t_states as f64 / secs / 1e6;
    let real_mhz = DEFAULT_CLOCK_HZ / 1e6;
    println!(
        "guest: its search (ANALYS, {budget} positions, {} positions), {instructions} \
         instructions, {t_states} T-states ({:.1} emulated s), best of {repeat}",
        super::bench_guest::POSITIONS.len(),
        seconds_of(t_states, DEFAULT_CLOCK_HZ)
    );
    println!(
        "machine (exact timing): {machine_secs:.3} s, {:.1} emulated MHz, {:.1}x real time",
        mhz(machine_secs),
        mhz(machine_secs) / real_mhz
    );
    println!(
        "bare iz80:              {bare_secs:.3} s, {:.1} emulated MHz, {:.1}x real time",
        mhz(bare_secs),
        mhz(bare_secs) / real_mhz
    );
    println!(
        "machine / bare iz80 speed on the search: {:.2}",
        bare_secs / machine_secs
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bare iz80, started from the machine's RAM and registers, runs the guest's search to
    /// the same HALT in as many instructions and leaves the same RAM (the best move, the
    /// positions counted, the move stack): the comparison times the same work.
    #[test]
    fn bare_iz80_repeats_the_machines_search() {
        let fen = super::super::bench_guest::POSITIONS[0];
        let run = search_on_machine(fen, 120).unwrap();
        assert!(run.instructions > 10_000, "{}", run.instructions);
        let (_, count, ram) = search_on_iz80(&run).unwrap();
        assert_eq!(count, run.instructions);
        assert!(ram == run.end_ram, "RAM after the search differs");
        // The search did its work: it counted positions (POSCNT) from the cleared start.
        let h = Harness::builtin().unwrap();
        let at = usize::from(h.symbol("POSCNT").unwrap() - RAM_START);
        let positions = u32::from_le_bytes(ram[at..at + 4].try_into().unwrap());
        assert!(positions >= 120, "{positions}");
    }
}
