//! PGN export: the Seven Tag Roster in order, SetUp/FEN for set-up games, move numbers
//! (also `N...` when Black moves first), lines of at most 79 characters, the result. Each
//! export is read back: the SAN moves with our parser, and checked against shakmaty (an
//! independent chess library), which must produce the very same SAN, check marks included.

use c7010::console::pgn::{MAX_LINE, PgnHeaders, to_pgn};
use c7010::console::{Colour, Console, ConsoleOptions, G7000Key, Game};
use c7010::engine::RefEngine;
use c7010::machine::PAL_FRAME_T_STATES;
use c7010::reference::{Board, parse_san};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess};

/// Morphy against the Duke and the Count, Paris 1858: 17 moves, a castle, a promotion-free
/// mate with checks and captures, long enough to wrap.
const OPERA_GAME: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn game_of(fen: Option<&str>, sans: &str) -> Game {
    let mut g = match fen {
        Some(f) => Game::from_fen(f).unwrap(),
        None => Game::default(),
    };
    for san in sans.split_whitespace() {
        let m = parse_san(g.board(), san).unwrap_or_else(|e| panic!("{san}: {e}"));
        g.play(m).unwrap();
    }
    g
}

fn headers() -> PgnHeaders {
    let mut h = PgnHeaders::for_players(
        "Morphy",
        "Duke Karl / Count Isouard",
        Colour::White,
        "1858.11.02",
    );
    h.event = "Opera game \"Norma\"".into();
    h.site = "Paris FRA".into();
    h.level = Some(3);
    h
}

/// Tags (name, value) and the movetext tokens of a PGN text.
fn split_pgn(pgn: &str) -> (Vec<(String, String)>, Vec<String>) {
    let mut tags = Vec::new();
    let mut tokens = Vec::new();
    for line in pgn.lines() {
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (name, value) = inner.split_once(' ').unwrap();
            let value = value.strip_prefix('"').unwrap().strip_suffix('"').unwrap();
            let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
            tags.push((name.to_string(), value));
        } else {
            tokens.extend(line.split_whitespace().map(str::to_string));
        }
    }
    (tags, tokens)
}

/// Reads the movetext back: our SAN parser on our board, and shakmaty on its own, which must
/// write each move exactly as we did. Returns the SAN moves and the result token.
fn read_back(pgn: &str) -> (Vec<String>, String) {
    let (tags, tokens) = split_pgn(pgn);
    let fen = tags
        .iter()
        .find(|(n, _)| n == "FEN")
        .map(|(_, v)| v.clone());
    let mut ours = match &fen {
        Some(f) => Board::from_fen(f).unwrap(),
        None => Board::startpos(),
    };
    let mut theirs: Chess = match &fen {
        Some(f) => Fen::from_ascii(f.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => Chess::default(),
    };
    let (result, movetext) = tokens.split_last().unwrap();
    let mut sans = Vec::new();
    for t in movetext {
        if t.ends_with('.') {
            continue;
        }
        let m = parse_san(&ours, t).unwrap_or_else(|e| panic!("our parser: {t}: {e}"));
        ours.make(m);
        let san = San::from_ascii(t.as_bytes()).unwrap();
        let theirs_move = san.to_move(&theirs).unwrap();
        let plus = SanPlus::from_move_and_play_unchecked(&mut theirs, theirs_move);
        assert_eq!(
            &plus.to_string(),
            t,
            "shakmaty writes this move differently"
        );
        sans.push(t.clone());
    }
    (sans, result.clone())
}

#[test]
fn a_wrapped_game_reads_back_and_shakmaty_agrees() {
    let game = game_of(None, OPERA_GAME);
    let pgn = to_pgn(&game, &headers());
    let (tags, _) = split_pgn(&pgn);
    let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Level"
        ]
    );
    assert_eq!(
        tags[0].1, "Opera game \"Norma\"",
        "escaped quotes come back"
    );
    assert_eq!(tags[6].1, "1-0");
    assert!(pgn.lines().all(|l| l.len() <= MAX_LINE), "{pgn}");
    assert!(
        pgn.lines().filter(|l| !l.starts_with('[')).count() > 2,
        "wrapped"
    );
    let (sans, result) = read_back(&pgn);
    assert_eq!(sans, game.sans());
    assert_eq!(result, "1-0");
    assert!(
        pgn.contains("15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"),
        "{pgn}"
    );
    insta::assert_snapshot!("opera_game_pgn", pgn);
}

#[test]
fn a_set_up_game_with_black_to_move_has_setup_fen_and_an_ellipsis() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4 20";
    let game = game_of(Some(fen), "O-O-O O-O Kb7 Rf7+");
    let pgn = to_pgn(&game, &PgnHeaders::default());
    assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4 20\"]\n"));
    assert!(
        pgn.contains("\n20... O-O-O 21. O-O Kb7 22. Rf7+ *\n"),
        "{pgn}"
    );
    let (sans, result) = read_back(&pgn);
    assert_eq!(sans, ["O-O-O", "O-O", "Kb7", "Rf7+"]);
    assert_eq!(result, "*");
    insta::assert_snapshot!("set_up_game_pgn", pgn);
}

#[test]
fn the_consoles_pgn_of_a_short_game_reads_back() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("game.pgn");
    let mut c = Console::new(
        Box::new(RefEngine::new()),
        ConsoleOptions {
            colour: Some(Colour::White),
            level: Some(2),
            pgn: Some(file.clone()),
            ..ConsoleOptions::default()
        },
    )
    .unwrap();
    for mv in ["E2-E4", "G1-F3", "F1-C4"] {
        crate::common::keys::press_keys(&mut c, &format!("{mv} ENTER"));
        while c.thinking() {
            c.tick(PAL_FRAME_T_STATES);
        }
    }
    c.press(G7000Key::Letter('P'));
    // The status line says where: the whole path does not fit, the file's name does.
    assert_eq!(c.screen().status, "PGN WRITTEN TO game.pgn");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert_eq!(pgn, c.pgn());
    let (sans, result) = read_back(&pgn);
    assert_eq!(sans, c.game().sans());
    assert_eq!(sans.len(), 6);
    assert_eq!(result, "*");
    // The date is today's: keep it out of the snapshot.
    let dated: String = pgn
        .lines()
        .map(|l| {
            if l.starts_with("[Date ") {
                "[Date \"(today)\"]"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("console_short_game_pgn", dated);
}
