//! Agent `mcts`: the strong reference opponent. Monte Carlo tree
//! search with
//! - a solver: decided positions (a move that wins at once; a position
//!   whose every move is a proven loss) are propagated up the tree and never
//!   explored again, so a win in one at the root is always taken and a
//!   proven loss avoided while another move is not proven lost;
//! - informed leaves: instead of random playouts (which in these games
//!   almost never capture, so they say little), each new node is valued by
//!   the static evaluation turned into a win probability; the evaluation
//!   sees every capture and city capture available in one move exactly
//!   (Intermedium) or every stack doomed at the end of the next move (Cash
//!   in Hand), so a leaf's value already includes the next move's captures;
//!   in Intermedium the leaf is valued by the domain's quiescence search
//!   instead (`Domain::quiesce`: the best captures, the recaptures and the
//!   answers to them played out, then the evaluation), which the
//!   independent reference program got from capture-seeking playouts;
//! - progressive widening: a node's moves are ordered once, when the node
//!   is first expanded (Intermedium: by the evaluation without its costly
//!   capture-threat walks, the full one valuing each move as it enters the
//!   tree; Cash in Hand: by the evaluation), and only the best
//!   `1 + sqrt(visits)` of them compete for visits. In Cash in Hand the moves
//!   are the bounded candidate list (capture-seeking sowings first), or every
//!   move in small endgames.
//!
//! - Intermedium city races (`Domain::order_fully`, `Domain::widen_below`,
//!   asked only by `mcts`): the cheap prior sees no capture threat, so the
//!   best 40 moves by it are re-ordered by the full evaluation, and every
//!   move once a stone stands next to a city; a node whose explored moves
//!   all look lost widens at once instead of waiting for visits (the one
//!   move that parries a city threat may rank low); and a leaf where the
//!   mover's city falls next move whatever it plays is scored as lost
//!   (`IntermediumDomain::city_falls`). Cash in Hand answers none of these, so
//!   its play is unchanged (`tests/ai/cash_frozen.rs`).
//!
//! - a seed: each root move's value gets a little noise from the caller's
//!   generator (and equal visit counts are split at random), so two seeds
//!   can play different games from one position while one seed replays the
//!   same game; without it every game from a position would repeat
//!   (20 identical games in a 40-game match without it).
//!
//! - time management (`Settings::manage`, Intermedium's level 8 only): a
//!   search stops as soon as no other root move can catch its choice's
//!   visits in the nodes left, and runs on past its budget, up to half as
//!   much again, while its most visited root move is not its best valued:
//!   the nodes go to the moves still open. On the 400-game pilot against
//!   `mcts-tuned` it is worth 4.5 points (docs/ai/journal.md, "the
//!   win-probability scale, and time management").
//!
//! It shares the game knowledge of the levels (`Domain`), not their search.

use super::budget::Budget;
use super::search::{Domain, WIN};
use super::zobrist;
use crate::play::Transition;
use crate::position::Position;
use crate::sorting;
use rand::rngs::SmallRng;
use rand::Rng;

/// UCB exploration for values in [0, 1]; evaluation-valued leaves are far
/// less noisy than playouts, so less exploration than UCB1's sqrt 2.
const EXPLORATION: f64 = 0.6;

/// The root noise the agents give `Settings::noise` (win probability, peak
/// to peak): 2%, a few tenths of a stone near an even position, so the seed
/// varies its choice among moves it judges nearly equal.
pub(crate) const ROOT_NOISE: f64 = 0.02;

