//! One entry per board: the facts that differ from board to board, and
//! for each metric how the board is answered in it (a tile a move:
//! [`Spec::answers`]; a slide a move: [`Spec::in_slides`]).
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
use super::pattern::PatternClass;

/// What one board is.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Its shape, wide orientation (`rows <= cols`).
    pub geometry: Geometry,
    /// The puzzle's traditional names (`seven`), besides its shape; they
    /// name the wide orientation only.
    pub names: &'static [&'static str],
    /// How its answers are found a tile a move.
    pub answers: Answers,
    /// How its answers are found a slide a move (feature `multi-tile`).
    pub in_slides: InSlides,
}

/// How a board's answers are found in the multi-tile metric, where a
/// move slides one or more tiles of the blank's row or column.
#[derive(Clone, Copy, Debug)]
pub enum InSlides {
    /// Complete multi-tile tables of the board's goal classes, beside its
    /// single-tile ones.
    Tables,
    /// IDA* over slides, bounded by abstraction databases built on first
    /// use into the cache (feature `cache` too): the goal with the blank
    /// on cell 0 relabelled into at most five classes of alike tiles,
    /// `labels` by cell in rows, the blank's label 0 and the tiles left
    /// 5; a `second` abstraction probed beside the first, the larger
    /// bound kept, on the boards whose slides are long. See the library's
    /// `search::multi_tile`.
    Search {
        /// The abstraction, by cell.
        labels: &'static [u8],
        /// A second abstraction, its blocks a column over.
        second: Option<&'static [u8]>,
    },
    /// Not answered in slides.
    Unanswered,
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
    /// An exact search guided by pattern databases, built with the Cargo
    /// feature `feature` (its embedded tiers) or, for a board with a
    /// `cached` tier, with the feature `cache`.
    Search {
        /// The feature that brings the embedded databases and the search
        /// in.
        feature: &'static str,
        /// The databases' embedded tiers, largest first: the first whose
        /// feature is on (or that needs none) is built.
        tiers: &'static [Tier],
        /// A tier built into the user's cache directory instead, with the
        /// feature `cache`.
        cached: Option<Cached>,
        /// The most moves any state needs (published): the search's bound
        /// never passes it.
        max_moves: u8,
    },
}

/// One set of pattern databases for a searched board: a partition of the
/// tiles into groups for each goal class, in the order of the classes'
/// blank cells.
#[derive(Clone, Copy, Debug)]
pub struct Tier {
    /// The feature that selects it; `None` for the board's smallest tier.
    pub feature: Option<&'static str>,
    /// Each goal class's groups.
    pub classes: &'static [PatternClass],
}

/// A tier of databases too large to embed: built by the same generator
/// into the user's cache directory and mapped from there.
#[derive(Clone, Copy, Debug)]
pub struct Cached {
    /// Each goal class's groups.
    pub classes: &'static [PatternClass],
    /// The feature whose embedded tier has the same classes: with it on,
    /// the embedded tier serves and the cached one is left out.
    pub embedded_by: Option<&'static str>,
    /// Built on the board's first question (`true`), or only when asked
    /// for and used once it is there.
    pub on_first_use: bool,
}

/// The feature that brings in the cached tiers.
pub const CACHE_FEATURE: &str = "cache";

impl Spec {
    /// The feature that builds this board, if any: for a board with a
    /// cached tier, the one that embeds its databases.
    pub const fn feature(&self) -> Option<&'static str> {
        match self.answers {
            Answers::Tables { feature, .. } => feature,
            Answers::Search { feature, .. } => Some(feature),
        }
    }

    /// Whether this build has the board: its feature is on, or the cache
    /// is, for a board whose cached tier is built on first use (a tier
    /// built only on request needs an embedded one to answer until then).
    pub fn is_built(&self, enabled: impl Fn(&str) -> bool) -> bool {
        match self.answers {
            Answers::Search {
                cached: Some(cached),
                ..
            } if cached.on_first_use && enabled(CACHE_FEATURE) => true,
            _ => self.feature().is_none_or(enabled),
        }
    }

    /// The feature that brings the board into a build that leaves it out.
    pub fn building_feature(&self) -> &'static str {
        match self.answers {
            Answers::Search {
                cached: Some(cached),
                ..
            } if cached.on_first_use => CACHE_FEATURE,
            _ => self.feature().unwrap_or_default(),
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
        in_slides: InSlides::Tables,
    }
}

