//! The engine a counting command (`perft`, `search`, `solve`) runs, chosen with `--engine`
//! and driven through the [`Engine`] interface only: the commands never know which engine
//! answers, and print what it says with one printer ([`super::report`]).

use anyhow::Context;
use c7010::engine::guest::GuestEngine;
use c7010::engine::{Decision, Engine, EngineChoice, EngineError, Info, Limit, RefEngine, Said};
use c7010::machine::clock::SLICE_T_STATES;
use c7010::reference::book::Book;

/// The chosen engine, ready at the initial position: the guest on a module booted from the
/// built-in ROM, or the reference telling every pass as the guest does, with `book` as its
/// opening book when one is given (the reference's alone: the caller refuses it for the
/// guest, which plays the book of the ROM it runs).
pub fn start(choice: EngineChoice, book: Option<Book>) -> anyhow::Result<Box<dyn Engine>> {
    Ok(match choice {
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
    })
}

/// One thought of `engine` in its position to `budget` positions evaluated, each pass's
/// line handed to `on_pass` as it comes, to its decision. The reference decides in its
/// first slice; the module is watched by its supervisor, which calls a silent module failed
/// (an error here), so the loop always ends.
pub fn think(
    engine: &mut dyn Engine,
    budget: u32,
    on_pass: &mut dyn FnMut(&Info),
) -> Result<Decision, EngineError> {
    engine.go(Limit::Positions(budget))?;
    loop {
        for said in engine.advance(SLICE_T_STATES)? {
            match said {
                Said::Info(info) => on_pass(&info),
                Said::Decided(decision) => return Ok(decision),
            }
        }
    }
}
