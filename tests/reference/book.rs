//! The opening book: `asm/book.asm` assembled by pasmo (the format's outside check), read by
//! the reference from the image at the `BOOK` symbol. The bytes must be exactly the lines
//! written in book.asm's comments (UCI moves, encoded here independently of the reader);
//! lookups right; damaged images refused with errors.

use c7010::reference::book::{Book, BookError, GOES_ON, LAST};
use c7010::reference::{Board, Move, legal_moves, parse_uci};
use std::path::Path;

use crate::common::pasmo::pasmo;

/// asm/book.asm as pasmo assembles it (recorded in tests/data/pasmo, checked current where
/// pasmo is installed): the image and the BOOK address; `None` when the test is skipped.
fn assembled_book() -> Option<(Vec<u8>, usize)> {
    let out = pasmo("book", Path::new("asm/book.asm"), Path::new("asm"))?;
    let line = out
        .sym
        .lines()
        .find(|l| l.split_whitespace().next() == Some("BOOK"))
        .expect("BOOK symbol");
    let hex = line
        .split_whitespace()
        .nth(2)
        .unwrap()
        .trim_end_matches(['H', 'h']);
    let addr = usize::from_str_radix(hex, 16).unwrap();
    Some((out.bin, addr))
}

fn play(moves: &str) -> (Board, Vec<Move>) {
    let mut b = Board::startpos();
    let mut history = Vec::new();
    for t in moves.split_whitespace() {
        let m = parse_uci(&b, t).unwrap();
        b.make(m);
        history.push(m);
    }
    (b, history)
}

/// The lines as book.asm's comments write them: `; Name: e2e4 e7e5 | g1f3 ...` (the moves
/// before `|` are shared with the line before). Returns (name, all moves, shared count).
fn commented_lines() -> Vec<(String, Vec<String>, usize)> {
    let text = std::fs::read_to_string("asm/book.asm").unwrap();
    text.lines()
        .filter_map(|l| {
            let body = l.strip_prefix("; ")?;
            let (name, moves) = body.rsplit_once(": ")?;
            let tokens: Vec<&str> = moves.split_whitespace().collect();
            let is_move = |t: &str| t.len() == 4 && t.bytes().all(|c| c.is_ascii_alphanumeric());
            if tokens.is_empty() || !tokens.iter().all(|&t| t == "|" || is_move(t)) {
                return None;
            }
            let shared = tokens.iter().position(|&t| t == "|").unwrap_or(0);
            let all = tokens
                .iter()
                .filter(|&&t| t != "|")
                .map(|t| t.to_string())
                .collect();
            Some((name.to_string(), all, shared))
        })
        .collect()
}

/// A move tree built from the lines, independently of the reader.
#[derive(Default)]
struct Tree {
    children: Vec<(String, Tree)>,
}

impl Tree {
    fn insert(&mut self, line: &[String]) {
        let Some((first, rest)) = line.split_first() else {
            return;
        };
        if self.children.last().map(|c| &c.0) != Some(first) {
            assert!(
                self.children.iter().all(|c| &c.0 != first),
                "lines that start alike must follow each other ({first})"
            );
            self.children.push((first.clone(), Tree::default()));
        }
        self.children.last_mut().unwrap().1.insert(rest);
    }

    /// The book bytes of this list and everything under it, in pre-order.
    fn encode(&self, board: &Board, out: &mut Vec<u8>) {
        let legal = legal_moves(board);
        for (k, (uci, sub)) in self.children.iter().enumerate() {
            let m = parse_uci(board, uci).unwrap();
            let index = legal.as_slice().iter().position(|&x| x == m).unwrap();
            assert!(index < 64, "{uci}: index {index} does not fit in 6 bits");
            let mut byte = index as u8;
            if !sub.children.is_empty() {
                byte |= GOES_ON;
            }
            if k + 1 == self.children.len() {
                byte |= LAST;
            }
            out.push(byte);
            if !sub.children.is_empty() {
                let mut after = board.clone();
                after.make(m);
                sub.encode(&after, out);
            }
        }
    }
}

#[test]
fn book_bytes_are_the_commented_lines() {
    let lines = commented_lines();
    assert_eq!(lines.len(), 32, "the 32 lines of the book");
    let mut tree = Tree::default();
    let mut previous: Vec<String> = Vec::new();
    for (name, moves, shared) in &lines {
        let common = previous
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        assert_eq!(*shared, common, "{name}: the '|' marks the moves shared");
        tree.insert(moves);
        previous = moves.clone();
    }
    let mut want = Vec::new();
    tree.encode(&Board::startpos(), &mut want);
    let Some((image, addr)) = assembled_book() else {
        return;
    };
    assert_eq!(&image[addr..], &want[..], "book.asm's bytes");
    let book = Book::from_image(&image, addr).unwrap();
    assert_eq!(book.len(), want.len());
    assert_eq!(book.lines(), 32);
    // Every line is followed by the book to its end (the first line of a family wins, so
    // a later line is followed until it leaves the line before).
    for (name, moves, _) in &lines {
        let (_, history) = play(&moves.join(" "));
        assert_eq!(book.next(&history), None, "{name} ends the book");
        let (_, history) = play(&moves[..moves.len() - 1].join(" "));
        assert!(book.next(&history).is_some(), "{name}: the book goes on");
    }
}

