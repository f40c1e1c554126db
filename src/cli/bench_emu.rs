//! `c7010 bench emu`: emulator speed. Runs a busy guest (the sort/checksum/copy loop of
//! `tests/data/machine/busy.asm`) on the machine with exact timing, then the same number of
//! instructions on bare iz80, and prints emulated MHz, the multiple of real time at the
//! module's 4.433619 MHz, and the ratio between the two. Then an idle guest (the echo loop,
//! polling an unchanged latch) run as a console would, one PAL frame at a time, to show what
//! idle skipping buys. Build with `--release`.

use std::time::Instant;

use c7010::machine::{
    DEFAULT_CLOCK_HZ, Machine, PAL_FRAME_T_STATES,
    bench_guest::{BUSY_LOOP_ROM, ECHO_LOOP_ROM},
    clock::t_states_for,
    seconds_of,
};

/// Arguments of `c7010 bench emu`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Emulated seconds to run.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Runs of each; the fastest counts (the machine is shared, so the others are noise).
    #[arg(long, default_value_t = 3)]
    repeat: u32,
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
