//! The opening book: `asm/book.asm` assembled by pasmo (the format's outside check), read by
//! the reference from the image at the `BOOK` symbol; every line legal, lookups right,
//! damaged images refused with errors.

use c7010::reference::book::{Book, BookError};
use c7010::reference::{Board, parse_uci};
use std::process::Command;

/// Assemble asm/book.asm with pasmo; returns the image and the BOOK address.
/// `tag` keeps the scratch directories of tests running in parallel apart.
fn assembled_book(tag: &str) -> (Vec<u8>, usize) {
    let dir = std::env::temp_dir().join(format!("c7010-book-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("book.bin");
    let sym = dir.join("book.sym");
    let status = Command::new("pasmo")
        .args(["--bin", "asm/book.asm"])
        .arg(&bin)
        .arg(&sym)
        .status()
        .expect("pasmo is installed (CI installs it)");
    assert!(status.success());
    let image = std::fs::read(&bin).unwrap();
    let symbols = std::fs::read_to_string(&sym).unwrap();
    let line = symbols
        .lines()
        .find(|l| l.split_whitespace().next() == Some("BOOK"))
        .expect("BOOK symbol");
    let hex = line
        .split_whitespace()
        .nth(2)
        .unwrap()
        .trim_end_matches(['H', 'h']);
    let addr = usize::from_str_radix(hex, 16).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    (image, addr)
}

fn play(moves: &str) -> (Board, Vec<c7010::reference::Move>) {
    let mut b = Board::startpos();
    let mut history = Vec::new();
    for t in moves.split_whitespace() {
        let m = parse_uci(&b, t).unwrap();
        b.make(m);
        history.push(m);
    }
    (b, history)
}

#[test]
fn book_assembles_and_every_line_is_legal() {
    let (image, addr) = assembled_book("lines");
    let book = Book::from_image(&image, addr).unwrap();
    assert_eq!(book.len(), image.len() - addr, "the book is the whole file");
    assert!(book.lines() >= 30, "{} lines", book.lines());
}

#[test]
fn book_answers_main_lines_and_leaves_off_book_positions() {
    let (image, addr) = assembled_book("answers");
    let book = Book::from_image(&image, addr).unwrap();
    let cases = [
        ("", Some("e2e4")),
        ("e2e4", Some("e7e5")),
        ("e2e4 e7e5 g1f3 b8c6 f1b5", Some("a7a6")),
        ("e2e4 c7c5", Some("g1f3")),
        ("d2d4 g8f6 c2c4 g7g6 b1c3 f8g7", Some("e2e4")),
        ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", Some("e1g1")),
        ("a2a3", None),
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
    let (image, addr) = assembled_book("damaged");
    assert!(matches!(
        Book::from_image(&image, image.len()),
        Err(BookError::Address(..))
    ));
    let cut = &image[..image.len() - 1];
    assert_eq!(
        Book::from_image(cut, addr).unwrap_err(),
        BookError::Unterminated
    );
    let mut bad = image.clone();
    bad[addr] = 0x7F;
    assert!(matches!(
        Book::from_image(&bad, addr),
        Err(BookError::BadSquare { .. })
    ));
    let mut illegal = image.clone();
    illegal[addr + 1] = 21 + 4 + 10 * 4; // e2 to e5
    assert!(matches!(
        Book::from_image(&illegal, addr),
        Err(BookError::Illegal { line: 1, ply: 1 })
    ));
}

#[test]
fn analys_plays_from_the_book_then_searches() {
    let (image, addr) = assembled_book("analys");
    let book = Book::from_image(&image, addr).unwrap();
    let (board, history) = play("e2e4 e7e5 g1f3");
    let r = c7010::reference::analys(&board, &history, Some(&book), 500, &mut |_| {});
    assert!(r.book);
    assert_eq!(r.best.unwrap().uci(), "b8c6");
    assert_eq!(r.positions, 0);
    let (board, history) = play("h2h4");
    let r = c7010::reference::analys(&board, &history, Some(&book), 500, &mut |_| {});
    assert!(!r.book);
    assert!(r.positions >= 500);
}

#[test]
fn our_assembler_gives_pasmo_bytes_and_the_same_book() {
    let (pasmo_image, pasmo_addr) = assembled_book("ours");
    let asm = c7010::asm::assemble_file(std::path::Path::new("asm/book.asm")).unwrap();
    let image = asm.image(None).unwrap();
    let addr = usize::from(asm.symbol("BOOK").unwrap() - asm.origin());
    assert_eq!(image, pasmo_image);
    assert_eq!(addr, pasmo_addr);
    let book = Book::from_image(&image, addr).unwrap();
    let (board, history) = play("d2d4 d7d5");
    assert_eq!(book.probe(&board, &history).unwrap().uci(), "c2c4");
}
