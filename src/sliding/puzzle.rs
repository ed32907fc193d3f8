//! What each board shape brings: the traits that tie a board type to its
//! geometry and symmetries and, for the boards with complete tables, to
//! its tables. `build.rs` writes one `board!` line for every board of the
//! spec list, and a `tabled!` line for each tabled one.

use super::board::Board;
#[allow(unused_imports, reason = "named in the docs")]
use super::board::{EightBoard, SevenBoard};
use super::geometry::Geometry;
use super::symmetry::Frames;
use super::tables::{self, DistanceTable};
#[cfg(pattern_search)]
use super::{
    databases::{self, ClassDatabases},
    searched::{Searched, Solver, searching},
    solve::Solution,
};

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
pub trait Tabled: Puzzle {
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

/// The tables of the board of `$cells` cells in rows of `$cols`.
macro_rules! tabled {
    ($cells:literal, $cols:literal, [$($table:path),*]) => {
        impl Tabled for Board<$cells, $cols> {
            const TABLES: &'static [&'static DistanceTable] = &[$(&$table),*];
        }
    };
}

/// The databases of the board of `$cells` cells in rows of `$cols`: the
/// static `$classes` of its wide orientation.
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

        // One impl a board: impls generic over every searched board and
        // every tabled board could not both name these methods.
        impl Board<$cells, $cols> {
            /// Fewest moves to the standard goal `0 1 2 ...`, or `None`
            /// when it cannot be reached (decided by parity, without
            /// search). See [`Searched`] for examples.
            #[must_use]
            pub fn distance_to_goal(&self) -> Option<u8> {
                self.distance_to(&Self::goal())
            }

            /// Fewest moves to `target`, or `None` when it cannot be
            /// reached.
            #[must_use]
            pub fn distance_to(&self, target: &Self) -> Option<u8> {
                self.solution_to(target)
                    .map(|solution| solution.len() as u8)
            }

            /// An optimal move sequence to the standard goal, or `None`.
            #[must_use]
            pub fn solution(&self) -> Option<Solution<$cells>> {
                self.solution_to(&Self::goal())
            }

            /// An optimal move sequence to `target`, or `None` when it
            /// cannot be reached. Use a [`Solver`] to also learn how many
            /// nodes it took, or to stop a long search.
            #[must_use]
            pub fn solution_to(&self, target: &Self) -> Option<Solution<$cells>> {
                Solver::new().solve(self, target)
            }
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/boards.rs"));
