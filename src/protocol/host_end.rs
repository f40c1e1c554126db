//! The host's end of the latch link: the endpoint that moves units through the latches, the
//! deframer that makes messages of them, and the start-up handshake. One end for the two
//! hosts the module has: [`Module`](super::Module), which runs the machine itself, and the
//! debugger's link, which must stop the machine at any instruction and so polls when told.

use super::endpoint::{Endpoint, IDLE};
use super::frame::{Deframer, FrameError, frame_units};
use crate::machine::Machine;

/// What one look at the module's latch did.
#[derive(Debug, Default)]
pub struct Polled {
    /// The host wrote its latch (a unit of ours, or an acknowledgement).
    pub wrote: bool,
    /// A message completed by this poll: type and payload, or why it is garbled.
    pub message: Option<Result<(u8, Vec<u8>), FrameError>>,
}

/// The host end of the link.
#[derive(Debug, Clone)]
pub struct HostEnd {
    endpoint: Endpoint,
    deframer: Deframer,
    /// False from reset until the module's latch first reads [`IDLE`]: before that it holds
    /// whatever it held before the reset (`docs/protocol.md`).
    synced: bool,
}

impl Default for HostEnd {
    fn default() -> Self {
        Self::new()
    }
}

impl HostEnd {
    /// An end in the start-up state (as after the console's reset).
    pub fn new() -> HostEnd {
        HostEnd {
            endpoint: Endpoint::new(),
            deframer: Deframer::new(),
            synced: false,
        }
    }

    /// An end that continues from a machine saved between messages: the host latch in it
    /// says where the host's sequence stood.
    pub fn resume(machine: &Machine) -> HostEnd {
        HostEnd {
            endpoint: Endpoint::resume(machine.host_latch()),
            deframer: Deframer::new(),
            synced: true,
        }
    }

    /// Reset the module and this end: the reset line, the host latch at IDLE, then released
    /// (the start-up handshake of `docs/protocol.md`).
    pub fn restart(&mut self, machine: &mut Machine) {
        *self = HostEnd::new();
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

    /// True once the handshake is done.
    pub fn synced(&self) -> bool {
        self.synced
    }

    /// True when every unit of ours has been taken and acknowledged.
    pub fn all_sent(&self, machine: &Machine) -> bool {
        self.endpoint.is_idle(machine.module_latch())
    }

    /// Between messages: synced, no message half received, nothing of ours waiting.
    pub fn between_messages(&self) -> bool {
        self.synced && self.deframer.is_idle() && self.endpoint.pending() == 0
    }

    /// Look at the module's latch once: take its unit, acknowledge, send ours.
    pub fn poll(&mut self, machine: &mut Machine) -> Polled {
        let latch = machine.module_latch();
        if !self.synced {
            if latch != IDLE {
                return Polled::default();
            }
            self.synced = true;
        }
        let poll = self.endpoint.poll(latch);
        if let Some(value) = poll.write {
            machine.host_write(value);
        }
        Polled {
            wrote: poll.write.is_some(),
            message: poll.received.and_then(|unit| self.deframer.push(unit)),
        }
    }
}
