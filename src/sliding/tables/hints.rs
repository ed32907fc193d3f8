//! Every optimal first move from a table: the neighbours one move nearer.

use super::Tabled;
use super::lookup::step_down;
use crate::sliding::board::{Board, Direction, Moves};

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Tabled,
{
    /// Every optimal first move towards `target`, or `None` when it cannot
    /// be reached. A few table reads; allocates nothing.
    #[must_use]
    pub(crate) fn table_optimal_moves_to(&self, target: &Self) -> Option<Moves> {
        let framed = self.framed(target);
        let table = framed.table;
        if !table.reaches(&framed.ranked) {
            return None;
        }
        let distance = table.distance(&framed.ranked);
        let Some(nearer) = distance.checked_sub(1) else {
            return Some(Moves::NONE);
        };
        let blank = framed.ranked.blank;
        let geometry = table.class().geometry;
        let mut moves = Moves::NONE;
        for dir in Direction::ALL {
            let Some(tile_cell) = geometry.neighbour(blank, dir) else {
                continue;
            };
            if step_down(table, N, framed.packed, blank, tile_cell, nearer).is_some() {
                moves = moves.with(framed.caller_direction(blank, tile_cell));
            }
        }
        Some(moves)
    }
}
