//! Assembler features end to end: expressions, the `(expr)` ambiguity, local labels,
//! macros, forward references, conditionals, JR range, `--size`, outputs.

use c7010::assembler::{AsmErrors, Assembly, SymbolKind, assemble_source};

fn ok(text: &str) -> Assembly {
    assemble_source("t.asm", text).unwrap_or_else(|e| panic!("{e}"))
}

fn bytes(text: &str) -> Vec<u8> {
    ok(text).image(None).unwrap()
}

fn err(text: &str) -> AsmErrors {
    match assemble_source("t.asm", text) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn expressions_in_data() {
    assert_eq!(
        bytes(" DB 1+2*3, (1+2)*3, 10-4-3, 7 MOD 3, 1 SHL 4, 0F0H SHR 4, HIGH 1234H, LOW 1234H"),
        vec![7, 9, 3, 1, 16, 15, 0x12, 0x34]
    );
    assert_eq!(
        bytes(" DB 'A'+1, \"a\", -1, NOT 0FEH AND 0FFH"),
        vec![0x42, 0x61, 0xFF, 0x01]
    );
    assert_eq!(bytes(" ORG 10H\n DW $, $+2"), vec![0x10, 0, 0x12, 0]);
    assert_eq!(
        bytes(" DB (2 > 1) AND 1, (2 = 1) AND 1, 2 <> 1"),
        vec![1, 0, 0xFF]
    );
}

#[test]
fn parenthesised_expression_versus_indirection() {
    assert_eq!(bytes(" LD A,(1+2)*3"), vec![0x3E, 9]);
    assert_eq!(bytes(" LD A,(1+2)"), vec![0x3A, 3, 0]);
    assert_eq!(bytes(" LD HL,(5)"), vec![0x2A, 5, 0]);
    assert_eq!(bytes(" LD HL,+(5)"), vec![0x21, 5, 0]);
    assert_eq!(bytes(" LD A,(IX)"), vec![0xDD, 0x7E, 0]);
    assert_eq!(bytes(" LD A,(IY-2)"), vec![0xFD, 0x7E, 0xFE]);
    assert_eq!(bytes(" JP (IX)"), vec![0xDD, 0xE9]);
    // LD B,(nn) does not exist: an error, not a silent immediate (pasmo only warns).
    assert!(err(" LD B,(5)").to_string().contains("LD B,(nn)"));
}

#[test]
fn mnemonics_and_registers_ignore_case_labels_with_or_without_colon() {
    assert_eq!(bytes(" ld a,b\n Ld A,B\n LD a,B"), vec![0x78, 0x78, 0x78]);
    let a = ok(" ORG 100H\nFIRST NOP\nSECOND: NOP\n  THIRD: NOP\n JP SECOND");
    assert_eq!(a.symbol("FIRST"), Some(0x100));
    assert_eq!(a.symbol("SECOND"), Some(0x101));
    assert_eq!(a.symbol("THIRD"), Some(0x102));
    assert_eq!(a.image(None).unwrap()[3..], [0xC3, 0x01, 0x01]);
    // An indented unknown word is not taken for a label.
    assert!(err("  FOO\n").to_string().contains("unknown instruction"));
}

#[test]
fn forward_references_settle_over_passes() {
    let a = ok(
        " JP LATER\n LD A,SIZE\nSIZE EQU TWICE/2\nTWICE EQU 2*FIVE\nFIVE EQU 5\n DS SIZE\nLATER: RET",
    );
    assert_eq!(a.symbol("LATER"), Some(3 + 2 + 5));
    // A chain of forward EQUs needs a pass per link before nothing moves.
    assert!(a.passes() >= 3, "{} passes", a.passes());
    assert_eq!(a.lines(), 7);
    assert_eq!(a.image(None).unwrap()[..5], [0xC3, 10, 0, 0x3E, 5]);
}

#[test]
fn symbols_that_never_settle_are_an_error() {
    let e = err(" IF AFTER < 2\n NOP\n NOP\n ENDIF\nAFTER: NOP");
    assert!(e.to_string().contains("do not settle"), "{e}");
}

#[test]
fn relative_jump_range_is_checked_at_both_ends() {
    // JR at 0: distance = target - 2.
    assert_eq!(bytes(" JR 129"), vec![0x18, 0x7F]);
    assert_eq!(bytes(" ORG 200\n JR 74"), vec![0x18, 0x80]);
    assert!(
        err(" JR 130")
            .to_string()
            .contains("relative jump out of range: target is 128")
    );
    assert!(err(" ORG 200\n DJNZ 73").to_string().contains("-129"));
    assert!(err(" JR PO,0").to_string().contains("JR PO,n"));
}

#[test]
fn value_ranges_are_checked() {
    assert_eq!(bytes(" LD A,-128\n LD A,255"), vec![0x3E, 0x80, 0x3E, 0xFF]);
    assert!(
        err(" LD A,-129")
            .to_string()
            .contains("-129 does not fit in a byte")
    );
    assert!(
        err(" LD BC,65536")
            .to_string()
            .contains("does not fit in a word")
    );
    assert_eq!(
        bytes(" LD (IX+127),A\n LD (IX-128),A"),
        vec![0xDD, 0x77, 0x7F, 0xDD, 0x77, 0x80]
    );
    assert!(
        err(" LD (IX+128),A")
            .to_string()
            .contains("index offset 128")
    );
}

#[test]
fn proc_local_labels_are_distinct_and_hidden() {
    let a = ok(concat!(
        " ORG 0\n",
        "ONE PROC\n LOCAL loop\nloop: DJNZ loop\n ENDP\n",
        "TWO PROC\n LOCAL loop\n NOP\nloop: DJNZ loop\n ENDP\n",
    ));
    let locals: Vec<(String, u16)> = a
        .symbols()
        .iter()
        .filter(|s| s.kind == SymbolKind::Local)
        .map(|s| (s.name.clone(), s.value))
        .collect();
    assert_eq!(locals.len(), 2, "{locals:?}");
    assert_eq!(locals[0].1, 0);
    assert_eq!(locals[1].1, 3);
    assert!(locals.iter().all(|(n, _)| n.starts_with("loop#")));
    assert_eq!(a.image(None).unwrap(), vec![0x10, 0xFE, 0x00, 0x10, 0xFE]);
    // A local is not visible after its ENDP.
    assert!(
        err("P PROC\n LOCAL x\nx: NOP\n ENDP\n JP x")
            .to_string()
            .contains("undefined symbol 'x'")
    );
    assert!(
        err("P PROC\n NOP")
            .to_string()
            .contains("PROC without ENDP")
    );
}

#[test]
fn macros_with_parameters_locals_and_nesting() {
    let a = ok(concat!(
        "SETR MACRO reg, val\n LD reg,val\n ENDM\n",
        "DELAY MACRO n\n LOCAL again\n LD B,n\nagain: DJNZ again\n ENDM\n",
        "TWICE MACRO n\n DELAY n\n DELAY n+1\n ENDM\n",
        " SETR A, 5\n SETR HL, 1234H\n TWICE 3\n",
        "MACRO ALT, x\n DB x\n ENDM\n ALT 9\n",
        "EMPTY MACRO a, b\n DB 1 b\n ENDM\n EMPTY 1\n",
    ));
    assert_eq!(
        a.image(None).unwrap(),
        vec![
            0x3E, 5, 0x21, 0x34, 0x12, 0x06, 3, 0x10, 0xFE, 0x06, 4, 0x10, 0xFE, 9, 1
        ]
    );
    let listing = a.listing();
    assert!(listing.contains("+ LD A,5"), "{listing}");
    // Errors: defined twice, endless recursion, missing ENDM.
    assert!(
        err("MAC MACRO\n ENDM\nMAC MACRO\n ENDM")
            .to_string()
            .contains("already defined")
    );
    let e = err("RECUR MACRO\n RECUR\n ENDM\n RECUR").to_string();
    assert!(e.contains("nested more than"), "{e}");
    assert!(
        err("MAC MACRO\n NOP")
            .to_string()
            .contains("MACRO without ENDM")
    );
}

#[test]
fn rept_repeats_and_exitm_leaves() {
    assert_eq!(bytes(" REPT 3\n DB 7\n ENDM"), vec![7, 7, 7]);
    assert_eq!(
        bytes("MAC MACRO\n DB 1\n EXITM\n DB 2\n ENDM\n MAC\n DB 3"),
        vec![1, 3]
    );
}

#[test]
fn conditionals_nest_and_choose() {
    let text = " IF 1\n DB 1\n IF 0\n DB 2\n ELSE\n DB 3\n ENDIF\n ELSE\n DB 4\n ENDIF\n IF 0\n IF 1\n DB 5\n ENDIF\n ENDIF";
    assert_eq!(bytes(text), vec![1, 3]);
    assert!(err(" IF 1\n NOP").to_string().contains("IF without ENDIF"));
    assert!(
        err(" IF 1\n ELSE\n ELSE\n ENDIF")
            .to_string()
            .contains("second ELSE")
    );
}

/// `$` inside IF is the IF line's own address, as for every other directive (pasmo's rule;
/// until 2026-12-02 IF read the address of the statement before it, so `IF $-3` after three
/// NOPs held). tests/data/asm/dollar.asm tries every directive that reads `$` and is compared
/// with pasmo in tests/asm/pasmo.rs; its IFs emit 0BBH when they saw their own address.
#[test]
fn dollar_inside_if_is_the_if_lines_address() {
    assert_eq!(
        bytes(" NOP\n NOP\n NOP\n IF $-3\n DB 1\n ELSE\n DB 2\n ENDIF"),
        vec![0, 0, 0, 2]
    );
    assert_eq!(bytes(" DB 7\n IF $ = 1\n DB 1\n ENDIF"), vec![7, 1]);
    let image = ok(&std::fs::read_to_string("tests/data/asm/dollar.asm")
        .unwrap()
        .replace("INCBIN  \"blob.bin\"", "DS 14, 0"))
    .image(None)
    .unwrap();
    let ifs = [
        0x103, 0x104, 0x108, 0x109, 0x118, 0x11B, 0x11E, 0x11F, 0x133,
    ];
    for at in ifs {
        assert_eq!(
            image[at - 0x100],
            0xBB,
            "the IF before {at:#06X} saw the wrong `$`"
        );
    }
    assert_eq!(image.iter().filter(|&&b| b == 0xAA).count(), 0);
}

#[test]
fn end_stops_the_source() {
    assert_eq!(bytes(" DB 1\n END\n DB 2\n this is not assembled"), vec![1]);
}

#[test]
fn image_origin_gaps_and_size() {
    let a = ok(" ORG 10H\n DB 1\n ORG 13H\n DB 2");
    assert_eq!(a.origin(), 0x10);
    assert_eq!(a.image(None).unwrap(), vec![1, 0xFF, 0xFF, 2]);
    assert_eq!(
        a.image(Some(6)).unwrap(),
        vec![1, 0xFF, 0xFF, 2, 0xFF, 0xFF]
    );
    let e = a.image(Some(3)).unwrap_err().to_string();
    assert!(
        e.contains("4 bytes (0010-0013), more than the size of 3 bytes"),
        "{e}"
    );
    assert!(
        err(" ORG 0\n DB 1\n ORG 0\n DB 2")
            .to_string()
            .contains("written twice")
    );
}

#[test]
fn symbols_listing_and_source_map() {
    let a =
        ok("VALUE EQU 7\nCOUNT DEFL 1\nCOUNT DEFL 2\n ORG 100H\nSTART: LD A,VALUE\n DS 300,0\n");
    let kinds: Vec<(&str, u16, SymbolKind)> = a
        .symbols()
        .iter()
        .map(|s| (s.name.as_str(), s.value, s.kind))
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("VALUE", 7, SymbolKind::Equ),
            ("COUNT", 2, SymbolKind::Defl),
            ("START", 0x100, SymbolKind::Label)
        ]
    );
    assert!(a.symbol_file().contains("START 0100 label"));
    let listing = a.listing();
    assert!(listing.contains("0100  3E 07"), "{listing}");
    assert!(listing.contains("= 0007"), "{listing}");
    // DS 300 is split into map entries of at most 255 bytes.
    let map: Vec<(u16, u8, u32)> = a
        .source_map()
        .iter()
        .map(|e| (e.address, e.len, e.line))
        .collect();
    assert_eq!(map, vec![(0x100, 2, 5), (0x102, 255, 6), (0x201, 45, 6)]);
    assert!(a.source_map_file().contains("0102 255 6 t.asm"));
}

#[test]
fn include_and_incbin_resolve_beside_the_including_file() {
    let a = c7010::assembler::assemble_file(std::path::Path::new(
        "tests/data/asm/all_instructions.asm",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.symbol("INC_CONST"), Some(42));
    assert!(
        a.source_map()
            .iter()
            .any(|e| e.file == "tests/data/asm/all_instructions_inc.asm")
    );
}

#[test]
fn recursive_include_is_an_error() {
    let e =
        c7010::assembler::assemble_file(std::path::Path::new("tests/data/asm/self_include.asm"))
            .unwrap_err()
            .to_string();
    assert!(e.contains("INCLUDE nested more than 32 deep"), "{e}");
}

#[test]
fn crlf_line_ends_and_utf8_text() {
    assert_eq!(
        bytes(" LD A,1\r\n DB \"é\" ; ünïcode comment\r\n"),
        vec![0x3E, 1, 0xC3, 0xA9]
    );
    let e = err(" DB 1 ; é\n LD A,é").to_string();
    assert!(
        e.contains("t.asm:2:7: error: unexpected character 'é'"),
        "{e}"
    );
}