/// A board answered by search, behind the feature `searched-boards`, with
/// one tier of databases and its most moves (OEIS A151944), and searched
/// in slides over the abstraction `labels`.
const fn searched(
    rows: u8,
    cols: u8,
    classes: &'static [Tier],
    max_moves: u8,
    in_slides: InSlides,
) -> Spec {
    Spec {
        geometry: Geometry::of(rows, cols),
        names: &[],
        answers: Answers::Search {
            feature: "searched-boards",
            tiers: classes,
            cached: None,
            max_moves,
        },
        in_slides,
    }
}

/// Every board, smallest first. The distances bound each packing: 2x2
/// needs at most 6 moves, 2x3 21, 3x3 31 (half of each fits four bits);
/// 2x4 needs 36 and 2x5 55, a byte each.
pub const BOARDS: [Spec; 15] = [
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
        in_slides: InSlides::Tables,
    },
    searched(3, 4, &BOARD_3X4, 53, SLIDES_3X4),
    searched(2, 6, &BOARD_2X6, 80, SLIDES_2X6),
    searched(2, 7, &BOARD_2X7, 108, SLIDES_2X7),
    Spec {
        geometry: Geometry::of(3, 5),
        names: &[],
        answers: Answers::Search {
            feature: "searched-boards",
            tiers: &BOARD_3X5,
            cached: Some(Cached {
                classes: &BOARD_3X5_LARGE,
                embedded_by: Some("searched-large"),
                on_first_use: true,
            }),
            max_moves: 84,
        },
        in_slides: SLIDES_3X5,
    },
    // Its large tier in the cache; embedded behind a feature of its own,
    // out of the defaults (the compact tier alone is slow: one random
    // board in 200 takes 24 s, see its partition below).
    Spec {
        geometry: Geometry::of(2, 8),
        names: &[],
        answers: Answers::Search {
            feature: "searched-2x8",
            tiers: &BOARD_2X8,
            cached: Some(Cached {
                classes: &BOARD_2X8_LARGE,
                embedded_by: Some("searched-large"),
                on_first_use: true,
            }),
            max_moves: 140,
        },
        in_slides: SLIDES_2X8,
    },
    Spec {
        geometry: Geometry::of(4, 4),
        names: &["fifteen"],
        answers: Answers::Search {
            feature: "fifteen",
            tiers: &[
                Tier {
                    feature: Some("fifteen-large"),
                    classes: &FIFTEEN_LARGE,
                },
                Tier {
                    feature: None,
                    classes: &FIFTEEN_COMPACT,
                },
            ],
            cached: Some(Cached {
                classes: &FIFTEEN_STRONG,
                embedded_by: None,
                on_first_use: false,
            }),
            // Brüngger et al. 1999, Korf 2008.
            max_moves: 80,
        },
        in_slides: SLIDES_4X4,
    },
    // The boards of 17 to 24 cells whose random boards measured answerable
    // (BENCHMARKS.md, "The boards of 18 to 20 cells", which also says why
    // 3x7 and 4x6 are left out): their databases built into the cache on
    // their first question, a goal class at a time. Their God's numbers
    // are unknown: the bound is the crate's cap, far above any distance
    // seen (2x9's at most 124 on random boards).
    Spec {
        geometry: Geometry::of(3, 6),
        names: &[],
        answers: Answers::Search {
            feature: CACHE_FEATURE,
            tiers: &[],
            cached: Some(Cached {
                classes: &BOARD_3X6,
                embedded_by: None,
                on_first_use: true,
            }),
            max_moves: 205,
        },
        in_slides: InSlides::Unanswered,
    },
    Spec {
        geometry: Geometry::of(2, 9),
        names: &[],
        answers: Answers::Search {
            feature: CACHE_FEATURE,
            tiers: &[],
            cached: Some(Cached {
                classes: &BOARD_2X9,
                embedded_by: None,
                on_first_use: true,
            }),
            max_moves: 205,
        },
        in_slides: InSlides::Unanswered,
    },
    Spec {
        geometry: Geometry::of(4, 5),
        names: &[],
        answers: Answers::Search {
            feature: CACHE_FEATURE,
            tiers: &[],
            cached: Some(Cached {
                classes: &BOARD_4X5,
                embedded_by: None,
                on_first_use: true,
            }),
            max_moves: 205,
        },
        in_slides: InSlides::Unanswered,
    },
    // The 24-puzzle: no embedded tier (a 6-tile group's database is 22.6
    // MB), its databases built into the cache on its first question.
    Spec {
        geometry: Geometry::of(5, 5),
        names: &["twenty-four"],
        answers: Answers::Search {
            feature: CACHE_FEATURE,
            tiers: &[],
            cached: Some(Cached {
                classes: &BOARD_5X5,
                embedded_by: None,
                on_first_use: true,
            }),
            // An upper bound: the 5x5 board's God's number lies between
            // 152 and 205 (the bound the search never passes).
            max_moves: 205,
        },
        in_slides: InSlides::Unanswered,
    },
];

