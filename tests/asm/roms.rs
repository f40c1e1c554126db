//! The committed ROM files in `roms/` equal a fresh assembly of `asm/main.asm`, and the
//! symbol and source-map files read back into what the assembler produced (the debugger
//! loads them from there).

use std::path::Path;

use c7010::assembler::{assemble_file, parse_source_map, parse_symbol_file};

const REGENERATE: &str = "roms/ is stale: regenerate it with `tools/build-rom.sh` \
     (cargo run -- asm asm/main.asm --size 8192 -o roms/c7010.bin --listing roms/c7010.lst \
     --symbols roms/c7010.sym --map roms/c7010.map)";

fn committed(name: &str) -> Vec<u8> {
    std::fs::read(Path::new("roms").join(name))
        .unwrap_or_else(|e| panic!("roms/{name}: {e}; {REGENERATE}"))
}

#[test]
fn committed_rom_files_match_a_fresh_assembly() {
    let assembly = assemble_file(Path::new("asm/main.asm")).unwrap_or_else(|e| panic!("{e}"));
    let image = assembly.image(Some(8192)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(image.len(), 8192);
    assert!(
        committed("c7010.bin") == image,
        "c7010.bin differs; {REGENERATE}"
    );
    assert!(
        committed("c7010.lst") == assembly.listing().into_bytes(),
        "c7010.lst differs; {REGENERATE}"
    );
    assert!(
        committed("c7010.sym") == assembly.symbol_file().into_bytes(),
        "c7010.sym differs; {REGENERATE}"
    );
    assert!(
        committed("c7010.map") == assembly.source_map_file().into_bytes(),
        "c7010.map differs; {REGENERATE}"
    );
}

#[test]
fn committed_symbols_and_source_map_parse_back() {
    let assembly = assemble_file(Path::new("asm/main.asm")).unwrap_or_else(|e| panic!("{e}"));
    let sym = String::from_utf8(committed("c7010.sym")).unwrap();
    let mut parsed = parse_symbol_file(&sym).unwrap();
    let mut ours = assembly.symbols().to_vec();
    parsed.sort_by(|a, b| a.name.cmp(&b.name));
    ours.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(parsed, ours);
    let map = String::from_utf8(committed("c7010.map")).unwrap();
    let parsed = parse_source_map(&map).unwrap();
    let mut ours = assembly.source_map().to_vec();
    ours.sort_by_key(|e| e.address);
    assert_eq!(parsed, ours);
    // Every entry lies inside the image.
    let start = usize::from(assembly.origin());
    let end = start + assembly.image(None).unwrap().len();
    assert!(!parsed.is_empty());
    for e in &parsed {
        let a = usize::from(e.address);
        assert!(
            a >= start && a + usize::from(e.len) <= end,
            "{e:?} outside {start:04X}..{end:04X}"
        );
    }
}
