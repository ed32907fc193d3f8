//! How many optimal solutions a board has, and all of them: walks down the
//! distance layers of the table from the board to the target.

use alloc::vec;
use alloc::vec::Vec;

use super::Tabled;
use super::lookup::{Framed, step_down};
use crate::sliding::board::{Board, Direction};

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Tabled,
{
    /// The number of distinct shortest move sequences to `target`, or
    /// `None` when it cannot be reached: 1 for the target itself.
    ///
    /// Exact: it walks down the distance layers from this board, each
    /// board of a layer carrying how many shortest paths reach it, so the
    /// work grows with the boards on shortest paths, not with the paths.
    /// The count always fits a `u64`: the most any 2x4 or 3x3 board has is
    /// far below `u64::MAX` (see the crate's README for the extremes).
    #[must_use]
    pub(crate) fn table_count_optimal_solutions_to(&self, target: &Self) -> Option<u64> {
        let framed = self.framed(target);
        let table = framed.table;
        if !table.reaches(&framed.ranked) {
            return None;
        }
        let geometry = table.class().geometry;
        // (board packed in the canonical frame, blank cell, paths to it)
        let mut layer = vec![(framed.packed, framed.ranked.blank, 1u64)];
        let mut next = Vec::new();
        for distance in (1..=table.distance(&framed.ranked)).rev() {
            next.clear();
            for &(packed, blank, paths) in &layer {
                for dir in Direction::ALL {
                    let Some(tile_cell) = geometry.neighbour(blank, dir) else {
                        continue;
                    };
                    if let Some(moved) = step_down(table, N, packed, blank, tile_cell, distance - 1)
                    {
                        next.push((moved, tile_cell, paths));
                    }
                }
            }
            merge_layer(&mut next, &mut layer);
        }
        debug_assert_eq!(layer.len(), 1, "the last layer is the target");
        Some(layer.iter().map(|&(_, _, paths)| paths).sum())
    }

    /// Every shortest move sequence to `target`, in lexicographic order of
    /// the letters `U D L R`, or `None` when it cannot be reached. There
    /// can be very many: take what you need.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// let start = SevenBoard::parse("7 6 5 4 3 2 1 0")?;
    /// let all: Vec<String> = start
    ///     .optimal_solutions_to(&SevenBoard::goal())
    ///     .unwrap()
    ///     .take(10)
    ///     .map(|moves| moves.iter().map(|m| m.letter()).collect())
    ///     .collect();
    /// assert_eq!(all, ["ULLLDRRRULLLDRRRULLLDRRRULLL", "LLLURRRDLLLURRRDLLLURRRDLLLU"]);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn optimal_solutions_to(&self, target: &Self) -> Option<OptimalSolutions> {
        let framed = self.framed(target);
        if !framed.table.reaches(&framed.ranked) {
            return None;
        }
        Some(OptimalSolutions {
            distance: framed.table.distance(&framed.ranked),
            stack: vec![(framed.packed, framed.ranked.blank, 0)],
            path: Vec::new(),
            cells: N,
            framed,
        })
    }
}

/// The next layer of a walk down a table, `(board, blank cell, paths to
/// it)` each, from `reached` (the boards the layer before reached, a
/// board once for each board it was reached from): each board once, the
/// paths of its arrivals added up, in order of the packed board.
pub(crate) fn merge_layer(reached: &mut [(u64, usize, u64)], layer: &mut Vec<(u64, usize, u64)>) {
    reached.sort_unstable_by_key(|&(packed, _, _)| packed);
    layer.clear();
    for &(packed, blank, paths) in reached.iter() {
        match layer.last_mut() {
            Some(last) if last.0 == packed => last.2 += paths,
            _ => layer.push((packed, blank, paths)),
        }
    }
}

/// The shortest move sequences from a board to a target, one `Vec` of
/// [`Direction`]s each (the direction the blank travels). Made by
/// [`Board::optimal_solutions_to`]; a depth-first walk down the table, so
/// it holds one path at a time.
pub struct OptimalSolutions {
    framed: Framed,
    distance: u8,
    /// For each board on the current path: its cells packed in the
    /// canonical frame, its blank cell, and the next direction to try.
    stack: Vec<(u64, usize, usize)>,
    /// The moves to the top of the stack, in the caller's frame.
    path: Vec<Direction>,
    cells: usize,
}

impl core::fmt::Debug for OptimalSolutions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OptimalSolutions")
            .field("distance", &self.distance)
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl Iterator for OptimalSolutions {
    type Item = Vec<Direction>;

    fn next(&mut self) -> Option<Vec<Direction>> {
        let table = self.framed.table;
        loop {
            let depth = self.path.len();
            let top = self.stack.last_mut()?;
            if depth == usize::from(self.distance) {
                let found = self.path.clone();
                self.stack.pop();
                self.path.pop();
                return Some(found);
            }
            let (packed, blank) = (top.0, top.1);
            let nearer = self.distance - depth as u8 - 1;
            let mut child = None;
            while top.2 < Direction::ALL.len() {
                let dir = Direction::ALL[top.2];
                top.2 += 1;
                let Some(tile_cell) = self.framed.canonical_neighbour(blank, dir) else {
                    continue;
                };
                if let Some(moved) = step_down(table, self.cells, packed, blank, tile_cell, nearer)
                {
                    child = Some((moved, tile_cell, dir));
                    break;
                }
            }
            if let Some((moved, tile_cell, dir)) = child {
                self.stack.push((moved, tile_cell, 0));
                self.path.push(dir);
            } else {
                self.stack.pop();
                self.path.pop();
            }
        }
    }
}

impl core::iter::FusedIterator for OptimalSolutions {}