/// Settings of one game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// Evaluation points (1/100 stone) that turn a 50% game into 73%.
    pub scale: f64,
    /// Root noise: each root move's value (a win probability) is moved by
    /// up to half this, up or down. Small enough not to override a clear
    /// difference, enough to break near-ties differently per seed.
    pub noise: f64,
    /// Treat the domain's exact knowledge as proof: a leaf valued certain
    /// (a win or loss the quiescence search or `Domain::decided` found) is
    /// solved like a finished game, and in a city race every move is
    /// checked by `Domain::decided` when listed, so a move that creates an
    /// unstoppable threat is tried first; at the root, so is every move
    /// whose position `Domain::screen` picks (in Intermedium, a move that
    /// starts a city race). Off for the reference `mcts`.
    pub prove: bool,
    /// Time management: stop once no other root move can catch the
    /// choice's visits in the nodes left, and run on, up to `EXTEND` of
    /// the budget more, while the most visited root move is not the best
    /// valued one. Off for the reference `mcts`.
    pub manage: bool,
}

/// How often, in iterations, a managed search looks at its root.
const MANAGE_EVERY: u32 = 128;
/// How much more than its budget a managed search may spend while its root
/// has not settled, as a share of the budget.
const EXTEND: f64 = 0.5;
/// The share of the most visited root move's visits a move needs for its
/// mean to unsettle the root: a move just tried has a mean but no weight.
const UNSETTLE_VISITS: f64 = 0.1;

struct Node {
    transition: Option<Transition>,
    /// Children in the tree.
    kids: Vec<usize>,
    /// Moves not yet in the tree, with their static value for the mover at
    /// this node (best last, for `pop`).
    pending: Vec<(f64, Transition)>,
    listed: bool,
    /// Whether the listed moves are every legal move (then a node all of
    /// whose moves lose is lost).
    complete: bool,
    visits: f64,
    /// Total value for the side that moved into this node.
    value: f64,
    /// Decided: `Some(true)` if the side that moved into this node wins.
    proven: Option<bool>,
    /// A repetition draw: valued 0.5 and never expanded.
    draw: bool,
}

impl Node {
    fn new(transition: Option<Transition>, value: f64, proven: Option<bool>) -> Node {
        Node {
            transition,
            kids: Vec::new(),
            pending: Vec::new(),
            listed: false,
            complete: false,
            visits: 1.0,
            value,
            proven,
            draw: false,
        }
    }
    fn mean(&self) -> f64 {
        self.value / self.visits
    }
}

struct Tree<'d, 'b, 'c, 'r, D: Domain> {
    domain: &'d mut D,
    budget: &'b mut Budget<'c>,
    nodes: Vec<Node>,
    settings: Settings,
    rng: &'r mut SmallRng,
    /// Positions (by hash) a root move would repeat a third time.
    draws: &'r [u64],
}

impl<D: Domain> Tree<'_, '_, '_, '_, D> {
    /// `v` with the root noise added. Certain values (0 or 1) are left
    /// alone and others never become certain: noise must not fake a win.
    fn noisy(&mut self, v: f64) -> f64 {
        let r: f64 = self.rng.random();
        if v <= 0.0 || v >= 1.0 {
            return v;
        }
        (v + self.settings.noise * (r - 0.5)).clamp(1e-3, 1.0 - 1e-3)
    }

    fn probability(&self, score: i32) -> f64 {
        if score >= WIN / 2 {
            return 1.0;
        }
        if score <= -WIN / 2 {
            return 0.0;
        }
        1.0 / (1.0 + (-(score as f64) / self.settings.scale).exp())
    }

