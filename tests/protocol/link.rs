//! The latch link with the real guest ROM in the emulated module: every command reaches the
//! module once and intact, and every answer reaches the host once and intact, whatever the
//! host's poll interval. (A lost, doubled or garbled unit would show as a missing, extra or
//! refused message: the guest checks every message's check byte and the host does too.)
//! The answers are the real guest's: each command gets the one event its type calls for
//! (`OK`, `ERROR` with a reason that fits, `ACCEPTED`, `PERFT`, `STATE`), plus `GAMEOVER`
//! right after a move that mates or stalemates.

use c7010::machine::Machine;
use c7010::protocol::{Command, Event, Module, Move, MoveFlags, Refusal, WirePosition};
use c7010::reference::random::Xorshift as Rng;

const ROM: &[u8] = include_bytes!("../../roms/c7010.bin");

fn random_command(rng: &mut Rng) -> Command {
    match rng.below(6) {
        0 => Command::New,
        1 => {
            let mut squares = [0u8; 64];
            squares.iter_mut().for_each(|s| *s = rng.below(15) as u8);
            Command::Setup(Box::new(WirePosition {
                squares,
                side: rng.below(2) as u8,
                castling: rng.below(16) as u8,
                ep: None,
                halfmove: rng.below(100) as u8,
                fullmove: rng.below(300) as u16,
            }))
        }
        2 => Command::Move(Move {
            from: rng.below(64) as u8,
            to: rng.below(64) as u8,
            promo: 0,
        }),
        3 => Command::Level(1 + rng.below(6) as u8),
        4 => Command::Perft(rng.below(3) as u8),
        _ => Command::Query,
    }
}

/// True when `event` is an answer the guest may give to `command`.
fn answers(command: &Command, event: &Event) -> bool {
    let kind = command.kind();
    match (command, event) {
        (Command::New | Command::Level(_), Event::Ok { command: c }) => *c == kind,
        (Command::Setup(_), Event::Ok { command: c }) => *c == kind,
        (Command::Setup(_), Event::Error { command: c, reason }) => {
            *c == kind && *reason == Refusal::BadPosition
        }
        (Command::Move(m), Event::Accepted { mv, .. }) => mv == m,
        (Command::Move(_), Event::Error { command: c, reason }) => {
            *c == kind && matches!(reason, Refusal::IllegalMove | Refusal::GameOver)
        }
        (Command::Perft(d), Event::Perft { depth, .. }) => depth == d,
        (Command::Query, Event::State { .. }) => true,
        _ => false,
    }
}

/// True when a `GAMEOVER` must follow this answer.
fn ends_game(event: &Event) -> bool {
    matches!(event, Event::Accepted { flags, .. }
        if flags.has(MoveFlags::MATE) || flags.has(MoveFlags::STALEMATE))
}

fn boot() -> Module {
    let machine = Machine::new(ROM).expect("the committed ROM loads");
    let (module, protocol, _rom) = Module::boot(machine).expect("the module boots");
    assert_eq!(protocol, 2);
    module
}

#[test]
fn every_command_answered_once_at_random_poll_intervals() {
    let mut rng = Rng(0x00C7_010C_7010_2026);
    let mut module = boot();
    let mut answered = 0;
    for round in 0..300 {
        module.set_poll_interval(1 + rng.below(5_000) as u64);
        module.set_poll_on_write(rng.below(3) == 0);
        let command = random_command(&mut rng);
        module.send(&command);
        let event = module
            .wait_event(50_000_000)
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert!(
            answers(&command, &event),
            "round {round}: {event:?} does not answer {command:?}"
        );
        if ends_game(&event) {
            let over = module.wait_event(50_000_000).unwrap();
            assert!(
                matches!(over, Event::GameOver(_)),
                "round {round}: {over:?}"
            );
        }
        // Nothing more may arrive: an answer doubled would show here.
        module.run(200_000).unwrap();
        assert!(
            module.take_event().is_none(),
            "round {round}: a second answer"
        );
        answered += 1;
    }
    assert_eq!(answered, 300);
}

#[test]
fn commands_queued_back_to_back_are_all_answered_in_order() {
    let mut rng = Rng(42);
    let mut module = boot();
    module.set_poll_interval(37);
    module.set_poll_on_write(false);
    let commands: Vec<Command> = (0..40).map(|_| random_command(&mut rng)).collect();
    commands.iter().for_each(|c| module.send(c));
    for (i, command) in commands.iter().enumerate() {
        let event = module.wait_event(50_000_000).unwrap();
        assert!(answers(command, &event), "{i}: {event:?} for {command:?}");
        if ends_game(&event) {
            assert!(matches!(
                module.wait_event(50_000_000).unwrap(),
                Event::GameOver(_)
            ));
        }
    }
    module.run(200_000).unwrap();
    assert!(module.take_event().is_none(), "an answer too many");
}

#[test]
fn restart_resynchronises_the_link() {
    let mut module = boot();
    module.send(&Command::Query);
    // Reset in the middle of a message: the stale latch must not confuse the host.
    module.run(300).unwrap();
    module.restart();
    match module.wait_event(5_000_000).unwrap() {
        Event::Ready { protocol: 2, .. } => {}
        other => panic!("expected READY after restart, got {other:?}"),
    }
    module.send(&Command::Level(3));
    assert_eq!(
        module.wait_event(5_000_000).unwrap(),
        Event::Ok { command: 0x06 }
    );
}

/// The protocol's longest draw bitmap is the reference's: one bit for each move the
/// module's root list holds (two facts of the guest kept in two layers that do not import
/// each other).
#[test]
fn the_draw_bitmap_is_as_long_as_the_references() {
    assert_eq!(
        c7010::protocol::GoLong::MAX_DRAW_BYTES,
        c7010::reference::search::DRAW_BYTES
    );
}
