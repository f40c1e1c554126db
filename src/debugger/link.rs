//! The console's end of the latch link while the debugger holds the machine.
//!
//! `protocol::Module` runs the machine itself; the debugger must stop it at any
//! instruction, so it polls the same host end (`protocol::HostEnd`) whenever the module
//! writes its latch, and keeps what it received as text. The link is `Clone` so step-back
//! snapshots can keep it.

use crate::machine::Machine;
use crate::protocol::{Event, HostEnd};

/// The host end of the link and what it has received.
#[derive(Debug, Clone, Default)]
pub struct HostLink {
    host: HostEnd,
    /// Every event (or garbled message) received, oldest first, as text.
    pub received: Vec<String>,
}

impl HostLink {
    /// A link in the start-up state (as after the console's reset).
    pub fn new() -> Self {
        HostLink::default()
    }

    /// Reset the module and the link: the start-up handshake of `docs/protocol.md`.
    pub fn restart(&mut self, machine: &mut Machine) {
        *self = HostLink::new();
        self.host.restart(machine);
    }

    /// Queue a message; it goes out unit by unit as the module takes them.
    pub fn queue_message(&mut self, kind: u8, payload: &[u8]) {
        self.host.queue_message(kind, payload);
    }

    /// Units still waiting to be taken by the module.
    pub fn pending(&self) -> usize {
        self.host.pending()
    }

    /// The value the host's latch should hold.
    pub fn latch(&self) -> u8 {
        self.host.latch()
    }

    /// Look at the module's latch once: take its unit, acknowledge, send ours. Returns the
    /// events completed by this poll and whether the host wrote its latch.
    pub fn poll(&mut self, machine: &mut Machine) -> (Vec<String>, bool) {
        let polled = self.host.poll(machine);
        let text = polled.message.map(|message| match message {
            Ok((kind, payload)) => match Event::decode(kind, &payload) {
                Ok(event) => super::event_text::event_text(&event),
                Err(e) => format!("undecodable message type {kind:#04x}: {e}"),
            },
            Err(e) => format!("garbled message: {e}"),
        });
        let events: Vec<String> = text.into_iter().collect();
        self.received.extend(events.iter().cloned());
        (events, polled.wrote)
    }
}
