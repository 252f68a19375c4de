//! The exhaustive solver behind the puzzles and the tactics suite: minimax
//! over every legal move (`Position::legal_moves`, the rules' public
//! interface), never the AI's judgement. A move's value for the side that
//! made it is its result (a win or loss at once, a draw) or else the stone
//! difference at the end of the line searched. Work is counted in listed
//! moves; past the solver's limit an answer is `None` (not searched in full).

use crate::position::Position;
use crate::sorting;
use crate::transition::Transition;
use crate::variant::{GameKind, Rules, Side};

/// A won game's value.
pub(crate) const WIN: i64 = 1_000_000;
/// Enumeration work allowed per move list.
pub(crate) const LIST_LIMIT: usize = 200_000;

/// The stone difference for `me`.
pub(crate) fn material(pos: &Position, me: Side) -> i64 {
    pos.stones_of(me) as i64 - pos.stones_of(me.opponent()) as i64
}

/// The result of `t` for `me` if it ends the game: WIN, -WIN or 0 (draw).
pub(crate) fn result(t: &Transition, me: Side, rules: &Rules) -> Option<i64> {
    let o = t.decisive.or_else(|| t.position.status(rules))?;
    Some(match o.winner {
        Some(w) if w == me => WIN,
        Some(_) => -WIN,
        None => 0,
    })
}

/// The value of `t` for `me`: its result, else the stone difference after it.
fn leaf(t: &Transition, me: Side, rules: &Rules) -> i64 {
    result(t, me, rules).unwrap_or_else(|| material(&t.position, me))
}

/// One exhaustive search, with its work counted against `limit`.
pub(crate) struct Solver<'a> {
    pub rules: &'a Rules,
    work: usize,
    limit: usize,
    /// Cash in Hand replies too many to list are valued by the exact
    /// capture-threat query instead (`cash_worst_reply`).
    capture_query: bool,
    /// A move list or the whole search went over its limit (the position
    /// is not searched in full).
    pub exceeded: bool,
}

