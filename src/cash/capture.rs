//! Captures and redistribution (docs/RULES.md section 3, parts 3 and 4).

use crate::board::{Board, Cell, Geometry};
use crate::variant::Side;

/// The enemy stacks the board captures for `mover`, in file-then-rank order:
/// every occupied cell of the opponent's colour with no empty orthogonal
/// neighbour and fewer stones than its orthogonal neighbours together. All
/// are judged on the same board, none removed yet.
pub(crate) fn captures(board: &Board, mover: Side) -> Vec<Cell> {
    let g = board.geometry();
    let enemy = mover.opponent().colour();
    file_major(g)
        .filter(|&c| c.colour() == enemy && board.is_occupied(c))
        .filter(|&c| is_captured(board, c))
        .collect()
}

/// Whether the occupied enemy stack on `cell` is captured: no empty
/// orthogonal neighbour, and fewer stones than those neighbours together.
pub(crate) fn is_captured(board: &Board, cell: Cell) -> bool {
    let mut around = 0u32;
    for n in board.geometry().orthogonal(cell) {
        let h = board.get(n);
        if h == 0 {
            return false;
        }
        around += h as u32;
    }
    (board.get(cell) as u32) < around
}

/// Every cell in file-then-rank order (`a1 a2 ... b1 ...`), the order of
/// capture lists and redistributions.
fn file_major(g: Geometry) -> impl Iterator<Item = Cell> {
    (0..g.files).flat_map(move |f| (0..g.ranks).map(move |r| Cell::new(f, r)))
}

/// Removes the captured stacks; returns how many stones they held.
pub(crate) fn remove(board: &mut Board, captured: &[Cell]) -> u32 {
    let mut stones = 0;
    for &c in captured {
        stones += board.get(c) as u32;
        board.set(c, 0);
    }
    stones
}

/// The cells that may receive redistributed stones, in file-then-rank order.
pub(crate) fn receivers(board: &Board) -> Vec<Cell> {
    file_major(board.geometry()).filter(|&c| board.is_occupied(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn browne_example_captures_d3_and_e4() {
        let pos: Position = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0/0,0,0,3,3,4,0,0/0,0,6,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20"
            .parse()
            .unwrap();
        let caps = captures(&pos.board, Side::Second);
        let names: Vec<String> = caps.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["d3", "e4"]);
        let mut b = pos.board;
        assert_eq!(remove(&mut b, &caps), 5);
    }
}
