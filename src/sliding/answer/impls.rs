//! The generated impls: `build.rs` writes one `board!` line for every
//! board of the spec list, a `tabled!` line for each tabled one and a
//! `searched!` line for each searched one; these macros turn them into the
//! board type's traits, each answer delegated to its engine.

#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

#[cfg(any(feature = "alloc", all(feature = "multi-tile", feature = "cache")))]
use crate::sliding::board::Direction;
#[cfg(all(feature = "multi-tile", feature = "cache"))]
use crate::sliding::board::Slide as MultiTileMove;
use crate::sliding::board::shape::{Puzzle, frames, play, sealed};
use crate::sliding::board::symmetry::Frames;
use crate::sliding::board::{Board, Geometry, Moves, Slide};
#[cfg(all(feature = "multi-tile", feature = "cache"))]
use crate::sliding::metric::Mtm;
use crate::sliding::metric::Stm;
#[cfg(pattern_search)]
use crate::sliding::search::{Searched, databases::ClassDatabases, registry, searching};
#[cfg(feature = "multi-tile")]
use crate::sliding::tables::MultiTileTabled;
#[cfg(feature = "alloc")]
use crate::sliding::tables::sample::{self, Drawer, SampleError};
use crate::sliding::tables::{self, DistanceTable, Tabled};

use super::budget::{Budget, Engine, Outcome};
#[cfg(pattern_search)]
use super::by_search;
use super::in_metric::MetricOracle;
#[cfg(all(feature = "multi-tile", feature = "cache"))]
use super::multi_tile_search;
use super::solution::Solution;

/// The impls of the board of `$cells` cells in `$rows` rows of `$cols`.
macro_rules! board {
    ($cells:literal, $cols:literal, $rows:literal) => {
        impl sealed::Sealed for Board<$cells, $cols> {}

        impl Puzzle for Board<$cells, $cols> {
            const GEOMETRY: Geometry = Geometry::of($rows, $cols);
            const NAME: &'static str = concat!($rows, "x", $cols);
        }

        impl play::Play for Board<$cells, $cols> {
            #[inline]
            fn after(&self, slide: Slide) -> Option<Self> {
                self.slid(slide)
            }
            #[inline]
            fn reaches(&self, target: &Self) -> bool {
                self.can_reach(target)
            }
            #[inline]
            fn write_cells(&self, into: &mut [u8]) {
                into[..$cells].copy_from_slice(&self.cells());
            }
            fn drawn_reaching(target: &Self, random: &mut dyn FnMut() -> u64) -> Self {
                Board::random_reaching(target, &mut || random())
            }
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

        /// A tile a move from the complete tables: every answer a lookup.
        impl MetricOracle<Board<$cells, $cols>> for Stm {
            type Solution = Solution<$cells>;
            const ENGINE: Engine = Engine::Tables;

            #[inline]
            fn lower_bound(start: &Board<$cells, $cols>, target: &Board<$cells, $cols>) -> Option<u8> {
                start.table_distance_to(target)
            }

            #[inline]
            fn solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                _: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                Outcome::of(start.table_walk_to(target).map(Solution::of_walk))
            }

            #[inline]
            fn within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                moves: u8,
                _: &mut Budget<'_>,
            ) -> Outcome<()> {
                match start.table_distance_to(target) {
                    Some(distance) if distance <= moves => Outcome::Found(()),
                    _ => Outcome::Impossible,
                }
            }

            #[cfg(feature = "alloc")]
            fn for_each_optimal_solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                _: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                let Some(solutions) = start.optimal_solutions_to(target) else {
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
            fn distance_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                _: &mut Budget<'_>,
            ) -> Outcome<u8> {
                Outcome::of(start.table_distance_to(target))
            }

            #[inline]
            fn optimal_moves_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                _: &mut Budget<'_>,
            ) -> Outcome<Moves> {
                Outcome::of(start.table_optimal_moves_to(target))
            }

            #[cfg(feature = "alloc")]
            fn count_optimal_solutions_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                _: &mut Budget<'_>,
            ) -> Outcome<u64> {
                Outcome::of(start.table_count_optimal_solutions_to(target))
            }

            fn goal_table(target: &Board<$cells, $cols>) -> Option<&'static DistanceTable> {
                Some(target.goal_table())
            }

            #[cfg(feature = "alloc")]
            fn drawer(
                target: &Board<$cells, $cols>,
                distance: Option<u8>,
            ) -> Result<Drawer<Board<$cells, $cols>>, SampleError> {
                sample::table_drawer(target, distance)
            }
        }
    };
}

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

        answered_by_search!(Stm, by_search, Solution<$cells>, $cells, $cols);
    };
}

/// The multi-tile metric on a board searched in slides: IDA* over
/// abstraction databases in the cache.
#[cfg(all(feature = "multi-tile", feature = "cache"))]
macro_rules! searched_in_slides {
    ($cells:literal, $cols:literal) => {
        answered_by_search!(
            Mtm,
            multi_tile_search,
            std::vec::IntoIter<MultiTileMove>,
            $cells,
            $cols
        );
    };
}

/// The answer trait in `$metric` on `Board<$cells, $cols>` by a search:
/// the four answers an engine gives, from the module `$engine` (the
/// single-tile search's `by_search`, the multi-tile one's
/// `multi_tile_search`); every other question is the trait's default.
#[cfg(pattern_search)]
macro_rules! answered_by_search {
    ($metric:ty, $engine:ident, $solution:ty, $cells:literal, $cols:literal) => {
        /// Answered by IDA* over the board's databases.
        impl MetricOracle<Board<$cells, $cols>> for $metric {
            type Solution = $solution;
            const ENGINE: Engine = Engine::Search;

            fn lower_bound(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
            ) -> Option<u8> {
                $engine::lower_bound(start, target)
            }

            fn solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                $engine::solution(start, target, budget)
            }

            fn within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                moves: u8,
                budget: &mut Budget<'_>,
            ) -> Outcome<()> {
                $engine::within(start, target, moves, budget)
            }

            #[cfg(feature = "alloc")]
            fn for_each_optimal_solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                $engine::for_each_optimal_solution(start, target, budget, visit)
            }
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/boards.rs"));
