//! One entry per board: the facts that differ from board to board.
//!
//! `build.rs` generates everything else from this list: the goal classes
//! (the orbits of the blank's cell under the rectangle's symmetries), the
//! distance tables and their depth counts, the Rust statics that include
//! them, the board types' trait impls, the `phf` catalog of names and the
//! dispatch from a shape to its board type. Adding a board with complete
//! tables is one more entry here and its tests.
//!
//! An entry names the wide orientation (`rows <= cols`); the tall one, its
//! transpose, is a board of its own that shares the entry's tables.
//!
//! This file is shared with `build.rs`, so it uses `core` only.

use super::geometry::Geometry;
use super::packing::Packing;

/// What one board is.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Its shape, wide orientation (`rows <= cols`).
    pub geometry: Geometry,
    /// The puzzle's traditional names (`seven`), besides its shape; they
    /// name the wide orientation only.
    pub names: &'static [&'static str],
    /// How its answers are found.
    pub answers: Answers,
    /// What one move is.
    pub metric: Metric,
}

/// How a board's answers are found.
#[derive(Clone, Copy, Debug)]
pub enum Answers {
    /// Complete distance tables, one per goal class, each state stored as
    /// `packing`. Built only with the Cargo feature `feature`, when given.
    Tables {
        /// How a table stores one state's distance.
        packing: Packing,
        /// The feature that brings the tables in; `None` for always.
        feature: Option<&'static str>,
    },
    /// An exact search guided by pattern databases, built only with the
    /// Cargo feature `feature`.
    Search {
        /// The feature that brings the databases and the search in.
        feature: &'static str,
    },
}

/// What a move is. Every board counts one tile per move today; a
/// multi-tile metric (a row of tiles sliding at once) would be a second
/// variant here and a second move generator in the table builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Each move slides one tile into the blank.
    SingleTile,
}

impl Spec {
    /// The feature this board needs, if any.
    pub const fn feature(&self) -> Option<&'static str> {
        match self.answers {
            Answers::Tables { feature, .. } => feature,
            Answers::Search { feature } => Some(feature),
        }
    }
}

/// A board with complete tables, built always.
const fn tabled(rows: u8, cols: u8, names: &'static [&'static str], packing: Packing) -> Spec {
    Spec {
        geometry: Geometry::of(rows, cols),
        names,
        answers: Answers::Tables {
            packing,
            feature: None,
        },
        metric: Metric::SingleTile,
    }
}

/// Every board, smallest first. The distances bound each packing: 2x2
/// needs at most 6 moves, 2x3 21, 3x3 31 (half of each fits four bits);
/// 2x4 needs 36 and 2x5 55, a byte each.
pub const BOARDS: [Spec; 6] = [
    tabled(2, 2, &[], Packing::HalfDistance),
    tabled(2, 3, &[], Packing::HalfDistance),
    tabled(2, 4, &["seven"], Packing::Byte),
    tabled(3, 3, &["eight"], Packing::HalfDistance),
    Spec {
        geometry: Geometry::of(2, 5),
        names: &[],
        answers: Answers::Tables {
            packing: Packing::Byte,
            feature: Some("large-tables"),
        },
        metric: Metric::SingleTile,
    },
    Spec {
        geometry: Geometry::of(4, 4),
        names: &["fifteen"],
        answers: Answers::Search { feature: "fifteen" },
        metric: Metric::SingleTile,
    },
];
