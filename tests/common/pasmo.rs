//! pasmo (Debian's Z80 assembler) as an oracle that every machine has: its output for each
//! source the tests compare with it is recorded in `tests/data/pasmo/` (`NAME.bin`, the
//! symbol file `NAME.sym`, and `NAME.crc32`, a fingerprint of the source lines it was made
//! from, INCLUDEs expanded; INCBIN data is not in it). `tools/record-pasmo.sh` records
//! them again (these tests with `C7010_RECORD_PASMO=1`).
//!
//! Where pasmo is installed the recording must be what pasmo makes of the source now (so
//! CI keeps it current); without pasmo the recording stands in for it while the source is
//! the one recorded, and the test is skipped with a line saying why once it is not.

use std::path::{Path, PathBuf};
use std::process::Command;

use c7010::assembler::source::Program;

use super::outside;

/// What pasmo made of a source: the binary and its symbol file.
#[derive(Debug, PartialEq, Eq)]
pub struct PasmoOutput {
    pub bin: Vec<u8>,
    pub sym: String,
}

/// pasmo's output for `source` (INCLUDE and INCBIN looked for in `include_dir`), recorded
/// as `name` in tests/data/pasmo; `None` when the test is to be skipped.
pub fn pasmo(name: &str, source: &Path, include_dir: &Path) -> Option<PasmoOutput> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pasmo");
    let fingerprint = fingerprint(source);
    if !outside::on_path("pasmo") {
        if recorded_fingerprint(&dir, name).as_deref() == Some(fingerprint.as_str()) {
            return Some(read_recording(&dir, name));
        }
        outside::skip(&format!(
            "{} changed since pasmo's output was recorded, and pasmo is not installed to \
             record it again (apt-get install pasmo, then tools/record-pasmo.sh)",
            source.display()
        ));
        return None;
    }
    let fresh = run_pasmo(source, include_dir);
    if std::env::var_os("C7010_RECORD_PASMO").is_some() {
        write_recording(&dir, name, &fresh, &fingerprint);
        return Some(fresh);
    }
    let stale = "is not what pasmo makes of the source now: run tools/record-pasmo.sh";
    assert_eq!(
        recorded_fingerprint(&dir, name).as_deref(),
        Some(fingerprint.as_str()),
        "tests/data/pasmo/{name}.crc32 {stale}"
    );
    assert!(
        read_recording(&dir, name) == fresh,
        "tests/data/pasmo/{name}.bin or .sym {stale}"
    );
    Some(fresh)
}

/// CRC-32 (hex) of the source's lines as our assembler reads them, INCLUDEs expanded.
fn fingerprint(source: &Path) -> String {
    let text = std::fs::read_to_string(source).expect("the source reads");
    let program = Program::load("source", &text, source.parent().map(PathBuf::from));
    let lines: String = program
        .lines
        .iter()
        .map(|l| format!("{}\n", l.text))
        .collect();
    format!("{:08x}", c7010::machine::crc32(lines.as_bytes()))
}

fn recorded_fingerprint(dir: &Path, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.crc32"))).ok()?;
    Some(text.trim().to_string())
}

fn read_recording(dir: &Path, name: &str) -> PasmoOutput {
    let file = |ext: &str| dir.join(format!("{name}.{ext}"));
    PasmoOutput {
        bin: std::fs::read(file("bin")).expect("the recorded binary reads"),
        sym: std::fs::read_to_string(file("sym")).expect("the recorded symbols read"),
    }
}

/// Each file written beside its final name and renamed, so a recording is never half
/// written.
fn write_recording(dir: &Path, name: &str, output: &PasmoOutput, fingerprint: &str) {
    std::fs::create_dir_all(dir).unwrap();
    let line = format!("{fingerprint}\n");
    for (ext, bytes) in [
        ("bin", output.bin.as_slice()),
        ("sym", output.sym.as_bytes()),
        ("crc32", line.as_bytes()),
    ] {
        let mut temp = tempfile::NamedTempFile::new_in(dir).unwrap();
        std::io::Write::write_all(&mut temp, bytes).unwrap();
        temp.as_file().sync_all().unwrap();
        temp.persist(dir.join(format!("{name}.{ext}"))).unwrap();
    }
}

fn run_pasmo(source: &Path, include_dir: &Path) -> PasmoOutput {
    let out = tempfile::tempdir().unwrap();
    let (bin, sym) = (out.path().join("out.bin"), out.path().join("out.sym"));
    let run = Command::new("pasmo")
        .arg("-I")
        .arg(include_dir)
        .arg("--bin")
        .args([source, &bin, &sym])
        .output()
        .expect("run pasmo");
    assert!(
        run.status.success(),
        "pasmo failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    PasmoOutput {
        bin: std::fs::read(&bin).expect("pasmo's binary"),
        sym: std::fs::read_to_string(&sym).expect("pasmo's symbols"),
    }
}
