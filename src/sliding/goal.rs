//! Goal classes: the few goals whose tables answer every start/target pair.
//!
//! Renaming tiles does not change the move graph, and a symmetry of the
//! board carries any blank cell to the smallest cell of its orbit. So one
//! table per orbit is enough: on the 2x4 board the blank sits in a corner
//! (cell 0) or a middle column (cell 1); on the 3x3 board in a corner
//! (cell 0), on an edge (cell 1) or in the centre (cell 4). A class's
//! canonical goal holds the blank on that cell and tiles `1..n` in
//! row-major order on the other cells.
//!
//! This file is shared with `build.rs`, so it uses `core` only.

use super::geometry::Geometry;
use super::packing::Packing;

/// One goal class: a board and the cell its canonical goal leaves blank.
///
/// ```
/// use puzzle_oracle::GoalClass;
///
/// let centre = GoalClass::EIGHT_CENTRE;
/// assert_eq!((centre.blank, centre.geometry.cells()), (4, 9));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoalClass {
    /// The board.
    pub geometry: Geometry,
    /// The blank's cell in the canonical goal.
    pub blank: u8,
    /// Short name, also the stem of the generated table file.
    pub name: &'static str,
    /// How the class's distance table stores one state.
    pub packing: Packing,
}

impl GoalClass {
    /// 2x4, blank in a corner: the Seven Puzzle's goal `0 1 2 3 4 5 6 7`.
    pub const SEVEN_CORNER: GoalClass = GoalClass {
        geometry: Geometry::SEVEN,
        blank: 0,
        name: "seven_corner",
        packing: Packing::Byte,
    };
    /// 2x4, blank in a middle column: `1 0 2 3 4 5 6 7`.
    pub const SEVEN_MIDDLE: GoalClass = GoalClass {
        geometry: Geometry::SEVEN,
        blank: 1,
        name: "seven_middle",
        packing: Packing::Byte,
    };
    /// 3x3, blank in a corner: `0 1 2 3 4 5 6 7 8`.
    pub const EIGHT_CORNER: GoalClass = GoalClass {
        geometry: Geometry::EIGHT,
        blank: 0,
        name: "eight_corner",
        packing: Packing::HalfDistance,
    };
    /// 3x3, blank on an edge: `1 0 2 3 4 5 6 7 8`.
    pub const EIGHT_EDGE: GoalClass = GoalClass {
        geometry: Geometry::EIGHT,
        blank: 1,
        name: "eight_edge",
        packing: Packing::HalfDistance,
    };
    /// 3x3, blank in the centre: `1 2 3 4 0 5 6 7 8`.
    pub const EIGHT_CENTRE: GoalClass = GoalClass {
        geometry: Geometry::EIGHT,
        blank: 4,
        name: "eight_centre",
        packing: Packing::HalfDistance,
    };

    /// All five classes, 2x4 first.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::GoalClass::ALL[4].blank, 4);
    /// ```
    pub const ALL: [GoalClass; 5] = [
        GoalClass::SEVEN_CORNER,
        GoalClass::SEVEN_MIDDLE,
        GoalClass::EIGHT_CORNER,
        GoalClass::EIGHT_EDGE,
        GoalClass::EIGHT_CENTRE,
    ];
}
