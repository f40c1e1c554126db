//! The one reading of a thinking module's events, for every caller of the guest: a pass is
//! its `INFO` with the `ROOT`s after it (when GO asked for them), the decision its
//! `BESTMOVE`. [`GuestSession`](super::session::GuestSession) reads a thought with it both
//! in one call (`go`) and stepped (`start`, then `thought_events`), so the playing engine,
//! `c7010 verify` and the tests hear a thought the same way.

use crate::protocol::{Decided, Event, Move, MoveFlags, Pass, Root};

/// What a thinking module said, read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// A pass, with its root list when GO asked for one.
    Pass(Pass<Move>),
    /// The search's decision (the move already played on the module's board) and its flags.
    Decided {
        decided: Decided<Move>,
        flags: MoveFlags,
    },
}

/// How many `ROOT`s follow each `INFO` of a thought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roots {
    /// None: a pass is told as its `INFO` comes.
    None,
    /// Exactly this many (one per legal root move the move stack holds): a pass is told
    /// with its last.
    Exactly(usize),
    /// Some, how many not known: a pass is told at the next `INFO` or `BESTMOVE`.
    UntilNext,
}

/// A thought's events read into [`Told`]s.
#[derive(Clone, Debug)]
pub struct ThoughtReader {
    roots: Roots,
    /// A pass waiting for its `ROOT`s.
    pending: Option<Pass<Move>>,
}

impl ThoughtReader {
    /// A reader for a thought whose passes come with `roots`.
    pub fn new(roots: Roots) -> ThoughtReader {
        ThoughtReader {
            roots,
            pending: None,
        }
    }

    /// Reads one event of the thought, pushing what it completes to `told`; `GAMEOVER`
    /// after a decision says nothing new. An event no thought sends (or a `ROOT` without
    /// its `INFO`) is given back as the error.
    pub fn read(&mut self, event: Event, told: &mut Vec<Told>) -> Result<(), Event> {
        match event {
            Event::Root { mv, key } => {
                let Some(pass) = self.pending.as_mut() else {
                    return Err(event);
                };
                pass.root.push(Root {
                    mv,
                    key,
                    draw: false,
                });
                if self.roots == Roots::Exactly(pass.root.len()) {
                    told.extend(self.pending.take().map(Told::Pass));
                }
            }
            Event::Info(pass) => {
                self.flush(told);
                match self.roots {
                    Roots::None | Roots::Exactly(0) => told.push(Told::Pass(pass)),
                    _ => self.pending = Some(pass),
                }
            }
            Event::BestMove { decided, flags } => {
                self.flush(told);
                told.push(Told::Decided { decided, flags });
            }
            Event::GameOver(_) => {}
            other => return Err(other),
        }
        Ok(())
    }

    /// A pass still short of `ROOT`s is told as it stands (before the next pass or the
    /// decision).
    fn flush(&mut self, told: &mut Vec<Told>) {
        told.extend(self.pending.take().map(Told::Pass));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: u8, to: u8) -> Move {
        Move { from, to, promo: 0 }
    }

    fn info(pass: u8) -> Event {
        Event::Info(Pass {
            pass,
            score: 3,
            positions: 100,
            pv: vec![mv(12, 28)],
            root: Vec::new(),
        })
    }

    fn best() -> Event {
        Event::BestMove {
            decided: Decided {
                best: Some(mv(12, 28)),
                score: 3,
                positions: 200,
                passes: 2,
                book: false,
            },
            flags: MoveFlags(0),
        }
    }

    #[test]
    fn a_pass_waits_for_its_roots_when_they_are_asked() {
        let mut r = ThoughtReader::new(Roots::Exactly(2));
        let mut told = Vec::new();
        r.read(info(1), &mut told).unwrap();
        r.read(
            Event::Root {
                mv: mv(12, 28),
                key: 3,
            },
            &mut told,
        )
        .unwrap();
        assert!(told.is_empty(), "one ROOT of two");
        r.read(
            Event::Root {
                mv: mv(6, 21),
                key: -4,
            },
            &mut told,
        )
        .unwrap();
        match told.as_slice() {
            [Told::Pass(p)] => assert_eq!(p.root.len(), 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_pass_short_of_roots_is_told_before_the_decision() {
        let mut r = ThoughtReader::new(Roots::UntilNext);
        let mut told = Vec::new();
        r.read(info(1), &mut told).unwrap();
        r.read(
            Event::Root {
                mv: mv(12, 28),
                key: 3,
            },
            &mut told,
        )
        .unwrap();
        r.read(best(), &mut told).unwrap();
        assert!(matches!(
            told.as_slice(),
            [Told::Pass(_), Told::Decided { .. }]
        ));
    }

    #[test]
    fn events_no_thought_sends_are_refused() {
        let mut r = ThoughtReader::new(Roots::None);
        let mut told = Vec::new();
        let root = Event::Root {
            mv: mv(1, 2),
            key: 0,
        };
        assert_eq!(r.read(root.clone(), &mut told), Err(root));
        assert_eq!(
            r.read(Event::Ok { command: 3 }, &mut told),
            Err(Event::Ok { command: 3 })
        );
        r.read(info(1), &mut told).unwrap();
        assert_eq!(told.len(), 1, "without ROOTs a pass is told at once");
    }
}
