//! A copy of the console that goes on exactly as the original would: the game and the
//! engine's machine, link and thought (through `Table::try_clone`), what the console waits
//! for, the view, the clocks and pondering. The libretro core keeps such copies as
//! checkpoints, so that restoring one of its states replays only the frames since the
//! nearest checkpoint.

use super::Console;

impl Console {
    /// A copy of the console, if its engine can be copied (the guest can).
    pub fn try_clone(&self) -> Option<Console> {
        Some(Console {
            table: self.table.try_clone()?,
            human: self.human,
            pondering: self.pondering.clone(),
            phase: self.phase.clone(),
            view: self.view.clone(),
            clocks: self.clocks.clone(),
            options: self.options.clone(),
            pgn_database: self.pgn_database.clone(),
            quit: self.quit,
            refused: self.refused,
            move_texts: self.move_texts.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::console::{Colour, Console, ConsoleCommand, ConsoleOptions};
    use crate::engine::guest::GuestEngine;
    use crate::machine::PAL_FRAME_T_STATES;

    /// The machine state and the screen, all a copy must agree on.
    fn seen(console: &mut Console) -> (Vec<u8>, String) {
        let machine = console.engine_machine().unwrap().save_state();
        (machine, format!("{:?}", console.screen()))
    }

    #[test]
    fn a_copy_taken_mid_thought_goes_on_as_the_original() {
        let options = ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            ..ConsoleOptions::default()
        };
        let engine = GuestEngine::builtin().unwrap();
        let mut original = Console::new(Box::new(engine), options).unwrap();
        original.apply(ConsoleCommand::Move {
            from: 8,
            to: 16,
            promotion: None,
        });
        (0..50).for_each(|_| original.tick(PAL_FRAME_T_STATES));
        assert!(original.thinking(), "out of the book, the module thinks");
        let mut copy = original.try_clone().expect("the guest can be copied");
        for _ in 0..400 {
            original.tick(PAL_FRAME_T_STATES);
            copy.tick(PAL_FRAME_T_STATES);
        }
        assert_eq!(original.game().moves().len(), 2, "the module has moved");
        assert!(seen(&mut original) == seen(&mut copy));
        assert_eq!(original.game().moves(), copy.game().moves());
    }
}
