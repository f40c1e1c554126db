//! `c7010 uci`: the module as a UCI engine on standard input and output.

use c7010::uci::{EngineChoice, Input, Player, UciSession, factory};

/// Arguments of `c7010 uci`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that plays: the Z80 guest on the emulated module, or the native reference.
    #[arg(long, value_enum, default_value_t = EngineChoice::Guest)]
    engine: EngineChoice,
    /// ROM image for the guest (default: the built-in ROM); the `Rom` option can change it.
    #[arg(long)]
    rom: Option<std::path::PathBuf>,
}

/// Run `c7010 uci` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut player = Player::new(factory(args.engine)?)?;
    if args.rom.is_some() {
        player.set_rom(args.rom)?;
    }
    let mut session = UciSession::new(player, std::io::stdout());
    session.run(&mut Input::stdin())?;
    Ok(())
}
