//! `c7010 bench emu`: not built yet.

#[derive(clap::Args, Debug, Default)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`c7010 bench emu` is not built yet; see the open issues")
}