    /// Lists and orders the moves of node `n` (position `pos`). Returns
    /// false if there are none (the side to move has lost).
    fn list(&mut self, n: usize, pos: &Position, root: bool) -> bool {
        self.nodes[n].listed = true;
        let mover = pos.side_to_move;
        // The root's list and its moves' values (the screen) are complete
        // whatever the node budget, and a deadline stops them only past
        // the screen's floor of work (`Budget::screen`: hostile set-ups).
        let mut listing = root.then(|| self.budget.screen());
        let kids = match listing.as_mut() {
            Some(listing) => {
                let kids = self.domain.children(pos, listing, true);
                self.budget.spend(listing.spent());
                kids
            }
            None => self.domain.children(pos, self.budget, false),
        };
        let Some(kids) = kids else {
            return true;
        };
        self.nodes[n].complete = self.domain.complete();
        if kids.is_empty() {
            return false;
        }
        let full = self.domain.order_fully(pos);
        let prove_all = self.settings.prove && full == usize::MAX;
        let screen = self.settings.prove && !prove_all && self.domain.screen(pos);
        // At the root, a move that starts a city race is screened too: the
        // one that makes a threat no reply parries is a win in 3 the cheap
        // prior may rank too low to be tried.
        let screen_root = self.settings.prove && !prove_all && root;
        let mut pending: Vec<(f64, Transition)> = Vec::with_capacity(kids.len());
        let mut work = 0;
        for (i, t) in kids.into_iter().enumerate() {
            // Past the screen's floor and the deadline the moves valued so
            // far stand (the root's list of a tall stack can hold a hundred
            // thousand moves).
            if let Some(listing) = listing.as_mut() {
                let done = self.domain.take_work();
                work += done;
                if i > 0 && listing.screen_time(1 + done) {
                    break;
                }
            }
            let v = match t.decisive {
                Some(o) if o.winner == Some(mover) => 1.0,
                Some(o) if o.winner.is_none() => 0.5,
                Some(_) => 0.0,
                None if prove_all => match self.domain.decided(&t.position) {
                    Some(s) => 1.0 - self.probability(s),
                    None => 1.0 - self.probability(self.domain.evaluate(&t.position)),
                },
                None => {
                    let pos = &t.position;
                    let check = screen || (screen_root && self.domain.screen(pos));
                    let screened = if check { self.domain.decided(pos) } else { None };
                    let score = screened.unwrap_or_else(|| {
                        let prior = if full == usize::MAX { None } else { self.domain.prior(pos) };
                        prior.unwrap_or_else(|| self.domain.evaluate(pos))
                    });
                    1.0 - self.probability(score)
                }
            };
            pending.push((v, t));
        }
        if root {
            for entry in pending.iter_mut().filter(|e| e.1.decisive.is_none()) {
                entry.0 = self.noisy(entry.0);
            }
        }
        work += self.domain.take_work();
        self.budget.spend(work + pending.len() as u64);
        self.order(&mut pending);
        if full > 0 && full < pending.len() && self.domain.prior(pos).is_some() {
            // The best `full` by the cheap prior, re-ordered by the full
            // evaluation, stay ahead of the rest.
            let mut head = pending.split_off(pending.len() - full);
            // A move screened as decided keeps its certain value.
            let certain = |v: f64| (screen || screen_root) && (v <= 0.0 || v >= 1.0);
            for entry in head.iter_mut().filter(|e| e.1.decisive.is_none() && !certain(e.0)) {
                entry.0 = 1.0 - self.probability(self.domain.evaluate(&entry.1.position));
                if root {
                    entry.0 = self.noisy(entry.0);
                }
            }
            let work = self.domain.take_work();
            self.budget.spend(work + full as u64);
            self.order(&mut head);
            pending.append(&mut head);
        }
        self.nodes[n].pending = pending;
        true
    }

    /// Sorts moves by value, best last. With `Settings::prove`, a win that
    /// ends the game at once sorts after (so it pops first) one that takes
    /// longer: both are valued 1.
    fn order(&self, moves: &mut [(f64, Transition)]) {
        if self.settings.prove {
            let ends = |e: &(f64, Transition)| e.1.decisive.is_some();
            sorting::sort_by(moves, |a, b| a.0.total_cmp(&b.0).then(ends(a).cmp(&ends(b))));
        } else {
            sorting::sort_by(moves, |a, b| a.0.total_cmp(&b.0));
        }
    }

