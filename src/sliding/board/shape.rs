//! What a board shape brings: the trait that ties a board type to its
//! geometry and name, and the symmetry frames its lookups read. The
//! impls are generated for every board built (see
//! `crate::sliding::answer::impls`).

use super::geometry::Geometry;
use super::slide::Slide;
#[allow(unused_imports, reason = "named in the docs")]
use super::{EightBoard, SevenBoard};

/// Seals [`Puzzle`]: only the boards the crate is built with implement it.
pub(crate) mod sealed {
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
pub trait Puzzle: sealed::Sealed + frames::Frames + play::Play {
    /// The board's shape.
    const GEOMETRY: Geometry;
    /// The board's name in the catalog: its shape, `RxC`.
    const NAME: &'static str;
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

/// The moves of a board, for code generic over the board type (the
/// answer trait's default methods): what the board's own methods do,
/// and no user can name (the trait lives in a private module).
pub(crate) mod play {
    use super::Slide;

    pub trait Play: Copy + 'static {
        /// The board after `slide` (a single-tile move is a slide of one
        /// tile), or `None` when that would leave the board.
        fn after(&self, slide: Slide) -> Option<Self>;
        /// Whether `target` can be reached from this board.
        fn reaches(&self, target: &Self) -> bool;
        /// Its cells, into the first cells of `into`.
        fn write_cells(&self, into: &mut [u8]);
        /// A board drawn uniformly among those that reach `target`.
        fn drawn_reaching(target: &Self, random: &mut dyn FnMut() -> u64) -> Self;
    }
}
