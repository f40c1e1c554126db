//! The native reference engine behind the [`Engine`] interface: it thinks instantly (no
//! emulated clock) and keeps its own game history for the book, for take-backs and for the
//! root moves that draw (repetitions, the fifty-move rule).
//! The book follows the module's rules (asm/bookplay.asm): a game from the initial position
//! is in the book until it leaves the book's lines; a take-back leaves it for good.

use super::{Decision, Engine, EngineError, Info, Limit, RootMove, Said};
use crate::guest::GuestImage;
use crate::reference::book::Book;
use crate::reference::game::draw_moves;
use crate::reference::levels;
use crate::reference::{Board, Move, PassInfo, analys, legal_moves};

/// The native twin of the guest engine.
pub struct RefEngine {
    /// Where the game began and the moves to `start` that were not played here
    /// (`set_position_after`): they count for repetitions.
    origin: Board,
    before: Vec<Move>,
    start: Board,
    board: Board,
    history: Vec<Move>,
    /// False once a take-back happened: the module's TAKEBACK leaves the book.
    book_open: bool,
    level: u8,
    pending: Option<Limit>,
    /// The built-in ROM's book, read and validated once.
    book: Option<Book>,
    /// MultiPV: every pass's line with its root list is told, as the guest tells them.
    multipv: bool,
    /// Every pass's line is told (without a root list unless `multipv`), as the guest
    /// tells them, and nothing else: `c7010 search` prints them. Without it (the console
    /// and the GUIs, whose transcripts show one line) a thought tells one line, its move.
    every_pass: bool,
    /// The lines of the last thought's passes (kept only with `multipv` or `every_pass`).
    lines: Vec<Info>,
}

impl RefEngine {
    /// A new game from the start position at level 2; the opening book is read from the
    /// built-in ROM image, as the guest reads it.
    pub fn new() -> RefEngine {
        RefEngine {
            origin: Board::startpos(),
            before: Vec::new(),
            start: Board::startpos(),
            board: Board::startpos(),
            history: Vec::new(),
            book_open: true,
            level: 2,
            pending: None,
            book: GuestImage::builtin().book().ok().flatten(),
            multipv: false,
            every_pass: false,
            lines: Vec::new(),
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

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn decide(&mut self, limit: Limit) -> Decision {
        let budget = match limit {
            Limit::Level => levels::budget(self.level).unwrap_or(u32::MAX),
            Limit::Positions(n) => n,
            Limit::Infinite => u32::MAX,
        };
        let from_start = self.start == Board::startpos() && self.book_open;
        let history: &[Move] = if from_start { &self.history } else { &[] };
        // The game tells which root moves draw, as GuestEngine sends them.
        let game = [self.before.as_slice(), &self.history].concat();
        let draws = draw_moves(&self.origin, &game);
        let multipv = self.multipv;
        let told = multipv || self.every_pass;
        let mut lines = Vec::new();
        let result = analys(
            &self.board,
            history,
            self.book.as_ref().filter(|_| from_start),
            &draws,
            budget,
            &mut |p: &PassInfo| {
                if told {
                    lines.push(line_of_pass(p, multipv));
                }
            },
        );
        self.lines = lines;
        if let Some(m) = result.best {
            self.board.make(m);
            self.history.push(m);
        }
        Decision {
            best: result.best,
            score: result.score,
            positions: result.positions,
            passes: result.passes,
            book: result.book,
        }
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
        self.origin = board.clone();
        self.before.clear();
        self.start = board.clone();
        self.board = board.clone();
        self.history.clear();
        self.book_open = true;
        self.pending = None;
        Ok(())
    }

    fn remember_before(&mut self, start: &Board, moves: &[Move]) {
        self.origin = start.clone();
        self.before = moves.to_vec();
    }

    fn play(&mut self, mv: Move) -> Result<(), EngineError> {
        if self.pending.is_some() {
            return Err(EngineError::Busy);
        }
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(EngineError::IllegalMove(mv.uci()));
        }
        self.board.make(mv);
        self.history.push(mv);
        Ok(())
    }

    fn take_back(&mut self) -> Result<(), EngineError> {
        if self.history.pop().is_none() {
            return Err(EngineError::NothingToUndo);
        }
        self.book_open = false;
        let mut b = self.start.clone();
        self.history.iter().for_each(|&m| {
            b.make(m);
        });
        self.board = b;
        Ok(())
    }

    fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        levels::budget(level).map_err(|_| EngineError::BadLevel(level))?;
        self.level = level;
        Ok(())
    }

