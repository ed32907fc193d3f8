//! What the multi-tile tables answer: the same framing and ranking as the
//! single-tile tables, walked a slide at a time. A slide moves the blank
//! one or more cells along its row or column; each cell it passes is one
//! more board to rank, so a step down the table tries every slide of
//! every length (at most `rows + cols - 2` of them).

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::ops::ControlFlow;

use super::lookup::{Framed, step_down};
use super::{DistanceTable, Tabled};
use crate::sliding::board::shape::frames::Frames as _;
use crate::sliding::board::storage::swap_with_blank;
use crate::sliding::board::{Board, Direction};
use crate::sliding::board::{Slide, Slides};

/// A board with a complete multi-tile table for each goal class (feature
/// `multi-tile`): every board up to 10 cells.
///
/// ```
/// use puzzle_oracle::{EightBoard, MultiTileTabled, tables};
/// assert_eq!(EightBoard::MULTI_TILE_TABLES.len(), 3);
/// assert_eq!(tables::MULTI_TILE_TABLE_3X3_BLANK_0.max_distance(), 24);
/// ```
pub trait MultiTileTabled: Tabled {
    /// The multi-tile tables of the board's goal classes, in the order of
    /// [`Tabled::TABLES`].
    const MULTI_TILE_TABLES: &'static [&'static DistanceTable];
}

