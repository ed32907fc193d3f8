//! The Fifteen Puzzle (4x4): exact fewest-move answers from an IDA* search
//! guided by pattern databases that `build.rs` generates and embeds.
//!
//! Any target can be asked for. A symmetry of the square and a renaming of
//! tiles carry the target to the canonical goal of its class: blank in a
//! corner (the standard goal `0 1 ... 15`, and `1 2 ... 15 0`), on an edge,
//! or in the centre. With the feature `fifteen-large` (a default), corner
//! targets use two zero-aware 7-tile databases and one tile's taxicab
//! distance, also read on the board's mirror image; edge and centre
//! targets share one of the 7-tile databases and add a 6-tile one and a
//! pair, a weaker bound (edge targets have no mirror, so they also read
//! the corner's databases, whose goal is one move away), so they take
//! longer, but the answers are as exact. With `fifteen` alone, the compact
//! tier: zero-aware 6-6-3 groups, a sixth of the bytes, about twice
//! the search time. The databases store one bit a state; the search needs
//! neither `std` nor `alloc`.
//!
//! ```
//! use puzzle_oracle::FifteenBoard;
//!
//! let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
//! assert_eq!(board.distance_to_goal(), Some(2));
//! let moves: String = board.solution().unwrap().map(|m| m.letter()).collect();
//! assert_eq!(moves, "LU");
//! # Ok::<(), puzzle_oracle::BoardError>(())
//! ```

pub use super::databases::PatternDatabase;
pub use super::registry::pattern_databases;

/// How many 4x4 boards lie at each distance, 0 to 80 single-tile moves,
/// from a goal with the blank in a corner (the same for every such goal:
/// a symmetry and a renaming carry one to another). These come from a
/// breadth-first search of the whole space that no table of this crate
/// could hold: OEIS A089484, complete to a(80) in Herman Jamke's table (see
/// also Korf and Schultze, AAAI 2005). The tests check them against what
/// this crate computes: the counts within 14 moves against a plain
/// breadth-first search, the sum against `16! / 2`, the 17 at 80 moves
/// against the positions in `tests/data`. No complete count is published
/// for goals with the blank on an edge or in the centre.
///
/// ```
/// use puzzle_oracle::fifteen::CORNER_DEPTH_COUNTS;
/// assert_eq!(CORNER_DEPTH_COUNTS[80], 17);
/// assert_eq!(CORNER_DEPTH_COUNTS.iter().sum::<u64>(), 10_461_394_944_000);
/// ```
pub const CORNER_DEPTH_COUNTS: [u64; 81] = [
    1,
    2,
    4,
    10,
    24,
    54,
    107,
    212,
    446,
    946,
    1_948,
    3_938,
    7_808,
    15_544,
    30_821,
    60_842,
    119_000,
    231_844,
    447_342,
    859_744,
    1_637_383,
    3_098_270,
    5_802_411,
    10_783_780,
    19_826_318,
    36_142_146,
    65_135_623,
    116_238_056,
    204_900_019,
    357_071_928,
    613_926_161,
    1_042_022_040,
    1_742_855_397,
    2_873_077_198,
    4_660_800_459,
    7_439_530_828,
    11_668_443_776,
    17_976_412_262,
    27_171_347_953,
    40_271_406_380,
    58_469_060_820,
    83_099_401_368,
    115_516_106_664,
    156_935_291_234,
    208_207_973_510,
    269_527_755_972,
    340_163_141_928,
    418_170_132_006,
    500_252_508_256,
    581_813_416_256,
    657_076_739_307,
    719_872_287_190,
    763_865_196_269,
    784_195_801_886,
    777_302_007_562,
    742_946_121_222,
    683_025_093_505,
    603_043_436_904,
    509_897_148_964,
    412_039_723_036,
    317_373_604_363,
    232_306_415_924,
    161_303_043_901,
    105_730_020_222,
    65_450_375_310,
    37_942_606_582,
    20_696_691_144,
    10_460_286_822,
    4_961_671_731,
    2_144_789_574,
    868_923_831,
    311_901_840,
    104_859_366,
    29_592_634,
    7_766_947,
    1_508_596,
    272_198,
    26_638,
    3_406,
    70,
    17,
];
