//! The command language: every command and alias, locations, conditions, and refusals.

use super::*;

#[test]
fn every_command_and_alias_is_unique() {
    let mut seen = std::collections::HashSet::new();
    let mut kinds = Vec::new();
    for c in COMMANDS {
        assert!(!kinds.contains(&c.kind), "{:?} listed twice", c.kind);
        kinds.push(c.kind);
        assert!(seen.insert(c.name), "{}", c.name);
        for a in c.aliases {
            assert!(seen.insert(a), "{a}");
        }
        // Each example parses, and only `quit`'s into `Quit`.
        let command = parse(c.example);
        assert!(command.is_ok(), "{}", c.example);
        assert_eq!(
            command == Ok(DebugCommand::Quit),
            c.kind == Kind::Quit,
            "{}",
            c.example
        );
    }
}

#[test]
fn breakpoints_with_locations_and_conditions() {
    assert_eq!(
        parse("b RECVMSG").unwrap(),
        DebugCommand::Break {
            location: Location::Address(Expr::Name("RECVMSG".into())),
            condition: None
        }
    );
    let DebugCommand::Break {
        location,
        condition,
    } = parse("break proto.asm:120 if (BOARD+35)==0x11").unwrap()
    else {
        panic!()
    };
    assert_eq!(
        location,
        Location::Line {
            file: "proto.asm".into(),
            line: 120
        }
    );
    assert_eq!(condition.unwrap().text, "(BOARD+35)==0x11");
    let DebugCommand::Break { condition, .. } = parse("break CLIMB IF A==0").unwrap() else {
        panic!()
    };
    assert_eq!(condition.unwrap().text, "A==0");
    // "if" inside a name is not the keyword.
    let DebugCommand::Break {
        location,
        condition,
    } = parse("break DIFF").unwrap()
    else {
        panic!()
    };
    assert_eq!(location, Location::Address(Expr::Name("DIFF".into())));
    assert!(condition.is_none());
    assert_eq!(parse("break").unwrap(), DebugCommand::List);
    // Issue 26.13: an empty condition is refused, not an unconditional breakpoint.
    assert!(parse("break RECVMSG if").is_err());
    assert!(matches!(parse("break 1+"), Err(CommandError::Expr(_))));
    assert!(matches!(
        parse("break X if A=="),
        Err(CommandError::Expr(_))
    ));
}

#[test]
fn watches_steps_and_the_rest() {
    assert!(matches!(
        parse("watch BOARD").unwrap(),
        DebugCommand::Watch {
            kind: WatchKind::Write,
            len: None,
            ..
        }
    ));
    assert!(matches!(
        parse("wp read SIDE 2").unwrap(),
        DebugCommand::Watch {
            kind: WatchKind::Read,
            len: Some(_),
            ..
        }
    ));
    assert!(matches!(
        parse("w access 0xE000").unwrap(),
        DebugCommand::Watch {
            kind: WatchKind::Access,
            ..
        }
    ));
    assert_eq!(parse("s").unwrap(), DebugCommand::Step(1));
    assert_eq!(parse("step 0x10").unwrap(), DebugCommand::Step(16));
    assert_eq!(parse("c 2.5").unwrap(), DebugCommand::Continue(Some(2.5)));
    assert_eq!(parse("back").unwrap(), DebugCommand::Back(1));
    assert_eq!(parse("delete").unwrap(), DebugCommand::Delete(vec![]));
    assert_eq!(parse("  # a comment").unwrap(), DebugCommand::Nothing);
    assert_eq!(parse("Q").unwrap(), DebugCommand::Quit);
}

#[test]
fn sends_and_gos() {
    assert_eq!(
        parse("send 9 1 2").unwrap(),
        DebugCommand::Send(SendData::Message {
            kind: 9,
            payload: vec![1, 2]
        })
    );
    assert_eq!(
        parse("send raw 0xFF").unwrap(),
        DebugCommand::Send(SendData::Raw(0xFF))
    );
    assert_eq!(
        parse("trace on t.txt").unwrap(),
        DebugCommand::Trace {
            on: true,
            file: Some("t.txt".into())
        }
    );
    // GO with a budget: 200 = C8 00 00 00, little-endian as docs/protocol.md has it.
    assert_eq!(
        parse("go 200").unwrap(),
        DebugCommand::Send(SendData::Message {
            kind: 4,
            payload: vec![0xC8, 0, 0, 0]
        })
    );
    // With root-list entries after the budget: the long form, its bitmap marking them.
    assert_eq!(
        parse("go 200 0 9 3").unwrap(),
        DebugCommand::Send(SendData::Message {
            kind: 4,
            payload: vec![0xC8, 0, 0, 0, 0, 2, 0x09, 0x02]
        })
    );
    assert!(parse("go 200 g1f3").is_err());
    assert!(parse("go 200 152").is_err());
    assert_eq!(
        parse("search 0x12345").unwrap(),
        DebugCommand::Send(SendData::Message {
            kind: 4,
            payload: vec![0x45, 0x23, 0x01, 0]
        })
    );
    assert_eq!(
        parse("go").unwrap(),
        DebugCommand::Send(SendData::Message {
            kind: 4,
            payload: vec![]
        })
    );
}

#[test]
fn bad_lines_are_errors() {
    assert_eq!(
        parse("frobnicate").unwrap_err(),
        CommandError::Unknown("frobnicate".into())
    );
    for line in [
        "step 0",
        "step x",
        "step 1 2",
        "regs now",
        "send 300",
        "send",
        "poke 0xE000",
        "trace maybe",
        "save",
        "enable",
        "enable x",
        "dis 0 0",
        "mem",
        "watch",
        "continue -1",
        "run-to",
        "go 0",
        "go -5",
        "go 0x100000000",
        "go 1 e2e4",
    ] {
        assert!(
            matches!(parse(line), Err(CommandError::Usage { .. })),
            "{line}"
        );
    }
}
