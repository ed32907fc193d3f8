//! Goal classes: the few goals whose tables answer every start/target pair.
//!
//! Renaming tiles does not change the move graph, and a symmetry of the
//! board carries any blank cell to the smallest cell of its orbit (see
//! [`symmetry`](super::symmetry)). So one table per orbit is enough. A
//! class's canonical goal holds the blank on that cell and tiles `1..n` in
//! row-major order on the other cells. `build.rs` lists the classes of
//! every tabled board; [`GoalClass::ALL`] holds them.
//!
//! This file is shared with `build.rs`, so it uses `core` only.

use super::geometry::Geometry;
use super::packing::Packing;

/// One goal class: a board (its wide orientation) and the cell its
/// canonical goal leaves blank.
///
/// ```
/// use puzzle_oracle::GoalClass;
///
/// let centre = GoalClass::EIGHT_CENTRE;
/// assert_eq!((centre.blank, centre.geometry.cells()), (4, 9));
/// assert_eq!(centre.name, "3x3_blank_4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoalClass {
    /// The board, wide orientation (`rows <= cols`).
    pub geometry: Geometry,
    /// The blank's cell in the canonical goal.
    pub blank: u8,
    /// Short name (`2x4_blank_1`), also the stem of the generated table
    /// file.
    pub name: &'static str,
    /// How the class's distance table stores one state.
    pub packing: Packing,
}
