//! The file rules, on real files in a temporary directory (each test well under a second).

use super::*;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

const SMALL: FileKind = FileKind {
    what: "test file",
    limit: 16,
};

#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

#[test]
fn a_regular_file_within_the_limit_is_read() {
    let d = dir();
    let p = d.path().join("a");
    std::fs::write(&p, b"sixteen bytes!!!").unwrap();
    assert_eq!(read(&p, SMALL).unwrap(), b"sixteen bytes!!!");
    assert_eq!(read_text(&p, SMALL).unwrap(), "sixteen bytes!!!");
}

#[test]
fn a_file_over_the_limit_is_refused_with_its_path() {
    let d = dir();
    let p = d.path().join("big");
    std::fs::write(&p, [0u8; 17]).unwrap();
    let e = read(&p, SMALL).unwrap_err().to_string();
    assert!(e.contains(&p.display().to_string()), "{e}");
    assert!(e.contains("limit of 16 bytes"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    // Opening a FIFO with no writer for reading would block for ever without the checks.
    let d = dir();
    let p = d.path().join("fifo");
    mkfifo(&p);
    let e = read(&p, ROM_IMAGE).unwrap_err().to_string();
    assert!(e.contains("a FIFO, not a regular file"), "{e}");
    assert!(e.contains(&p.display().to_string()), "{e}");
}

#[cfg(unix)]
#[test]
fn devices_and_directories_are_refused() {
    let e = read(Path::new("/dev/zero"), INCBIN)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "cannot read INCBIN file /dev/zero: it is a device, not a regular file"
    );
    let d = dir();
    let e = read(d.path(), SOURCE).unwrap_err().to_string();
    assert!(e.contains("a directory, not a regular file"), "{e}");
}

#[test]
fn a_missing_file_names_itself() {
    let e = read(Path::new("/no/such/file.rom"), ROM_IMAGE)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("cannot read ROM /no/such/file.rom: "), "{e}");
}

#[test]
fn an_atomic_write_replaces_the_file_and_leaves_nothing_beside_it() {
    let d = dir();
    let p = d.path().join("state");
    std::fs::write(&p, b"old").unwrap();
    write_atomic(&p, b"new contents").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"new contents");
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
}

#[test]
fn a_failing_write_keeps_the_old_file_whole() {
    let d = dir();
    let p = d.path().join("game.pgn");
    std::fs::write(&p, b"the old games").unwrap();
    // Half the bytes go out, then the disk is full.
    let e = write_atomic_with(&p, |f| {
        f.write_all(b"half of the new")?;
        Err(io::Error::from_raw_os_error(28))
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with(&format!("cannot write {}: writing: ", p.display())),
        "{e}"
    );
    assert!(e.contains("No space left on device"), "{e}");
    assert_eq!(std::fs::read(&p).unwrap(), b"the old games");
    assert_eq!(
        std::fs::read_dir(d.path()).unwrap().count(),
        1,
        "no temporary file is left"
    );
}

#[test]
fn a_write_into_a_missing_directory_or_under_a_file_fails_clearly() {
    let d = dir();
    let missing = d.path().join("nowhere").join("x.pgn");
    let e = write_atomic(&missing, b"x").unwrap_err().to_string();
    assert!(e.contains("cannot create a file in"), "{e}");
    // The reason, without the temporary file's name, which the user never gave.
    assert!(e.contains("No such file or directory"), "{e}");
    assert!(!e.contains(".x.pgn."), "{e}");
    let file = d.path().join("file");
    std::fs::write(&file, b"keep").unwrap();
    assert!(write_atomic(&file.join("x"), b"x").is_err());
    assert_eq!(std::fs::read(&file).unwrap(), b"keep");
}

#[test]
fn append_adds_to_the_old_contents() {
    let d = dir();
    let p = d.path().join("db.pgn");
    append_atomic(&p, b"one\n").unwrap();
    append_atomic(&p, b"two\n").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "one\ntwo\n");
}

#[cfg(unix)]
#[test]
fn a_write_through_a_link_keeps_the_link() {
    let d = dir();
    let real = d.path().join("real.pgn");
    let link = d.path().join("link.pgn");
    std::fs::write(&real, b"a\n").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    append_atomic(&link, b"b\n").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "a\nb\n");
}

#[test]
fn check_writable_refuses_what_cannot_be_written() {
    let d = dir();
    assert!(check_writable(&d.path().join("new.pgn")).is_ok());
    let e = check_writable(&d.path().join("nowhere/x.pgn"))
        .unwrap_err()
        .to_string();
    assert!(e.ends_with("nowhere does not exist"), "{e}");
    let e = check_writable(d.path()).unwrap_err().to_string();
    assert!(e.contains("a directory, not a regular file"), "{e}");
    let file = d.path().join("file");
    std::fs::write(&file, b"").unwrap();
    let e = check_writable(&file.join("x.pgn")).unwrap_err().to_string();
    assert!(e.contains("is not a directory"), "{e}");
    assert_eq!(
        std::fs::read_dir(d.path()).unwrap().count(),
        1,
        "the checks leave no file behind"
    );
}

#[cfg(unix)]
#[test]
fn remove_regular_leaves_a_fifo_and_removes_a_file() {
    let d = dir();
    let fifo = d.path().join("fifo");
    mkfifo(&fifo);
    let e = remove_regular(&fifo).unwrap_err().to_string();
    assert!(e.contains("it is a FIFO, not a regular file"), "{e}");
    assert!(fifo.exists());
    let file = d.path().join("file");
    std::fs::write(&file, b"x").unwrap();
    remove_regular(&file).unwrap();
    assert!(!file.exists());
    remove_regular(&file).unwrap();
}

#[cfg(unix)]
#[test]
fn writes_refuse_a_fifo_and_appends_too() {
    let d = dir();
    let fifo = d.path().join("fifo");
    mkfifo(&fifo);
    for e in [
        write_atomic(&fifo, b"x").unwrap_err(),
        append_atomic(&fifo, b"x").unwrap_err(),
        create_stream(&fifo).unwrap_err(),
        check_writable(&fifo).unwrap_err(),
    ] {
        assert!(
            e.to_string().ends_with("it is a FIFO, not a regular file"),
            "{e}"
        );
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_failed_append_leaves_the_old_contents() {
    let d = dir();
    let p = d.path().join("db.pgn");
    std::fs::write(&p, b"old\n").unwrap();
    append(&p, |before| {
        assert_eq!(before, 4);
        b"new\n".to_vec()
    })
    .unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"old\nnew\n");
}

#[test]
fn rewrite_end_replaces_the_end_and_keeps_the_start() {
    let d = dir();
    let p = d.path().join("db.pgn");
    std::fs::write(&p, b"one\ntwo\nthree\n").unwrap();
    // A window of 10 bytes: the edit sees "two\nthree\n" from offset 4.
    rewrite_end(&p, 10, |start, last| {
        assert_eq!((start, last), (4, &b"two\nthree\n"[..]));
        (4, b"TWO\nthree\n".to_vec())
    })
    .unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"one\nTWO\nthree\n");
    // Shorter than what it replaces: the file is cut.
    rewrite_end(&p, 100, |_, _| (4, b"2\n".to_vec())).unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"one\n2\n");
}