    /// Moves the best pending move of `n` into the tree; its index.
    fn widen(&mut self, n: usize) -> Option<usize> {
        let (mut v, t) = self.nodes[n].pending.pop()?;
        if t.decisive.is_none() && self.domain.prior(&t.position).is_some() {
            // Ordered by the cheap prior: valued in full on entering the tree.
            let score = self.domain.quiesce(&t.position);
            v = 1.0 - self.probability(score);
            let work = self.domain.take_work();
            self.budget.spend(work + 1);
            if n == 0 {
                v = self.noisy(v);
            }
        }
        let proven = match t.decisive {
            // A draw is decided too, but neither proven won nor lost.
            Some(o) if o.winner.is_none() => None,
            Some(_) => Some(v >= 1.0),
            None if self.settings.prove && v >= 1.0 => Some(true),
            None if self.settings.prove && v <= 0.0 => Some(false),
            None => None,
        };
        let draw =
            n == 0 && t.decisive.is_none() && self.draws.contains(&zobrist::hash(&t.position));
        let child = self.nodes.len();
        let mut node = Node::new(Some(t), if draw { 0.5 } else { v }, proven);
        node.draw = draw;
        self.nodes.push(node);
        self.nodes[n].kids.push(child);
        Some(child)
    }

    /// Whether every explored move of `n` looks lost for its mover (see
    /// `Domain::widen_below`).
    fn desperate(&self, n: usize) -> bool {
        let below = self.domain.widen_below();
        below > 0.0 && self.nodes[n].kids.iter().all(|&k| self.nodes[k].mean() < below)
    }

    fn allowed(&self, n: usize) -> usize {
        1 + self.nodes[n].visits.sqrt() as usize
    }

    /// Updates `n`'s proof from its children's.
    fn settle(&mut self, n: usize) {
        let node = &self.nodes[n];
        if node.proven.is_some() {
            return;
        }
        if node.kids.iter().any(|&k| self.nodes[k].proven == Some(true)) {
            self.nodes[n].proven = Some(false);
        } else if node.complete
            && node.pending.is_empty()
            && !node.kids.is_empty()
            && node.kids.iter().all(|&k| self.nodes[k].proven == Some(false))
        {
            self.nodes[n].proven = Some(true);
        }
    }

    fn select(&self, n: usize) -> Option<usize> {
        let node = &self.nodes[n];
        let ln = node.visits.ln();
        node.kids
            .iter()
            .copied()
            .filter(|&k| self.nodes[k].proven != Some(false))
            .max_by(|&a, &b| self.ucb(a, ln).total_cmp(&self.ucb(b, ln)))
    }

    fn ucb(&self, k: usize, ln_parent: f64) -> f64 {
        let c = &self.nodes[k];
        if c.proven == Some(true) {
            return f64::INFINITY;
        }
        c.mean() + EXPLORATION * (ln_parent / c.visits).sqrt()
    }

    /// For time management: the most visited open root move's lead in
    /// visits over the next, and whether it is also the best valued of the
    /// open moves with some weight (`UNSETTLE_VISITS`).
    fn root_standing(&self) -> (f64, bool) {
        let open = || {
            self.nodes[0].kids.iter().map(|&k| &self.nodes[k]).filter(|c| c.proven != Some(false))
        };
        let (mut top, mut next): (Option<&Node>, f64) = (None, 0.0);
        for c in open() {
            match top {
                Some(t) if c.visits <= t.visits => next = next.max(c.visits),
                _ => {
                    next = top.map_or(0.0, |t| t.visits);
                    top = Some(c);
                }
            }
        }
        let Some(top) = top else {
            return (0.0, true);
        };
        // (A move proven won needs no check: it proves the root, which ends
        // the search.)
        let weight = UNSETTLE_VISITS * top.visits;
        let settled = open().all(|c| c.visits < weight || c.mean() <= top.mean());
        (top.visits - next, settled)
    }

