//! Goal classes: the few goals whose tables answer every start/target pair.
//!
//! Renaming tiles does not change the move graph, and a symmetry of the
//! board carries any blank cell to the smallest cell of its orbit. So one
//! table per orbit is enough; the orbits are listed in each board's
//! [`spec`](super::spec). A class's canonical goal holds the blank on that
//! cell and tiles `1..n` in row-major order on the other cells.
//!
//! This file is shared with `build.rs`, so it uses `core` only.

use super::geometry::Geometry;
use super::packing::Packing;
use super::spec::{self, Spec};

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
    /// Class number `class` of the board `spec`, which has tables.
    const fn of(spec: &Spec, class: usize) -> GoalClass {
        let (blank, name) = spec.classes[class];
        GoalClass {
            geometry: spec.geometry,
            blank,
            name,
            packing: match spec.packing {
                Some(packing) => packing,
                None => panic!("a goal class of a board without tables"),
            },
        }
    }

    /// 2x4, blank in a corner: the Seven Puzzle's goal `0 1 2 3 4 5 6 7`.
    pub const SEVEN_CORNER: GoalClass = GoalClass::of(&spec::SEVEN, 0);
    /// 2x4, blank in a middle column: `1 0 2 3 4 5 6 7`.
    pub const SEVEN_MIDDLE: GoalClass = GoalClass::of(&spec::SEVEN, 1);
    /// 3x3, blank in a corner: `0 1 2 3 4 5 6 7 8`.
    pub const EIGHT_CORNER: GoalClass = GoalClass::of(&spec::EIGHT, 0);
    /// 3x3, blank on an edge: `1 0 2 3 4 5 6 7 8`.
    pub const EIGHT_EDGE: GoalClass = GoalClass::of(&spec::EIGHT, 1);
    /// 3x3, blank in the centre: `1 2 3 4 0 5 6 7 8`.
    pub const EIGHT_CENTRE: GoalClass = GoalClass::of(&spec::EIGHT, 2);

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
