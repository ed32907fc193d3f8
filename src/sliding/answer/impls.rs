//! The generated impls: `build.rs` writes one `board!` line for every
//! board of the spec list, a `tabled!` line for each tabled one and a
//! `searched!` line for each searched one; these macros turn them into the
//! board type's traits, each answer delegated to its engine.

#[cfg(feature = "alloc")]
use crate::sliding::board::Direction;
use crate::sliding::board::shape::{Puzzle, frames, sealed};
use crate::sliding::board::symmetry::Frames;
use crate::sliding::board::{Board, Geometry, Moves};
#[cfg(pattern_search)]
use crate::sliding::search::{Searched, databases::ClassDatabases, registry, searching};
#[cfg(feature = "multi-tile")]
use crate::sliding::tables::MultiTileTabled;
#[cfg(feature = "alloc")]
use crate::sliding::tables::sample::{self, Drawer, SampleError};
use crate::sliding::tables::{self, DistanceTable, Tabled};
#[cfg(feature = "alloc")]
use core::ops::ControlFlow;
#[cfg(all(feature = "multi-tile", feature = "cache"))]
use {
    super::in_metric::MetricOracle,
    super::multi_tile_search,
    crate::sliding::board::{Slide, Slides},
    crate::sliding::metric::Mtm,
};

use super::budget::{Budget, Engine, Outcome};
#[cfg(pattern_search)]
use super::by_search;
use super::capabilities::Capabilities;
use super::oracle::Oracle;
use super::solution::Solution;

/// The impls of the board of `$cells` cells in `$rows` rows of `$cols`.
macro_rules! board {
    ($cells:literal, $cols:literal, $rows:literal) => {
        impl sealed::Sealed for Board<$cells, $cols> {}

        impl Puzzle for Board<$cells, $cols> {
            const GEOMETRY: Geometry = Geometry::of($rows, $cols);
            const NAME: &'static str = concat!($rows, "x", $cols);
        }

        impl frames::Frames for Board<$cells, $cols> {
            #[inline]
            fn to_canonical(blank: usize) -> &'static [u8] {
                &Self::FRAMES.to_canonical[blank]
            }
            #[inline]
            fn from_canonical(blank: usize) -> &'static [u8] {
                &Self::FRAMES.from_canonical[blank]
            }
            #[inline]
            fn goal_name(blank: usize) -> &'static [u8] {
                &Self::FRAMES.goal_name[blank]
            }
            #[inline]
            fn class(blank: usize) -> usize {
                usize::from(Self::FRAMES.class[blank])
            }
        }

        impl Board<$cells, $cols> {
            const FRAMES: &'static Frames<$cells> = &Frames::new(Geometry::of($rows, $cols));
        }
    };
}

/// The tables of the board of `$cells` cells in rows of `$cols`, and its
/// answers from them.
macro_rules! tabled {
    ($cells:literal, $cols:literal, [$($table:path),*]) => {
        impl Tabled for Board<$cells, $cols> {
            const TABLES: &'static [&'static DistanceTable] = &[$(&$table),*];
        }

        impl Capabilities for Board<$cells, $cols> {
            fn goal_table(target: &Self) -> Option<&'static DistanceTable> {
                Some(target.goal_table())
            }

            #[cfg(feature = "alloc")]
            fn drawer(target: &Self, distance: Option<u8>) -> Result<Drawer<Self>, SampleError> {
                sample::table_drawer(target, distance)
            }
        }

        impl Oracle for Board<$cells, $cols> {
            type Solution = Solution<$cells>;
            const ENGINE: Engine = Engine::Tables;

            #[inline]
            fn distance_within(&self, target: &Self, _: &mut Budget<'_>) -> Outcome<u8> {
                Outcome::of(self.table_distance_to(target))
            }

            #[inline]
            fn solution_within(&self, target: &Self, _: &mut Budget<'_>) -> Outcome<Self::Solution> {
                Outcome::of(self.table_walk_to(target).map(Solution::of_walk))
            }

            #[inline]
            fn optimal_moves_within(&self, target: &Self, _: &mut Budget<'_>) -> Outcome<Moves> {
                Outcome::of(self.table_optimal_moves_to(target))
            }

            #[cfg(feature = "alloc")]
            fn count_optimal_solutions_within(
                &self,
                target: &Self,
                _: &mut Budget<'_>,
            ) -> Outcome<u64> {
                Outcome::of(self.table_count_optimal_solutions_to(target))
            }

            #[cfg(feature = "alloc")]
            fn for_each_optimal_solution_within(
                &self,
                target: &Self,
                _: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                let Some(solutions) = self.optimal_solutions_to(target) else {
                    return Outcome::Impossible;
                };
                let mut given = 0;
                for moves in solutions {
                    given += 1;
                    if visit(&moves).is_break() {
                        break;
                    }
                }
                Outcome::Found(given)
            }

            #[inline]
            fn lower_bound(&self, target: &Self) -> Option<u8> {
                self.table_distance_to(target)
            }
        }
    };
}

