//! The Z80 mnemonics the assembler knows, as a type: the encoder matches on it, so a
//! mnemonic added here without an encoding does not compile.

/// One Z80 mnemonic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mnemonic {
    Adc,
    Add,
    And,
    Bit,
    Call,
    Ccf,
    Cp,
    Cpd,
    Cpdr,
    Cpi,
    Cpir,
    Cpl,
    Daa,
    Dec,
    Di,
    Djnz,
    Ei,
    Ex,
    Exx,
    Halt,
    Im,
    In,
    Inc,
    Ind,
    Indr,
    Ini,
    Inir,
    Jp,
    Jr,
    Ld,
    Ldd,
    Lddr,
    Ldi,
    Ldir,
    Neg,
    Nop,
    Or,
    Otdr,
    Otir,
    Out,
    Outd,
    Outi,
    Pop,
    Push,
    Res,
    Ret,
    Reti,
    Retn,
    Rl,
    Rla,
    Rlc,
    Rlca,
    Rld,
    Rr,
    Rra,
    Rrc,
    Rrca,
    Rrd,
    Rst,
    Sbc,
    Scf,
    Set,
    Sla,
    Sll,
    Sra,
    Srl,
    Sub,
    Xor,
}

use Mnemonic::*;

impl Mnemonic {
    /// Every mnemonic, in alphabetical order.
    pub const ALL: [Mnemonic; 68] = [
        Adc, Add, And, Bit, Call, Ccf, Cp, Cpd, Cpdr, Cpi, Cpir, Cpl, Daa, Dec, Di, Djnz, Ei, Ex,
        Exx, Halt, Im, In, Inc, Ind, Indr, Ini, Inir, Jp, Jr, Ld, Ldd, Lddr, Ldi, Ldir, Neg, Nop,
        Or, Otdr, Otir, Out, Outd, Outi, Pop, Push, Res, Ret, Reti, Retn, Rl, Rla, Rlc, Rlca, Rld,
        Rr, Rra, Rrc, Rrca, Rrd, Rst, Sbc, Scf, Set, Sla, Sll, Sra, Srl, Sub, Xor,
    ];

    /// The mnemonic spelled `word` (any case).
    pub fn parse(word: &str) -> Option<Mnemonic> {
        Self::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(word))
    }

    /// The mnemonic as written in source and in messages (upper case).
    pub fn name(self) -> &'static str {
        match self {
            Adc => "ADC",
            Add => "ADD",
            And => "AND",
            Bit => "BIT",
            Call => "CALL",
            Ccf => "CCF",
            Cp => "CP",
            Cpd => "CPD",
            Cpdr => "CPDR",
            Cpi => "CPI",
            Cpir => "CPIR",
            Cpl => "CPL",
            Daa => "DAA",
            Dec => "DEC",
            Di => "DI",
            Djnz => "DJNZ",
            Ei => "EI",
            Ex => "EX",
            Exx => "EXX",
            Halt => "HALT",
            Im => "IM",
            In => "IN",
            Inc => "INC",
            Ind => "IND",
            Indr => "INDR",
            Ini => "INI",
            Inir => "INIR",
            Jp => "JP",
            Jr => "JR",
            Ld => "LD",
            Ldd => "LDD",
            Lddr => "LDDR",
            Ldi => "LDI",
            Ldir => "LDIR",
            Neg => "NEG",
            Nop => "NOP",
            Or => "OR",
            Otdr => "OTDR",
            Otir => "OTIR",
            Out => "OUT",
            Outd => "OUTD",
            Outi => "OUTI",
            Pop => "POP",
            Push => "PUSH",
            Res => "RES",
            Ret => "RET",
            Reti => "RETI",
            Retn => "RETN",
            Rl => "RL",
            Rla => "RLA",
            Rlc => "RLC",
            Rlca => "RLCA",
            Rld => "RLD",
            Rr => "RR",
            Rra => "RRA",
            Rrc => "RRC",
            Rrca => "RRCA",
            Rrd => "RRD",
            Rst => "RST",
            Sbc => "SBC",
            Scf => "SCF",
            Set => "SET",
            Sla => "SLA",
            Sll => "SLL",
            Sra => "SRA",
            Srl => "SRL",
            Sub => "SUB",
            Xor => "XOR",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mnemonic_is_found_by_its_name_in_any_case() {
        for m in Mnemonic::ALL {
            assert_eq!(Mnemonic::parse(m.name()), Some(m));
            assert_eq!(Mnemonic::parse(&m.name().to_ascii_lowercase()), Some(m));
        }
        // Listed once each, in order (a name out of place is easy to see).
        let names: Vec<&str> = Mnemonic::ALL.iter().map(|m| m.name()).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        assert_eq!(Mnemonic::parse("LDX"), None);
        assert_eq!(Mnemonic::parse("ORG"), None);
    }
}
