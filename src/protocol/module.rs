//! The guest as the host sees it: a [`Machine`] running the module ROM, with the host end of
//! the latch link. Commands go in, events come out; nothing else reaches the guest.
//!
//! The host polls the module's latch whenever the module writes it (the machine stops a run
//! there) and at least every `poll_interval` T-states, so a module that waits for a unit
//! from the host gets it within that interval. Tests vary the interval to prove the
//! handshake, not the timing, carries the data.
//!
//! Every command sent and every event received also goes to the [`Supervisor`], which is
//! asked after each slice whether the module still keeps its side of the bargain; a module
//! that does not is failed until [`Module::restart`].

use std::collections::VecDeque;
use std::fmt;

use super::frame::FrameError;
use super::host_end::HostEnd;
use super::message::{Command, DecodeError, Event};
use super::supervisor::{self, RomFacts, Stall, Supervisor};
use crate::machine::{Fault, Machine, Stop, t_states_in_seconds};

/// How often the host looks at the module's latch when the module does not write it:
/// 1,000 T-states, about 0.23 ms at 4.433619 MHz, far below one console frame.
pub const DEFAULT_POLL_INTERVAL: u64 = 1_000;

/// Emulated time allowed from reset to the module's `READY`: 1 s.
const BOOT_T_STATES: u64 = t_states_in_seconds(1);

/// Why the host could not get what it wanted from the module.
#[derive(Debug, Clone, PartialEq)]
pub enum ModuleError {
    /// The machine faulted; the module must be reset.
    Fault(Box<Fault>),
    /// A garbled message arrived.
    Frame(FrameError),
    /// A message arrived that is not a known event.
    Decode(DecodeError),
    /// The module said nothing for this many emulated T-states.
    Silent { t_states: u64 },
    /// The module broke a rule of the [`Supervisor`] (no answer in time, no progress).
    Stalled(Stall),
    /// After reset the module answered with something other than `READY`.
    NotReady(Box<Event>),
    /// A snapshot was asked for while a message was half way through the link.
    LinkBusy,
    /// A save state could not be loaded.
    State(String),
}

impl fmt::Display for ModuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // One line: protocols print errors as one line; the whole report (registers,
            // the last instructions) is the fault's own `Display`.
            ModuleError::Fault(fault) => write!(f, "{}", fault.summary()),
            ModuleError::Frame(e) => write!(f, "garbled message from the module: {e}"),
            ModuleError::Decode(e) => write!(f, "unknown message from the module: {e}"),
            ModuleError::Silent { t_states } => {
                write!(f, "the module did not answer within {t_states} T-states")
            }
            ModuleError::Stalled(stall) => write!(f, "{stall}"),
            ModuleError::NotReady(e) => write!(f, "the module did not start (first event: {e:?})"),
            ModuleError::LinkBusy => write!(f, "a message is half way through the link"),
            ModuleError::State(e) => write!(f, "cannot load the machine state: {e}"),
        }
    }
}

impl std::error::Error for ModuleError {}

impl From<Fault> for ModuleError {
    fn from(fault: Fault) -> Self {
        ModuleError::Fault(Box::new(fault))
    }
}

/// The module with the host end of the link.
#[derive(Clone)]
pub struct Module {
    machine: Machine,
    host: HostEnd,
    events: VecDeque<Result<Event, ModuleError>>,
    poll_interval: u64,
    /// Poll also at every write of the module's latch (the fast path), not only every
    /// `poll_interval` T-states.
    poll_on_write: bool,
    supervisor: Supervisor,
    /// The rule the module broke, until it is restarted.
    stalled: Option<Stall>,
}

impl Module {
    /// Reset `machine`, wait for the module's `READY` and return the running module with
    /// the protocol and ROM version it announced.
    pub fn boot(machine: Machine) -> Result<(Module, u8, u8), ModuleError> {
        let mut module = Module {
            machine,
            host: HostEnd::new(),
            events: VecDeque::new(),
            poll_interval: DEFAULT_POLL_INTERVAL,
            poll_on_write: true,
            supervisor: Supervisor::new(RomFacts::default()),
            stalled: None,
        };
        let (protocol, rom) = module.reboot()?;
        Ok((module, protocol, rom))
    }

    /// [`restart`](Self::restart) and wait for the module's `READY`: the protocol and ROM
    /// version it announced. How the host brings back a module that failed.
    pub fn reboot(&mut self) -> Result<(u8, u8), ModuleError> {
        self.restart();
        match self.wait_event(BOOT_T_STATES)? {
            Event::Ready { protocol, rom } => Ok((protocol, rom)),
            other => Err(ModuleError::NotReady(Box::new(other))),
        }
    }

    /// Reset the module and the link (the console's reset line, then the start-up
    /// handshake of `docs/protocol.md`). Events not yet read are dropped.
    pub fn restart(&mut self) {
        self.events.clear();
        self.supervisor.reset();
        self.stalled = None;
        self.host.restart(&mut self.machine);
    }

    /// The whole machine as a save state (`Machine::save_state`), taken between messages:
    /// the host's end of the link is then fully described by the host latch inside it.
    /// Refused while a message is half way through the link or an event is unread.
    pub fn snapshot(&self) -> Result<Vec<u8>, ModuleError> {
        let quiet = self.host.between_messages() && self.events.is_empty();
        if !quiet {
            return Err(ModuleError::LinkBusy);
        }
        Ok(self.machine.save_state())
    }