    /// One iteration: descend, grow, back up.
    fn iterate(&mut self, root: &Position) {
        let mut path = vec![0usize];
        let mut pos = *root;
        let mut cur = 0;
        let leaf_value;
        loop {
            if let Some(p) = self.nodes[cur].proven {
                leaf_value = if p { 1.0 } else { 0.0 };
                break;
            }
            if self.nodes[cur].draw {
                leaf_value = 0.5;
                break;
            }
            if !self.nodes[cur].listed {
                if let Some(v) = self.domain.terminal(&pos) {
                    // Scored for the side to move here: flip for the mover in.
                    let proven = if v == 0 { None } else { Some(v < 0) };
                    self.nodes[cur].proven = proven;
                    leaf_value = 1.0 - self.probability(v);
                    break;
                }
                if !self.list(cur, &pos, cur == 0) {
                    self.nodes[cur].proven = Some(true);
                    leaf_value = 1.0;
                    break;
                }
            }
            let node = &self.nodes[cur];
            let open = node.kids.iter().filter(|&&k| self.nodes[k].proven != Some(false)).count();
            let grow = !node.pending.is_empty()
                && (node.kids.len() < self.allowed(cur) || open == 0 || self.desperate(cur));
            let next = if grow { self.widen(cur) } else { self.select(cur) };
            let Some(next) = next else {
                // Not expandable (a node judged statically, or all lost).
                self.settle(cur);
                leaf_value = match self.nodes[cur].proven {
                    Some(p) => f64::from(u8::from(p)),
                    None => self.nodes[cur].mean(),
                };
                break;
            };
            cur = next;
            pos = self.nodes[cur].transition.as_ref().expect("a child has a move").position;
            path.push(cur);
            if grow {
                // The new child's value is its evaluation: no descent.
                leaf_value = self.nodes[cur].mean();
                break;
            }
        }
        let mut v = leaf_value;
        for &n in path.iter().rev() {
            self.nodes[n].visits += 1.0;
            self.nodes[n].value += v;
            self.settle(n);
            v = 1.0 - v;
        }
        self.budget.spend(1);
    }
}

/// The move MCTS chooses for the side to move in `root` within `budget`;
/// `rng` supplies the root noise and tie-breaks.
pub(crate) fn choose<D: Domain>(
    domain: &mut D,
    root: &Position,
    settings: Settings,
    budget: &mut Budget,
    rng: &mut SmallRng,
) -> Option<Transition> {
    ranked(domain, root, settings, budget, rng, &[]).moves.into_iter().next()
}

/// The root's moves as `ranked` orders them.
pub(crate) struct Ranked {
    /// The choice first, then the other explored moves by visits, then the
    /// unexplored ones by their static value, then the moves proven lost
    /// (empty when the side to move has no move).
    pub moves: Vec<Transition>,
    /// How many of `moves`, at the end, are proven lost.
    pub lost: usize,
    /// What the search knows of the first `stats.len()` moves (the ones it
    /// explored, in that order; none when the root needed no search).
    pub stats: Vec<RootStat>,
}

/// An explored root move's standing in the tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootStat {
    pub visits: f64,
    /// Its mean value for the side to move at the root (a win
    /// probability).
    pub mean: f64,
}

