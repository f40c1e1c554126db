//! The call-stack walk: the Z80 keeps no frame pointers, so the walk looks at every word
//! from SP up to the top of the stack and keeps those that are return addresses: a word
//! pointing into ROM right after a CALL or RST. Pushed data that happens to look like a
//! return address shows up as a frame too; the walk says so in its notes (`docs/debugger.md`).

use super::z80;
use crate::machine::ROM_SIZE;

/// One return address found on the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Where on the stack the return address sits.
    pub slot: u16,
    /// The return address.
    pub return_address: u16,
    /// Address of the CALL or RST instruction before it.
    pub call_site: u16,
    /// The address that CALL or RST jumps to.
    pub callee: u16,
}

/// Walk the stack from `sp` (inclusive) up to `top` (exclusive; the initial SP), reading
/// memory with `read`. Frames come innermost first.
pub fn walk(sp: u16, top: u32, read: impl Fn(u16) -> u8) -> Vec<Frame> {
    let mut frames = Vec::new();
    // SP = 0 is the empty stack at the top of the RAM mirror.
    let mut slot = if sp == 0 { 0x10000u32 } else { sp as u32 };
    while slot + 1 < top {
        let a = slot as u16;
        let word = u16::from_le_bytes([read(a), read(a.wrapping_add(1))]);
        if (word as usize) < ROM_SIZE
            && word >= 1
            && let Some((call_site, callee)) = z80::call_before(word, &read)
        {
            frames.push(Frame {
                slot: a,
                return_address: word,
                call_site,
                callee,
            });
        }
        slot += 2;
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_return_addresses_and_skips_data() {
        // ROM: 0000 CALL 0010; 0003 NOP; 0004 RST 8; 0005 NOP ...
        let mut memory = vec![0u8; 0x10000];
        memory[0..3].copy_from_slice(&[0xCD, 0x10, 0x00]);
        memory[4] = 0xCF;
        // Stack from E7F8 to E800: data 1234 (not after a call), ret 0005, data 0003?? no:
        // 0003 follows the CALL at 0000, so it is a return address.
        memory[0xE7FA..0xE7FC].copy_from_slice(&0x1234u16.to_le_bytes());
        memory[0xE7FC..0xE7FE].copy_from_slice(&0x0005u16.to_le_bytes());
        memory[0xE7FE..0xE800].copy_from_slice(&0x0003u16.to_le_bytes());
        let frames = walk(0xE7FA, 0xE800, |a| memory[a as usize]);
        assert_eq!(
            frames,
            vec![
                Frame {
                    slot: 0xE7FC,
                    return_address: 5,
                    call_site: 4,
                    callee: 8
                },
                Frame {
                    slot: 0xE7FE,
                    return_address: 3,
                    call_site: 0,
                    callee: 0x10
                },
            ]
        );
        // An empty stack has no frames.
        assert!(walk(0xE800, 0xE800, |a| memory[a as usize]).is_empty());
    }
}
