//! The module's engine as a GUI session's player, for the tests that talk to the guest.

use c7010::uci::{EngineChoice, Player, factory, guest_plays};

/// The guest as a player. The built-in ROM plays chess: a ROM that does not is a failure
/// of every test that asks for it, never a skip.
pub fn guest_player() -> Player {
    assert!(guest_plays(), "the built-in ROM does not play chess");
    Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots")
}
