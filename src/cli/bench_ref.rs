//! `c7010 bench ref`: not built yet.

#[derive(clap::Args, Debug, Default)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`c7010 bench ref` is not built yet; see the open issues")
}
