//! Issue 13 part 6 for the assembler: the main source, INCLUDE and INCBIN read only regular
//! files within a stated limit, with the path in the error (before, `INCBIN "/dev/zero"`
//! grew without end and an INCLUDE of a FIFO blocked). Each test runs in milliseconds.

use std::path::Path;

fn errors_of(dir: &Path, source: &str) -> String {
    let main = dir.join("main.asm");
    std::fs::write(&main, source).unwrap();
    match c7010::assembler::assemble_file(&main) {
        Ok(_) => panic!("{source} assembled"),
        Err(e) => e.to_string(),
    }
}

#[cfg(unix)]
#[test]
fn incbin_of_a_device_is_an_error_not_an_endless_read() {
    let dir = tempfile::tempdir().unwrap();
    let e = errors_of(dir.path(), "        ORG 0\n        INCBIN \"/dev/zero\"\n");
    assert!(
        e.contains("cannot read INCBIN file /dev/zero: it is a device, not a regular file"),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn include_of_a_fifo_is_an_error_not_a_hang() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.asm");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = errors_of(dir.path(), "        INCLUDE \"pipe.asm\"\n        NOP\n");
    assert!(e.contains("it is a FIFO, not a regular file"), "{e}");
    assert!(e.contains(&fifo.display().to_string()), "{e}");
}

#[test]
fn incbin_over_64_kib_is_refused_and_a_missing_source_names_itself() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.bin"), vec![0u8; 65_537]).unwrap();
    let e = errors_of(dir.path(), "        INCBIN \"big.bin\"\n");
    assert!(e.contains("larger than the limit of 65536 bytes"), "{e}");
    let missing = dir.path().join("missing.asm");
    let e = c7010::assembler::assemble_file(&missing)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!("cannot read source file {}", missing.display())),
        "{e}"
    );
}

/// A file-size limit of `bytes` for the child (a full disk without mounting one): a write
/// past it fails with EFBIG instead of killing the child with SIGXFSZ.
#[cfg(unix)]
fn limit_file_size(cmd: &mut std::process::Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(unix)]
#[test]
fn a_rom_that_cannot_be_written_whole_leaves_the_old_one() {
    // The 8 KiB image meets a 4 KiB file-size limit: before, the old ROM was cut to 4 KiB
    // of the new one; now it is as it was, and the error names it.
    let dir = tempfile::tempdir().unwrap();
    let main = dir.path().join("main.asm");
    std::fs::write(&main, "        ORG 0\n        DB 1,2,3\n").unwrap();
    let rom = dir.path().join("out.bin");
    std::fs::write(&rom, b"the old ROM").unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"));
    cmd.arg("asm")
        .arg(&main)
        .arg("-o")
        .arg(&rom)
        .args(["--size", "8192"]);
    limit_file_size(&mut cmd, 4096);
    let out = cmd.output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("cannot write {}: writing: ", rom.display())),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&rom).unwrap(), b"the old ROM");
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(files, 2, "no temporary file is left beside the ROM");
}
