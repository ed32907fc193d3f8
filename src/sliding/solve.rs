//! Sliding-puzzle answers: table lookups and optimal move sequences.
//!
//! Every answer is a rank and a table read; a move sequence walks down the
//! table, each step to a neighbour one move nearer. The metric is one tile
//! per move: each move slides one tile into the blank.

use core::iter::FusedIterator;

use super::board::{Board, swap_with_blank};
use super::geometry::{Direction, Geometry};
use super::puzzle::frames::Frames as _;
use super::puzzle::{Puzzle as _, Tabled};
use super::rank::{Ranked, rank_packed};
use super::tables::DistanceTable;

/// A start carried into the canonical frame of a target's goal class.
pub(crate) struct Framed {
    /// The start's cells in the canonical frame, packed as by
    /// [`pack`](super::rank::pack).
    pub packed: u64,
    pub ranked: Ranked,
    pub table: &'static DistanceTable,
    /// The caller's board, which may be the table's turned on its side.
    pub geometry: Geometry,
    /// Maps the caller's cells to canonical cells.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code, reason = "used by counting"))]
    pub to_canonical: &'static [u8],
    /// Maps canonical cells back to the caller's cells.
    pub from_canonical: &'static [u8],
}

/// One step of a walk down a table: the board (in the canonical frame,
/// packed) after the blank on `blank` moves to the adjacent `tile_cell`,
/// when that board is `distance` moves from the goal. `cells` is the
/// board's size, a constant where the caller knows it. Inlined always:
/// as a plain `#[inline]` the 31-move path took 584 ns against 522 ns
/// (`cargo bench --bench sliding -- optimal_path`).
#[allow(clippy::inline_always, reason = "measured, see above")]
#[inline(always)]
pub(crate) fn step_down(
    table: &DistanceTable,
    cells: usize,
    packed: u64,
    blank: usize,
    tile_cell: usize,
    distance: u8,
) -> Option<u64> {
    let moved = swap_with_blank(packed, blank, tile_cell);
    (table.distance(&rank_packed(moved, tile_cell, cells)) == distance).then_some(moved)
}

/// The move from canonical cell `from` to the adjacent `to`, named in the
/// caller's frame on the caller's board `geometry` (the symmetry may turn
/// it).
#[allow(clippy::inline_always, reason = "measured with step_down")]
#[inline(always)]
fn caller_direction(
    geometry: Geometry,
    from_canonical: &[u8],
    from: usize,
    to: usize,
) -> Direction {
    let (from, to) = (from_canonical[from], from_canonical[to]);
    geometry
        .direction(usize::from(from), usize::from(to))
        .unwrap_or_else(|| unreachable!("a symmetry keeps cells adjacent"))
}

impl Framed {
    /// The move from canonical cell `from` to the adjacent `to`, named in
    /// the caller's frame.
    #[inline]
    pub fn caller_direction(&self, from: usize, to: usize) -> Direction {
        caller_direction(self.geometry, self.from_canonical, from, to)
    }

