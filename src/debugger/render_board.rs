//! `board`: the guest's board decoded from RAM: the 10x12 mailbox at BOARD, the state bytes
//! (SIDE, CASTLE, EPSQ, HALFMV, FULLMV), and the move list of the current ply from PLYN,
//! PLYTAB and MOVESTK. Every address, size and offset comes from the guest's symbols
//! (`render_board/layout.rs`), so the view follows the engine's RAM plan wherever it moves.

mod layout;

pub use layout::{BoardLayout, PlyLayout};

use crate::reference::board::square_name;
use crate::reference::moves::{CASTLE, DOUBLE, EP, PROMO_MASK};
use crate::reference::piece::{self, BLACK, EMPTY, K_BISHOP, K_KNIGHT, K_QUEEN, K_ROOK, OFF};

/// The guest's layout (from its symbols) and a way to read RAM.
pub struct BoardView<'a> {
    /// Reads a byte of the address space.
    pub read: &'a dyn Fn(u16) -> u8,
    /// Where the board and the move lists live.
    pub layout: &'a BoardLayout,
}

impl BoardView<'_> {
    fn byte(&self, address: u16) -> u8 {
        (self.read)(address)
    }

    fn word(&self, address: u16) -> u16 {
        u16::from_le_bytes([self.byte(address), self.byte(address.wrapping_add(1))])
    }

    /// The diagram, state line and move list.
    pub fn render(&self) -> String {
        let mut out = String::from("    +-----------------+\n");
        let mut odd = Vec::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("  {} |", rank + 1));
            for file in 0..8u8 {
                let sq = 21 + file + 10 * rank;
                let code = self.byte(self.layout.board.wrapping_add(sq as u16));
                let c = match code {
                    EMPTY => '.',
                    _ if piece::from_letter(piece::letter(code)) == Some(code) => {
                        piece::letter(code)
                    }
                    _ => {
                        odd.push(format!("{}={code:02X}", square_name(sq)));
                        '?'
                    }
                };
                out.push(' ');
                out.push(c);
            }
            out.push_str(" |\n");
        }
        out.push_str("    +-----------------+\n      a b c d e f g h\n");
        let borders = (0..120u8)
            .filter(|&sq| !(21..=98).contains(&sq) || !(1..=8).contains(&(sq % 10)))
            .filter(|&sq| self.byte(self.layout.board.wrapping_add(sq as u16)) != OFF)
            .count();
        let side = self.byte(self.layout.side);
        let castle = self.byte(self.layout.castle);
        let ep = self.byte(self.layout.ep);
        let rights: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
            .iter()
            .filter(|(bit, _)| castle & bit != 0)
            .map(|(_, c)| *c)
            .collect();
        out.push_str(&format!(
            "{} to move (SIDE={side:02X})  castling {}  en passant {}  half-move {}  move {}\n",
            if side & BLACK != 0 { "black" } else { "white" },
            if rights.is_empty() {
                "-".to_string()
            } else {
                rights
            },
            if ep == 0 { "-".to_string() } else { square(ep) },
            self.byte(self.layout.halfmove),
            self.word(self.layout.fullmove)
        ));
        if !odd.is_empty() {
            out.push_str(&format!("not piece codes: {}\n", odd.join(" ")));
        }
        if borders != 0 {
            out.push_str(&format!("{borders} border squares do not hold FF\n"));
        }
        out.push_str(&self.move_list());
        out
    }

    /// The move list of the current ply as data (for tests that compare it with the
    /// reference engine), or why it is not known.
    pub fn ply_moves(&self) -> Result<PlyMoves, String> {
        let at = self.layout.plies.as_ref().map_err(Clone::clone)?;
        let ply = self.byte(at.plyn);
        if u16::from(ply) >= at.records {
            return Err(format!(
                "move list: ply {ply} is outside the {} ply records",
                at.records
            ));
        }
        let record = at.record(ply);
        let first = self.word(record.wrapping_add(at.first));
        let count = u16::from(self.byte(record.wrapping_add(at.count)));
        // The first entry is kept as an address into MOVESTK (an index is accepted too).
        let start = if first >= at.movestk && first < at.entry(at.entries) {
            (first - at.movestk) / at.entry_size
        } else {
            first
        };
        if start.saturating_add(count) > at.entries {
            return Err(format!(
                "ply {ply}: list at entry {start}, {count} moves does not fit the move stack"
            ));
        }
        let entries = (0..count)
            .map(|k| {
                let e = at.entry(start + k);
                StackEntry {
                    from: self.byte(e),
                    to: self.byte(e.wrapping_add(1)),
                    flags: self.byte(e.wrapping_add(at.flags)),
                    key: self.word(e.wrapping_add(at.key)) as i16,
                    max: self.word(e.wrapping_add(at.max)) as i16,
                }
            })
            .collect();
        Ok(PlyMoves {
            ply,
            start,
            current: u16::from(self.byte(record.wrapping_add(at.current))),
            entries,
        })
    }

    /// The move list of the current ply, if the RAM layout makes it known.
    fn move_list(&self) -> String {
        let moves = match self.ply_moves() {
            Ok(moves) => moves,
            Err(why) => return why + "\n",
        };
        let (ply, start) = (moves.ply, moves.start);
        if moves.entries.is_empty() {
            return format!("ply {ply}: no moves listed\n");
        }
        let mut out = format!(
            "ply {ply}: {} moves from entry {start} (> current, * done, + check)\n",
            moves.entries.len()
        );
        for (k, m) in moves.entries.iter().enumerate() {
            out.push_str(&format!(
                "  {}{:3} {}{:<2} key {:6} max {:6}{}{}\n",
                if k as u16 == moves.current { '>' } else { ' ' },
                k,
                m.uci(),
                if m.flags & 0x80 != 0 { "+" } else { "" },
                m.key,
                m.max,
                if m.flags & 0x40 != 0 { "  *" } else { "" },
                match () {
                    _ if m.flags & CASTLE != 0 => "  castling",
                    _ if m.flags & EP != 0 => "  en passant",
                    _ if m.flags & DOUBLE != 0 => "  double push",
                    _ => "",
                }
            ));
        }
        out
    }
}

