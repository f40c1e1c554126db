//! `c7010 xboard`: the module as an xboard/WinBoard (CECP v2) engine on standard input and
//! output.

use c7010::uci::Xboard;

/// The same arguments as `c7010 uci`.
pub use super::uci::Args;

/// Run `c7010 xboard` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    super::uci::serve::<Xboard>(args)
}
