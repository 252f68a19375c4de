//! Selective alpha-beta search with iterative deepening and a
//! transposition table, shared by both games.
//!
//! Why selective: an Intermedium position has 300-6000 distinct moves and a
//! Cash in Hand candidate list a few hundred, and producing them costs about
//! a microsecond each, so a full-width search would never pass depth 2. Every
//! node therefore scores all its children with the static evaluation (which
//! sees captures and city captures one move ahead exactly, so it is a cheap
//! quiescence), then searches only the best `width` of them deeper. At depth
//! 1 all children count: the guarantees "take a winning move" and "never
//! allow a city capture in one if any move prevents it" hold at every
//! level that searches.

use super::budget::Budget;
use super::zobrist;
use crate::play::Transition;
use crate::position::Position;
use crate::sorting;
use crate::variant::Side;

/// A won game, from the winner's view, ahead of the ply correction: a win in
/// fewer plies scores higher, a later loss scores higher than an immediate one.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
const WIN_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;

/// What the search needs to know of a game.
pub(crate) trait Domain {
    /// The moves to consider from a position that is not over (all distinct
    /// moves, or a bounded candidate list). Empty means no legal move.
    /// Implementations charge their work to `budget`. Away from the `root`
    /// they may answer `None` when the list would cost too much: the node is
    /// then judged by its static evaluation.
    fn children(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
        root: bool,
    ) -> Option<Vec<Transition>>;
    /// The score for the side to move if the game is over here.
    fn terminal(&self, pos: &Position) -> Option<i32>;
    /// Static score for the side to move; also handles finished positions.
    fn evaluate(&self, pos: &Position) -> i32;
    /// Work done by evaluations since the last call, in nodes (for
    /// evaluations whose cost varies a lot from position to position).
    fn take_work(&mut self) -> u64 {
        0
    }
    /// A cheaper score than `evaluate` for ordering many moves, if the game
    /// has one (`None`: order by `evaluate`).
    fn prior(&self, _pos: &Position) -> Option<i32> {
        None
    }
    /// A score for the side to move that plays out the captures available
    /// in the position (a quiescence search), where the game has one; its work is
    /// reported by `take_work`. Default: the static evaluation.
    fn quiesce(&mut self, pos: &Position) -> i32 {
        self.evaluate(pos)
    }
    /// Whether the last list `children` gave held every legal move.
    fn complete(&self) -> bool {
        false
    }
    /// How many of the moves of `pos` `mcts` orders by the full evaluation
    /// rather than by `prior`: the best that many by the prior are
    /// re-ordered (`usize::MAX`: all, for positions where the cheap prior
    /// misses what decides the game, such as a city race). Default: none.
    fn order_fully(&mut self, _pos: &Position) -> usize {
        0
    }
    /// `mcts` widens a node beyond its progressive-widening allowance while
    /// its best explored move is worth less than this win probability for
    /// the mover: a saving move ranked low by the prior must still be found.
    /// Default 0: never.
    fn widen_below(&self) -> f64 {
        0.0
    }
    /// A score for the side to move when cheap knowledge proves the game
    /// decided here although no move has ended it (a win or loss bound,
    /// `WIN`-scaled), else `None`. Asked by `mcts` when
    /// `Settings::prove` is set. Default: never.
    fn decided(&mut self, _pos: &Position) -> Option<i32> {
        None
    }
    /// Whether `mcts` with `Settings::prove` asks `decided` of every move
    /// of `pos` when listing it, while valuing them by `prior` and
    /// re-ordering the best `order_fully` by the full evaluation (rather
    /// than judging every move in full, as it does when `order_fully` is
    /// `usize::MAX`). Asked too of the position after each root move: a
    /// root move for which it is true is checked by `decided` although
    /// the root is not screened. Default: never.
    fn screen(&mut self, _pos: &Position) -> bool {
        false
    }
}

