//! The engine a counting command (`perft`, `search`, `solve`) runs, chosen with `--engine`,
//! seated at a [`Table`] (the one owner of a game and its engine, as in play) and driven
//! through it only: the commands never know which engine answers, and print what it says
//! with one printer ([`super::report`]).

use anyhow::Context;
use c7010::engine::guest::GuestEngine;
use c7010::engine::{
    Decision, EngineChoice, EngineError, Heard, Info, Level, Limit, RefEngine, Stops, Table,
};
use c7010::machine::clock::SLICE_T_STATES;
use c7010::reference::book::Book;

/// The chosen engine at a table, the game a new one from the initial position: the guest on
/// a module booted from the built-in ROM, or the reference telling every pass as the guest
/// does, with `book` as its opening book when one is given (the reference's alone: the
/// caller refuses it for the guest, which plays the book of the ROM it runs).
pub fn start(choice: EngineChoice, book: Option<Book>) -> anyhow::Result<Table> {
    let engine: Box<dyn c7010::engine::Engine> = match choice {
        EngineChoice::Guest => {
            Box::new(GuestEngine::builtin().context("starting the emulated module")?)
        }
        EngineChoice::Ref => {
            let engine = match book {
                Some(book) => RefEngine::with_book(Some(book)),
                None => RefEngine::new(),
            };
            Box::new(engine.telling_every_pass())
        }
    };
    Ok(Table::new(engine, Level::default())?)
}

/// One thought of the table's engine on its game to `budget` positions evaluated, each
/// pass's line handed to `on_pass` as it comes, to its decision; `out_of_book` searches
/// where the opening book would answer. The reference decides in its first slice; the
/// module is watched by its supervisor, which calls a silent module failed (an error here),
/// so the loop always ends.
pub fn think(
    table: &mut Table,
    budget: u32,
    out_of_book: bool,
    on_pass: &mut dyn FnMut(&Info),
) -> Result<Decision, EngineError> {
    let mut heard = table.think(Limit::Positions(budget), out_of_book, Stops::default())?;
    loop {
        for h in heard {
            match h {
                Heard::Line(info) => on_pass(&info),
                Heard::Decided { decision, .. } => return Ok(decision),
                // The table's failure policy at work: said on stderr, as the console and
                // the GUIs say it in their own words.
                Heard::Notice(notice) => eprintln!("c7010: {notice}"),
            }
        }
        heard = table.step(SLICE_T_STATES)?;
    }
}