    /// Continue from a [`snapshot`](Self::snapshot): the machine is replaced and the host's
    /// end of the link resumes from the host latch the snapshot holds.
    pub fn restore(&mut self, snapshot: &[u8]) -> Result<(), ModuleError> {
        let machine =
            Machine::load_state(snapshot).map_err(|e| ModuleError::State(e.to_string()))?;
        self.host = HostEnd::resume(&machine);
        self.machine = machine;
        self.events.clear();
        self.supervisor.reset();
        self.stalled = None;
        Ok(())
    }

    /// Tell the supervisor what it should know of the ROM: where the guest counts its
    /// positions (the ROM's `POSCNT`), so that a search that polls but no longer counts is
    /// caught too, and the levels' budgets a `GO` without one is held to.
    pub fn set_rom_facts(&mut self, rom: RomFacts) {
        self.supervisor = Supervisor::new(rom);
    }

    /// Set how often (in T-states) the host polls a module that does not write its latch.
    pub fn set_poll_interval(&mut self, t_states: u64) {
        self.poll_interval = t_states.max(1);
    }

    /// Poll at every write of the module's latch (the default, fastest), or only every
    /// poll interval, as a slow console would: the module then finds its units untaken.
    pub fn set_poll_on_write(&mut self, on: bool) {
        self.poll_on_write = on;
    }

    /// The machine, to read its clock, RAM or statistics.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The machine, mutably (the debugger and save states need it).
    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// Queue a command; it goes out unit by unit as the module takes them.
    pub fn send(&mut self, command: &Command) {
        let (kind, payload) = command.encode();
        self.supervisor.sent(command, self.machine.cycles());
        self.host.queue_message(kind, &payload);
        self.poll();
    }

    /// True when no unit of ours is waiting to be taken by the module.
    pub fn all_sent(&self) -> bool {
        self.host.all_sent(&self.machine)
    }

    /// Run the module for up to `t_states`, collecting its events. Returns early, at an
    /// instruction boundary, once an event is waiting. A module that breaks a rule of the
    /// [`Supervisor`] is failed: this run and every later one return
    /// [`ModuleError::Stalled`] until [`Module::restart`].
    pub fn run(&mut self, t_states: u64) -> Result<(), ModuleError> {
        if let Some(stall) = &self.stalled {
            return Err(ModuleError::Stalled(stall.clone()));
        }
        let end = self.machine.cycles().saturating_add(t_states);
        while self.events.is_empty() {
            let now = self.machine.cycles();
            if now >= end {
                break;
            }
            // A module that owes nothing, with nothing of ours on the way, can only speak by
            // writing its latch, which ends the run: polling in between would find nothing,
            // so an idle module runs in one stretch (idle skipping then makes hours cheap).
            let quiet = self.poll_on_write
                && self.host.synced()
                && self.supervisor.idle()
                && self.host.pending() == 0
                && self.all_sent();
            let slice = if quiet {
                end - now
            } else {
                (end - now).min(self.poll_interval)
            };
            let stop = if self.poll_on_write {
                self.machine.run_until_latch(slice)
            } else {
                self.machine.run_for(slice)
            };
            match stop {
                Ok(Stop::Breakpoint(_) | Stop::Watch(_)) => return Ok(()),
                Ok(_) => {}
                Err(fault) => return Err(fault.into()),
            }
            self.poll();
            let all_sent = self.all_sent();
            if let Err(stall) = self.supervisor.check(&self.machine, all_sent) {
                self.stalled = Some(stall.clone());
                return Err(ModuleError::Stalled(stall));
            }
        }
        Ok(())
    }

    /// The next event if one is waiting, without running the module.
    pub fn take_event(&mut self) -> Option<Result<Event, ModuleError>> {
        self.events.pop_front()
    }

    /// Run the module until it sends an event, for at most `t_states`.
    pub fn wait_event(&mut self, t_states: u64) -> Result<Event, ModuleError> {
        if self.events.is_empty() {
            self.run(t_states)?;
        }
        self.events
            .pop_front()
            .unwrap_or(Err(ModuleError::Silent { t_states }))
    }

    /// Run until the module sends an event, for as long as the [`Supervisor`] lets a module
    /// that owes an answer take: the answer, or [`ModuleError::Stalled`]. A search until
    /// stopped only ends here after `MOVENOW`. When nothing is owed and nothing is waiting,
    /// [`ModuleError::Silent`] at once: there is nothing to wait for.
    pub fn wait_owed(&mut self) -> Result<Event, ModuleError> {
        while self.events.is_empty() {
            if self.supervisor.idle() {
                return Err(ModuleError::Silent { t_states: 0 });
            }
            self.run(supervisor::ANSWER_T_STATES)?;
        }
        self.events
            .pop_front()
            .unwrap_or(Err(ModuleError::Silent { t_states: 0 }))
    }

    /// Look at the module's latch once: take its unit, acknowledge, send ours; a message
    /// completed is decoded, told to the supervisor and queued.
    fn poll(&mut self) {
        match self.host.poll(&mut self.machine).message {
            None => {}
            Some(Ok((kind, payload))) => {
                let event = Event::decode(kind, &payload).map_err(ModuleError::Decode);
                if let Ok(event) = &event {
                    self.supervisor.received(event, self.machine.cycles());
                }
                self.events.push_back(event);
            }
            Some(Err(e)) => self.events.push_back(Err(ModuleError::Frame(e))),
        }
    }
}
