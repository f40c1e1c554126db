//! The console's end of the latch link while the debugger holds the machine.
//!
//! `protocol::Module` runs the machine itself; the debugger must stop it at any
//! instruction, so it keeps the same host endpoint here and polls it whenever the module
//! writes its latch. The link is `Clone` so step-back snapshots can keep it.

use crate::machine::Machine;
use crate::protocol::endpoint::IDLE;
use crate::protocol::{Deframer, Endpoint, Event, frame_units};

/// The host end of the link and what it has received.
#[derive(Debug, Clone)]
pub struct HostLink {
    endpoint: Endpoint,
    deframer: Deframer,
    /// False until the module's latch first reads IDLE after reset (see docs/protocol.md).
    synced: bool,
    /// Every event (or garbled message) received, oldest first, as text.
    pub received: Vec<String>,
}

impl Default for HostLink {
    fn default() -> Self {
        Self::new()
    }
}

impl HostLink {
    /// A link in the start-up state (as after the console's reset).
    pub fn new() -> Self {
        HostLink {
            endpoint: Endpoint::new(),
            deframer: Deframer::new(),
            synced: false,
            received: Vec::new(),
        }
    }

    /// Reset the module and the link: the start-up handshake of `docs/protocol.md`.
    pub fn restart(&mut self, machine: &mut Machine) {
        *self = HostLink::new();
        machine.set_reset(true);
        machine.host_write(IDLE);
        machine.reset();
        machine.set_reset(false);
    }

    /// Queue a message; it goes out unit by unit as the module takes them.
    pub fn queue_message(&mut self, kind: u8, payload: &[u8]) {
        self.endpoint.queue(frame_units(kind, payload));
    }

    /// Units still waiting to be taken by the module.
    pub fn pending(&self) -> usize {
        self.endpoint.pending()
    }

    /// The value the host's latch should hold.
    pub fn latch(&self) -> u8 {
        self.endpoint.latch()
    }

    /// Look at the module's latch once: take its unit, acknowledge, send ours. Returns the
    /// events completed by this poll and whether the host wrote its latch.
    pub fn poll(&mut self, machine: &mut Machine) -> (Vec<String>, bool) {
        let latch = machine.module_latch();
        if !self.synced {
            if latch != IDLE {
                return (Vec::new(), false);
            }
            self.synced = true;
        }
        let poll = self.endpoint.poll(latch);
        let wrote = poll.write.is_some();
        if let Some(value) = poll.write {
            machine.host_write(value);
        }
        let mut events = Vec::new();
        if let Some(unit) = poll.received {
            let text = match self.deframer.push(unit) {
                None => None,
                Some(Ok((kind, payload))) => Some(match Event::decode(kind, &payload) {
                    Ok(event) => format!("{event:?}"),
                    Err(e) => format!("undecodable message type {kind:#04x}: {e}"),
                }),
                Some(Err(e)) => Some(format!("garbled message: {e}")),
            };
            if let Some(text) = text {
                self.received.push(text.clone());
                events.push(text);
            }
        }
        (events, wrote)
    }
}
