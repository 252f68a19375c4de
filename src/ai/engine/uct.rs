//! Plain UCT (UCB1 applied to trees) with uniformly random playouts and no
//! game knowledge: the reference a general game system such as Ludii brings
//! to an unknown game. For measurement only; the levels do not use it.
//!
//! Each tree node expands to the full list of distinct moves (Intermedium)
//! or to the distinct moves among a fixed number of random builder moves
//! (Cash in Hand, whose full list is astronomically long). Playouts use
//! `playout::playout_move`. A playout that reaches `PLAYOUT_CAP` plies
//! scores as a draw.

use super::budget::Budget;
use super::playout::{playout_move, random_by_builder};
use crate::play::{Transition, DEFAULT_MOVE_LIMIT};
use crate::position::Position;
use crate::variant::{GameKind, Rules, Side};
use rand::rngs::SmallRng;
use rand::Rng;

/// UCB1's exploration constant for rewards in [0, 1].
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
const PLAYOUT_CAP: usize = 300;
/// Cash in Hand: random builder moves sampled to form a node's move list.
const CASH_SAMPLES: usize = 48;

struct Node {
    transition: Option<Transition>,
    /// Children not yet added to the tree.
    untried: Vec<Transition>,
    children: Vec<usize>,
    expanded: bool,
    visits: f64,
    /// Reward for the side that made the move into this node.
    reward: f64,
}

fn new_node(transition: Option<Transition>) -> Node {
    Node {
        transition,
        untried: Vec::new(),
        children: Vec::new(),
        expanded: false,
        visits: 0.0,
        reward: 0.0,
    }
}

fn moves_of(
    pos: &Position,
    rules: &Rules,
    rng: &mut SmallRng,
    budget: &mut Budget,
) -> Vec<Transition> {
    if pos.status(rules).is_some() {
        return Vec::new();
    }
    let moves = match pos.game {
        GameKind::Intermedium => pos.legal_moves(rules, DEFAULT_MOVE_LIMIT).unwrap_or_default(),
        GameKind::CashInHand => {
            let mut v: Vec<Transition> = Vec::new();
            for _ in 0..CASH_SAMPLES {
                if let Some(t) = random_by_builder(pos, rules, rng) {
                    if !v.iter().any(|u| u.position == t.position && u.decisive == t.decisive) {
                        v.push(t);
                    }
                }
            }
            v
        }
    };
    budget.spend(moves.len() as u64 + 1);
    moves
}

/// The result of a game from `pos` for side `side`: 1 win, 0.5 draw, 0 loss.
fn playout(
    pos: &Position,
    rules: &Rules,
    side: Side,
    rng: &mut SmallRng,
    budget: &mut Budget,
) -> f64 {
    let mut pos = *pos;
    for _ in 0..PLAYOUT_CAP {
        if rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit {
            return 0.5;
        }
        budget.spend(1);
        let Some(t) = playout_move(&pos, rules, rng) else {
            return if pos.side_to_move == side { 0.0 } else { 1.0 };
        };
        if let Some(o) = t.decisive {
            return match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        pos = t.position;
    }
    0.5
}

/// UCT's choice for the side to move in `root`: the most visited move.
pub(crate) fn choose(
    root: &Position,
    rules: &Rules,
    rng: &mut SmallRng,
    budget: &mut Budget,
) -> Option<Transition> {
    let mut nodes = vec![new_node(None)];
    nodes[0].untried = moves_of(root, rules, rng, budget);
    nodes[0].expanded = true;
    match nodes[0].untried.len() {
        0 => return None,
        1 => return nodes[0].untried.pop(),
        _ => {}
    }
    let mut iterations = 0u32;
    while iterations == 0 || !budget.exhausted() {
        iterations += 1;
        let mut path = vec![0usize];
        let mut pos = *root;
        let mut cur = 0;
        // Selection: descend while every move of the node is in the tree.
        loop {
            let node = &nodes[cur];
            let finished = node.transition.as_ref().is_some_and(|t| t.decisive.is_some());
            if finished || !node.untried.is_empty() || node.children.is_empty() {
                break;
            }
            let ln_n = node.visits.max(1.0).ln();
            let next = *node
                .children
                .iter()
                .max_by(|&&a, &&b| ucb(&nodes[a], ln_n).total_cmp(&ucb(&nodes[b], ln_n)))
                .expect("children not empty");
            cur = next;
            pos = nodes[cur].transition.as_ref().expect("non-root").position;
            path.push(cur);
            if !nodes[cur].expanded {
                nodes[cur].untried = moves_of(&pos, rules, rng, budget);
                nodes[cur].expanded = true;
            }
        }
        // Expansion: add one untried move.
        if !nodes[cur].untried.is_empty() {
            let i = rng.random_range(0..nodes[cur].untried.len());
            let t = nodes[cur].untried.swap_remove(i);
            pos = t.position;
            let child = nodes.len();
            nodes.push(new_node(Some(t)));
            nodes[cur].children.push(child);
            cur = child;
            path.push(cur);
        }
        // Simulation, scored for the side that moved into the leaf.
        let mover = pos.side_to_move.opponent();
        let leaf = &nodes[cur];
        let value = match leaf.transition.as_ref().and_then(|t| t.decisive) {
            Some(o) => match o.winner {
                Some(w) if w == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            None => playout(&pos, rules, mover, rng, budget),
        };
        // Backpropagation, flipping the view each ply.
        let mut v = value;
        for &n in path.iter().rev() {
            nodes[n].visits += 1.0;
            nodes[n].reward += v;
            v = 1.0 - v;
        }
    }
    let best =
        *nodes[0].children.iter().max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))?;
    nodes[best].transition.take()
}

fn ucb(node: &Node, ln_parent: f64) -> f64 {
    if node.visits == 0.0 {
        return f64::INFINITY;
    }
    node.reward / node.visits + EXPLORATION * (ln_parent / node.visits).sqrt()
}