    fn leave_book(&mut self) -> Result<(), EngineError> {
        self.book_open = false;
        Ok(())
    }

    fn perft(&mut self, depth: u8) -> Result<u64, EngineError> {
        if self.pending.is_some() {
            return Err(EngineError::Busy);
        }
        Ok(crate::reference::perft::perft(&mut self.board, depth))
    }

    fn set_multipv(&mut self, lines: u8) {
        self.multipv = lines > 1;
    }

    fn go(&mut self, limit: Limit) -> Result<(), EngineError> {
        if legal_moves(&self.board).is_empty() {
            return Err(EngineError::GameOver);
        }
        self.pending = Some(limit);
        Ok(())
    }

    fn move_now(&mut self) -> Result<(), EngineError> {
        Ok(())
    }

    fn abandon(&mut self) -> Result<(), EngineError> {
        self.pending = None;
        Ok(())
    }

    fn advance(&mut self, _t_states: u64) -> Result<Vec<Said>, EngineError> {
        let Some(limit) = self.pending.take() else {
            return Ok(Vec::new());
        };
        // An infinite thought of the reference ends after its deepest pass.
        let decision = self.decide(limit);
        let mut said: Vec<Said> = self.lines.drain(..).map(Said::Info).collect();
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
        Ok(said)
    }

    fn thinking(&self) -> bool {
        self.pending.is_some()
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

    #[test]
    fn plays_a_legal_reply_and_takes_back() {
        let mut e = RefEngine::new();
        let e4 = crate::reference::parse_uci(e.board(), "e2e4").unwrap();
        e.play(e4).unwrap();
        e.go(Limit::Positions(300)).unwrap();
        assert!(e.thinking());
        let said = e.advance(1).unwrap();
        let Some(Said::Decided(d)) = said.last() else {
            panic!("no decision: {said:?}")
        };
        let reply = d.best.expect("black has moves");
        let mut after_e4 = Board::startpos();
        after_e4.make(e4);
        assert!(legal_moves(&after_e4).as_slice().contains(&reply));
        assert_eq!(e.board().side, crate::reference::piece::WHITE);
        assert!(!e.thinking());
        e.take_back().unwrap();
        e.take_back().unwrap();
        assert_eq!(e.board(), &Board::startpos());
        assert!(matches!(e.take_back(), Err(EngineError::NothingToUndo)));
    }

    #[test]
    fn telling_every_pass_tells_each_pass_and_leave_book_searches() {
        let mut e = RefEngine::new().telling_every_pass();
        e.go(Limit::Positions(3000)).unwrap();
        let said = e.advance(1).unwrap();
        // The initial position is in the book: its move, and no line made up for it.
        assert!(matches!(
            said.as_slice(),
            [Said::Decided(Decision { book: true, .. })]
        ));
        e.set_position(&Board::startpos()).unwrap();
        e.leave_book().unwrap();
        e.go(Limit::Positions(20_000)).unwrap();
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
    fn perft_counts_the_published_leaves_and_keeps_the_position() {
        // 8,902 leaves at depth 3 from the initial position (the published count).
        let mut e = RefEngine::new();
        assert_eq!(e.perft(3), Ok(8902));
        assert_eq!(e.board(), &Board::startpos());
    }

    #[test]
    fn refuses_illegal_moves_and_levels() {
        let mut e = RefEngine::new();
        let bad = Move {
            from: 21,
            to: 41,
            flags: 0,
        };
        assert!(matches!(e.play(bad), Err(EngineError::IllegalMove(_))));
        assert_eq!(e.set_level(7), Err(EngineError::BadLevel(7)));
        assert!(e.set_level(6).is_ok());
    }
}
