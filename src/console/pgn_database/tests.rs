use super::*;

fn game(moves: &str, result: &str) -> String {
    format!("[Event \"x\"]\n[Result \"{result}\"]\n\n{moves} {result}\n")
}

#[test]
fn games_are_appended_with_a_blank_line_between() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.pgn");
    let mut db = PgnDatabase::new(path.clone());
    db.write(game("1. e4", "*")).unwrap();
    db.begin_game(None);
    db.write(game("1. d4", "*")).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{}\n{}", game("1. e4", "*"), game("1. d4", "*"))
    );
    assert!(db.unwritten().is_empty());
}

#[test]
fn a_game_gone_on_replaces_its_record_and_keeps_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.pgn");
    std::fs::write(&path, game("1. c4", "1-0")).unwrap();
    let mut db = PgnDatabase::new(path.clone());
    db.write(game("1. e4 e5", "*")).unwrap();
    let left = db.record();
    // Another console appends a game after ours.
    files::append_atomic(&path, format!("\n{}", game("1. Nf3", "0-1")).as_bytes()).unwrap();
    // The next start: the same game, resumed with its record, gone on and ended.
    let mut next = PgnDatabase::new(path.clone());
    next.begin_game(left);
    next.write(game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0"))
        .unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!(
            "{}\n{}\n{}",
            game("1. c4", "1-0"),
            game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0"),
            game("1. Nf3", "0-1")
        )
    );
    // Its record no longer there (the file edited): the game is appended.
    std::fs::write(&path, "").unwrap();
    next.write(game("1. e4", "*")).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), game("1. e4", "*"));
}

#[test]
fn a_failed_write_keeps_the_game_for_the_next_one() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    let mut db = PgnDatabase::new(sub.join("db.pgn"));
    assert!(db.write(game("1. e4", "*")).is_err());
    // The same game gone on takes the waiting text's place: one record.
    assert!(db.write(game("1. e4 e5", "*")).is_err());
    assert_eq!(db.unwritten(), [game("1. e4 e5", "*")]);
    std::fs::create_dir(&sub).unwrap();
    db.begin_game(None);
    db.write(game("1. d4", "*")).unwrap();
    assert_eq!(
        std::fs::read_to_string(sub.join("db.pgn")).unwrap(),
        format!("{}\n{}", game("1. e4 e5", "*"), game("1. d4", "*"))
    );
}

#[test]
fn a_record_reads_back_and_is_found_only_whole() {
    let r = PgnRecord::of("[a]\n");
    assert_eq!(PgnRecord::parse(&r.to_text()), Some(r));
    assert_eq!(PgnRecord::parse("12 zz"), None);
    assert_eq!(r.find_in(b"[a]\n\n[a]\n"), Some(5));
    assert_eq!(r.find_in(b"x[a]\n"), None);
    assert_eq!(r.find_in(b"[a]\nx"), None);
}