/// Search shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Deepest iteration (1 = static evaluation of every move).
    pub max_depth: u32,
    /// Root moves searched beyond depth 1.
    pub root_width: usize,
    /// Children searched deeper at inner nodes.
    pub width: usize,
    /// Moves within this many points of the best get exact scores, so the
    /// caller can choose among near-equals for variety.
    pub margin: i32,
    /// When every searched root move loses, search the others (with a
    /// budget of their own) for one that does not. Off only for `baseline5`.
    pub rescue: bool,
    /// At the last ply, this many of the best-looking children are scored
    /// by the domain's quiescence search instead of the static evaluation
    /// (0: none), so an exchange at the horizon is played out, not guessed.
    pub quiesce: usize,
    /// Repetition draws judged at every node, not only at the root: a
    /// position the game has seen twice is a draw wherever the search
    /// reaches it, so a side far ahead does not let the opponent repeat a
    /// third time (seen: a Cash in Hand level 5 60 stones up drawn by the
    /// defender's repetition). Off only for `baseline5`.
    pub deep_draws: bool,
    /// At the last ply (without `quiesce`), score a node's children only
    /// until one reaches beta: the node fails high and the rest cannot
    /// change that (captures are scored first, as the likeliest to). Most
    /// of a depth-3 search's time goes to these nodes. The scores of root
    /// moves within the margin of the best stay exact; those below it are
    /// bounds either way, only looser, so it is off for the levels that
    /// read them (a lapse to a lower-ranked move, a beginner's misreading).
    pub cut_last_ply: bool,
}

/// Nodes the rescue search may spend (see `Shape::rescue`).
const RESCUE_NODES: u64 = 200_000;

/// One root move and its score for the mover.
pub(crate) struct Scored {
    pub transition: Transition,
    pub score: i32,
    /// The depth the score comes from.
    pub depth: u32,
}

/// The root moves, best first.
pub(crate) struct Report {
    pub moves: Vec<Scored>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a node's `best` is, searched in the window (`alpha`, `beta`).
    fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    best: u64,
    score: i32,
    depth: u8,
    bound: Bound,
}

/// A fixed-size, always-replace transposition table.
struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    fn new(bits: u32) -> Table {
        Table { slots: vec![None; 1 << bits] }
    }
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }
    fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }
    fn store(&mut self, e: Entry) {
        let i = self.slot(e.key);
        self.slots[i] = Some(e);
    }
}

/// Win/loss scores count from the root: nearer wins are better.
fn from_root(v: i32, ply: u32) -> i32 {
    if v >= WIN_BOUND {
        v - ply as i32
    } else if v <= -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

struct Searcher<'d, 'b, 'c, D: Domain> {
    domain: &'d mut D,
    budget: &'b mut Budget<'c>,
    table: Table,
    shape: Shape,
    aborted: bool,
    /// Positions (by hash) seen twice in the game: draws below the root
    /// (`Shape::deep_draws`; empty when off).
    draws: Vec<u64>,
}