/// Calls `each` with every slide from the blank on canonical cell `blank`
/// whose board (`packed`, canonical frame) is `nearer` moves from the
/// goal: the board after it, the blank's new cell, the first cell it
/// passes (which names its direction) and the tiles it moves.
#[inline]
fn each_slide_down(
    table: &DistanceTable,
    cells: usize,
    packed: u64,
    blank: usize,
    nearer: u8,
    mut each: impl FnMut(u64, usize, usize, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let geometry = table.class().geometry;
    for dir in Direction::ALL {
        let Some(first) = geometry.neighbour(blank, dir) else {
            continue;
        };
        let (mut moved, mut at, mut next, mut tiles) = (packed, blank, Some(first), 0u16);
        while let Some(tile_cell) = next {
            tiles += 1;
            if let Some(down) = step_down(table, cells, moved, at, tile_cell, nearer) {
                // A longer slide the same way may be one nearer too: the
                // metric is not bipartite, so go on.
                each(down, tile_cell, first, tiles)?;
            }
            moved = swap_with_blank(moved, at, tile_cell);
            at = tile_cell;
            next = geometry.neighbour(at, dir);
        }
    }
    ControlFlow::Continue(())
}

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: MultiTileTabled,
{
    /// This board carried into the frame of `target`'s goal class, with
    /// the class's multi-tile table.
    #[inline]
    fn multi_tile_framed(&self, target: &Self) -> Framed {
        let table = Self::MULTI_TILE_TABLES[Self::class(target.blank())];
        self.framed_in(target, table)
    }

    /// The multi-tile table of `target`'s goal class.
    pub(crate) fn multi_tile_goal_table(target: &Self) -> &'static DistanceTable {
        Self::MULTI_TILE_TABLES[Self::class(target.blank())]
    }

    /// Fewest slides from this board to `target`, or `None` when `target`
    /// cannot be reached.
    #[inline]
    pub(crate) fn multi_tile_distance_to(&self, target: &Self) -> Option<u8> {
        let framed = self.multi_tile_framed(target);
        let table = framed.table;
        table
            .reaches(&framed.ranked)
            .then(|| table.distance(&framed.ranked))
    }

    /// An optimal slide sequence to `target`, or `None` when it cannot be
    /// reached; allocates nothing.
    pub(crate) fn multi_tile_walk_to(&self, target: &Self) -> Option<SlideWalk<N>> {
        let framed = self.multi_tile_framed(target);
        if !framed.table.reaches(&framed.ranked) {
            return None;
        }
        Some(SlideWalk {
            remaining: framed.table.distance(&framed.ranked),
            packed: framed.packed,
            blank: framed.ranked.blank,
            framed,
        })
    }

    /// Every optimal first slide towards `target`, or `None` when it
    /// cannot be reached.
    pub(crate) fn multi_tile_optimal_moves_to(&self, target: &Self) -> Option<Slides> {
        let framed = self.multi_tile_framed(target);
        let table = framed.table;
        if !table.reaches(&framed.ranked) {
            return None;
        }
        let Some(nearer) = table.distance(&framed.ranked).checked_sub(1) else {
            return Some(Slides::NONE);
        };
        let blank = framed.ranked.blank;
        let mut slides = Slides::NONE;
        let _ = each_slide_down(
            table,
            N,
            framed.packed,
            blank,
            nearer,
            |_, _, first, tiles| {
                let dir = framed.caller_direction(blank, first);
                slides = slides.with(Slide::new(dir, tiles));
                ControlFlow::Continue(())
            },
        );
        Some(slides)
    }

    /// The number of distinct optimal slide sequences to `target`, or
    /// `None` when it cannot be reached: a walk down the distance layers,
    /// each board carrying how many optimal paths reach it.
    #[cfg(feature = "alloc")]
    pub(crate) fn multi_tile_count_optimal_solutions_to(&self, target: &Self) -> Option<u64> {
        let framed = self.multi_tile_framed(target);
        let table = framed.table;
        if !table.reaches(&framed.ranked) {
            return None;
        }
        let mut layer = alloc::vec![(framed.packed, framed.ranked.blank, 1u64)];
        let mut next = Vec::new();
        for distance in (1..=table.distance(&framed.ranked)).rev() {
            next.clear();
            for &(packed, blank, paths) in &layer {
                let _ =
                    each_slide_down(table, N, packed, blank, distance - 1, |moved, at, _, _| {
                        next.push((moved, at, paths));
                        ControlFlow::Continue(())
                    });
            }
            super::count::merge_layer(&mut next, &mut layer);
        }
        Some(layer.iter().map(|&(_, _, paths)| paths).sum())
    }

    /// Gives `visit` every optimal slide sequence to `target` as
    /// single-tile steps (each run of one direction a slide), depth
    /// first, until it breaks; `None` when `target` cannot be reached,
    /// else how many it was given.
    #[cfg(feature = "alloc")]
    pub(crate) fn multi_tile_for_each_optimal_solution(
        &self,
        target: &Self,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Option<u64> {
        let framed = self.multi_tile_framed(target);
        if !framed.table.reaches(&framed.ranked) {
            return None;
        }
        let mut walk = Listing {
            framed: &framed,
            steps: Vec::new(),
            given: 0,
            visit,
        };
        let distance = framed.table.distance(&framed.ranked);
        let _ = walk.descend(framed.packed, framed.ranked.blank, distance);
        Some(walk.given)
    }
}

/// The depth-first walk behind
/// [`Board::multi_tile_for_each_optimal_solution`].
#[cfg(feature = "alloc")]
struct Listing<'a, 'v> {
    framed: &'a Framed,
    /// The single-tile steps to the board being walked, caller's frame.
    steps: Vec<Direction>,
    given: u64,
    visit: &'v mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
}

#[cfg(feature = "alloc")]
impl Listing<'_, '_> {
    fn descend(&mut self, packed: u64, blank: usize, distance: u8) -> ControlFlow<()> {
        let Some(nearer) = distance.checked_sub(1) else {
            self.given += 1;
            return (self.visit)(&self.steps);
        };
        let framed = self.framed;
        let cells = framed.geometry.cells();
        each_slide_down(
            framed.table,
            cells,
            packed,
            blank,
            nearer,
            |moved, at, first, tiles| {
                let dir = framed.caller_direction(blank, first);
                let depth = self.steps.len();
                self.steps.extend(Slide::new(dir, tiles).steps());
                let walked = self.descend(moved, at, nearer);
                self.steps.truncate(depth);
                walked
            },
        )
    }
}

/// A walk down a multi-tile table to the goal, a slide a step.
#[derive(Clone, Debug)]
pub(crate) struct SlideWalk<const N: usize> {
    packed: u64,
    blank: usize,
    remaining: u8,
    framed: Framed,
}

impl<const N: usize> SlideWalk<N> {
    fn next_slide(&mut self) -> Option<Slide> {
        let nearer = self.remaining.checked_sub(1)?;
        let (from, mut found) = (self.blank, None);
        let _ = each_slide_down(
            self.framed.table,
            N,
            self.packed,
            from,
            nearer,
            |moved, at, first, tiles| {
                found = Some((moved, at, first, tiles));
                ControlFlow::Break(())
            },
        );
        // A state `d > 0` slides from its goal has a neighbour `d - 1`
        // away; ending early would break the iterator's exact length.
        let (moved, at, first, tiles) =
            found.unwrap_or_else(|| unreachable!("no slide one nearer: the table is corrupt"));
        self.packed = moved;
        self.blank = at;
        self.remaining = nearer;
        Some(Slide::new(self.framed.caller_direction(from, first), tiles))
    }
}

/// An optimal multi-tile move sequence from a complete table, one
/// [`Slide`] a move; allocates nothing. Made by
/// [`MetricOracle::solution_within`](crate::MetricOracle::solution_within)
/// with [`Mtm`](crate::Mtm).
#[derive(Clone, Debug)]
pub struct SlideSolution<const N: usize> {
    walk: SlideWalk<N>,
}

impl<const N: usize> SlideSolution<N> {
    pub(crate) fn of_walk(walk: SlideWalk<N>) -> Self {
        SlideSolution { walk }
    }
}

impl<const N: usize> Iterator for SlideSolution<N> {
    type Item = Slide;

    fn next(&mut self) -> Option<Slide> {
        self.walk.next_slide()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = usize::from(self.walk.remaining);
        (remaining, Some(remaining))
    }
}

impl<const N: usize> ExactSizeIterator for SlideSolution<N> {}
impl<const N: usize> FusedIterator for SlideSolution<N> {}
