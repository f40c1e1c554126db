//! The commands that send the module a protocol message: `send` (any message, as bytes)
//! and `go` (GO in its short or long form, from a budget and the root-list entries that draw).

use super::{Args, CommandError, DebugCommand, SendData};
use crate::debugger::expr::number;

/// The type byte of the host's `GO` message (docs/protocol.md); its optional payload is the
/// budget in positions, 4 bytes little-endian.
const GO_MESSAGE: u8 = crate::protocol::message::type_byte::GO;
use crate::protocol::GoLong;

/// `send TYPE [BYTE...]` or `send raw BYTE`.
pub(super) fn parse_send(args: &Args) -> Result<DebugCommand, CommandError> {
    match &args.words[..] {
        [raw, unit] if raw.eq_ignore_ascii_case("raw") => {
            Ok(DebugCommand::Send(SendData::Raw(args.bytes(&[unit])?[0])))
        }
        [] => Err(args.usage("missing message type")),
        words => {
            let bytes = args.bytes(words)?;
            if bytes.len() > 256 {
                return Err(args.usage("a payload holds at most 255 bytes"));
            }
            Ok(DebugCommand::Send(SendData::Message {
                kind: bytes[0],
                payload: bytes[1..].to_vec(),
            }))
        }
    }
}

/// `go [BUDGET]`: a `GO` message, with the budget as its payload when given.
pub(super) fn parse_go(args: &Args) -> Result<DebugCommand, CommandError> {
    let payload = match args.words[..] {
        [] => Vec::new(),
        [n, ref draws @ ..] => {
            let budget = number(n)
                .ok()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| args.usage(&format!("'{n}' is not a budget (1..4294967295)")))?;
            if draws.is_empty() {
                budget.to_le_bytes().to_vec()
            } else {
                go_long_payload(args, budget, draws)?
            }
        }
    };
    Ok(DebugCommand::Send(SendData::Message {
        kind: GO_MESSAGE,
        payload,
    }))
}

/// GO's long form: `budget`, no flags, and the root-list entries `draws` (indices 0-149 of
/// the legal moves in generation order) marked as moves that draw, as GO's bitmap carries
/// them (docs/protocol.md).
fn go_long_payload(args: &Args, budget: u32, draws: &[&str]) -> Result<Vec<u8>, CommandError> {
    let mut bits = Vec::new();
    let most = 8 * GoLong::MAX_DRAW_BYTES;
    for text in draws {
        let i = number(text)
            .ok()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&i| i < most)
            .ok_or_else(|| {
                args.usage(&format!(
                    "'{text}' is not a root-list entry (0..{})",
                    most - 1
                ))
            })?;
        bits.resize(bits.len().max(i / 8 + 1), 0u8);
        bits[i / 8] |= 1 << (i % 8);
    }
    let go = GoLong::new(budget, 0, bits).map_err(|e| args.usage(&e.to_string()))?;
    Ok(crate::protocol::Command::GoLong(go).encode().1)
}
