//! What each board size brings: the traits that tie a board type to its
//! geometry, name and, for the 2x4 and 3x3 boards, tables and symmetries.

use super::board::Board;
#[allow(unused_imports, reason = "named in the docs")]
use super::board::{EightBoard, FifteenBoard, SevenBoard};
use super::geometry::Geometry;
use super::spec;
use super::symmetry;
use super::tables::{self, DistanceTable};

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Board<8> {}
    impl Sealed for super::Board<9> {}
    impl Sealed for super::Board<16> {}
}

/// What a board size brings: its geometry and name. Implemented for
/// [`SevenBoard`], [`EightBoard`] and [`FifteenBoard`] only.
///
/// ```
/// use puzzle_oracle::{FifteenBoard, Puzzle};
/// assert_eq!(FifteenBoard::NAME, "fifteen");
/// assert_eq!(FifteenBoard::GEOMETRY.cells(), 16);
/// ```
pub trait Puzzle: sealed::Sealed {
    /// The board's shape.
    const GEOMETRY: Geometry;
    /// The board's name in the catalog.
    const NAME: &'static str;
}

impl Puzzle for Board<8> {
    const GEOMETRY: Geometry = spec::SEVEN.geometry;
    const NAME: &'static str = spec::SEVEN.name;
}

impl Puzzle for Board<9> {
    const GEOMETRY: Geometry = spec::EIGHT.geometry;
    const NAME: &'static str = spec::EIGHT.name;
}

impl Puzzle for Board<16> {
    const GEOMETRY: Geometry = spec::FIFTEEN.geometry;
    const NAME: &'static str = spec::FIFTEEN.name;
}

/// A board whose every state has its distance in an embedded table: the
/// 2x4 and 3x3 boards. Implemented for [`SevenBoard`] and [`EightBoard`]
/// only.
///
/// ```
/// use puzzle_oracle::{EightBoard, Tabled};
/// assert_eq!(EightBoard::TABLES.len(), 3);
/// ```
pub trait Tabled: Puzzle + frames::Frames {
    /// The tables of the board's goal classes.
    const TABLES: &'static [&'static DistanceTable];
}

/// The symmetry frames of a tabled board: what the lookups need, and no
/// user can name (the trait lives in a private module).
pub(crate) mod frames {
    use super::DistanceTable;

    pub trait Frames {
        /// Cell map into the canonical frame of the class of blank cell
        /// `blank`.
        fn to_canonical(blank: usize) -> &'static [u8];
        /// Inverse of [`Frames::to_canonical`].
        fn from_canonical(blank: usize) -> &'static [u8];
        /// What a target's tile on each cell is renamed to in the
        /// canonical frame of the class of blank cell `blank`.
        fn goal_name(blank: usize) -> &'static [u8];
        /// The table answering for targets whose blank is on `blank`.
        fn table(blank: usize) -> &'static DistanceTable;
    }
}

macro_rules! puzzle {
    ($n:literal, $frames:path, [$($table:path),*]) => {
        impl Tabled for Board<$n> {
            const TABLES: &'static [&'static DistanceTable] = &[$(&$table),*];
        }

        impl frames::Frames for Board<$n> {
            #[inline]
            fn to_canonical(blank: usize) -> &'static [u8] {
                &$frames.to_canonical[blank]
            }
            #[inline]
            fn from_canonical(blank: usize) -> &'static [u8] {
                &$frames.from_canonical[blank]
            }
            #[inline]
            fn goal_name(blank: usize) -> &'static [u8] {
                &$frames.goal_name[blank]
            }
            #[inline]
            fn table(blank: usize) -> &'static DistanceTable {
                <Self as Tabled>::TABLES[usize::from($frames.class[blank])]
            }
        }
    };
}

puzzle!(
    8,
    symmetry::SEVEN,
    [tables::SEVEN_CORNER, tables::SEVEN_MIDDLE]
);
puzzle!(
    9,
    symmetry::EIGHT,
    [
        tables::EIGHT_CORNER,
        tables::EIGHT_EDGE,
        tables::EIGHT_CENTRE
    ]
);