/// The multi-tile tables of the board of `$cells` cells in rows of
/// `$cols`: the metric `Mtm` answers it from them (see `in_metric`).
#[cfg(feature = "multi-tile")]
macro_rules! multi_tile {
    ($cells:literal, $cols:literal, [$($table:path),*]) => {
        impl MultiTileTabled for Board<$cells, $cols> {
            const MULTI_TILE_TABLES: &'static [&'static DistanceTable] = &[$(&$table),*];
        }
    };
}

/// The databases of the board of `$cells` cells in rows of `$cols` (the
/// expression `$classes` of its wide orientation's: its embedded classes,
/// or its cached tier's), and its answers by search over them.
#[cfg(pattern_search)]
macro_rules! searched {
    (
        $cells:literal,
        $cols:literal,
        $class:ident => $classes:expr,
        $ready_class:ident => $ready:expr,
        $max_moves:literal
    ) => {
        impl searching::Classes for Board<$cells, $cols> {
            #[inline]
            fn classes_for($class: Option<usize>) -> &'static [ClassDatabases] {
                $classes
            }

            #[inline]
            fn class_is_ready($ready_class: usize) -> bool {
                $ready
            }
        }

        impl Searched for Board<$cells, $cols> {
            const MAX_MOVES: u8 = $max_moves;
        }

        impl Capabilities for Board<$cells, $cols> {
            fn goal_table(_: &Self) -> Option<&'static DistanceTable> {
                None
            }

            #[cfg(feature = "alloc")]
            fn drawer(target: &Self, distance: Option<u8>) -> Result<Drawer<Self>, SampleError> {
                search_drawer(target, distance)
            }
        }

        impl Oracle for Board<$cells, $cols> {
            type Solution = Solution<$cells>;
            const ENGINE: Engine = Engine::Search;

            fn distance_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<u8> {
                by_search::solution(self, target, budget).map(|solution| solution.len() as u8)
            }

            fn solution_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                by_search::solution(self, target, budget)
            }

            fn optimal_moves_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<Moves> {
                by_search::optimal_moves(self, target, budget)
            }

            #[cfg(feature = "alloc")]
            fn count_optimal_solutions_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<u64> {
                by_search::for_each_optimal_solution(self, target, budget, &mut |_| {
                    ControlFlow::Continue(())
                })
            }

            #[cfg(feature = "alloc")]
            fn for_each_optimal_solution_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                by_search::for_each_optimal_solution(self, target, budget, visit)
            }

            fn lower_bound(&self, target: &Self) -> Option<u8> {
                self.search_lower_bound(target)
            }
        }
    };
}

/// The multi-tile metric on a board searched in slides: IDA* over
/// abstraction databases in the cache.
#[cfg(all(feature = "multi-tile", feature = "cache"))]
macro_rules! searched_in_slides {
    ($cells:literal, $cols:literal) => {
        impl MetricOracle<Board<$cells, $cols>> for Mtm {
            type Solution = std::vec::IntoIter<Slide>;
            const ENGINE: Engine = Engine::Search;

            fn distance_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<u8> {
                multi_tile_search::solution_within(start, target, budget)
                    .map(|solution| solution.len() as u8)
            }

            fn solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                multi_tile_search::solution_within(start, target, budget)
            }

            fn optimal_moves_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<Slides> {
                multi_tile_search::optimal_moves_within(start, target, budget)
            }

            fn count_optimal_solutions_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<u64> {
                multi_tile_search::for_each_optimal_solution_within(
                    start,
                    target,
                    budget,
                    &mut |_| ControlFlow::Continue(()),
                )
            }

            fn for_each_optimal_solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                multi_tile_search::for_each_optimal_solution_within(start, target, budget, visit)
            }

            fn lower_bound(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
            ) -> Option<u8> {
                multi_tile_search::lower_bound(start, target)
            }

            fn goal_table(_: &Board<$cells, $cols>) -> Option<&'static DistanceTable> {
                None
            }

            fn drawer(
                target: &Board<$cells, $cols>,
                distance: Option<u8>,
            ) -> Result<Drawer<Board<$cells, $cols>>, SampleError> {
                multi_tile_search::drawer(target, distance)
            }
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/boards.rs"));

/// Draws boards for [`AnyBoard`](crate::AnyBoard) on a board without a
/// complete table: every board that reaches `target`, by
/// [`Board::random_reaching`].
#[cfg(all(pattern_search, feature = "alloc"))]
fn search_drawer<const N: usize, const COLS: usize>(
    target: &Board<N, COLS>,
    distance: Option<u8>,
) -> Result<Drawer<Board<N, COLS>>, SampleError>
where
    Board<N, COLS>: Puzzle,
{
    if distance.is_some() {
        return Err(SampleError::NoTable);
    }
    let target = *target;
    Ok(alloc::boxed::Box::new(move |random| {
        Board::random_reaching(&target, &mut || random())
    }))
}
