//! `c7010 uci`: the module as a UCI engine on standard input and output. The arguments and
//! the serving loop are shared with `c7010 xboard` ([`serve`]).

use c7010::uci::{EngineChoice, GuiSession, Input, Protocol, Uci, choose_player};

/// Arguments of `c7010 uci` and `c7010 xboard`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine that plays: the Z80 guest on the emulated module, or the native reference.
    /// Without it: the guest when its ROM plays chess, else the reference (with a note on
    /// standard error).
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
    /// ROM image for the guest (default: the built-in ROM; the GUI can change it with the
    /// `Rom` option: `setoption name Rom value PATH` in UCI, `option Rom=PATH` in xboard).
    #[arg(long)]
    rom: Option<std::path::PathBuf>,
}

/// Run `c7010 uci` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    serve::<Uci>(args)
}

/// Serve protocol `P` on standard input and output until `quit` or the end of input, with
/// the engine `args` choose (a note on standard error when the choice was made for the user).
pub fn serve<P: Protocol>(args: Args) -> anyhow::Result<()> {
    let (player, note) = choose_player(args.engine, args.rom)?;
    if let Some(note) = note {
        eprintln!("c7010: {note}");
    }
    GuiSession::<P, _>::new(player, std::io::stdout()).run(&mut Input::stdin())?;
    Ok(())
}
