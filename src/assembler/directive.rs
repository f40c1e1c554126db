//! The assembler's directives as a type: the pass matches on it, so a directive added here
//! without its work does not compile. Some have several spellings (pasmo's and M80's).

/// One directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Directive {
    /// `ORG address`.
    Org,
    /// `name EQU value`.
    Equ,
    /// `name DEFL value` (may be defined again).
    Defl,
    /// `DB`, `DEFB`, `DEFM`, `DM`: bytes and strings.
    Db,
    /// `DW`, `DEFW`: words.
    Dw,
    /// `DS`, `DEFS`: space, filled.
    Ds,
    /// `INCLUDE file`.
    Include,
    /// `INCBIN file`.
    Incbin,
    /// `IF condition`.
    If,
    /// `ELSE`.
    Else,
    /// `ENDIF`.
    Endif,
    /// `name MACRO params`.
    Macro,
    /// `ENDM`: the end of a MACRO or REPT body.
    Endm,
    /// `EXITM`: leave the macro being expanded.
    Exitm,
    /// `REPT count`.
    Rept,
    /// `PROC`: a scope for LOCAL names.
    Proc,
    /// `ENDP`.
    Endp,
    /// `LOCAL names`.
    Local,
    /// `END`: nothing after it is assembled.
    End,
    /// `PUBLIC` (accepted, no effect).
    Public,
    /// `.ERROR text`.
    Error,
    /// `.WARNING text` (accepted, ignored).
    Warning,
}

use Directive::*;

/// Every spelling and the directive it names.
const SPELLINGS: &[(&str, Directive)] = &[
    ("ORG", Org),
    ("EQU", Equ),
    ("DEFL", Defl),
    ("DB", Db),
    ("DEFB", Db),
    ("DEFM", Db),
    ("DM", Db),
    ("DW", Dw),
    ("DEFW", Dw),
    ("DS", Ds),
    ("DEFS", Ds),
    ("INCLUDE", Include),
    ("INCBIN", Incbin),
    ("IF", If),
    ("ELSE", Else),
    ("ENDIF", Endif),
    ("MACRO", Macro),
    ("ENDM", Endm),
    ("EXITM", Exitm),
    ("REPT", Rept),
    ("PROC", Proc),
    ("ENDP", Endp),
    ("LOCAL", Local),
    ("END", End),
    ("PUBLIC", Public),
    (".ERROR", Error),
    (".WARNING", Warning),
];

impl Directive {
    /// The directive spelled `word` (any case).
    pub fn parse(word: &str) -> Option<Directive> {
        SPELLINGS
            .iter()
            .find(|(spelling, _)| spelling.eq_ignore_ascii_case(word))
            .map(|(_, d)| *d)
    }

    /// True for the directives that define the name before them (`name EQU 1`).
    pub fn defines_a_name(self) -> bool {
        matches!(self, Equ | Defl | Macro)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_in_any_case() {
        assert_eq!(Directive::parse("defb"), Some(Db));
        assert_eq!(Directive::parse("DM"), Some(Db));
        assert_eq!(Directive::parse(".Error"), Some(Error));
        assert_eq!(Directive::parse("LD"), None);
        assert_eq!(Directive::parse("IRP"), None);
        let distinct: std::collections::HashSet<_> = SPELLINGS.iter().map(|(s, _)| s).collect();
        assert_eq!(distinct.len(), SPELLINGS.len());
    }
}
