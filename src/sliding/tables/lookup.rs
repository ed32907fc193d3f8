//! What the tables answer: a board carried into its target's canonical
//! frame, ranked and looked up, and the walk down the table to the target.
//!
//! Every answer is a rank and a table read; a move sequence walks down the
//! table, each step to a neighbour one move nearer. The metric is one tile
//! per move: each move slides one tile into the blank.

use super::rank::{Ranked, rank_packed};
use super::{DistanceTable, Tabled};
use crate::sliding::board::shape::frames::Frames as _;
use crate::sliding::board::storage::swap_with_blank;
use crate::sliding::board::{Board, Direction, Geometry, Puzzle as _};

/// A start carried into the canonical frame of a target's goal class.
#[derive(Clone, Debug)]
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
    pub(crate) fn table_walk_to(&self, target: &Self) -> Option<TableWalk> {
        let framed = self.framed(target);
        if !framed.table.reaches(&framed.ranked) {
            return None;
        }
        Some(TableWalk {
            remaining: framed.table.distance(&framed.ranked),
            packed: framed.packed,
            blank: framed.ranked.blank,
            table: framed.table,
            geometry: Self::GEOMETRY,
            from_canonical: framed.from_canonical,
        })
    }

    /// Carries this board into the canonical frame of `target`'s class: a
    /// board symmetry puts the target's blank on the class's blank cell,
    /// then tiles are renamed so that the target becomes the canonical goal.
    #[inline]
    pub(crate) fn framed(&self, target: &Self) -> Framed {
        self.framed_in(target, Self::table(target.blank()))
    }

    /// [`Board::framed`] with `table`, the table of `target`'s goal class
    /// in the metric asked (its distances differ; its frame is the same).
    #[inline]
    pub(crate) fn framed_in(&self, target: &Self, table: &'static DistanceTable) -> Framed {
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
            table,
            geometry: Self::GEOMETRY,
            to_canonical,
            from_canonical: Self::from_canonical(target_blank),
        }
    }
}

/// A walk down a table to the goal.
#[derive(Clone, Debug)]
pub(crate) struct TableWalk {
    /// The current state in the canonical frame of the target's class,
    /// packed as by [`pack`](crate::sliding::board::storage::pack).
    packed: u64,
    blank: usize,
    remaining: u8,
    table: &'static DistanceTable,
    /// The caller's board, in which the moves are named.
    geometry: Geometry,
    from_canonical: &'static [u8],
}

impl TableWalk {
    /// The moves left.
    pub fn remaining(&self) -> u8 {
        self.remaining
    }

    /// The next move, on a board of `N` cells.
    pub fn next<const N: usize>(&mut self) -> Option<Direction> {
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

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Tabled,
{
    /// The board's slot in the table of the standard goal, and its parity.
    /// See [`rank`](super::rank).
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().ranked().index, 0);
    /// ```
    #[must_use]
    pub fn ranked(&self) -> Ranked {
        if Self::GEOMETRY.rows() <= Self::GEOMETRY.cols() {
            // The standard goal is the canonical goal of its class.
            rank_packed(self.packed() as u64, self.blank(), N)
        } else {
            // A tall board ranks in its wide frame, turned on its side.
            self.framed(&Self::goal()).ranked
        }
    }

    /// The table that answers for this board as a target: the table of its
    /// goal class.
    ///
    /// ```
    /// use puzzle_oracle::{EightBoard, GoalClass};
    /// let target = EightBoard::parse("1 2 3 8 0 4 7 6 5")?;
    /// assert_eq!(target.goal_table().class(), GoalClass::EIGHT_CENTRE);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn goal_table(&self) -> &'static DistanceTable {
        Self::table(self.blank())
    }

    /// The table answering for targets whose blank is on `blank`.
    #[inline]
    pub(crate) fn table(blank: usize) -> &'static DistanceTable {
        Self::TABLES[Self::class(blank)]
    }
}