    /// The canonical cell the blank on canonical cell `blank` reaches by
    /// moving in the caller's direction `dir`, if it stays on the board.
    #[inline]
    #[cfg(feature = "alloc")]
    pub fn canonical_neighbour(&self, blank: usize, dir: Direction) -> Option<usize> {
        let caller = self
            .geometry
            .neighbour(usize::from(self.from_canonical[blank]), dir)?;
        Some(usize::from(self.to_canonical[caller]))
    }
}

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Tabled,
{
    /// Fewest moves from this board to `target`, or `None` when `target`
    /// cannot be reached (decided by parity, without search).
    #[inline]
    #[must_use]
    pub(crate) fn table_distance_to(&self, target: &Self) -> Option<u8> {
        let framed = self.framed(target);
        let table = framed.table;
        table
            .reaches(&framed.ranked)
            .then(|| table.distance(&framed.ranked))
    }

    /// An optimal move sequence from this board to `target`, or `None` when
    /// `target` cannot be reached. The iterator allocates nothing; its
    /// length is the distance.
    #[must_use]
    pub(crate) fn table_solution_to(&self, target: &Self) -> Option<Solution<N>> {
        let framed = self.framed(target);
        if !framed.table.reaches(&framed.ranked) {
            return None;
        }
        Some(Solution {
            walk: Walk::Table(TableWalk {
                remaining: framed.table.distance(&framed.ranked),
                packed: framed.packed,
                blank: framed.ranked.blank,
                table: framed.table,
                geometry: Self::GEOMETRY,
                from_canonical: framed.from_canonical,
            }),
        })
    }

    /// Carries this board into the canonical frame of `target`'s class: a
    /// board symmetry puts the target's blank on the class's blank cell,
    /// then tiles are renamed so that the target becomes the canonical goal.
    #[inline]
    pub(crate) fn framed(&self, target: &Self) -> Framed {
        let target_blank = target.blank();
        // rename[t] is what tile t of the target is called in the goal.
        let mut rename = [0u8; N];
        for (cell, &name) in Self::goal_name(target_blank).iter().enumerate() {
            rename[usize::from(target.tile(cell))] = name;
        }
        let to_canonical = Self::to_canonical(target_blank);
        let mut packed = 0u64;
        for (cell, &image) in to_canonical.iter().enumerate() {
            packed |= u64::from(rename[usize::from(self.tile(cell))]) << (4 * image);
        }
        let blank = usize::from(to_canonical[self.blank()]);
        Framed {
            ranked: rank_packed(packed, blank, N),
            packed,
            table: Self::table(target_blank),
            geometry: Self::GEOMETRY,
            to_canonical,
            from_canonical: Self::from_canonical(target_blank),
        }
    }
}

/// An optimal move sequence, yielded one [`Direction`] at a time (the
/// direction the blank travels). Made by [`Board::solution`] and
/// [`Board::solution_to`] on every board, tabled or searched; allocates
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
    /// The moves a search found.
    #[cfg(pattern_search)]
    Moves(MoveList),
}

/// A walk down a table to the goal.
#[derive(Clone, Debug)]
struct TableWalk {
    /// The current state in the canonical frame of the target's class,
    /// packed as by [`rank::pack`](super::rank::pack).
    packed: u64,
    blank: usize,
    remaining: u8,
    table: &'static DistanceTable,
    /// The caller's board, in which the moves are named.
    geometry: Geometry,
    from_canonical: &'static [u8],
}

/// A search's moves, named in the caller's frame.
#[cfg(pattern_search)]
#[derive(Clone, Debug)]
struct MoveList {
    moves: [Direction; super::ida::MAX_PATH],
    next: u8,
    len: u8,
}

#[cfg(pattern_search)]
impl<const N: usize> Solution<N> {
    /// The first `len` of `moves`.
    pub(crate) fn of_moves(moves: [Direction; super::ida::MAX_PATH], len: u8) -> Self {
        Solution {
            walk: Walk::Moves(MoveList {
                moves,
                next: 0,
                len,
            }),
        }
    }
}

impl TableWalk {
    fn next<const N: usize>(&mut self) -> Option<Direction> {
        let nearer = self.remaining.checked_sub(1)?;
        let geometry = self.table.class().geometry;
        for dir in Direction::ALL {
            let Some(tile_cell) = geometry.neighbour(self.blank, dir) else {
                continue;
            };
            if let Some(packed) =
                step_down(self.table, N, self.packed, self.blank, tile_cell, nearer)
            {
                let dir =
                    caller_direction(self.geometry, self.from_canonical, self.blank, tile_cell);
                self.packed = packed;
                self.blank = tile_cell;
                self.remaining = nearer;
                return Some(dir);
            }
        }
        // A state `d > 0` moves from its goal has a neighbour `d - 1` away;
        // ending early would break the iterator's exact length.
        unreachable!("no neighbour one move nearer: the table is corrupt")
    }
}

impl<const N: usize> Iterator for Solution<N> {
    type Item = Direction;

    fn next(&mut self) -> Option<Direction> {
        match &mut self.walk {
            Walk::Table(walk) => walk.next::<N>(),
            #[cfg(pattern_search)]
            Walk::Moves(list) => (list.next < list.len).then(|| {
                list.next += 1;
                list.moves[usize::from(list.next - 1)]
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = match &self.walk {
            Walk::Table(walk) => usize::from(walk.remaining),
            #[cfg(pattern_search)]
            Walk::Moves(list) => usize::from(list.len - list.next),
        };
        (remaining, Some(remaining))
    }
}

impl<const N: usize> ExactSizeIterator for Solution<N> {}
impl<const N: usize> FusedIterator for Solution<N> {}