impl<D: Domain> Searcher<'_, '_, '_, D> {
    /// The static score of child `k` for the `mover`: its result if it
    /// ends the game, else the evaluation.
    fn child_score(&mut self, mover: Side, k: &Transition, ply: u32) -> i32 {
        match k.decisive {
            Some(o) if o.winner == Some(mover) => WIN - ply as i32 - 1,
            Some(o) if o.winner.is_none() => 0,
            Some(_) => -WIN + ply as i32 + 1,
            None => -from_root(self.domain.evaluate(&k.position), ply + 1),
        }
    }

    /// Static scores of all children for the mover, a win first if there
    /// is one. Past the deadline, only the children scored so far (at least
    /// one): the caller then aborts, as an unfinished iteration counts for
    /// nothing. At the root (`screen`, `Budget::screen`) the deadline is
    /// heeded only past the screen's floor of work.
    fn score_children(
        &mut self,
        pos: &Position,
        kids: &[Transition],
        ply: u32,
        mut screen: Option<&mut Budget>,
    ) -> Vec<(i32, usize)> {
        let mover = pos.side_to_move;
        let mut scored = Vec::with_capacity(kids.len());
        let mut work = 0;
        for (i, k) in kids.iter().enumerate() {
            let stop = match screen.as_deref_mut() {
                Some(screen) => {
                    let done = self.domain.take_work();
                    work += done;
                    i > 0 && screen.screen_time(1 + done)
                }
                None => i > 0 && self.budget.check_time(),
            };
            if stop {
                break;
            }
            scored.push((self.child_score(mover, k, ply), i));
        }
        work += self.domain.take_work();
        self.budget.spend(work);
        scored
    }

    /// Rescores the best `shape.quiesce` of `scored` (sorted, best first)
    /// with the quiescence search.
    fn quiesce_best(&mut self, kids: &[Transition], scored: &mut [(i32, usize)], ply: u32) {
        for entry in scored.iter_mut().take(self.shape.quiesce) {
            let k = &kids[entry.1];
            if k.decisive.is_none() {
                entry.0 = -from_root(self.domain.quiesce(&k.position), ply + 1);
            }
        }
        let work = self.domain.take_work();
        self.budget.spend(work);
    }

    /// A node at the last ply, for `Shape::cut_last_ply`: its children's
    /// static scores, biggest captures first, until one reaches `beta`.
    fn last_ply(
        &mut self,
        pos: &Position,
        kids: &[Transition],
        key: u64,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        let mover = pos.side_to_move;
        let mut order: Vec<usize> = (0..kids.len()).collect();
        sorting::sort_by_key(&mut order, |&i| std::cmp::Reverse(kids[i].captured_stones));
        let (mut best, mut best_hash) = (-INF, 0);
        for (n, &i) in order.iter().enumerate() {
            // Past the deadline the node is unfinished: the iteration is
            // aborted, as in `score_children`.
            if n > 0 && self.budget.check_time() {
                self.aborted = true;
                return 0;
            }
            let k = &kids[i];
            let hash = zobrist::hash(&k.position);
            let s = if k.decisive.is_none() && self.draws.contains(&hash) {
                0
            } else {
                self.child_score(mover, k, ply)
            };
            if s > best {
                (best, best_hash) = (s, hash);
            }
            if best >= beta {
                break;
            }
        }
        let work = self.domain.take_work();
        self.budget.spend(work);
        let bound = Bound::of(best, alpha, beta);
        // A cut's child is no best move to try first next time (without
        // the cut, the best child is the one with the best static score,
        // first anyway): no move is recorded.
        let best_hash = if bound == Bound::Lower { 0 } else { best_hash };
        self.table.store(Entry { key, best: best_hash, score: best, depth: 1, bound });
        best
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.budget.exhausted() {
            self.aborted = true;
            return 0;
        }
        if let Some(v) = self.domain.terminal(pos) {
            return from_root(v, ply);
        }
        if depth == 0 {
            return from_root(self.domain.evaluate(pos), ply);
        }
        let key = zobrist::hash(pos);
        let entry = self.table.probe(key);
        if let Some(e) = entry {
            if e.depth as u32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }
        let Some(kids) = self.domain.children(pos, self.budget, false) else {
            return from_root(self.domain.evaluate(pos), ply);
        };
        if self.budget.exhausted() {
            // The list may be cut short: an empty one would read as a loss.
            self.aborted = true;
            return 0;
        }
        if kids.is_empty() {
            return -WIN + ply as i32;
        }
        if depth == 1 && self.shape.cut_last_ply && self.shape.quiesce == 0 {
            return self.last_ply(pos, &kids, key, alpha, beta, ply);
        }
        let mut scored = self.score_children(pos, &kids, ply, None);
        if scored.len() < kids.len() {
            self.aborted = true;
            return 0;
        }
        let hashes: Vec<u64> = kids.iter().map(|k| zobrist::hash(&k.position)).collect();
        if !self.draws.is_empty() {
            for (s, i) in scored.iter_mut() {
                if kids[*i].decisive.is_none() && self.draws.contains(&hashes[*i]) {
                    *s = 0;
                }
            }
        }
        let tt_best = entry.map(|e| e.best);
        sorting::sort_by(&mut scored, |a, b| {
            let a_tt = Some(hashes[a.1]) == tt_best;
            let b_tt = Some(hashes[b.1]) == tt_best;
            b_tt.cmp(&a_tt).then(b.0.cmp(&a.0))
        });
        let alpha0 = alpha;
        let (mut best, mut best_hash) = (-INF, 0);
        if depth == 1 || scored[0].0 >= WIN_BOUND {
            // All children were just scored: that is the depth-1 search.
            if depth == 1 && scored[0].0 < WIN_BOUND {
                self.quiesce_best(&kids, &mut scored, ply);
            }
            let (s, i) = *scored.iter().max_by_key(|x| x.0).expect("non-empty");
            best = s;
            best_hash = hashes[i];
        } else {
            for &(static_score, i) in scored.iter().take(self.shape.width.max(1)) {
                let v = if static_score == 0 && self.draws.contains(&hashes[i]) {
                    0
                } else {
                    -self.negamax(&kids[i].position, depth - 1, -beta, -alpha, ply + 1)
                };
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_hash = hashes[i];
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = Bound::of(best, alpha0, beta);
        self.table.store(Entry { key, best: best_hash, score: best, depth: depth as u8, bound });
        best
    }
}

/// Searches `root` (not finished) within `budget`. `draws` are child
/// positions (by hash) that would repeat a third time: scored as draws.
/// `None` when the side to move has no move.
pub(crate) fn search<D: Domain>(
    domain: &mut D,
    root: &Position,
    shape: Shape,
    budget: &mut Budget,
    draws: &[u64],
) -> Option<Report> {
    // The root's list and its moves' depth-1 scores (the screen) are
    // complete whatever the node budget: charged, not cut; a deadline stops
    // them only past the screen's floor of work (hostile set-ups; then the
    // list may be empty, or its scored part stands).
    let mut screen = budget.screen();
    let kids = domain.children(root, &mut screen, true).unwrap_or_default();
    budget.spend(screen.spent());
    if kids.is_empty() {
        return None;
    }
    let deep = if shape.deep_draws { draws.to_vec() } else { Vec::new() };
    let mut searcher =
        Searcher { domain, budget, table: Table::new(16), shape, aborted: false, draws: deep };
    let mut scored = searcher.score_children(root, &kids, 0, Some(&mut screen));
    for (s, i) in scored.iter_mut() {
        if draws.contains(&zobrist::hash(&kids[*i].position)) && kids[*i].decisive.is_none() {
            *s = 0;
        }
    }
    sorting::sort_by_key(&mut scored, |x| std::cmp::Reverse(x.0));
    let mut depth_of = vec![1u32; kids.len()];
    let decided = scored[0].0 >= WIN_BOUND;
    for depth in 2..=shape.max_depth {
        if decided || searcher.budget.exhausted() {
            break;
        }
        let before = searcher.budget.spent();
        let width = shape.root_width.min(scored.len());
        let mut alpha = -INF;
        let mut results = Vec::with_capacity(width);
        for &(static_score, i) in scored.iter().take(width) {
            let v = if draws.contains(&zobrist::hash(&kids[i].position))
                || static_score <= -WIN_BOUND
            {
                // A repetition draw, or a move that loses at once: no search changes that.
                static_score
            } else {
                let floor = alpha.saturating_sub(shape.margin).max(-INF);
                -searcher.negamax(&kids[i].position, depth - 1, -INF, -floor, 1)
            };
            if searcher.aborted {
                break;
            }
            alpha = alpha.max(v);
            results.push((v, i));
        }
        if searcher.aborted {
            break;
        }
        // The searched moves, re-ranked, ahead of the rest.
        for (v, i) in &results {
            depth_of[*i] = depth;
            if let Some(e) = scored.iter_mut().find(|e| e.1 == *i) {
                e.0 = *v;
            }
        }
        let (mut head, tail): (Vec<_>, Vec<_>) =
            scored.into_iter().enumerate().partition(|(k, _)| *k < width);
        sorting::sort_by_key(&mut head, |x| std::cmp::Reverse(x.1 .0));
        scored = head.into_iter().chain(tail).map(|(_, e)| e).collect();
        if scored[0].0 >= WIN_BOUND {
            break;
        }
        // The next iteration costs about `width` times this one: start it
        // only if it can finish, since an unfinished one is thrown away.
        let used = searcher.budget.spent() - before;
        if used.saturating_mul(shape.width as u64) > searcher.budget.remaining() {
            break;
        }
    }
    // Only depth 2 is reached (level 2, or a deeper level cut short): the
    // budget left goes to the remaining root moves at depth 2, in static
    // order, so that a move hanging a big stack is not chosen because the
    // few moves searched all hang one and the rest were never looked at.
    let reached = depth_of.iter().copied().max().unwrap_or(1);
    if shape.rescue && reached == 2 && !searcher.aborted && scored[0].0 < WIN_BOUND {
        let width = shape.root_width.min(scored.len());
        let mut extra = Vec::new();
        for &(static_score, i) in scored.iter().skip(width) {
            if searcher.budget.exhausted() || static_score <= -WIN_BOUND {
                break;
            }
            let v = -searcher.negamax(&kids[i].position, 1, -INF, INF, 1);
            if searcher.aborted {
                break;
            }
            extra.push((v, i));
        }
        for (v, i) in extra {
            depth_of[i] = 2;
            if let Some(e) = scored.iter_mut().find(|e| e.1 == i) {
                e.0 = v;
            }
        }
        let (mut head, tail): (Vec<_>, Vec<_>) =
            scored.into_iter().partition(|e| depth_of[e.1] == 2);
        sorting::sort_by_key(&mut head, |x| std::cmp::Reverse(x.0));
        scored = head.into_iter().chain(tail).collect();
    }
    if shape.rescue && shape.max_depth >= 2 && scored[0].0 <= -WIN_BOUND {
        let Searcher { domain, draws, .. } = searcher;
        rescue(domain, &kids, &mut scored, &mut depth_of, shape, draws);
    }
    let mut kids: Vec<Option<Transition>> = kids.into_iter().map(Some).collect();
    let moves = scored
        .into_iter()
        .filter_map(|(s, i)| {
            kids[i].take().map(|t| Scored { transition: t, score: s, depth: depth_of[i] })
        })
        .collect();
    Some(Report { moves })
}

/// Every searched root move loses: the first of the others that survives
/// the opponent's replies (a depth-2 search) is moved to the front. A level
/// stops early only when the move is decided.
fn rescue<D: Domain>(
    domain: &mut D,
    kids: &[Transition],
    scored: &mut Vec<(i32, usize)>,
    depth_of: &mut [u32],
    shape: Shape,
    draws: Vec<u64>,
) {
    let mut spare = Budget::new(RESCUE_NODES, None, &crate::ai::NoClock);
    let mut searcher = Searcher {
        domain,
        budget: &mut spare,
        table: Table::new(12),
        shape,
        aborted: false,
        draws,
    };
    for k in 0..scored.len() {
        let (static_score, i) = scored[k];
        if depth_of[i] >= 2 || static_score <= -WIN_BOUND {
            continue;
        }
        let v = -searcher.negamax(&kids[i].position, 1, -INF, INF, 1);
        if searcher.aborted {
            return;
        }
        depth_of[i] = 2;
        scored[k].0 = v;
        if v > -WIN_BOUND {
            let saved = scored.remove(k);
            scored.insert(0, saved);
            return;
        }
    }
}
