//! Board geometry shared by both games: cells, colours, neighbours and the
//! stacks of stones on them. Nothing here knows a game's rules.

use std::fmt;
use std::str::FromStr;

/// Largest board of any game (Cash in Hand 8 files x Intermedium 10 ranks).
pub const MAX_FILES: u8 = 8;
pub const MAX_RANKS: u8 = 10;
pub const MAX_CELLS: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// Board dimensions. Cells are numbered rank-major from `a1`: `index = rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
}

/// A cell as (0-based file, 0-based rank). Knows nothing of any board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

/// Checkerboard colour. `Even` when `file + rank` (0-based) is even; `a1` is even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Even,
    Odd,
}

/// The four diagonal directions, in a fixed order. `reverse()` is the 180-degree turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    NE,
    NW,
    SW,
    SE,
}

impl Diagonal {
    pub const ALL: [Diagonal; 4] = [Diagonal::NE, Diagonal::NW, Diagonal::SW, Diagonal::SE];

    pub fn reverse(self) -> Diagonal {
        match self {
            Diagonal::NE => Diagonal::SW,
            Diagonal::NW => Diagonal::SE,
            Diagonal::SW => Diagonal::NE,
            Diagonal::SE => Diagonal::NW,
        }
    }

    pub fn delta(self) -> (i8, i8) {
        match self {
            Diagonal::NE => (1, 1),
            Diagonal::NW => (-1, 1),
            Diagonal::SW => (-1, -1),
            Diagonal::SE => (1, -1),
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction from `from` to `to` if they are diagonal neighbours.
    pub fn between(from: Cell, to: Cell) -> Option<Diagonal> {
        let df = to.file as i16 - from.file as i16;
        let dr = to.rank as i16 - from.rank as i16;
        Diagonal::ALL
            .into_iter()
            .find(|d| d.delta() == (df as i8, dr as i8) && df.abs() == 1 && dr.abs() == 1)
    }
}

impl fmt::Display for Diagonal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Diagonal::NE => "NE",
            Diagonal::NW => "NW",
            Diagonal::SW => "SW",
            Diagonal::SE => "SE",
        })
    }
}

impl Cell {
    pub const fn new(file: u8, rank: u8) -> Cell {
        Cell { file, rank }
    }

    pub fn colour(self) -> Colour {
        if (self.file + self.rank).is_multiple_of(2) {
            Colour::Even
        } else {
            Colour::Odd
        }
    }

    /// Canonical ordering for notation output: by file, then rank (`a1 a2 ... b1`).
    pub fn file_major_key(self) -> (u8, u8) {
        (self.file, self.rank)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// Why a cell name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellParseError(pub String);

impl fmt::Display for CellParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a cell name (expected a file letter and a rank number, like c4)",
            self.0
        )
    }
}

impl std::error::Error for CellParseError {}

impl FromStr for Cell {
    type Err = CellParseError;

    /// Reads `c4`, `C4`, `d10`. Range checks against a board are the caller's job.
    fn from_str(s: &str) -> Result<Cell, CellParseError> {
        let err = || CellParseError(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let rank: u8 = digits.parse().map_err(|_| err())?;
        if rank == 0 || digits.starts_with('0') || letter > 'z' {
            return Err(err());
        }
        Ok(Cell::new(letter as u8 - b'a', rank - 1))
    }
}

impl Geometry {
    pub const fn new(files: u8, ranks: u8) -> Geometry {
        Geometry { files, ranks }
    }

    pub fn cell_count(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub fn contains(self, cell: Cell) -> bool {
        cell.file < self.files && cell.rank < self.ranks
    }

    pub fn index(self, cell: Cell) -> usize {
        cell.rank as usize * self.files as usize + cell.file as usize
    }

    pub fn cell(self, index: usize) -> Cell {
        Cell::new((index % self.files as usize) as u8, (index / self.files as usize) as u8)
    }

    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.cell_count()).map(move |i| self.cell(i))
    }

    fn offset(self, cell: Cell, df: i8, dr: i8) -> Option<Cell> {
        let f = cell.file as i16 + df as i16;
        let r = cell.rank as i16 + dr as i16;
        if f < 0 || r < 0 || f >= self.files as i16 || r >= self.ranks as i16 {
            None
        } else {
            Some(Cell::new(f as u8, r as u8))
        }
    }

    pub fn step(self, cell: Cell, dir: Diagonal) -> Option<Cell> {
        let (df, dr) = dir.delta();
        self.offset(cell, df, dr)
    }

