//! Where the guest keeps its board and its move lists, read from its symbols (the `.sym`
//! file the assembler writes from `asm/ram.asm` and `asm/search.asm`), never copied here:
//! when the engine's RAM plan changes (more ply records, a wider move-stack entry), the
//! board view follows the next assembly.
//!
//! Every size and offset is an EQU of the guest but one: the number of ply records, which
//! no EQU names. It is derived as the room PLYTAB has before the next symbol above it
//! (GOFLAGS today), divided by PLYSIZE; an EQU `PLYRECS` (with `GOFLAGS EQU
//! PLYTAB+PLYRECS*PLYSIZE`) would make it direct, and is read first when it exists.

use crate::assembler::{Symbol, SymbolKind};

/// The board's place in RAM, and the move lists' when the symbols give them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout {
    /// BOARD: the 10x12 mailbox (120 bytes).
    pub board: u16,
    /// SIDE: side to move (bit 7 black).
    pub side: u16,
    /// CASTLE: castling rights, bits K Q k q.
    pub castle: u16,
    /// EPSQ: en-passant target (mailbox square, 0 none).
    pub ep: u16,
    /// HALFMV: half-move clock.
    pub halfmove: u16,
    /// FULLMV: move number (word).
    pub fullmove: u16,
    /// The ply records and the move stack, or why they are not known.
    pub plies: Result<PlyLayout, String>,
}

/// The search's ply records (PLYTAB) and move stack (MOVESTK).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyLayout {
    /// PLYN: the current ply.
    pub plyn: u16,
    /// PLYTAB: the first ply record.
    pub plytab: u16,
    /// PLYSIZE: bytes per ply record.
    pub record_size: u16,
    /// Ply records in PLYTAB (see the module's doc).
    pub records: u16,
    /// PFIRST: offset of the address of the ply's first move-stack entry (word).
    pub first: u16,
    /// PCOUNT: offset of the number of entries in the ply's list.
    pub count: u16,
    /// PCUR: offset of the index of the move being explored.
    pub current: u16,
    /// MOVESTK: the first move-stack entry.
    pub movestk: u16,
    /// MSENTRY: bytes per move-stack entry (from and to are its first two).
    pub entry_size: u16,
    /// MSCAP: move-stack entries (else (MSEND - MOVESTK) / MSENTRY).
    pub entries: u16,
    /// EFLAGS: offset of an entry's flags.
    pub flags: u16,
    /// EKEY: offset of an entry's key (word).
    pub key: u16,
    /// EMAX: offset of an entry's maximum (word).
    pub max: u16,
}

/// A symbol table to look names up in (any case, as the assembler's symbols are matched).
struct Table<'s>(&'s [Symbol]);

impl Table<'_> {
    fn get(&self, name: &str) -> Option<u16> {
        self.0
            .iter()
            .find(|s| s.kind != SymbolKind::Local && s.name.eq_ignore_ascii_case(name))
            .map(|s| s.value)
    }

    fn need(&self, name: &str) -> Result<u16, String> {
        self.get(name)
            .ok_or_else(|| format!("no {name} symbol in this ROM"))
    }

    /// The lowest symbol value above `address`: where the block at `address` ends.
    fn next_above(&self, address: u16) -> Option<u16> {
        self.0
            .iter()
            .filter(|s| s.kind != SymbolKind::Local && s.value > address)
            .map(|s| s.value)
            .min()
    }
}

impl BoardLayout {
    /// The layout the symbols give; an error names the first board symbol missing (the move
    /// lists' own absence is kept in [`BoardLayout::plies`], the board is shown without them).
    pub fn from_symbols(symbols: &[Symbol]) -> Result<BoardLayout, String> {
        let table = Table(symbols);
        Ok(BoardLayout {
            board: table.need("BOARD")?,
            side: table.need("SIDE")?,
            castle: table.need("CASTLE")?,
            ep: table.need("EPSQ")?,
            halfmove: table.need("HALFMV")?,
            fullmove: table.need("FULLMV")?,
            plies: PlyLayout::from_table(&table)
                .map_err(|why| format!("move list: unknown ({why})")),
        })
    }
}

