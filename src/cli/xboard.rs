//! `c7010 xboard`: the module as an xboard/WinBoard (CECP v2) engine on standard input and
//! output.

use c7010::uci::{Input, XboardSession, choose_player};

/// The same arguments as `c7010 uci`.
pub use super::uci::Args;

/// Run `c7010 xboard` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (player, note) = choose_player(args.engine, args.rom)?;
    if let Some(note) = note {
        eprintln!("c7010: {note}");
    }
    let mut session = XboardSession::new(player, std::io::stdout());
    session.run(&mut Input::stdin())?;
    Ok(())
}
