//! `c7010 xboard`: the module as an xboard/WinBoard (CECP v2) engine on standard input and
//! output.

use c7010::uci::{EngineChoice, Input, Player, XboardSession, factory};

/// Arguments of `c7010 xboard`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that plays: the Z80 guest on the emulated module, or the native reference.
    #[arg(long, value_enum, default_value_t = EngineChoice::Guest)]
    engine: EngineChoice,
    /// ROM image for the guest (default: the built-in ROM).
    #[arg(long)]
    rom: Option<std::path::PathBuf>,
}

/// Run `c7010 xboard` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut player = Player::new(factory(args.engine)?)?;
    if args.rom.is_some() {
        player.set_rom(args.rom)?;
    }
    let mut session = XboardSession::new(player, std::io::stdout());
    session.run(&mut Input::stdin())?;
    Ok(())
}