#[test]
fn book_answers_main_lines_and_leaves_off_book_positions() {
    let Some((image, addr)) = assembled_book() else {
        return;
    };
    let book = Book::from_image(&image, addr).unwrap();
    let cases = [
        ("", Some("e2e4")),
        ("e2e4", Some("e7e5")),
        ("e2e4 e7e5 g1f3 b8c6 f1b5", Some("a7a6")),
        ("e2e4 e7e5 g1f3 b8c6 f1b5 g8f6", Some("e1g1")),
        ("e2e4 c7c5", Some("g1f3")),
        ("d2d4 g8f6 c2c4 g7g6 b1c3 f8g7", Some("e2e4")),
        ("d2d4 g8f6 c2c4 g7g6 b1c3 d7d5", Some("c4d5")),
        ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4", Some("g8f6")),
        // The Ruy Lopez ends at 8 plies (issue 25 cut the longest lines to 8).
        ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", None),
        ("g1f3", Some("d7d5")),
        ("a2a3", None),
        ("e2e4 a7a6", None),
        (
            "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8",
            None,
        ),
    ];
    for (moves, want) in cases {
        let (board, history) = play(moves);
        let got = book.probe(&board, &history).map(|m| m.uci());
        assert_eq!(got.as_deref(), want, "after {moves:?}");
    }
}

#[test]
fn damaged_books_are_refused() {
    let Some((image, addr)) = assembled_book() else {
        return;
    };
    assert!(matches!(
        Book::from_image(&image, image.len()),
        Err(BookError::Address(..))
    ));
    let cut = &image[..image.len() - 1];
    assert_eq!(
        Book::from_image(cut, addr).unwrap_err(),
        BookError::Truncated
    );
    // The initial position has 20 moves: index 20 is not one of them.
    let mut bad = image.clone();
    bad[addr] = GOES_ON | 20;
    assert_eq!(
        Book::from_image(&bad, addr).unwrap_err(),
        BookError::BadIndex {
            offset: 0,
            value: GOES_ON | 20,
            index: 20,
            legal: 20
        }
    );
    // A line that never ends: knights going back and forth for ever.
    let endless = [GOES_ON | 0x10; 64];
    assert_eq!(
        Book::from_image(&endless, 0).unwrap_err(),
        BookError::TooDeep(40)
    );
    // Bytes that are not a book at all are refused or read, never a panic.
    for start in 0..image.len() {
        let _ = Book::from_image(&image, start);
    }
    assert!(Book::from_image(&[], 0).is_err());
    assert!(Book::from_image(&[LAST], 0).is_ok(), "a book of one move");
}

#[test]
fn analys_plays_from_the_book_then_searches() {
    let Some((image, addr)) = assembled_book() else {
        return;
    };
    let book = Book::from_image(&image, addr).unwrap();
    let (board, history) = play("e2e4 e7e5 g1f3");
    let r = c7010::reference::analys(&board, &history, Some(&book), &[], 500, &mut |_| {});
    assert!(r.book);
    assert_eq!(r.best.unwrap().uci(), "b8c6");
    assert_eq!(r.positions, 0);
    let (board, history) = play("h2h4");
    let r = c7010::reference::analys(&board, &history, Some(&book), &[], 500, &mut |_| {});
    assert!(!r.book);
    assert!(r.positions >= 500);
}

#[test]
fn our_assembler_gives_pasmo_bytes_and_the_same_book() {
    let Some((pasmo_image, pasmo_addr)) = assembled_book() else {
        return;
    };
    let asm = c7010::assembler::assemble_file(std::path::Path::new("asm/book.asm")).unwrap();
    let image = asm.image(None).unwrap();
    let addr = usize::from(asm.symbol("BOOK").unwrap() - asm.origin());
    assert_eq!(image, pasmo_image);
    assert_eq!(addr, pasmo_addr);
    let book = Book::from_image(&image, addr).unwrap();
    let (board, history) = play("d2d4 d7d5");
    assert_eq!(book.probe(&board, &history).unwrap().uci(), "c2c4");
}

#[test]
fn the_built_in_rom_holds_the_book() {
    let image = c7010::guest::GuestImage::builtin();
    let addr = image.symbol("BOOK").expect("BOOK in the ROM") as usize;
    let book = Book::from_image(&image.rom, addr).unwrap();
    let Some((pasmo_image, pasmo_addr)) = assembled_book() else {
        return;
    };
    assert_eq!(
        &image.rom[addr..addr + book.len()],
        &pasmo_image[pasmo_addr..],
        "the ROM's book is book.asm's"
    );
}