/// The 3x6 board's classes (blank cells 0, 1, 2, 6, 7, 8): two groups of
/// seven, zero-aware, and the three tiles between them; the other classes
/// swap their blank's cell for cell 0 in its group, sharing the corner
/// class's other two databases:
///
/// ```text
///  .  A  A  C  B  B
///  A  A  A  C  B  B
///  A  A  C  B  B  B
/// ```
///
/// On 20 random boards a median of 0.18 s, the slowest 3.0 s (one thread).
const BOARD_3X6: [PatternClass; 6] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 2, 6, 7, 8, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[0, 2, 6, 7, 8, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [
            &[0, 1, 6, 7, 8, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 6,
        groups: [
            &[0, 1, 2, 7, 8, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 7,
        groups: [
            &[0, 1, 2, 6, 8, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 8,
        groups: [
            &[0, 1, 2, 6, 7, 12, 13],
            &[4, 5, 10, 11, 15, 16, 17],
            &[3, 9, 14],
            &[],
        ],
        borrows: None,
    },
];

/// The 2x9 board's classes (blank cells 0 to 4): two groups of seven,
/// zero-aware, and the three tiles between them; the other classes swap
/// their blank's cell for cell 0 in its group:
///
/// ```text
///  .  A  A  A  C  C  B  B  B
///  A  A  A  A  C  B  B  B  B
/// ```
///
/// On 20 random boards a median of 0.05 s, the slowest 3.8 s (one thread).
const BOARD_2X9: [PatternClass; 5] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 2, 3, 9, 10, 11, 12],
            &[6, 7, 8, 14, 15, 16, 17],
            &[4, 5, 13],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[0, 2, 3, 9, 10, 11, 12],
            &[6, 7, 8, 14, 15, 16, 17],
            &[4, 5, 13],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [
            &[0, 1, 3, 9, 10, 11, 12],
            &[6, 7, 8, 14, 15, 16, 17],
            &[4, 5, 13],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 3,
        groups: [
            &[0, 1, 2, 9, 10, 11, 12],
            &[6, 7, 8, 14, 15, 16, 17],
            &[4, 5, 13],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 4,
        groups: [
            &[1, 2, 3, 9, 10, 11, 12],
            &[6, 7, 8, 14, 15, 16, 17],
            &[0, 5, 13],
            &[],
        ],
        borrows: None,
    },
];

/// The 4x5 board's classes (blank cells 0, 1, 2, 5, 6, 7): two groups of
/// seven and one of five, zero-aware; the other classes swap their blank's
/// cell for cell 0 in its group, sharing the corner class's other two
/// databases:
///
/// ```text
///  .  A  A  B  B
///  A  A  A  B  B
///  A  A  C  B  B
///  C  C  C  C  B
/// ```
///
/// On 20 random boards a median of 1.2 s; two of the 20 took more than a
/// minute (one thread).
const BOARD_4X5: [PatternClass; 6] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 2, 5, 6, 7, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[0, 2, 5, 6, 7, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [
            &[0, 1, 5, 6, 7, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 5,
        groups: [
            &[0, 1, 2, 6, 7, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 6,
        groups: [
            &[0, 1, 2, 5, 7, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 7,
        groups: [
            &[0, 1, 2, 5, 6, 10, 11],
            &[3, 4, 8, 9, 13, 14, 19],
            &[12, 15, 16, 17, 18],
            &[],
        ],
        borrows: None,
    },
];

/// The 5x5 board's classes: Korf and Felner's 6-6-6-6 partition (Korf and
/// Felner, "Disjoint pattern database heuristics", 2002), zero-aware,
/// read on the board and on its transpose (the search's mirror view),
/// which splits the tiles the other way:
///
/// ```text
///  .  A  B  B  B
///  A  A  B  B  B
///  A  A  A  C  C
///  D  D  D  C  C
///  D  D  D  C  C
/// ```
///
/// The other classes (blank cells 1, 2, 6, 7 and 12) keep the partition,
/// the blank's cell swapped for cell 0 in its group, so that they share
/// three of their four databases with the corner class and need one more
/// each.
const BOARD_5X5: [PatternClass; 6] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 5, 6, 10, 11, 12],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[0, 5, 6, 10, 11, 12],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [
            &[1, 5, 6, 10, 11, 12],
            &[0, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 6,
        groups: [
            &[0, 1, 5, 10, 11, 12],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 7,
        groups: [
            &[1, 5, 6, 10, 11, 12],
            &[0, 2, 3, 4, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 12,
        groups: [
            &[0, 1, 5, 6, 10, 11],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
        borrows: None,
    },
];

/// The large tier's corner class. Blank in a corner: the standard goal
/// `0 1 2 ... 15`. Two groups of seven and one of one (the tile's taxicab distance):
///
/// ```text
///  .  A  B  B
///  A  A  B  B
///  A  A  B  B
///  A  A  B  C
/// ```
///
/// Reflecting the board about its main diagonal turns these columns into
/// rows, so the lookup on the mirrored board splits the tiles differently
/// and often bounds higher. On Korf's 100 this needs 3.20 million nodes
/// (3.50 million before the search ordered children nearest first, the
/// figure the other splits were compared at): the same tiles in zero-aware
/// 6-6-3 groups (`A` and `B` without their bottom cell, `C` the bottom
/// row) 12.9 million, two 7-tile groups that leave out tile 1 instead of
/// 15 12.3 million, and a split along the diagonal that leaves out tile 5
/// (so that the centre class could share both databases) 25.5 million.
const FIFTEEN_CORNER: PatternClass = PatternClass {
    blank: 0,
    groups: [
        &[1, 4, 5, 8, 9, 12, 13],
        &[2, 3, 6, 7, 10, 11, 14],
        &[15],
        &[],
    ],
    borrows: None,
};

/// The large tier's edge class. Blank on an edge: goal `1 0 2 3 ... 15`.
/// Group `B` of the corner (its database is shared: the blank's goal
/// cells 0 and 1 lie in one region of its free cells), a group of six and
/// a pair:
///
/// ```text
///  A  .  B  B
///  A  C  B  B
///  A  A  B  B
///  A  A  B  C
/// ```
///
/// A second 7-tile database would not fit the 40 MiB the 4x4 board may
/// embed, and no symmetry of the square maps this goal to itself, so there
/// is no mirror: on their own these databases took 31.4 million nodes on
/// Korf's 100 starts, against 2.29 million for corner targets. So the
/// class also borrows the corner's databases: the blank one move to the
/// left makes the corner's goal, so the corner's bound less one, direct
/// and mirrored, is a bound here, and 4.18 million nodes do (without the
/// class's own databases 4.91 million, in the same time). Borrowing the
/// corner's for the centre class too, two moves away, took 3.86 million
/// nodes instead of 4.86 million but 1.4 times the time (four views
/// instead of two), so the centre does not.
const FIFTEEN_EDGE: PatternClass = PatternClass {
    blank: 1,
    groups: [
        &[2, 3, 6, 7, 10, 11, 14],
        &[0, 4, 8, 9, 12, 13],
        &[5, 15],
        &[],
    ],
    borrows: Some(0),
};

/// The large tier's centre class. Blank in the centre: goal `1 2 3 4 5 0
/// 6 ... 15`. The edge's 7- and 6-tile groups (databases shared) and a
/// pair of its own; like the corner, it is also read on the board's mirror
/// image:
///
/// ```text
///  A  C  B  B
///  A  .  B  B
///  A  A  B  B
///  A  A  B  C
/// ```
const FIFTEEN_CENTRE: PatternClass = PatternClass {
    blank: 5,
    groups: [
        &[2, 3, 6, 7, 10, 11, 14],
        &[0, 4, 8, 9, 12, 13],
        &[1, 15],
        &[],
    ],
    borrows: None,
};

/// The large tier's classes (feature `fifteen-large`), in the order of the
/// canonical blank cells 0, 1, 5.
const FIFTEEN_LARGE: [PatternClass; 3] = [FIFTEEN_CORNER, FIFTEEN_EDGE, FIFTEEN_CENTRE];

/// The strong tier's classes, in the cache (built on request, `tables
/// build 4x4`, and used once built): the corner class in two groups, the
/// large tier's `A` and the eight tiles of the two right columns:
///
/// ```text
///  .  A  B  B
///  A  A  B  B
///  A  A  B  B
///  A  A  B  B
/// ```
///
/// The edge and centre classes are the large tier's; the edge class
/// borrows the corner's databases, the 8-tile one among them.
const FIFTEEN_STRONG: [PatternClass; 3] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 4, 5, 8, 9, 12, 13],
            &[2, 3, 6, 7, 10, 11, 14, 15],
            &[],
            &[],
        ],
        borrows: None,
    },
    FIFTEEN_EDGE,
    FIFTEEN_CENTRE,
];

/// The compact tier's classes (feature `fifteen` alone): zero-aware
/// groups of six, six and three, a sixth of the large tier's bytes. The
/// corner's groups are the large tier's without their bottom cells:
///
/// ```text
///  .  A  B  B     A  .  B  B     A  A  B  B
///  A  A  B  B     A  A  B  B     A  .  B  B
///  A  A  B  B     A  A  B  B     A  A  B  B
///  A  C  C  C     A  C  C  C     A  C  C  C
/// ```
///
/// `B` and `C` are shared by the three classes. Korf's 100 need 12.1
/// million nodes, against 3.20 million in the large tier (7.99 million and
/// 2.29 million with the move automaton). The edge class borrows the
/// corner's databases, as in the large tier: Korf's 100 starts to `1 0 2
/// 3 ... 15` take 17.0 million nodes instead of 67.7 million.
const FIFTEEN_COMPACT: [PatternClass; 3] = [
    PatternClass {
        blank: 0,
        groups: [
            &[1, 4, 5, 8, 9, 12],
            &[2, 3, 6, 7, 10, 11],
            &[13, 14, 15],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[0, 4, 5, 8, 9, 12],
            &[2, 3, 6, 7, 10, 11],
            &[13, 14, 15],
            &[],
        ],
        borrows: Some(0),
    },
    PatternClass {
        blank: 5,
        groups: [
            &[0, 1, 4, 8, 9, 12],
            &[2, 3, 6, 7, 10, 11],
            &[13, 14, 15],
            &[],
        ],
        borrows: None,
    },
];

/// The 3x4 board's classes (blank cells 0, 1, 4, 5): the right half,
/// shared, and the left half without the blank:
///
/// ```text
///  B  B  A  A
///  B  B  A  A
///  B  B  A  A
/// ```
///
/// On 200 random boards 506 nodes each on average, under 0.1 ms.
const BOARD_3X4: [Tier; 1] = [Tier {
    feature: None,
    classes: &[
        PatternClass {
            blank: 0,
            groups: [&[2, 3, 6, 7, 10, 11], &[1, 4, 5, 8, 9], &[], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 1,
            groups: [&[2, 3, 6, 7, 10, 11], &[0, 4, 5, 8, 9], &[], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 4,
            groups: [&[2, 3, 6, 7, 10, 11], &[0, 1, 5, 8, 9], &[], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 5,
            groups: [&[2, 3, 6, 7, 10, 11], &[0, 1, 4, 8, 9], &[], &[]],
            borrows: None,
        },
    ],
}];

/// The 2x6 board's classes (blank cells 0, 1, 2): the right half,
/// shared, and the left half without the blank:
///
/// ```text
///  B  B  B  A  A  A
///  B  B  B  A  A  A
/// ```
///
/// On 200 random boards 240 nodes each on average.
const BOARD_2X6: [Tier; 1] = [Tier {
    feature: None,
    classes: &[
        PatternClass {
            blank: 0,
            groups: [&[3, 4, 5, 9, 10, 11], &[1, 2, 6, 7, 8], &[], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 1,
            groups: [&[3, 4, 5, 9, 10, 11], &[0, 2, 6, 7, 8], &[], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 2,
            groups: [&[3, 4, 5, 9, 10, 11], &[0, 1, 6, 7, 8], &[], &[]],
            borrows: None,
        },
    ],
}];

/// The 2x7 board's classes (blank cells 0 to 3): six tiles on the
/// right and a pair, both shared, and five of the others:
///
/// ```text
///  B  B  B  B  A  A  A
///  B  B  C  C  A  A  A
/// ```
///
/// On 200 random boards 0.25 million nodes each on average; a seventh
/// group of the right block and six of the others (8.5 MiB instead of
/// 0.9) took 650.
const BOARD_2X7: [Tier; 1] = [Tier {
    feature: None,
    classes: &[
        PatternClass {
            blank: 0,
            groups: [&[4, 5, 6, 11, 12, 13], &[1, 2, 3, 7, 8], &[9, 10], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 1,
            groups: [&[4, 5, 6, 11, 12, 13], &[0, 2, 3, 7, 8], &[9, 10], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 2,
            groups: [&[4, 5, 6, 11, 12, 13], &[0, 1, 3, 7, 8], &[9, 10], &[]],
            borrows: None,
        },
        PatternClass {
            blank: 3,
            groups: [&[4, 5, 6, 11, 12, 13], &[0, 1, 2, 7, 8], &[9, 10], &[]],
            borrows: None,
        },
    ],
}];

/// The 3x5 board's tiers: the large one (feature `searched-large`) and the
/// compact one.
const BOARD_3X5: [Tier; 2] = [
    Tier {
        feature: Some("searched-large"),
        classes: &BOARD_3X5_LARGE,
    },
    Tier {
        feature: None,
        classes: &BOARD_3X5_COMPACT,
    },
];

/// The 3x5 board's large tier (blank cells 0, 1, 2, 5, 6, 7): seven tiles
/// on the right, shared, and for the corner class the seven others; the
/// other classes split those into five and a pair (shared), as 7-tile
/// databases of their own would take 10.3 MB each. Classes 2, 5, 6 and 7
/// are also read on the mirrored board, as in the compact tier:
///
/// ```text
///  .  B  B  A  A     B  .  B  A  A
///  B  B  B  A  A     B  B  B  A  A
///  B  B  A  A  A     C  C  A  A  A
/// ```
///
/// The compact tier bounds the farthest position (84 moves from the goal
/// with the blank last, a corner target) at 58, and its search had not
/// ended after 50 minutes; this tier bounds it at 68 and answers it in
/// 34 to 36 s (357 million nodes; two runs). On 200 random boards to
/// the standard goal, 5,394 nodes each on average against 217,958, 0.050
/// times the time.
///
/// The classes one or two moves from the corner (1, 2, 5 and 6) also
/// borrow its databases: on 100 random boards to each class's goal (one run
/// each) that took class 1 from 101,807 nodes a board to 11,138 (0.25 s
/// against 1.03 s for the 100), class 5 from 59,761 to 9,040 (0.31 s
/// against 1.00 s), class 2 from 22,678 to 9,406 (0.31 s against 0.46 s)
/// and class 6 from 33,377 to 10,292 (0.28 s against 0.55 s); the
/// centre, three moves away, went from 21,197 to 14,788 nodes but from
/// 0.38 s to 0.43 s, so it does not borrow.
const BOARD_3X5_LARGE: [PatternClass; 6] = [
    PatternClass {
        blank: 0,
        groups: [
            &[3, 4, 8, 9, 12, 13, 14],
            &[1, 2, 5, 6, 7, 10, 11],
            &[],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [&[3, 4, 8, 9, 12, 13, 14], &[0, 2, 5, 6, 7], &[10, 11], &[]],
        borrows: Some(0),
    },
    PatternClass {
        blank: 2,
        groups: [&[3, 4, 8, 9, 12, 13, 14], &[0, 1, 5, 6, 7], &[10, 11], &[]],
        borrows: Some(0),
    },
    PatternClass {
        blank: 5,
        groups: [&[3, 4, 8, 9, 12, 13, 14], &[0, 1, 2, 6, 7], &[10, 11], &[]],
        borrows: Some(0),
    },
    PatternClass {
        blank: 6,
        groups: [&[3, 4, 8, 9, 12, 13, 14], &[0, 1, 2, 5, 7], &[10, 11], &[]],
        borrows: Some(0),
    },
    PatternClass {
        blank: 7,
        groups: [&[3, 4, 8, 9, 12, 13, 14], &[0, 1, 2, 5, 6], &[10, 11], &[]],
        borrows: None,
    },
];

/// The 3x5 board's compact tier, built without `searched-large` (as the
/// web page is), 1,617,753 bytes with its layouts: for blank cells 0, 1,
/// 2, 5, 6, 7, six tiles on the right and three at the bottom left,
/// both shared, and five of the others; classes 2, 5, 6 and 7 are also
/// read on the mirrored board:
///
/// ```text
///  B  B  B  A  A
///  B  B  B  A  A
///  C  C  C  A  A
/// ```
///
/// On 200 random boards 0.38 million nodes each on average; six of the
/// others and a pair (6.6 MiB instead of 1.4) took 0.19 million. With the
/// move automaton 0.22 million; classes 0 and 1 borrowing the mirrored
/// classes one move below them (5 and 6) took 0.18 million, but 1.65
/// times as long (three views instead of one; one run each), so none
/// borrows.
const BOARD_3X5_COMPACT: [PatternClass; 6] = [
    PatternClass {
        blank: 0,
        groups: [&[3, 4, 8, 9, 13, 14], &[1, 2, 5, 6, 7], &[10, 11, 12], &[]],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [&[3, 4, 8, 9, 13, 14], &[0, 2, 5, 6, 7], &[10, 11, 12], &[]],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [&[3, 4, 8, 9, 13, 14], &[0, 1, 5, 6, 7], &[10, 11, 12], &[]],
        borrows: None,
    },
    PatternClass {
        blank: 5,
        groups: [&[3, 4, 8, 9, 13, 14], &[0, 1, 2, 6, 7], &[10, 11, 12], &[]],
        borrows: None,
    },
    PatternClass {
        blank: 6,
        groups: [&[3, 4, 8, 9, 13, 14], &[0, 1, 2, 5, 7], &[10, 11, 12], &[]],
        borrows: None,
    },
    PatternClass {
        blank: 7,
        groups: [&[3, 4, 8, 9, 13, 14], &[0, 1, 2, 5, 6], &[10, 11, 12], &[]],
        borrows: None,
    },
];

/// The 2x8 board's tiers: the large one (with `searched-large`) and the
/// compact one.
const BOARD_2X8: [Tier; 2] = [
    Tier {
        feature: Some("searched-large"),
        classes: &BOARD_2X8_LARGE,
    },
    Tier {
        feature: None,
        classes: &BOARD_2X8_COMPACT,
    },
];

/// The 2x8 board's large tier (blank cells 0 to 3): the compact tier's
/// groups, but for the corner class the seven left of `A` but one in a
/// second 7-tile group, 20.8 MB more; the other classes borrow the
/// corner's databases, one to three moves away:
///
/// ```text
///  .  B  B  B  A  A  A  A
///  B  B  B  B  C  A  A  A
/// ```
///
/// On the compact tier's 200 random boards to the standard goal, 82,298
/// nodes each on average against 2.10 million, and the hardest 7.9
/// million against 309.7 million. Leaving out the tile of cell 8 instead
/// of 12 took 2.24 million. On 100 of those boards to the goals with the
/// blank on cells 1, 2 and 3, borrowing took 125,348, 158,604 and 190,464
/// nodes a board against 3.13 million, 2.88 million and 2.33 million
/// (each of the first two with one board stopped at 20 s; one run each).
const BOARD_2X8_LARGE: [PatternClass; 4] = [
    PatternClass {
        blank: 0,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[1, 2, 3, 8, 9, 10, 11],
            &[12],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 2, 3, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: Some(0),
    },
    PatternClass {
        blank: 2,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 1, 3, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: Some(0),
    },
    PatternClass {
        blank: 3,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 1, 2, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: Some(0),
    },
];

/// The 2x8 board's compact tier, built with `searched-2x8` alone,
/// 28,476,643 bytes with its layouts (blank cells 0 to 3): seven tiles on
/// the right, shared, six of the others and a pair, shared too:
///
/// ```text
///  B  B  B  B  A  A  A  A
///  B  B  B  C  C  A  A  A
/// ```
///
/// The strongest split of those measured per byte (on 60 random boards
/// to the standard goal, 1.16 million nodes each on average): the same
/// `A` with five of the others and three (20.4 MiB instead of 26.9) took
/// 8.2 million, and one of them passed 10 s; `A` moved to the right
/// block 4.7 million, `A` without cell 15 10.7 million. On 200 random
/// boards 2.10 million nodes on average, 145 ms a board, and one board of
/// 309.7 million nodes, 24.1 s (with the move automaton): short of the 50
/// ms a board and 10 s at most that the other boards meet.
const BOARD_2X8_COMPACT: [PatternClass; 4] = [
    PatternClass {
        blank: 0,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[1, 2, 3, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 1,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 2, 3, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 2,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 1, 3, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: None,
    },
    PatternClass {
        blank: 3,
        groups: [
            &[4, 5, 6, 7, 13, 14, 15],
            &[0, 1, 2, 8, 9, 10],
            &[11, 12],
            &[],
        ],
        borrows: None,
    },
];

/// 4x4 in slides: Tomas Rokicki's abstraction (the one slidy reads, a
/// 2x2 block of four alike) with that block split into its two columns,
/// two tiles, two, two, five and four, 908,107,200 states, 182 MB. Of the
/// splits measured it searched the fewest nodes on random boards (a fifth
/// of what Rokicki's does, and a third of what Rokicki's with a second
/// abstraction of its size does) and as few as any on the 43-slide
/// boards. Probed for the board and its transpose (the goal's blank is on
/// the diagonal).
///
/// ```text
///  .  4  4  3
///  4  4  3  3
///  5  2  3  3
///  5  2  1  1
/// ```
const SLIDES_4X4: InSlides = InSlides::Search {
    labels: &[0, 4, 4, 3, 4, 4, 3, 3, 5, 2, 3, 3, 5, 2, 1, 1],
    second: None,
};

/// 3x4 in slides: blocks of two columns; on 12 cells five classes make a
/// small abstraction (under five million states), which the search makes
/// up for in nodes.
#[rustfmt::skip]
const SLIDES_3X4: InSlides = InSlides::Search {
    labels: &[
        0, 1, 1, 2,
        3, 3, 2, 2,
        4, 4, 5, 5,
    ],
    second: None,
};

/// 2x6 in slides: blocks of two columns.
#[rustfmt::skip]
const SLIDES_2X6: InSlides = InSlides::Search {
    labels: &[
        0, 1, 1, 2, 2, 3,
        4, 4, 5, 5, 3, 3,
    ],
    second: None,
};

/// 2x7 in slides: blocks of two columns, and a second abstraction its
/// blocks a column over, so that the tiles one alikens the other tells
/// apart (a seventh of the time on random boards).
#[rustfmt::skip]
const SLIDES_2X7: InSlides = InSlides::Search {
    labels: &[
        0, 1, 1, 2, 2, 3, 3,
        1, 4, 4, 2, 5, 5, 3,
    ],
    second: Some(&[
        0, 1, 2, 2, 3, 3, 5,
        1, 1, 2, 2, 3, 3, 5,
    ]),
};

/// 3x5 in slides: as 2x7 (a fifth of the time with the second).
#[rustfmt::skip]
const SLIDES_3X5: InSlides = InSlides::Search {
    labels: &[
        0, 1, 1, 2, 2,
        1, 1, 2, 2, 5,
        3, 3, 4, 4, 5,
    ],
    second: Some(&[
        0, 1, 2, 2, 3,
        1, 1, 2, 2, 3,
        5, 5, 5, 5, 3,
    ]),
};

/// 2x8 in slides: as 2x7 (a second database of 50 MB, a tenth of the
/// nodes and the time).
#[rustfmt::skip]
const SLIDES_2X8: InSlides = InSlides::Search {
    labels: &[
        0, 1, 1, 2, 2, 3, 3, 4,
        1, 1, 2, 2, 3, 3, 5, 4,
    ],
    second: Some(&[
        0, 1, 2, 2, 3, 3, 5, 5,
        1, 1, 2, 2, 3, 3, 5, 5,
    ]),
};
