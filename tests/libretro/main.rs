//! The libretro core (`libretro/`, built by `tools/libretro.sh build`) as front ends run it:
//! a front end of our own that loads the built core with `libloading` and drives its C API
//! (`frontend.rs`, `api.rs`: the contract, load and unload cycles, states against a run that
//! never stopped, a move with the pad alone, bad input), and RetroArch itself under Xvfb
//! (`retroarch.rs`: a screenshot of the board, a move played with keys sent to its window).

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod outside;
    pub mod png;
}

mod api;
mod frontend;
mod retroarch;
