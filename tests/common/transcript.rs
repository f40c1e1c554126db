//! Scripted GUI sessions for the protocol tests: a script of command lines fed to a UCI or
//! xboard [`GuiSession`], and what the engine answered.

use c7010::uci::player::reference_factory;
use c7010::uci::{GuiSession, Input, Player, Protocol};

/// Feed `lines` one at a time to one session of protocol `P` with the reference engine and
/// write a transcript: `> command`, then what the engine answered to it.
pub fn transcript<P: Protocol>(lines: &[&str]) -> String {
    let player = Player::new(reference_factory()).expect("the reference always builds");
    let mut session = GuiSession::<P, Vec<u8>>::new(player, Vec::new());
    let mut text = String::new();
    let mut seen = 0;
    for line in lines {
        text += &format!("> {line}\n");
        session
            .run(&mut Input::from_lines([*line]))
            .expect("writing to a Vec cannot fail");
        let out = String::from_utf8(session.output().clone()).expect("UTF-8 output");
        text += &out[seen..];
        seen = out.len();
    }
    text
}

/// Run the whole script `lines` through one session of protocol `P` for `player`, as a GUI
/// piping it would (commands sent while the engine thinks reach it then), and give back all
/// it wrote.
pub fn run_script<P: Protocol>(player: Player, lines: &[&str]) -> String {
    let mut session = GuiSession::<P, Vec<u8>>::new(player, Vec::new());
    session
        .run(&mut Input::from_lines(lines.iter().copied()))
        .expect("writing to a Vec cannot fail");
    String::from_utf8(session.into_output()).expect("UTF-8 output")
}
