//! The module's engine as a GUI session's player, for the tests that talk to the guest.

use c7010::uci::{EngineChoice, Player, factory, guest_plays};

/// The guest as a player, or `None` with a note when the built-in ROM cannot play.
pub fn guest_player() -> Option<Player> {
    if !guest_plays() {
        eprintln!("skipped: the built-in ROM does not play chess yet");
        return None;
    }
    Some(Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots"))
}
