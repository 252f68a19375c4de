//! The work bound of one search: a node budget (the main bound, the same
//! natively and in wasm, so a game replays exactly) and an optional deadline
//! read from the caller's clock every few thousand nodes.

use super::Clock;

/// How often the clock is read, in nodes: reading it costs far more than a node.
const CLOCK_EVERY: u64 = 1024;

/// Nodes spent so far against the allowance, and whether time ran out.
pub(crate) struct Budget<'a> {
    spent: u64,
    limit: u64,
    deadline: Option<f64>,
    clock: &'a dyn Clock,
    next_check: u64,
    out_of_time: bool,
}

impl<'a> Budget<'a> {
    /// `time_ms` counts from now on `clock`.
    pub(crate) fn new(limit: u64, time_ms: Option<f64>, clock: &'a dyn Clock) -> Budget<'a> {
        let deadline = time_ms.map(|t| clock.now_ms() + t);
        Budget { spent: 0, limit, deadline, clock, next_check: CLOCK_EVERY, out_of_time: false }
    }

    /// No bound at all (for one-shot candidate lists).
    pub(crate) fn unlimited() -> Budget<'static> {
        Budget::new(u64::MAX, None, &super::NoClock)
    }

    /// Records `n` nodes of work.
    pub(crate) fn spend(&mut self, n: u64) {
        self.spent = self.spent.saturating_add(n);
        if self.spent >= self.next_check {
            self.next_check = self.spent + CLOCK_EVERY;
            if let Some(d) = self.deadline {
                if self.clock.now_ms() >= d {
                    self.out_of_time = true;
                }
            }
        }
    }

    /// Whether the search must stop now.
    pub(crate) fn exhausted(&self) -> bool {
        self.out_of_time || self.spent >= self.limit
    }

    /// Nodes left in the allowance.
    pub(crate) fn remaining(&self) -> u64 {
        self.limit.saturating_sub(self.spent)
    }

    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }
}
