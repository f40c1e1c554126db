//! One side of the alternating-bit link over the two latches (`docs/protocol.md` section 1).
//!
//! The endpoint is pure: it never touches a machine. The caller reads the other side's
//! latch, hands the value to [`Endpoint::poll`], and writes back whatever latch value the
//! endpoint asks for. The same type serves the host (in the crate) and, in tests, a model
//! of the guest.

use std::collections::VecDeque;

/// Bit 7 of a unit: the sender's sequence bit.
pub const SEQ: u8 = 0x80;
/// Bit 6 of a unit: the sequence bit of the last unit received from the other side.
pub const ACK: u8 = 0x40;
/// Bits 5-0 of a unit: the payload.
pub const PAYLOAD: u8 = 0x3F;
/// Payload code: start of message.
pub const SOM: u8 = 0x20;
/// Payload code: synchronisation / idle; abandons any partial message.
pub const SYNC: u8 = 0x3F;
/// The latch value both sides write at start-up: `SEQ=1`, `ACK=1`, `SYNC`.
pub const IDLE: u8 = SEQ | ACK | SYNC;

/// What one call to [`Endpoint::poll`] produced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Poll {
    /// The payload of a new unit from the other side, if there was one.
    pub received: Option<u8>,
    /// A new value for our own latch, if it must change (an acknowledgement, a new unit).
    pub write: Option<u8>,
}

/// One side of the link: its two sequence bits, its latch value and its send queue.
#[derive(Debug, Clone)]
pub struct Endpoint {
    tx: bool,
    rx: bool,
    latch: u8,
    outgoing: VecDeque<u8>,
}

impl Default for Endpoint {
    fn default() -> Self {
        Self::new()
    }
}

impl Endpoint {
    /// A fresh endpoint in the start-up state: `tx = rx = 1`, latch [`IDLE`].
    pub fn new() -> Self {
        Endpoint {
            tx: true,
            rx: true,
            latch: IDLE,
            outgoing: VecDeque::new(),
        }
    }

    /// An endpoint that carries on from the latch value it last wrote (a save state holds
    /// it): `tx` and `rx` are that value's `SEQ` and `ACK` bits, nothing is queued.
    pub fn resume(latch: u8) -> Self {
        Endpoint {
            tx: latch & SEQ != 0,
            rx: latch & ACK != 0,
            latch,
            outgoing: VecDeque::new(),
        }
    }

    /// The value this side's latch must hold.
    pub fn latch(&self) -> u8 {
        self.latch
    }

    /// Queue payload codes (each `0x00..=0x3F`) to be sent as units, in order.
    pub fn queue(&mut self, payloads: impl IntoIterator<Item = u8>) {
        self.outgoing
            .extend(payloads.into_iter().map(|p| p & PAYLOAD));
    }

    /// Units queued and not yet handed to the other side.
    pub fn pending(&self) -> usize {
        self.outgoing.len()
    }

    /// True when every unit we sent has been acknowledged and nothing is queued.
    pub fn is_idle(&self, other_latch: u8) -> bool {
        self.outgoing.is_empty() && ((other_latch & ACK) != 0) == self.tx
    }

    /// Look at the other side's latch once: take a new unit if there is one (and
    /// acknowledge it), then send the next queued unit if the last one was acknowledged.
    pub fn poll(&mut self, other_latch: u8) -> Poll {
        let before = self.latch;
        let mut received = None;
        let their_seq = other_latch & SEQ != 0;
        if their_seq != self.rx {
            self.rx = their_seq;
            received = Some(other_latch & PAYLOAD);
        }
        let acked = ((other_latch & ACK) != 0) == self.tx;
        let mut payload = self.latch & PAYLOAD;
        if acked && let Some(next) = self.outgoing.pop_front() {
            self.tx = !self.tx;
            payload = next;
        }
        self.latch = u8::from(self.tx) << 7 | u8::from(self.rx) << 6 | payload;
        Poll {
            received,
            write: (self.latch != before).then_some(self.latch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two endpoints wired back to back, each polling at its own pace, must deliver every
    /// payload once and in order in both directions.
    fn run(pace_a: &[usize], pace_b: &[usize], a_sends: &[u8], b_sends: &[u8]) {
        let mut a = Endpoint::new();
        let mut b = Endpoint::new();
        a.queue(a_sends.iter().copied());
        b.queue(b_sends.iter().copied());
        let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
        for step in 0..100_000 {
            if step % pace_a[step % pace_a.len()].max(1) == 0
                && let Some(p) = a.poll(b.latch()).received
            {
                got_a.push(p);
            }
            if step % pace_b[step % pace_b.len()].max(1) == 0
                && let Some(p) = b.poll(a.latch()).received
            {
                got_b.push(p);
            }
            if got_a.len() == b_sends.len() && got_b.len() == a_sends.len() {
                break;
            }
        }
        assert_eq!(got_b, a_sends);
        assert_eq!(got_a, b_sends);
    }

    #[test]
    fn both_directions_at_any_pace() {
        let a: Vec<u8> = (0..200).map(|i| (i * 7 % 64) as u8).collect();
        let b: Vec<u8> = (0..150).map(|i| (i * 13 % 64) as u8).collect();
        run(&[1], &[1], &a, &b);
        run(&[1], &[7, 3, 11], &a, &b);
        run(&[5, 1, 2], &[1], &a, &b);
        run(&[13], &[17, 2], &a, &[]);
    }

    #[test]
    fn repeated_payloads_are_not_merged() {
        // The same payload twice in a row is two units: only SEQ tells them apart.
        run(&[3], &[2], &[5, 5, 5, 5], &[9, 9]);
    }

    #[test]
    fn resumed_endpoint_continues_the_sequence() {
        let mut a = Endpoint::new();
        let mut b = Endpoint::new();
        a.queue([1, 2]);
        b.poll(a.poll(b.latch()).write.unwrap());
        // Stop a after its first unit was taken; carry on from its latch alone.
        let mut a = Endpoint::resume(a.latch());
        a.queue([3]);
        let mut got = Vec::new();
        for _ in 0..10 {
            a.poll(b.latch());
            if let Some(p) = b.poll(a.latch()).received {
                got.push(p);
            }
        }
        assert_eq!(
            got,
            vec![3],
            "the unit sent before the stop is not seen twice"
        );
    }

    #[test]
    fn idle_start_sees_nothing() {
        let mut a = Endpoint::new();
        let p = a.poll(IDLE);
        assert_eq!(p, Poll::default());
    }

    #[test]
    fn acknowledgement_rewrites_only_ack() {
        let mut a = Endpoint::new();
        // The other side sends its first unit: SEQ flips to 0, its ACK stays 1.
        let p = a.poll(ACK | 0x05);
        assert_eq!(p.received, Some(0x05));
        assert_eq!(
            p.write,
            Some(SEQ | SYNC),
            "ACK now 0, SEQ and payload unchanged"
        );
    }
}