impl PlyLayout {
    fn from_table(table: &Table) -> Result<PlyLayout, String> {
        let plytab = table.need("PLYTAB")?;
        let record_size = table.need("PLYSIZE")?;
        let movestk = table.need("MOVESTK")?;
        let entry_size = table.need("MSENTRY")?;
        if record_size == 0 || entry_size == 0 {
            return Err("PLYSIZE or MSENTRY is 0".into());
        }
        let entries = match table.get("MSCAP") {
            Some(n) => n,
            None => table.need("MSEND")?.wrapping_sub(movestk) / entry_size,
        };
        Ok(PlyLayout {
            plyn: table.need("PLYN")?,
            plytab,
            record_size,
            records: ply_records(table, plytab, record_size)?,
            first: table.need("PFIRST")?,
            count: table.need("PCOUNT")?,
            current: table.need("PCUR")?,
            movestk,
            entry_size,
            entries,
            flags: table.need("EFLAGS")?,
            key: table.need("EKEY")?,
            max: table.need("EMAX")?,
        })
    }

    /// The address of ply `ply`'s record.
    pub fn record(&self, ply: u8) -> u16 {
        self.plytab
            .wrapping_add(self.record_size.wrapping_mul(u16::from(ply)))
    }

    /// The address of move-stack entry `index`.
    pub fn entry(&self, index: u16) -> u16 {
        self.movestk
            .wrapping_add(self.entry_size.wrapping_mul(index))
    }
}

/// PLYRECS when the guest names it; else PLYTAB's room up to the next symbol, which must be
/// a whole number of records.
fn ply_records(table: &Table, plytab: u16, record_size: u16) -> Result<u16, String> {
    if let Some(n) = table.get("PLYRECS") {
        return Ok(n);
    }
    let end = table
        .next_above(plytab)
        .ok_or("no symbol after PLYTAB to end it")?;
    let room = end - plytab;
    if !room.is_multiple_of(record_size) {
        return Err(format!(
            "PLYTAB has {room} bytes before the next symbol, not a whole number of \
             {record_size}-byte records"
        ));
    }
    Ok(room / record_size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::parse_symbol_file;

    /// The records and entries the symbols give are those of the native twin, which keeps
    /// one ply record per ply of the deepest pass and the same move stack.
    #[test]
    fn the_built_in_rom_has_as_many_records_and_entries_as_the_reference_search() {
        use crate::reference::search::{MAX_DEPTH, MOVE_CAP};
        let symbols = parse_symbol_file(include_str!("../../../roms/c7010.sym")).unwrap();
        let plies = BoardLayout::from_symbols(&symbols).unwrap().plies.unwrap();
        assert_eq!(usize::from(plies.records), MAX_DEPTH);
        assert_eq!(usize::from(plies.entries), MOVE_CAP);
    }

    fn symbol(name: &str, value: u16) -> Symbol {
        Symbol {
            name: name.into(),
            value,
            kind: SymbolKind::Equ,
        }
    }

    #[test]
    fn records_follow_plyrecs_or_the_next_symbol_and_a_ragged_table_is_an_error() {
        let mut symbols: Vec<Symbol> = [
            ("PLYTAB", 0xE100),
            ("PLYSIZE", 16),
            ("MOVESTK", 0xE400),
            ("MSENTRY", 7),
            ("MSEND", 0xE400 + 7 * 10),
            ("PLYN", 0xE0FF),
            ("PFIRST", 0),
            ("PCOUNT", 2),
            ("PCUR", 9),
            ("EFLAGS", 2),
            ("EKEY", 3),
            ("EMAX", 5),
            ("GOFLAGS", 0xE100 + 16 * 12),
        ]
        .into_iter()
        .map(|(n, v)| symbol(n, v))
        .collect();
        let plies = |symbols: &[Symbol]| PlyLayout::from_table(&Table(symbols));
        let found = plies(&symbols).unwrap();
        assert_eq!((found.records, found.entries), (12, 10));
        symbols.push(symbol("PLYRECS", 11));
        assert_eq!(plies(&symbols).unwrap().records, 11);
        symbols.pop();
        symbols.push(symbol("ODD", 0xE100 + 20));
        assert!(plies(&symbols).unwrap_err().contains("20 bytes"));
        symbols.pop();
        symbols.retain(|s| s.name != "PCUR");
        assert_eq!(plies(&symbols).unwrap_err(), "no PCUR symbol in this ROM");
    }
}
