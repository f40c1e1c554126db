//! A message from the module as a person reads it: its name from docs/protocol.md and its
//! fields, moves in UCI (`BESTMOVE e2e4 capture score +35 positions 2306 passes 3`), never
//! a Rust structure (`BestMove { mv: Move { from: 12, ...`).

use crate::guest::wire::board_from_wire;
use crate::protocol::message::{Event, GameEnd, Move, MoveFlags};

/// The names of the flags set in `flags`, each after a blank (`" capture check"`).
fn flag_names(flags: MoveFlags) -> String {
    const NAMES: [(u8, &str); 8] = [
        (MoveFlags::CAPTURE, "capture"),
        (MoveFlags::CHECK, "check"),
        (MoveFlags::MATE, "mate"),
        (MoveFlags::PROMOTION, "promotion"),
        (MoveFlags::CASTLING, "castling"),
        (MoveFlags::EN_PASSANT, "en-passant"),
        (MoveFlags::STALEMATE, "stalemate"),
        (MoveFlags::BOOK, "book"),
    ];
    NAMES
        .iter()
        .filter(|(bit, _)| flags.has(*bit))
        .map(|(_, name)| format!(" {name}"))
        .collect()
}

/// A score with its sign, in centipawns from the side to move, as the module sends it.
fn signed(score: i16) -> String {
    format!("{score:+}")
}

/// Moves in UCI, separated by blanks.
fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The event in one line.
pub fn event_text(event: &Event) -> String {
    match event {
        Event::Ready { protocol, rom } => format!("READY protocol {protocol} rom {rom}"),
        Event::Ok { command } => format!("OK to command {command:#04x}"),
        Event::Error { command, reason } => {
            format!("ERROR to command {command:#04x}: {reason}")
        }
        Event::Accepted { mv, flags } => format!("ACCEPTED {mv}{}", flag_names(*flags)),
        Event::BestMove { decided, flags } => format!(
            "BESTMOVE {}{} score {} positions {} passes {}",
            decided.best.map_or("(none)".into(), |m| m.to_string()),
            flag_names(*flags),
            signed(decided.score),
            decided.positions,
            decided.passes
        ),
        Event::Info(pass) => format!(
            "INFO pass {} score {} positions {} pv {}",
            pass.pass,
            signed(pass.score),
            pass.positions,
            line(&pass.pv)
        ),
        Event::GameOver(end) => match end {
            GameEnd::Checkmate => "GAMEOVER checkmate".into(),
            GameEnd::Stalemate => "GAMEOVER stalemate".into(),
            GameEnd::Other(code) => format!("GAMEOVER (reason {code})"),
        },
        Event::Perft { depth, count } => format!("PERFT depth {depth} count {count}"),
        Event::State {
            position,
            in_check,
            level,
        } => {
            let fen = board_from_wire(position)
                .map(|b| b.to_fen())
                .unwrap_or_else(|e| format!("(not a position: {e})"));
            let check = if *in_check { " in check" } else { "" };
            format!("STATE {fen}{check} level {level}")
        }
        Event::Root { mv, key } => format!("ROOT {mv} key {}", signed(*key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Decided, Pass};

    #[test]
    fn moves_read_as_uci_not_as_structures() {
        let e2e4 = Move {
            from: 12,
            to: 28,
            promo: 0,
        };
        let best = Event::BestMove {
            decided: Decided {
                best: Some(e2e4),
                score: 35,
                positions: 2306,
                passes: 3,
                book: true,
            },
            flags: MoveFlags(MoveFlags::CHECK | MoveFlags::BOOK),
        };
        assert_eq!(
            event_text(&best),
            "BESTMOVE e2e4 check book score +35 positions 2306 passes 3"
        );
        let info = Event::Info(Pass {
            pass: 2,
            score: -12,
            positions: 900,
            pv: vec![
                e2e4,
                Move {
                    from: 52,
                    to: 36,
                    promo: 0,
                },
            ],
            root: Vec::new(),
        });
        assert_eq!(
            event_text(&info),
            "INFO pass 2 score -12 positions 900 pv e2e4 e7e5"
        );
        assert_eq!(
            event_text(&Event::Ready {
                protocol: 2,
                rom: 1
            }),
            "READY protocol 2 rom 1"
        );
    }
}
