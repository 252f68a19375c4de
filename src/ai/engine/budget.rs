//! The work bound of one search: a node budget (the main bound, the same
//! natively and in wasm, so a game replays exactly) and an optional deadline
//! read from the caller's clock every few thousand nodes.
//!
//! A deadline cuts a search, never the root's screen (`Budget::screen`):
//! the root's move list and every move's depth-1 score, which see a city
//! capture or a big stack lost in one, are what a level's promises rest on,
//! so they are done whatever the clock, up to a floor of work that only
//! hostile set-ups pass (`SCREEN_NODES`, `SCREEN_CHECKS`).

use crate::ai::Clock;
use std::cell::Cell;

/// How often the clock is read, in nodes: reading it costs far more than a node.
const CLOCK_EVERY: u64 = 1024;

/// Work of the root's screen (its list, then every move's depth-1 score:
/// one node a move plus its evaluation's work) that the deadline does not
/// cut: many times an ordinary position's few thousand moves. A hostile
/// set-up, such as a board full of tall stacks whose every move takes long
/// to score, stops here once past the deadline.
const SCREEN_NODES: u64 = 100_000;

/// Clock checks of the root's list that pass without reading the clock:
/// Intermedium's listing asks every 65 536 move-generation states (first
/// after 19 264), so about 150 000 states are listed whatever the clock
/// (a 255-stone stack's list passes 5 000 000).
const SCREEN_CHECKS: u32 = 2;

thread_local! {
    /// Nodes spent by the searches of this thread (`work_done`).
    static WORK: Cell<u64> = const { Cell::new(0) };
}

/// Nodes every search on this thread has spent since it started: a
/// caller reads it around a move to learn the move's work, in the unit
/// of the node budgets. Counted when a search's own budget is
/// dropped (a share or a screen charges its parent, which counts it once);
/// the one-shot candidate lists of `Budget::unlimited` are not counted.
pub fn work_done() -> u64 {
    WORK.with(Cell::get)
}

/// Nodes spent so far against the allowance, and whether time ran out.
pub(crate) struct Budget<'a> {
    spent: u64,
    limit: u64,
    deadline: Option<f64>,
    clock: &'a dyn Clock,
    next_check: u64,
    out_of_time: bool,
    /// `spend` reads no clock below this much work (`screen`).
    floor: u64,
    /// Calls of `check_time` left that answer without the clock (`screen`).
    grace: u32,
    /// Whether dropping it adds `spent` to `work_done` (a search's own
    /// budget; not a share, which its parent is charged with).
    counted: bool,
}

impl Drop for Budget<'_> {
    fn drop(&mut self) {
        if self.counted {
            WORK.with(|w| w.set(w.get().saturating_add(self.spent)));
        }
    }
}

impl<'a> Budget<'a> {
    /// `time_ms` counts from this call on `clock`.
    pub(crate) fn new(limit: u64, time_ms: Option<f64>, clock: &'a dyn Clock) -> Budget<'a> {
        let deadline = time_ms.map(|t| clock.now_ms() + t);
        Budget {
            spent: 0,
            limit,
            deadline,
            clock,
            next_check: CLOCK_EVERY,
            out_of_time: false,
            floor: 0,
            grace: 0,
            counted: true,
        }
    }

    /// No bound at all (for one-shot candidate lists).
    pub(crate) fn unlimited() -> Budget<'static> {
        Budget { counted: false, ..Budget::new(u64::MAX, None, &crate::ai::NoClock) }
    }