impl Solver<'_> {
    /// A solver that lists every reply and gives up past `limit` moves listed.
    pub fn new(rules: &Rules, limit: usize) -> Solver<'_> {
        Solver { rules, work: 0, limit, capture_query: false, exceeded: false }
    }

    /// `new`, valuing Cash in Hand replies too many to list by the exact
    /// capture-threat query (`cash_worst_reply`).
    pub fn with_capture_query(rules: &Rules, limit: usize) -> Solver<'_> {
        Solver { capture_query: true, ..Solver::new(rules, limit) }
    }

    /// The moves of `pos`, counted against the limit.
    pub fn moves(&mut self, pos: &Position) -> Option<Vec<Transition>> {
        let listed = pos.legal_moves(self.rules, LIST_LIMIT);
        self.counted(listed)
    }

    /// A move list, counted against the limit.
    fn counted<E>(&mut self, listed: Result<Vec<Transition>, E>) -> Option<Vec<Transition>> {
        let Ok(moves) = listed else {
            self.exceeded = true;
            return None;
        };
        self.work += moves.len();
        self.exceeded |= self.work > self.limit;
        (self.work <= self.limit).then_some(moves)
    }

    /// The value of `m` for `me`: its result, else the worst over every reply
    /// (a reply's result, else the stone difference after it). With the
    /// capture query, Cash in Hand replies too many to list are valued by it.
    pub fn two_ply(&mut self, m: &Transition, me: Side) -> Option<i64> {
        if let Some(v) = result(m, me, self.rules) {
            return Some(v);
        }
        let replies = match m.position.legal_moves(self.rules, LIST_LIMIT) {
            Err(_) if self.capture_query && m.position.game == GameKind::CashInHand => {
                return self.cash_worst_reply(&m.position, me);
            }
            listed => self.counted(listed)?,
        };
        replies.iter().map(|r| leaf(r, me, self.rules)).min()
    }

    /// The value of `m` for `me` over three plies: the worst over every reply
    /// of the best over `me`'s next moves (each valued by its result, else
    /// the stone difference after it). The replies' own list counts as work
    /// but ends nothing; the lists of next moves are held to the limit.
    pub fn three_ply(&mut self, m: &Transition, me: Side) -> Option<i64> {
        if let Some(v) = result(m, me, self.rules) {
            return Some(v);
        }
        let replies = m.position.legal_moves(self.rules, LIST_LIMIT).ok()?;
        self.work += replies.len();
        let mut worst = WIN;
        for r in &replies {
            let value = match result(r, me, self.rules) {
                Some(v) => v,
                None => {
                    let next = self.moves(&r.position)?;
                    next.iter().map(|n| leaf(n, me, self.rules)).max()?
                }
            };
            worst = worst.min(value);
        }
        Some(worst)
    }

    /// Cash in Hand, the opponent to move in `pos`: the value for `me` of
    /// their best reply without listing their moves. Only captures change
    /// the stones, and a reply that captures C stones leaves `me` at best C
    /// fewer and them C more (they may put every captured stone back on a
    /// stack of their own, and always have one: a sowing leaves stones), so
    /// the worst reply is the one that captures the most stones; a reply
    /// that takes every stack of `me` wins. `capture_threats` finds, exactly,
    /// one move per largest set of stacks captured together; the biggest
    /// capture is among them.
    ///
    /// A reply could also win by leaving `me` no legal move, which the query
    /// does not see: unless `cannot_stalemate` proves that no reply can, this
    /// gives up (None, "not searched in full"), as it does when the search
    /// does not finish or a quiet reply could reach the quiet-move draw.
    pub fn cash_worst_reply(&mut self, pos: &Position, me: Side) -> Option<i64> {
        let quiet_draw = self.rules.quiet_limit_reached(pos.quiet + 1);
        let threats = crate::cash::capture_threats(pos, LIST_LIMIT).ok();
        let Some(threats) = threats.filter(|t| t.largest && !quiet_draw) else {
            self.exceeded = true;
            return None;
        };
        self.work += threats.moves.len().max(1);
        if self.work > self.limit {
            self.exceeded = true;
            return None;
        }
        let mine = pos
            .board
            .geometry()
            .cells()
            .filter(|&c| pos.owner(c) == me && pos.board.is_occupied(c));
        let mine = mine.count();
        if threats.moves.iter().any(|t| t.captured.len() == mine) {
            return Some(-WIN);
        }
        let mut work = LIST_LIMIT;
        if crate::cash::cannot_stalemate(pos, &mut work) != Some(true) {
            self.exceeded = true;
            return None;
        }
        let most = threats.moves.iter().map(|t| i64::from(t.captured_stones)).max();
        Some(material(pos, me) - 2 * most.unwrap_or(0))
    }

    /// The moves from `pos` that win at once for the side to move.
    fn wins_now(&mut self, pos: &Position) -> Option<Vec<Transition>> {
        let me = pos.side_to_move;
        let rules = self.rules;
        Some(self.moves(pos)?.into_iter().filter(|t| result(t, me, rules) == Some(WIN)).collect())
    }

    /// For a move `m` that does not end the game: `Some(Some(reply))` when
    /// every reply leaves `me` a win in one (the reply given is the one
    /// leaving the fewest winning moves, then the first in notation order),
    /// `Some(None)` when some reply does not.
    fn forces_win(&mut self, m: &Transition, me: Side) -> Option<Option<(Transition, Transition)>> {
        let mut replies = self.moves(&m.position)?;
        sorting::sort_by_key(&mut replies, |r| r.mv.to_string());
        let mut best: Option<(usize, Transition, Transition)> = None;
        for r in replies {
            if result(&r, me, self.rules).is_some() {
                return Some(None);
            }
            let mut wins = self.wins_now(&r.position)?;
            if wins.is_empty() {
                return Some(None);
            }
            sorting::sort_by_key(&mut wins, |w| w.mv.to_string());
            if best.as_ref().is_none_or(|(n, ..)| wins.len() < *n) {
                best = Some((wins.len(), r, wins.swap_remove(0)));
            }
        }
        Some(best.map(|(_, r, w)| (r, w)))
    }

    /// Every move of `moves` (not ending the game) after which every reply
    /// leaves `me` a win in one, in notation order, each with the reply and
    /// the win of its line (`forces_win`).
    pub fn wins_in_two<'m>(
        &mut self,
        moves: &'m [Transition],
        me: Side,
    ) -> Option<Vec<(&'m Transition, Transition, Transition)>> {
        let mut sorted: Vec<&Transition> = moves.iter().collect();
        sorting::sort_by_key(&mut sorted, |m| m.mv.to_string());
        let mut forced = Vec::new();
        for m in sorted {
            if result(m, me, self.rules).is_some() {
                continue;
            }
            if let Some((r, w)) = self.forces_win(m, me)? {
                forced.push((m, r, w));
            }
        }
        Some(forced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The puzzles' work limit.
    const WORK: usize = 2_000_000;

    /// The reply query agrees with listing every reply wherever both work:
    /// on crowded set-ups (small stacks, so the replies can be listed), for
    /// every move of the side to move, the query's value is the worst
    /// listed reply's, or it gives up. Stalemates (a reply leaving no move)
    /// are in the listed values, so a wrong "no capture, no stalemate"
    /// argument fails here.
    #[test]
    fn the_cash_reply_query_agrees_with_listing_every_reply() {
        let rules = Rules::default();
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut agreed, mut wins, mut gave_up) = (0, 0, 0);
        for _ in 0..60 {
            let Some(pos) = super::super::setups::cash_cluster(&mut rng, 4, 0.45, 3) else {
                continue;
            };
            let me = pos.side_to_move;
            let Ok(moves) = pos.legal_moves(&rules, LIST_LIMIT) else { continue };
            for m in moves.iter().filter(|m| result(m, me, &rules).is_none()) {
                if m.position.legal_moves(&rules, LIST_LIMIT).is_err() {
                    continue;
                }
                // The replies fit the limit, so `two_ply` lists them all.
                let listed = Solver::with_capture_query(&rules, WORK)
                    .two_ply(m, me)
                    .expect("listed in full");
                let mut s = Solver::with_capture_query(&rules, WORK);
                match s.cash_worst_reply(&m.position, me) {
                    Some(v) => {
                        assert_eq!(v, listed, "after {} in {pos}", m.mv);
                        agreed += 1;
                        wins += usize::from(v == -WIN);
                    }
                    None => gave_up += 1,
                }
            }
        }
        assert!(
            agreed > 2000 && wins > 4,
            "agreed {agreed}, of them wins {wins}, gave up {gave_up}"
        );
    }
}
