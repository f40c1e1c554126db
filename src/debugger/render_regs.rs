//! `regs`: every register, the alternate set, the flags decoded, interrupt state.

use crate::machine::Registers;

/// Flag names from bit 7 to bit 0 (Y and X are the undocumented copies of bits 5 and 3).
const FLAGS: [char; 8] = ['S', 'Z', 'Y', 'H', 'X', 'P', 'N', 'C'];

/// The flags of F as eight letters, upper case when set, `-` when clear: `SZ-H-PNC`.
pub fn flags(f: u8) -> String {
    FLAGS
        .iter()
        .enumerate()
        .map(|(i, &c)| if f & (0x80 >> i) != 0 { c } else { '-' })
        .collect()
}

/// The register block, `where_pc` naming PC (symbol and source line).
pub fn render(r: &Registers, where_pc: &str) -> String {
    let af_alt_f = r.af_alt as u8;
    let mut out = String::new();
    out.push_str(format!("PC {:04X}  {where_pc}", r.pc).trim_end());
    out.push('\n');
    out.push_str(&format!(
        "AF {:04X}  A={:02X} F={:02X} {}   AF' {:04X}  F'={}\n",
        r.af,
        r.a(),
        r.f(),
        flags(r.f()),
        r.af_alt,
        flags(af_alt_f)
    ));
    out.push_str(&format!(
        "BC {:04X}  DE {:04X}  HL {:04X}      BC' {:04X}  DE' {:04X}  HL' {:04X}\n",
        r.bc, r.de, r.hl, r.bc_alt, r.de_alt, r.hl_alt
    ));
    out.push_str(&format!(
        "IX {:04X}  IY {:04X}  SP {:04X}      I {:02X}  R {:02X}  IFF1 {}  IFF2 {}  IM {}{}\n",
        r.ix,
        r.iy,
        r.sp,
        r.i,
        r.r,
        r.iff1 as u8,
        r.iff2 as u8,
        r.im,
        if r.halted { "  HALTED" } else { "" }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_decode_each_bit() {
        assert_eq!(flags(0x00), "--------");
        assert_eq!(flags(0xFF), "SZYHXPNC");
        assert_eq!(flags(0x41), "-Z-----C");
        assert_eq!(flags(0x94), "S--H-P--");
    }
}