/// One move-stack entry as the guest stores it (docs/engine.md, 7 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StackEntry {
    /// From square (mailbox index).
    pub from: u8,
    /// To square (mailbox index).
    pub to: u8,
    /// Bits 0-2 promotion kind, 3 castling, 4 en passant, 5 double push, 6 done, 7 check.
    pub flags: u8,
    /// Key: minimum evaluation, then final evaluation once explored.
    pub key: i16,
    /// Maximum evaluation.
    pub max: i16,
}

impl StackEntry {
    /// The move in UCI notation (`e2e4`, `e7e8q`); off-board squares as `[n]`.
    pub fn uci(&self) -> String {
        let promo = match self.flags & PROMO_MASK {
            K_KNIGHT => "n",
            K_BISHOP => "b",
            K_ROOK => "r",
            K_QUEEN => "q",
            _ => "",
        };
        format!("{}{}{promo}", square(self.from), square(self.to))
    }
}

/// The move list of one ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyMoves {
    /// The ply (PLYN).
    pub ply: u8,
    /// Index of its first entry in MOVESTK.
    pub start: u16,
    /// Index (in the list) of the move being explored.
    pub current: u16,
    /// The entries, in generation order.
    pub entries: Vec<StackEntry>,
}

/// A mailbox square's name, or its number in brackets when it is not on the board.
fn square(sq: u8) -> String {
    if (21..=98).contains(&sq) && (1..=8).contains(&(sq % 10)) {
        square_name(sq)
    } else {
        format!("[{sq}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::{Symbol, SymbolKind, parse_symbol_file};
    use crate::reference::board::Board;

    fn put(ram: &mut [u8], at: u16, bytes: &[u8]) {
        ram[at as usize..at as usize + bytes.len()].copy_from_slice(bytes);
    }

    fn render(ram: &[u8], layout: &BoardLayout) -> (String, Result<PlyMoves, String>) {
        let read = |a: u16| ram[a as usize];
        let view = BoardView {
            read: &read,
            layout,
        };
        (view.render(), view.ply_moves())
    }

    #[test]
    fn start_position_and_a_move_list_in_the_built_in_layout() {
        let symbols = parse_symbol_file(include_str!("../../roms/c7010.sym")).unwrap();
        let layout = BoardLayout::from_symbols(&symbols).unwrap();
        let plies = layout.plies.clone().unwrap();
        let mut ram = vec![0u8; 0x10000];
        put(&mut ram, layout.board, &Board::startpos().sq);
        put(&mut ram, layout.side, &[0x80]);
        put(&mut ram, layout.castle, &[0x0F]);
        put(&mut ram, layout.fullmove, &[1, 0]);
        // Ply 0 lists two moves from move-stack entry 2, the second being explored.
        let record = plies.record(0);
        put(
            &mut ram,
            record + plies.first,
            &plies.entry(2).to_le_bytes(),
        );
        put(&mut ram, record + plies.count, &[2]);
        put(&mut ram, record + plies.current, &[1]);
        let entries = [(2, [35, 55, 0x20], 5i16, 9i16), (3, [22, 43, 0x40], -16, 3)];
        for (index, [from, to, flags], key, max) in entries {
            let e = plies.entry(index);
            put(&mut ram, e, &[from, to]);
            put(&mut ram, e + plies.flags, &[flags]);
            put(&mut ram, e + plies.key, &key.to_le_bytes());
            put(&mut ram, e + plies.max, &max.to_le_bytes());
        }
        let (text, moves) = render(&ram, &layout);
        assert!(text.contains("8 | r n b q k b n r |"), "{text}");
        assert!(text.contains("1 | R N B Q K B N R |"), "{text}");
        assert!(text.contains("black to move"), "{text}");
        assert!(text.contains("castling KQkq"), "{text}");
        assert!(text.contains("ply 0: 2 moves from entry 2"), "{text}");
        assert!(text.contains("e2e4"), "{text}");
        assert!(text.contains(">  1 b1c3"), "{text}");
        assert!(text.contains("key    -16"), "{text}");
        assert!(!text.contains("border"), "{text}");
        let moves = moves.unwrap();
        assert_eq!((moves.ply, moves.start, moves.current), (0, 2, 1));
        let uci: Vec<String> = moves.entries.iter().map(StackEntry::uci).collect();
        assert_eq!(uci, ["e2e4", "b1c3"]);
        assert_eq!(moves.entries[1].key, -16);
    }

    #[test]
    fn a_promotion_entry_names_its_piece_from_the_flags_kind_bits() {
        use crate::reference::board::square;
        let uci = |flags| {
            let (from, to) = (square(4, 6), square(4, 7));
            StackEntry {
                from,
                to,
                flags,
                key: 0,
                max: 0,
            }
            .uci()
        };
        // Bits 0-2 the kind; the done and check bits above them do not change it.
        assert_eq!(uci(K_QUEEN | 0xC0), "e7e8q");
        assert_eq!(uci(K_KNIGHT), "e7e8n");
        assert_eq!(uci(0x40), "e7e8");
    }

    /// A RAM plan unlike today's (12 records of 20 bytes, 9-byte entries with their fields
    /// moved, the state bytes apart from the board): the view reads it from the symbols.
    #[test]
    fn the_view_follows_a_moved_layout_from_the_symbols() {
        let symbols: Vec<Symbol> = [
            ("BOARD", 0x9000),
            ("SIDE", 0x9080),
            ("CASTLE", 0x9081),
            ("EPSQ", 0x9082),
            ("HALFMV", 0x9083),
            ("FULLMV", 0x9084),
            ("PLYN", 0x90A0),
            ("PLYTAB", 0x9100),
            ("PLYSIZE", 20),
            ("GOFLAGS", 0x9100 + 12 * 20),
            ("PFIRST", 4),
            ("PCOUNT", 0),
            ("PCUR", 1),
            ("MOVESTK", 0x9400),
            ("MSENTRY", 9),
            ("MSCAP", 40),
            ("EFLAGS", 2),
            ("EKEY", 5),
            ("EMAX", 7),
        ]
        .into_iter()
        .map(|(name, value)| Symbol {
            name: name.into(),
            value,
            kind: SymbolKind::Equ,
        })
        .collect();
        let layout = BoardLayout::from_symbols(&symbols).unwrap();
        let mut ram = vec![0u8; 0x10000];
        put(&mut ram, 0x9000, &Board::startpos().sq);
        put(&mut ram, 0x9080, &[0x00, 0x09, 0, 3, 7, 0]);
        // Ply 10 (past today's nine records): record 0x9100 + 200, its list from entry 3.
        put(&mut ram, 0x90A0, &[10]);
        put(&mut ram, 0x91C8, &[2, 1, 0, 0]);
        put(&mut ram, 0x91CC, &(0x9400u16 + 27).to_le_bytes());
        put(&mut ram, 0x941B, &[35, 55, 0x20, 0, 0, 0xD4, 0xFE, 9, 0]);
        put(&mut ram, 0x9424, &[22, 43, 0x40, 0, 0, 7, 0, 8, 0]);
        let (text, moves) = render(&ram, &layout);
        assert!(text.contains("1 | R N B Q K B N R |"), "{text}");
        assert!(text.contains("white to move"), "{text}");
        assert!(text.contains("castling Kq"), "{text}");
        assert!(text.contains("half-move 3  move 7"), "{text}");
        assert!(text.contains("ply 10: 2 moves from entry 3"), "{text}");
        assert!(text.contains("key   -300 max      9"), "{text}");
        assert!(text.contains(">  1 b1c3"), "{text}");
        let moves = moves.unwrap();
        assert_eq!((moves.entries[0].max, moves.entries[1].key), (9, 7));
        put(&mut ram, 0x90A0, &[12]);
        let (text, _) = render(&ram, &layout);
        assert!(
            text.contains("ply 12 is outside the 12 ply records"),
            "{text}"
        );
    }
}