    /// A share of this budget: at most `limit` nodes, the same deadline.
    /// The caller charges what it spent back with `spend`.
    pub(crate) fn share(&self, limit: u64) -> Budget<'a> {
        Budget { limit, ..self.deadline_only() }
    }

    /// No node limit but the same deadline: for the root's move list, which
    /// is charged rather than cut by nodes, but must not outlast the caller's
    /// time (a tall Intermedium stack's list takes seconds).
    pub(crate) fn deadline_only(&self) -> Budget<'a> {
        Budget {
            spent: 0,
            limit: u64::MAX,
            deadline: self.deadline,
            clock: self.clock,
            next_check: CLOCK_EVERY,
            out_of_time: self.out_of_time,
            floor: 0,
            grace: 0,
            counted: false,
        }
    }

    /// The root's screen: no node limit, and the same deadline heeded only
    /// past `SCREEN_NODES` of work and `SCREEN_CHECKS` checks, even when it
    /// has passed already. The caller charges what it spent back with
    /// `spend` (the root's list) or not at all (the screen's count of scored
    /// moves, `screen_time`, is its own).
    pub(crate) fn screen(&self) -> Budget<'a> {
        Budget {
            out_of_time: false,
            floor: SCREEN_NODES,
            grace: SCREEN_CHECKS,
            ..self.deadline_only()
        }
    }

    /// A share of the time left, for a search that must leave time to
    /// what follows it: the deadline moves to `fraction` of the way from
    /// this call. Without a deadline, unchanged (and the clock is not read).
    pub(crate) fn time_share(mut self, fraction: f64) -> Budget<'a> {
        if let Some(d) = self.deadline {
            let now = self.clock.now_ms();
            self.deadline = Some(now + (d - now).max(0.0) * fraction);
        }
        self
    }

    /// Records `n` nodes of work.
    pub(crate) fn spend(&mut self, n: u64) {
        self.spent = self.spent.saturating_add(n);
        if self.spent >= self.next_check && self.spent >= self.floor {
            self.next_check = self.spent + CLOCK_EVERY;
            if let Some(d) = self.deadline {
                if self.clock.now_ms() >= d {
                    self.out_of_time = true;
                }
            }
        }
    }

    /// Reads the clock at once, for loops whose every item is expensive (scoring
    /// thousands of children on a dense set-up can take minutes between two
    /// `spend` calls): true once the deadline has passed.
    pub(crate) fn check_time(&mut self) -> bool {
        if self.grace > 0 {
            self.grace -= 1;
            return self.out_of_time;
        }
        if let Some(d) = self.deadline {
            if !self.out_of_time && self.clock.now_ms() >= d {
                self.out_of_time = true;
            }
        }
        self.out_of_time
    }

    /// For the root's screen: records `work` for one more scored move and
    /// tells whether to stop scoring, which is only once past the floor of
    /// work and the deadline (the clock is read for every move from there,
    /// as `check_time`).
    pub(crate) fn screen_time(&mut self, work: u64) -> bool {
        self.spent = self.spent.saturating_add(work);
        self.spent >= self.floor && self.check_time()
    }

    /// Whether the search must stop at this point.
    pub(crate) fn exhausted(&self) -> bool {
        self.out_of_time || self.spent >= self.limit
    }

    /// Raises the allowance by `n` nodes (a search that has not settled
    /// when its budget runs out: `mcts::Settings::manage`).
    pub(crate) fn extend(&mut self, n: u64) {
        self.limit = self.limit.saturating_add(n);
    }

    /// The allowance.
    pub(crate) fn limit(&self) -> u64 {
        self.limit
    }

    /// Nodes left in the allowance.
    pub(crate) fn remaining(&self) -> u64 {
        self.limit.saturating_sub(self.spent)
    }

    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A clock that moves one millisecond each time it is read.
    struct Ticking(Cell<f64>);
    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + 1.0);
            self.0.get()
        }
    }

    #[test]
    fn check_time_sees_the_deadline_without_any_node_spent() {
        let clock = Ticking(Cell::new(0.0));
        let mut budget = Budget::new(u64::MAX, Some(5.0), &clock);
        let reads_before_deadline = (0..100).take_while(|_| !budget.check_time()).count();
        assert!(reads_before_deadline < 10, "{reads_before_deadline}");
        assert!(budget.exhausted());
        // Without a deadline it never stops a search.
        let mut free = Budget::new(u64::MAX, None, &clock);
        assert!(!(0..100).any(|_| free.check_time()));
    }

    /// A clock far past any deadline after its first read.
    struct Expired(Cell<bool>);
    impl Clock for Expired {
        fn now_ms(&self) -> f64 {
            if self.0.replace(true) {
                1e12
            } else {
                0.0
            }
        }
    }

    /// The root's screen ignores a deadline long passed until its floor of
    /// work and its free checks are used up; the search's budget does not.
    #[test]
    fn the_screen_heeds_the_deadline_only_past_its_floor() {
        let clock = Expired(Cell::new(false));
        let mut budget = Budget::new(u64::MAX, Some(50.0), &clock);
        assert!(budget.check_time(), "the search's budget stops at once");
        let mut screen = budget.screen();
        assert!(!screen.exhausted());
        assert!(!(0..SCREEN_CHECKS).any(|_| screen.check_time()), "the list's free checks");
        screen.spend(SCREEN_NODES - 1);
        assert!(!screen.exhausted(), "below the floor no clock is read by spending");
        let scored = (0..10).take_while(|_| !screen.screen_time(1)).count();
        assert_eq!(scored, 0, "the floor reached, the next move's check stops");
        // Without a deadline nothing stops it.
        let mut free = Budget::new(u64::MAX, None, &clock).screen();
        free.spend(10 * SCREEN_NODES);
        assert!(!free.check_time() && !free.screen_time(1) && !free.exhausted());
    }

    /// A time share moves the deadline and reads the clock only if there is one.
    #[test]
    fn a_time_share_moves_only_a_deadline() {
        let clock = Ticking(Cell::new(0.0));
        // Read at 1: the deadline is 42; the share's read at 2 puts its own
        // at 2 + 40 / 4.
        let budget = Budget::new(100, Some(41.0), &clock);
        let share = budget.share(10).time_share(0.25);
        assert_eq!((share.deadline, share.limit), (Some(12.0), 10));
        let none = Budget::new(100, None, &clock).time_share(0.25);
        assert_eq!((none.deadline, clock.0.get()), (None, 2.0), "the two reads above, none after");
    }
}
