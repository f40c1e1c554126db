//! `board`: the guest's board decoded from RAM (layout in `docs/engine.md`): the 10x12
//! mailbox at BOARD, the state bytes after it, and the move list of the current ply from
//! PLYN, PLYTAB (16-byte ply records) and MOVESTK (7-byte entries).

use crate::reference::board::square_name;
use crate::reference::piece::{self, BLACK, EMPTY, OFF};

/// Where the board and the move lists live (symbol values), and a way to read RAM.
pub struct BoardView<'a> {
    /// Reads a byte of the address space.
    pub read: &'a dyn Fn(u16) -> u8,
    /// BOARD: 120-byte mailbox, then SIDE, CASTLE, EPSQ, HALFMV, FULLMV (word).
    pub board: u16,
    /// PLYN, PLYTAB and MOVESTK, when the symbols are there.
    pub plies: Option<(u16, u16, u16)>,
}

/// Ply records in PLYTAB.
const PLY_RECORDS: u8 = 9;
/// Bytes per ply record.
const PLY_RECORD: u16 = 16;
/// Bytes per move-stack entry.
const ENTRY: u16 = 7;
/// Move-stack entries.
const ENTRIES: u16 = 150;

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
                let code = self.byte(self.board.wrapping_add(sq as u16));
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
            .filter(|&sq| self.byte(self.board.wrapping_add(sq as u16)) != OFF)
            .count();
        let state = self.board.wrapping_add(120);
        let side = self.byte(state);
        let castle = self.byte(state + 1);
        let ep = self.byte(state + 2);
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
            self.byte(state + 3),
            self.word(state + 4)
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
        let (plyn, plytab, movestk) = self
            .plies
            .ok_or("move list: unknown (no PLYN/PLYTAB/MOVESTK symbols)")?;
        let ply = self.byte(plyn);
        if ply >= PLY_RECORDS {
            return Err(format!(
                "move list: ply {ply} is outside the 10 ply records"
            ));
        }
        let record = plytab + PLY_RECORD * ply as u16;
        let first = self.word(record);
        let count = self.byte(record + 2) as u16;
        // The first entry is kept as an address into MOVESTK (an index is accepted too).
        let start = if first >= movestk && first < movestk + ENTRY * ENTRIES {
            (first - movestk) / ENTRY
        } else {
            first
        };
        if start + count > ENTRIES {
            return Err(format!(
                "ply {ply}: list at entry {start}, {count} moves does not fit the move stack"
            ));
        }
        let entries = (0..count)
            .map(|k| {
                let e = movestk + ENTRY * (start + k);
                StackEntry {
                    from: self.byte(e),
                    to: self.byte(e + 1),
                    flags: self.byte(e + 2),
                    key: self.word(e + 3) as i16,
                    max: self.word(e + 5) as i16,
                }
            })
            .collect();
        Ok(PlyMoves {
            ply,
            start,
            current: self.byte(record + 9) as u16,
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
                    _ if m.flags & 0x08 != 0 => "  castling",
                    _ if m.flags & 0x10 != 0 => "  en passant",
                    _ if m.flags & 0x20 != 0 => "  double push",
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
        let promo = match self.flags & 7 {
            2 => "n",
            3 => "b",
            4 => "r",
            5 => "q",
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
    use crate::reference::board::Board;

    #[test]
    fn start_position_and_a_move_list() {
        let board = Board::startpos();
        let mut ram = vec![0u8; 0x10000];
        let base = 0x1000usize;
        ram[base..base + 120].copy_from_slice(&board.sq);
        ram[base + 120] = 0x80;
        ram[base + 121] = 0x0F;
        ram[base + 124] = 1;
        // Ply 0 at 0x2000 lists two moves at MOVESTK 0x3000 + 2 entries.
        let (plyn, plytab, movestk) = (0x1800u16, 0x2000u16, 0x3000u16);
        ram[plytab as usize..plytab as usize + 2].copy_from_slice(&(movestk + 14).to_le_bytes());
        ram[plytab as usize + 2] = 2;
        ram[plytab as usize + 9] = 1;
        let e = movestk as usize + 14;
        ram[e..e + 7].copy_from_slice(&[35, 55, 0x20, 5, 0, 9, 0]);
        ram[e + 7..e + 14].copy_from_slice(&[22, 43, 0x40, 0xF0, 0xFF, 3, 0]);
        let read = |a: u16| ram[a as usize];
        let text = BoardView {
            read: &read,
            board: base as u16,
            plies: Some((plyn, plytab, movestk)),
        }
        .render();
        assert!(text.contains("8 | r n b q k b n r |"), "{text}");
        assert!(text.contains("1 | R N B Q K B N R |"), "{text}");
        assert!(text.contains("black to move"), "{text}");
        assert!(text.contains("castling KQkq"), "{text}");
        assert!(text.contains("ply 0: 2 moves from entry 2"), "{text}");
        assert!(text.contains("e2e4"), "{text}");
        assert!(text.contains(">  1 b1c3"), "{text}");
        assert!(text.contains("key    -16"), "{text}");
        assert!(!text.contains("border"), "{text}");
        let view = BoardView {
            read: &read,
            board: base as u16,
            plies: Some((plyn, plytab, movestk)),
        };
        let moves = view.ply_moves().unwrap();
        assert_eq!((moves.ply, moves.start, moves.current), (0, 2, 1));
        assert_eq!(
            moves
                .entries
                .iter()
                .map(StackEntry::uci)
                .collect::<Vec<_>>(),
            ["e2e4", "b1c3"]
        );
        assert_eq!(moves.entries[1].key, -16);
    }
}