    /// On-board orthogonal neighbours (2 to 4 of them).
    pub fn orthogonal(self, cell: Cell) -> impl Iterator<Item = Cell> {
        [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)]
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(cell, df, dr))
    }

    /// On-board diagonal neighbours with their direction (1 to 4 of them).
    pub fn diagonal(self, cell: Cell) -> impl Iterator<Item = (Diagonal, Cell)> {
        Diagonal::ALL.into_iter().filter_map(move |d| self.step(cell, d).map(|c| (d, c)))
    }

    /// The two cells orthogonally adjacent to both ends of a diagonal step:
    /// the "gate" a stone passes between.
    pub fn gate(self, from: Cell, dir: Diagonal) -> (Cell, Cell) {
        let (df, dr) = dir.delta();
        let a = Cell::new((from.file as i16 + df as i16) as u8, from.rank);
        let b = Cell::new(from.file, (from.rank as i16 + dr as i16) as u8);
        (a, b)
    }
}

/// The stacks on a board. Each cell holds 0..=255 stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    geometry: Geometry,
    stacks: [u8; MAX_CELLS],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.geometry.ranks).rev() {
            let row: Vec<String> = (0..self.geometry.files)
                .map(|file| self.get(Cell::new(file, rank)).to_string())
                .collect();
            writeln!(f, "{:>2} {}", rank + 1, row.join(","))?;
        }
        Ok(())
    }
}

impl Board {
    pub fn empty(geometry: Geometry) -> Board {
        Board { geometry, stacks: [0; MAX_CELLS] }
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    pub fn get(&self, cell: Cell) -> u8 {
        self.stacks[self.geometry.index(cell)]
    }

    pub fn set(&mut self, cell: Cell, count: u8) {
        let i = self.geometry.index(cell);
        self.stacks[i] = count;
    }

    pub fn is_occupied(&self, cell: Cell) -> bool {
        self.get(cell) > 0
    }

    /// Stone counts in index order (`a1, b1, ...`), one per cell of the board.
    pub fn stacks(&self) -> &[u8] {
        &self.stacks[..self.geometry.cell_count()]
    }

    pub fn total(&self) -> u32 {
        self.stacks().iter().map(|&n| n as u32).sum()
    }

    /// Total stones on cells of one colour.
    pub fn total_on(&self, colour: Colour) -> u32 {
        // Walks ranks and files directly: this runs after every move.
        let files = self.geometry.files as usize;
        let mut total = 0;
        for (rank, row) in self.stacks().chunks(files).enumerate() {
            let first = if (rank % 2 == 0) == (colour == Colour::Even) { 0 } else { 1 };
            total += row.iter().skip(first).step_by(2).map(|&n| n as u32).sum::<u32>();
        }
        total
    }

    /// True when every on-board orthogonal neighbour of `cell` is occupied.
    pub fn surrounded(&self, cell: Cell) -> bool {
        self.geometry.orthogonal(cell).all(|n| self.is_occupied(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip_and_reject_junk() {
        let c: Cell = "D10".parse().unwrap();
        assert_eq!(c, Cell::new(3, 9));
        assert_eq!(c.to_string(), "d10");
        for bad in ["", "4", "d", "d0", "d01", "dd", "d-1", "é4", "d123"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn colours_follow_the_checkerboard() {
        assert_eq!("a1".parse::<Cell>().unwrap().colour(), Colour::Even);
        assert_eq!("b1".parse::<Cell>().unwrap().colour(), Colour::Odd);
        assert_eq!("d1".parse::<Cell>().unwrap().colour(), Colour::Odd);
        assert_eq!("d10".parse::<Cell>().unwrap().colour(), Colour::Even);
    }

    #[test]
    fn neighbour_counts_on_edges_and_corners() {
        let g = Geometry::new(7, 10);
        assert_eq!(g.orthogonal(Cell::new(0, 0)).count(), 2);
        assert_eq!(g.orthogonal(Cell::new(3, 0)).count(), 3);
        assert_eq!(g.orthogonal(Cell::new(3, 4)).count(), 4);
        assert_eq!(g.diagonal(Cell::new(0, 0)).count(), 1);
        assert_eq!(g.diagonal(Cell::new(6, 9)).count(), 1);
        assert_eq!(g.diagonal(Cell::new(3, 4)).count(), 4);
    }

    #[test]
    fn gate_cells_touch_both_ends() {
        let g = Geometry::new(8, 8);
        let from = Cell::new(2, 2);
        let (a, b) = g.gate(from, Diagonal::NE);
        assert_eq!((a, b), (Cell::new(3, 2), Cell::new(2, 3)));
        let (a, b) = g.gate(from, Diagonal::SW);
        assert_eq!((a, b), (Cell::new(1, 2), Cell::new(2, 1)));
    }

    #[test]
    fn direction_between_cells() {
        assert_eq!(Diagonal::between(Cell::new(0, 5), Cell::new(1, 4)), Some(Diagonal::SE));
        assert_eq!(Diagonal::between(Cell::new(0, 5), Cell::new(2, 3)), None);
        assert_eq!(Diagonal::between(Cell::new(0, 5), Cell::new(0, 4)), None);
    }
}
