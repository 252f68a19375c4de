//! Captures and redistribution (docs/RULES.md section 3, parts 3 and 4).

use crate::board::{Board, Cell, Geometry};
use crate::variant::Side;

/// The enemy stacks the board captures for `mover`, in file-then-rank order:
/// every occupied cell of the opponent's colour with no empty orthogonal
/// neighbour and fewer stones than its orthogonal neighbours together. All
/// are judged on the same board, before any is removed.
pub(crate) fn captures(board: &Board, mover: Side) -> Vec<Cell> {
    let enemy = mover.opponent().colour();
    file_major(board.geometry()).filter(|&c| c.colour() == enemy && is_captured(board, c)).collect()
}

/// Whether the stack on `cell` (of the colour under attack) is captured:
/// occupied, no empty orthogonal neighbour, and fewer stones than they hold.
fn is_captured(board: &Board, cell: Cell) -> bool {
    let h = board.get(cell);
    if h == 0 {
        return false;
    }
    let mut around = 0u32;
    for n in board.geometry().orthogonal(cell) {
        let hn = board.get(n);
        if hn == 0 {
            return false;
        }
        around += hn as u32;
    }
    (h as u32) < around
}

/// Whether the stacks `mover` captures on `board` can be put back without
/// any stack passing 255: the same answer as removing `captures` and asking
/// `redistribution_fits`, without building the list (the move builder asks
/// this many times per click on set-ups of more than 255 stones).
pub(crate) fn captures_fit(board: &Board, mover: Side) -> bool {
    let enemy = mover.opponent().colour();
    let (mut stones, mut room) = (0u32, 0u32);
    for c in board.geometry().cells() {
        let h = board.get(c) as u32;
        if h == 0 {
            continue;
        }
        if c.colour() == enemy && is_captured(board, c) {
            stones += h;
        } else {
            room += 255 - h;
        }
    }
    room >= stones
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

/// Whether `stones` can be put back on `board` (after captures) without any
/// stack passing 255: the room left on the occupied cells is enough. Always
/// true when the board holds no more than 255 stones in all. The reference
/// `captures_fit` is tested against.
#[cfg(test)]
fn redistribution_fits(board: &Board, stones: u32) -> bool {
    let room: u32 = board.stacks().iter().filter(|&&h| h > 0).map(|&h| 255 - h as u32).sum();
    room >= stones
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

    #[test]
    fn captures_fit_agrees_with_removing_the_captures() {
        // Nearly full stacks around the captured d3 and e4 leave little room.
        let texts = [
            "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0/0,0,0,3,3,4,0,0/0,0,6,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
            "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,255,0,0,0/0,0,0,255,200,255,0,0/0,0,255,200,255,0,0,0/0,0,0,255,0,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
            "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,250,0,0,0/0,0,0,250,9,250,0,0/0,0,250,9,250,0,0,0/0,0,0,250,0,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
        ];
        for text in texts {
            let pos: Position = text.parse().unwrap();
            for mover in [Side::First, Side::Second] {
                let mut b = pos.board;
                let stones = remove(&mut b, &captures(&pos.board, mover));
                assert_eq!(
                    captures_fit(&pos.board, mover),
                    redistribution_fits(&b, stones),
                    "{text}"
                );
            }
        }
    }
}
