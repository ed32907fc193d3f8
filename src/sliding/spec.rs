//! One place per board: the facts that differ from board to board. The
//! goal classes, the symmetry frames, the `phf` catalog of names and the
//! command's list of boards are derived from these; a new board is one
//! more spec, its tables and its tests.
//!
//! This file is shared with `build.rs`, so it uses `core` only.

use super::geometry::Geometry;
use super::packing::Packing;

/// What one board is.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The board's main name.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// Its shape.
    pub geometry: Geometry,
    /// Each goal class: the blank's cell in its canonical goal (the
    /// smallest cell of an orbit of the board's symmetries) and the class's
    /// name, the stem of its generated files. The standard goal's class
    /// (blank on cell 0) comes first.
    pub classes: &'static [(u8, &'static str)],
    /// How its complete tables store a state; `None` for a board too large
    /// for complete tables (the 4x4 board, searched instead).
    pub packing: Option<Packing>,
}

/// The Seven Puzzle's 2x4 board: blank in a corner or a middle column.
pub const SEVEN: Spec = Spec {
    name: "seven",
    aliases: &["2x4"],
    geometry: Geometry::SEVEN,
    classes: &[(0, "seven_corner"), (1, "seven_middle")],
    packing: Some(Packing::Byte),
};

/// The Eight Puzzle's 3x3 board: blank in a corner, on an edge or in the
/// centre.
pub const EIGHT: Spec = Spec {
    name: "eight",
    aliases: &["3x3"],
    geometry: Geometry::EIGHT,
    classes: &[(0, "eight_corner"), (1, "eight_edge"), (4, "eight_centre")],
    packing: Some(Packing::HalfDistance),
};

/// The Fifteen Puzzle's 4x4 board: blank in a corner, on an edge or in the
/// centre; pattern databases instead of complete tables.
pub const FIFTEEN: Spec = Spec {
    name: "fifteen",
    aliases: &["4x4"],
    geometry: Geometry::FIFTEEN,
    classes: &[
        (0, "fifteen_corner"),
        (1, "fifteen_edge"),
        (5, "fifteen_centre"),
    ],
    packing: None,
};

/// Every board, smallest first.
#[allow(dead_code, reason = "the build script lists the catalog from it")]
pub const BOARDS: [Spec; 3] = [SEVEN, EIGHT, FIFTEEN];
