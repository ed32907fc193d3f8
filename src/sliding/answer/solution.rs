//! An optimal move sequence, whatever engine found it: a walk down a
//! complete table, one step a move, or the moves a search found.

use core::iter::FusedIterator;

use crate::sliding::board::Direction;
#[cfg(pattern_search)]
use crate::sliding::board::MovePath;
use crate::sliding::tables::lookup::TableWalk;

/// An optimal move sequence, yielded one [`Direction`] at a time (the
/// direction the blank travels). Made by [`Board::solution`](crate::Board::solution) and
/// [`Board::solution_to`](crate::Board::solution_to) on every board, tabled or searched; allocates
/// nothing.
///
/// ```
/// use puzzle_oracle::SevenBoard;
///
/// let solution = SevenBoard::parse("7 6 5 4 3 2 1 0")?.solution().unwrap();
/// assert_eq!(solution.len(), 28);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solution<const N: usize> {
    walk: Walk,
}

/// Where a solution's moves come from.
#[derive(Clone, Debug)]
enum Walk {
    /// A walk down a complete table, one step a move.
    Table(TableWalk),
    /// The moves a search found, and the next to give.
    #[cfg(pattern_search)]
    Moves(MovePath, u8),
}

impl<const N: usize> Solution<N> {
    /// The moves of a walk down a table.
    pub(crate) fn of_walk(walk: TableWalk) -> Self {
        Solution {
            walk: Walk::Table(walk),
        }
    }

    /// The moves a search found.
    #[cfg(pattern_search)]
    pub(crate) fn of_path(path: MovePath) -> Self {
        Solution {
            walk: Walk::Moves(path, 0),
        }
    }
}

impl<const N: usize> Iterator for Solution<N> {
    type Item = Direction;

    fn next(&mut self) -> Option<Direction> {
        match &mut self.walk {
            Walk::Table(walk) => walk.next::<N>(),
            #[cfg(pattern_search)]
            Walk::Moves(path, next) => (*next < path.len()).then(|| {
                *next += 1;
                path.get(usize::from(*next - 1))
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = match &self.walk {
            Walk::Table(walk) => usize::from(walk.remaining()),
            #[cfg(pattern_search)]
            Walk::Moves(path, next) => usize::from(path.len() - *next),
        };
        (remaining, Some(remaining))
    }
}

impl<const N: usize> ExactSizeIterator for Solution<N> {}
impl<const N: usize> FusedIterator for Solution<N> {}
