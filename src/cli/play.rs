//! `c7010 play` (also what `c7010` with no subcommand runs): the main job.

#[derive(clap::Args, Debug, Default)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    println!("c7010: the module does not play chess yet.");
    println!("Built so far: see `c7010 --help` for the subcommands that work.");
    Ok(())
}
