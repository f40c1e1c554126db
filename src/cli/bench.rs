//! `c7010 bench ...`: benchmarks that print rates and ratios. One file per benchmark.

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

#[derive(clap::Subcommand, Debug)]
enum Which {
    /// Emulator speed: emulated MHz and multiple of real time, against bare iz80.
    Emu(super::bench_emu::Args),
    /// Native reference engine: positions evaluated per second, perft nodes per second.
    Ref(super::bench_ref::Args),
    /// Video model: frames rendered per second.
    Vdc(super::bench_vdc::Args),
    /// The guest's search: positions per emulated second, host speed, level times.
    Guest(super::bench_guest::Args),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.which {
        Which::Emu(a) => super::bench_emu::run(a),
        Which::Ref(a) => super::bench_ref::run(a),
        Which::Vdc(a) => super::bench_vdc::run(a),
        Which::Guest(a) => super::bench_guest::run(a),
    }
}
