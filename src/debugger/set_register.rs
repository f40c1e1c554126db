//! `set REGISTER VALUE`: the names the debugger's expressions read (`view.rs`), written.
//! Pairs take 16 bits, single registers and index halves 8, flags 0 or 1; a value out of
//! range is refused (never cut to fit).

use crate::machine::Registers;

/// Flags by name and their bit in F.
const FLAGS: [(&str, u8); 7] = [
    ("SF", 7),
    ("ZF", 6),
    ("HF", 4),
    ("PF", 2),
    ("VF", 2),
    ("NF", 1),
    ("CF", 0),
];

/// Where a name lives: a 16-bit pair, its high or low byte, an 8-bit register, or a flag.
enum Place {
    Word(fn(&mut Registers) -> &mut u16),
    High(fn(&mut Registers) -> &mut u16),
    Low(fn(&mut Registers) -> &mut u16),
    I,
    R,
    Flag(u8),
}

/// The place of an upper-case register or flag name.
fn place(name: &str) -> Option<Place> {
    use Place::*;
    Some(match name {
        "AF" => Word(|r| &mut r.af),
        "BC" => Word(|r| &mut r.bc),
        "DE" => Word(|r| &mut r.de),
        "HL" => Word(|r| &mut r.hl),
        "AF'" => Word(|r| &mut r.af_alt),
        "BC'" => Word(|r| &mut r.bc_alt),
        "DE'" => Word(|r| &mut r.de_alt),
        "HL'" => Word(|r| &mut r.hl_alt),
        "IX" => Word(|r| &mut r.ix),
        "IY" => Word(|r| &mut r.iy),
        "SP" => Word(|r| &mut r.sp),
        "PC" => Word(|r| &mut r.pc),
        "A" => High(|r| &mut r.af),
        "F" => Low(|r| &mut r.af),
        "B" => High(|r| &mut r.bc),
        "C" => Low(|r| &mut r.bc),
        "D" => High(|r| &mut r.de),
        "E" => Low(|r| &mut r.de),
        "H" => High(|r| &mut r.hl),
        "L" => Low(|r| &mut r.hl),
        "IXH" => High(|r| &mut r.ix),
        "IXL" => Low(|r| &mut r.ix),
        "IYH" => High(|r| &mut r.iy),
        "IYL" => Low(|r| &mut r.iy),
        "I" => I,
        "R" => R,
        _ => {
            return FLAGS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, b)| Flag(*b));
        }
    })
}

/// True if `name` (upper case) is a register or flag `set` can write.
pub fn is_register(name: &str) -> bool {
    place(name).is_some()
}

/// Sets `name` (upper case) in `regs` to `value`, or says why not.
pub fn set_register(regs: &mut Registers, name: &str, value: i64) -> Result<(), String> {
    let place = place(name).ok_or_else(|| format!("{name} is not a register"))?;
    let (max, what) = match place {
        Place::Word(_) => (0xFFFF, "0..0xFFFF"),
        Place::Flag(_) => (1, "0 or 1"),
        _ => (0xFF, "0..0xFF"),
    };
    if !(0..=max).contains(&value) {
        return Err(format!("{name} takes {what}, not {value}"));
    }
    let v = value as u16;
    match place {
        Place::Word(field) => *field(regs) = v,
        Place::High(field) => *field(regs) = (*field(regs) & 0x00FF) | (v << 8),
        Place::Low(field) => *field(regs) = (*field(regs) & 0xFF00) | v,
        Place::I => regs.i = v as u8,
        Place::R => regs.r = v as u8,
        Place::Flag(bit) => regs.af = (regs.af & !(1 << bit)) | (v << bit),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_flags_and_pairs() {
        let mut r = Registers::after_reset();
        set_register(&mut r, "A", 5).unwrap();
        assert_eq!(r.af, 0x05FF);
        set_register(&mut r, "ZF", 0).unwrap();
        assert_eq!(r.af, 0x05BF);
        set_register(&mut r, "L", 0x34).unwrap();
        set_register(&mut r, "H", 0x12).unwrap();
        assert_eq!(r.hl, 0x1234);
        set_register(&mut r, "HL'", 0xBEEF).unwrap();
        assert_eq!(r.hl_alt, 0xBEEF);
        assert_eq!(
            set_register(&mut r, "A", 256),
            Err("A takes 0..0xFF, not 256".into())
        );
        assert_eq!(
            set_register(&mut r, "CF", 2),
            Err("CF takes 0 or 1, not 2".into())
        );
        assert!(!is_register("BOARD"));
    }
}
