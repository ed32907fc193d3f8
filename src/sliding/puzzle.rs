//! What each board shape brings: the traits that tie a board type to its
//! geometry and symmetries and, for the boards with complete tables, to
//! its tables. `build.rs` writes one `board!` line for every board of the
//! spec list, and a `tabled!` line for each tabled one.

use super::board::Board;
#[allow(unused_imports, reason = "named in the docs")]
use super::board::{EightBoard, SevenBoard};
#[cfg(feature = "alloc")]
use super::geometry::Direction;
use super::geometry::Geometry;
use super::hints::Moves;
use super::oracle::{Budget, Engine, Oracle, Outcome, engine};
use super::solve::Solution;
use super::symmetry::Frames;
use super::tables::{self, DistanceTable};
#[cfg(pattern_search)]
use super::{
    databases::{self, ClassDatabases},
    searched::{self, Searched, searching},
};
#[cfg(feature = "alloc")]
use super::{
    oracle::engine::Drawer,
    sample::{self, SampleError},
};
#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

mod sealed {
    pub trait Sealed {}
}

/// What a board shape brings: its geometry and name. Implemented for
/// every board the crate answers (and only those): 2x2, 2x3, 3x2, 2x4
/// ([`SevenBoard`]), 4x2, 3x3 ([`EightBoard`]), with the `large-tables`
/// feature 2x5 and 5x2, and with the `fifteen` feature 4x4
/// (`FifteenBoard`).
///
/// ```
/// use puzzle_oracle::{Board, Puzzle, SevenBoard};
/// assert_eq!(SevenBoard::NAME, "2x4");
/// assert_eq!(<Board<8, 2>>::GEOMETRY.rows(), 4);
/// ```
pub trait Puzzle: sealed::Sealed + frames::Frames {
    /// The board's shape.
    const GEOMETRY: Geometry;
    /// The board's name in the catalog: its shape, `RxC`.
    const NAME: &'static str;
}

/// A board whose every state has its distance in an embedded table.
///
/// ```
/// use puzzle_oracle::{Board, EightBoard, Tabled};
/// assert_eq!(EightBoard::TABLES.len(), 3);
/// // 4x2 shares the tables of 2x4, turned on its side.
/// assert!(std::ptr::eq(<Board<8, 2>>::TABLES[0], puzzle_oracle::SevenBoard::TABLES[0]));
/// ```
pub trait Tabled: Oracle {
    /// The tables of the board's goal classes, in the wide orientation.
    const TABLES: &'static [&'static DistanceTable];
}

/// The symmetry frames of a board: what the lookups need, and no user can
/// name (the trait lives in a private module).
pub(crate) mod frames {
    pub trait Frames {
        /// Cell map into the canonical frame of the class of blank cell
        /// `blank`.
        fn to_canonical(blank: usize) -> &'static [u8];
        /// Inverse of [`Frames::to_canonical`].
        fn from_canonical(blank: usize) -> &'static [u8];
        /// What a target's tile on each cell is renamed to in the
        /// canonical frame of the class of blank cell `blank`.
        fn goal_name(blank: usize) -> &'static [u8];
        /// The index of the goal class of blank cell `blank`.
        fn class(blank: usize) -> usize;
    }
}

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

        impl engine::Capabilities for Board<$cells, $cols> {
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
                Outcome::of(self.table_solution_to(target))
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

/// The databases of the board of `$cells` cells in rows of `$cols` (the
/// static `$classes` of its wide orientation), and its answers by search
/// over them.
#[cfg(pattern_search)]
macro_rules! searched {
    ($cells:literal, $cols:literal, $classes:ident, $max_moves:literal) => {
        impl searching::Classes for Board<$cells, $cols> {
            #[inline]
            fn classes() -> &'static [ClassDatabases] {
                &databases::$classes
            }
        }

        impl Searched for Board<$cells, $cols> {
            const MAX_MOVES: u8 = $max_moves;
        }

        impl engine::Capabilities for Board<$cells, $cols> {
            fn goal_table(_: &Self) -> Option<&'static DistanceTable> {
                None
            }

            #[cfg(feature = "alloc")]
            fn drawer(target: &Self, distance: Option<u8>) -> Result<Drawer<Self>, SampleError> {
                sample::search_drawer(target, distance)
            }
        }

        impl Oracle for Board<$cells, $cols> {
            type Solution = Solution<$cells>;
            const ENGINE: Engine = Engine::Search;

            fn distance_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<u8> {
                searched::solution(self, target, budget).map(|solution| solution.len() as u8)
            }

            fn solution_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                searched::solution(self, target, budget)
            }

            fn optimal_moves_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<Moves> {
                searched::optimal_moves(self, target, budget)
            }

            #[cfg(feature = "alloc")]
            fn count_optimal_solutions_within(
                &self,
                target: &Self,
                budget: &mut Budget<'_>,
            ) -> Outcome<u64> {
                searched::for_each_optimal_solution(self, target, budget, &mut |_| {
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
                searched::for_each_optimal_solution(self, target, budget, visit)
            }

            fn lower_bound(&self, target: &Self) -> Option<u8> {
                self.search_lower_bound(target)
            }
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/boards.rs"));
