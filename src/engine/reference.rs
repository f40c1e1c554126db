//! The native reference engine behind the [`Engine`] interface: it thinks instantly (no
//! emulated clock) on the game the [`super::Table`] hands it, and keeps no game of its own:
//! only how far the opening book can follow it.
//! The book follows the module's rules (asm/bookplay.asm): a game set up at the initial
//! position is in the book until it leaves the book's lines; a take-back or a set-up of any
//! other position leaves it for good.

use super::{Decision, Engine, EngineError, Info, Limit, RootMove, Said};
use crate::guest::GuestImage;
use crate::reference::book::Book;
use crate::reference::game::Game;
use crate::reference::levels;
use crate::reference::{Board, Move, PassInfo, analys, legal_moves};

/// The native twin of the guest engine.
pub struct RefEngine {
    /// The moves played through the engine since it was set up at the initial position, the
    /// book line it follows; `None` once out of the book (set up elsewhere, a take-back, or
    /// told to leave it), as the module's book is.
    book_line: Option<usize>,
    level: u8,
    /// What the thought under way says at its first `advance` (it was decided at `go`).
    answer: Option<Vec<Said>>,
    /// The built-in ROM's book, read and validated once.
    book: Option<Book>,
    /// MultiPV: every pass's line with its root list is told, as the guest tells them.
    multipv: bool,
    /// Every pass's line is told (without a root list unless `multipv`), as the guest
    /// tells them, and nothing else: `c7010 search` prints them. Without it (the console
    /// and the GUIs, whose transcripts show one line) a thought tells one line, its move.
    every_pass: bool,
}

impl RefEngine {
    /// A new game from the start position at level 2; the opening book is read from the
    /// built-in ROM image, as the guest reads it.
    pub fn new() -> RefEngine {
        RefEngine {
            book_line: Some(0),
            level: 2,
            answer: None,
            book: GuestImage::builtin().book().ok().flatten(),
            multipv: false,
            every_pass: false,
        }
    }

    /// A new game with `book` as its opening book (`c7010 search --book ROM`), or none.
    pub fn with_book(book: Option<Book>) -> RefEngine {
        RefEngine {
            book,
            ..RefEngine::new()
        }
    }

    /// Tell every pass's line as the guest does, and only those (no line made up for a book
    /// move or a thought without a completed pass).
    pub fn telling_every_pass(self) -> RefEngine {
        RefEngine {
            every_pass: true,
            ..self
        }
    }

    /// The book line `game` is on (its last moves, played since the set-up at the initial
    /// position), if the book still follows it.
    fn book_history<'g>(&self, game: &'g Game) -> Option<&'g [Move]> {
        let played = self.book_line?;
        let moves = game.moves();
        let since = moves.len().checked_sub(played)?;
        Some(&moves[since..])
    }

    /// The thought on `game`, decided at once: its passes' lines (as the guest tells them)
    /// and its decision.
    fn decide(&self, game: &Game, limit: Limit) -> Vec<Said> {
        let budget = match limit {
            Limit::Level => levels::budget(self.level).unwrap_or(u32::MAX),
            Limit::Positions(n) => n,
            Limit::Infinite => u32::MAX,
        };
        let history = self.book_history(game);
        let multipv = self.multipv;
        let told = multipv || self.every_pass;
        let mut said = Vec::new();
        let result = analys(
            game.board(),
            history.unwrap_or(&[]),
            self.book.as_ref().filter(|_| history.is_some()),
            &game.draw_moves(),
            budget,
            &mut |p: &PassInfo| {
                if told {
                    said.push(Said::Info(line_of_pass(p, multipv)));
                }
            },
        );
        let decision = Decision {
            best: result.best,
            score: result.score,
            positions: result.positions,
            passes: result.passes,
            book: result.book,
        };
        if let Some(m) = decision
            .best
            .filter(|_| said.is_empty() && !self.every_pass)
        {
            said.push(Said::Info(Info {
                pass: decision.passes,
                score: decision.score,
                positions: decision.positions,
                pv: vec![m],
                root: vec![],
            }));
        }
        said.push(Said::Decided(decision));
        said
    }
}

impl Default for RefEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine for RefEngine {
    fn name(&self) -> String {
        "c7010 reference".to_string()
    }

    fn set_position(&mut self, board: &Board) -> Result<(), EngineError> {
        self.book_line = (*board == Board::startpos()).then_some(0);
        self.answer = None;
        Ok(())
    }

    fn play(&mut self, _mv: Move) -> Result<(), EngineError> {
        if self.answer.is_some() {
            return Err(EngineError::Busy);
        }
        self.book_line = self.book_line.map(|n| n + 1);
        // The engine's decision is on its board too (as on the module's): see `advance`.
        Ok(())
    }

    fn take_back(&mut self) -> Result<(), EngineError> {
        if self.answer.is_some() {
            return Err(EngineError::Busy);
        }
        self.book_line = None;
        Ok(())
    }

    fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        levels::budget(level).map_err(|_| EngineError::BadLevel(level))?;
        self.level = level;
        Ok(())
    }

    fn leave_book(&mut self, _board: &Board) -> Result<(), EngineError> {
        self.book_line = None;
        Ok(())
    }

    fn perft(&mut self, board: &Board, depth: u8) -> Result<u64, EngineError> {
        if self.answer.is_some() {
            return Err(EngineError::Busy);
        }
        Ok(crate::reference::perft::perft(&mut board.clone(), depth))
    }

    fn set_multipv(&mut self, lines: u8) {
        self.multipv = lines > 1;
    }

    fn go(&mut self, game: &Game, limit: Limit) -> Result<(), EngineError> {
        if self.answer.is_some() {
            return Err(EngineError::Busy);
        }
        if legal_moves(game.board()).is_empty() {
            return Err(EngineError::GameOver);
        }
        // An infinite thought of the reference ends after its deepest pass.
        self.answer = Some(self.decide(game, limit));
        Ok(())
    }

    fn move_now(&mut self) -> Result<(), EngineError> {
        Ok(())
    }

    fn abandon(&mut self) -> Result<(), EngineError> {
        // The forgotten move was never played here: the book line stays as it was.
        self.answer = None;
        Ok(())
    }

    fn advance(&mut self, _t_states: u64) -> Result<Vec<Said>, EngineError> {
        let said = self.answer.take().unwrap_or_default();
        // The decision is played on the engine's board, as the module plays its own.
        if said
            .iter()
            .any(|s| matches!(s, Said::Decided(d) if d.best.is_some()))
        {
            self.book_line = self.book_line.map(|n| n + 1);
        }
        Ok(said)
    }

    fn thinking(&self) -> bool {
        self.answer.is_some()
    }

    fn t_states(&self) -> u64 {
        0
    }

    fn clock_hz(&self) -> Option<f64> {
        None
    }
}

/// A pass as an [`Info`], with its root list when `with_root` (MultiPV).
fn line_of_pass(p: &PassInfo, with_root: bool) -> Info {
    let root = p.root.iter().filter(|_| with_root);
    Info {
        pass: p.pass,
        score: p.score,
        positions: p.positions,
        pv: p.pv.to_vec(),
        root: root
            .map(|e| RootMove {
                mv: e.mv,
                key: e.key,
                draw: e.draw,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decision of a thought on `game` to `limit`.
    fn decision(e: &mut RefEngine, game: &Game, limit: Limit) -> Decision {
        e.go(game, limit).unwrap();
        assert!(e.thinking());
        let said = e.advance(1).unwrap();
        assert!(!e.thinking());
        match said.last() {
            Some(Said::Decided(d)) => d.clone(),
            _ => panic!("no decision: {said:?}"),
        }
    }

    fn after_e4() -> Game {
        let mut game = Game::default();
        let e4 = crate::reference::parse_uci(game.board(), "e2e4").unwrap();
        game.play(e4).unwrap();
        game
    }

    #[test]
    fn decides_a_legal_reply_in_the_game_it_is_given() {
        let mut e = RefEngine::new();
        e.leave_book(&Board::startpos()).unwrap();
        let game = after_e4();
        let d = decision(&mut e, &game, Limit::Positions(300));
        let reply = d.best.expect("black has moves");
        assert!(!d.book);
        assert!(legal_moves(game.board()).as_slice().contains(&reply));
    }

    #[test]
    fn the_book_follows_the_moves_played_since_the_initial_position_only() {
        let game = after_e4();
        let e4 = game.moves()[0];
        // NEW and e4 played: the book answers.
        let mut e = RefEngine::new();
        e.set_position(&Board::startpos()).unwrap();
        e.play(e4).unwrap();
        assert!(decision(&mut e, &game, Limit::Level).book);
        // Its own move and the take-back of it: out of the book for good, as the module.
        e.take_back().unwrap();
        assert!(!decision(&mut e, &game, Limit::Positions(300)).book);
        // Set up after e4 (SETUP on the module): no book.
        let mut e = RefEngine::new();
        e.set_position(game.board()).unwrap();
        assert!(!decision(&mut e, &game, Limit::Positions(300)).book);
    }

    #[test]
    fn telling_every_pass_tells_each_pass_and_leave_book_searches() {
        let mut e = RefEngine::new().telling_every_pass();
        let game = Game::default();
        // The initial position is in the book: its move, and no line made up for it.
        e.go(&game, Limit::Positions(3000)).unwrap();
        let said = e.advance(1).unwrap();
        assert!(matches!(
            said.as_slice(),
            [Said::Decided(Decision { book: true, .. })]
        ));
        e.set_position(&Board::startpos()).unwrap();
        e.leave_book(&Board::startpos()).unwrap();
        e.go(&game, Limit::Positions(20_000)).unwrap();
        let said = e.advance(1).unwrap();
        let passes: Vec<u8> = said
            .iter()
            .filter_map(|s| match s {
                Said::Info(i) => Some(i.pass),
                Said::Decided(_) => None,
            })
            .collect();
        let Some(Said::Decided(d)) = said.last() else {
            panic!("no decision: {said:?}")
        };
        assert!(!d.book && d.passes >= 2, "{d:?}");
        assert_eq!(passes, (1..=d.passes).collect::<Vec<_>>());
    }

    #[test]
    fn perft_counts_the_published_leaves() {
        // 8,902 leaves at depth 3 from the initial position (the published count).
        let mut e = RefEngine::new();
        assert_eq!(e.perft(&Board::startpos(), 3), Ok(8902));
    }

    #[test]
    fn refuses_bad_levels_and_a_finished_game() {
        let mut e = RefEngine::new();
        assert_eq!(e.set_level(7), Err(EngineError::BadLevel(7)));
        assert!(e.set_level(6).is_ok());
        let mate = Game::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(e.go(&mate, Limit::Level), Err(EngineError::GameOver));
        assert!(!e.thinking());
    }
}