/// The root moves in MCTS's order of preference (`Ranked`). `draws` are
/// positions (by hash) that a move would repeat a third time: such a move
/// is a draw.
pub(crate) fn ranked<D: Domain>(
    domain: &mut D,
    root: &Position,
    settings: Settings,
    budget: &mut Budget,
    rng: &mut SmallRng,
    draws: &[u64],
) -> Ranked {
    let mut tree =
        Tree { domain, budget, nodes: vec![Node::new(None, 0.5, None)], settings, rng, draws };
    if !tree.list(0, root, true) {
        return Ranked { moves: Vec::new(), lost: 0, stats: Vec::new() };
    }
    let decided = tree.nodes[0].pending.len() == 1
        // A win in one needs no search.
        || tree.nodes[0].pending.last().is_some_and(|x| x.0 >= 1.0);
    if decided {
        let moves = tree.nodes[0].pending.drain(..).rev().map(|x| x.1).collect();
        return Ranked { moves, lost: 0, stats: Vec::new() };
    }
    let start = tree.budget.spent();
    let mut iterations: u32 = 0;
    let mut extended = false;
    loop {
        tree.iterate(root);
        iterations += 1;
        if tree.nodes[0].proven.is_some() {
            break;
        }
        let look = settings.manage && iterations.is_multiple_of(MANAGE_EVERY);
        if look {
            let (lead, settled) = tree.root_standing();
            // The iterations the nodes left will pay for, at the cost so far.
            let used = (tree.budget.spent() - start).max(1) as f64;
            let left = tree.budget.remaining() as f64 * f64::from(iterations) / used;
            if lead > left || (extended && settled) {
                break;
            }
        }
        if tree.budget.exhausted() {
            if settings.manage && !extended && !tree.root_standing().1 {
                extended = true;
                let more = (tree.budget.limit() - start) as f64 * EXTEND;
                tree.budget.extend(more as u64);
                continue;
            }
            break;
        }
    }
    let nodes = &tree.nodes;
    let kids = &nodes[0].kids;
    let lost = |k: usize| nodes[k].proven == Some(false);
    let alive: Vec<usize> = kids.iter().copied().filter(|&k| !lost(k)).collect();
    // All lost: the one that resisted longest in visits. While a move is
    // unexplored, a proven loss is not chosen (the unexplored go first).
    let field = if alive.is_empty() && nodes[0].pending.is_empty() { kids } else { &alive };
    let most = field.iter().map(|&k| nodes[k].visits).fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<usize> = field.iter().copied().filter(|&k| nodes[k].visits == most).collect();
    let best = kids
        .iter()
        .copied()
        .find(|&k| nodes[k].proven == Some(true))
        .or_else(|| (!tied.is_empty()).then(|| tied[tree.rng.random_range(0..tied.len())]));
    // The rest by visits, the moves proven lost after the unexplored ones:
    // a caller that passes over the choice (`agents::guard_intermedium`)
    // must not land on a certain loss while a move is still open.
    let mut order: Vec<usize> = kids.iter().copied().filter(|&k| Some(k) != best).collect();
    sorting::sort_by(&mut order, |&a, &b| nodes[b].visits.total_cmp(&nodes[a].visits));
    let (beaten, open): (Vec<usize>, Vec<usize>) = order.into_iter().partition(|&k| lost(k));
    // A lost choice means every move is lost: all of them count.
    let lost_count = if best.is_some_and(lost) { kids.len() } else { beaten.len() };
    let mut moves: Vec<Transition> = Vec::with_capacity(kids.len() + nodes[0].pending.len());
    let mut stats = Vec::with_capacity(kids.len());
    for k in best.into_iter().chain(open) {
        let node = &mut tree.nodes[k];
        let stat = RootStat { visits: node.visits, mean: node.mean() };
        if let Some(t) = node.transition.take() {
            moves.push(t);
            stats.push(stat);
        }
    }
    moves.extend(tree.nodes[0].pending.drain(..).rev().map(|x| x.1));
    for k in beaten {
        if let Some(t) = tree.nodes[k].transition.take() {
            moves.push(t);
        }
    }
    Ranked { moves, lost: lost_count, stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::knowledge::eval_intermedium::{MOBILE, MOBILE_SCALE};
    use crate::ai::knowledge::intermedium::IntermediumDomain;
    use crate::ai::NoClock;
    use crate::Rules;
    use rand::SeedableRng;

    /// Level 8's settings (`agents::choose`).
    const MANAGED: Settings =
        Settings { scale: MOBILE_SCALE, noise: ROOT_NOISE, prove: true, manage: true };

    /// A root with children of these (visits, mean, proven lost).
    fn standing(kids: &[(f64, f64, bool)]) -> (f64, bool) {
        let mut domain = IntermediumDomain::lean(Rules::default(), &MOBILE);
        let mut budget = Budget::new(1, None, &NoClock);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut tree = Tree {
            domain: &mut domain,
            budget: &mut budget,
            nodes: vec![Node::new(None, 0.5, None)],
            settings: MANAGED,
            rng: &mut rng,
            draws: &[],
        };
        for &(visits, mean, lost) in kids {
            let mut node = Node::new(None, visits * mean, lost.then_some(false));
            node.visits = visits;
            tree.nodes.push(node);
            let k = tree.nodes.len() - 1;
            tree.nodes[0].kids.push(k);
        }
        tree.root_standing()
    }

    #[test]
    fn the_root_is_settled_when_its_most_visited_move_is_also_the_best_valued() {
        // A move tried a few times does not unsettle it, whatever its mean.
        assert_eq!(
            standing(&[(100.0, 0.6, false), (40.0, 0.5, false), (5.0, 0.9, false)]),
            (60.0, true)
        );
        // One with a tenth of the visits and a better mean does.
        assert_eq!(
            standing(&[(100.0, 0.6, false), (40.0, 0.5, false), (15.0, 0.9, false)]),
            (60.0, false)
        );
        assert_eq!(
            standing(&[(40.0, 0.5, false), (100.0, 0.6, false), (60.0, 0.61, false)]),
            (40.0, false)
        );
        // Moves proven lost count for neither the lead nor the values.
        assert_eq!(
            standing(&[(100.0, 0.6, false), (120.0, 0.9, true), (30.0, 0.4, false)]),
            (70.0, true)
        );
        assert_eq!(standing(&[(120.0, 0.9, true)]), (0.0, true));
    }

    /// Nodes a search of `settings` on `limit` nodes spends from `pos`, and
    /// its choice.
    fn search(pos: &Position, settings: Settings, limit: u64) -> (u64, String) {
        let mut domain = IntermediumDomain::lean(Rules::default(), &MOBILE);
        let mut budget = Budget::new(limit, None, &NoClock);
        let mut rng = SmallRng::seed_from_u64(7);
        let moves = ranked(&mut domain, pos, settings, &mut budget, &mut rng, &[]).moves;
        (budget.spent(), moves[0].mv.to_string())
    }

    /// A managed search stops once its choice cannot change and runs on,
    /// within `EXTEND` of its budget, while its root is unsettled; an
    /// unmanaged one spends its budget (give or take an iteration).
    #[test]
    fn a_managed_search_spends_its_nodes_where_the_choice_is_open() {
        // Red must stop Blue's city capture: d8-c9-d10-e9 is the one move
        // that does (a tactics-suite position), so the others are soon
        // proven lost.
        let forced: Position = "intermedium 0,0,1,0,1,1,0/0,0,0,1,1,0,0/0,1,1,3,0,1,1/2,0,2,0,0,2,0/\
            1,0,0,1,1,0,1/0,0,0,1,0,0,0/0,0,0,0,1,3,0/0,2,0,1,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0 red 3 30"
            .parse()
            .unwrap();
        // Red wins material (a tactics-suite position), and the tree values
        // its moves alike (0.988-0.989 on about 60 visits each), so its most
        // visited is not always its best valued.
        let open: Position = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,4/0,0,0,0,0,0,0/3,0,3,0,2,0,0/\
            0,2,0,3,0,1,0/1,0,5,0,2,0,1/1,1,1,0,0,2,0/0,2,0,3,0,0,2/0,0,0,0,1,0,2/0,0,0,0,0,2,0 red 1 17"
            .parse()
            .unwrap();
        let plain = Settings { manage: false, ..MANAGED };
        let limit = 60_000;
        let slack = limit / 20;
        let (spent, choice) = search(&forced, MANAGED, limit);
        let (plain_spent, plain_choice) = search(&forced, plain, limit);
        assert!(spent < limit * 3 / 4, "{spent}");
        assert!((limit..limit + slack).contains(&plain_spent), "{plain_spent}");
        assert_eq!((choice.as_str(), plain_choice.as_str()), ("d8-c9-d10-e9", "d8-c9-d10-e9"));
        let (spent, _) = search(&open, MANAGED, limit);
        let (plain_spent, _) = search(&open, plain, limit);
        let most = limit + (limit as f64 * EXTEND) as u64 + slack;
        assert!((limit + slack..most).contains(&spent), "{spent}");
        assert!((limit..limit + slack).contains(&plain_spent), "{plain_spent}");
    }
}
