//! Every cap a board meets, each with its reason, in one place: a larger
//! board (the 24-puzzle's 25 cells), a fourth pattern group or a longer
//! answer starts by raising one of these and following what its reason
//! names. Shared with `build.rs`, which generates within the same caps.

/// Most cells a board has: the 24-puzzle's 25. A board is stored in one
/// `u128` ([`Board::packed`](crate::Board::packed)), four bits a cell up
/// to [`MAX_NARROW_CELLS`] and five bits a cell above; the search's boards
/// are arrays of this length and its sets of cells fit a `u32`.
pub const MAX_CELLS: usize = 25;

/// Most cells of a *narrow* board: its tiles fit four bits, a set of its
/// cells a `u16`, and a line of a pattern database's layout one `u64`.
/// The boards up to here keep those forms (and their speed); a wider board
/// takes five bits a tile and two words a layout line.
pub const MAX_NARROW_CELLS: usize = 16;

/// Most cells a complete table ranks: `12! / 2` slots still fit a 32-bit
/// `usize` (see [`rank`](crate::rank)). The tables built go to 10 cells.
pub const MAX_TABLED_CELLS: usize = 12;

/// Most cells a [`Geometry`](super::Geometry) describes: a set of cells
/// fits one `u64`. Boards stop earlier, at [`MAX_CELLS`].
pub const MAX_GEOMETRY_CELLS: usize = 64;

/// Most pattern groups (databases) a goal class adds up: the search keeps
/// each group's value and state in arrays of this length, and a class
/// names its groups in one. Four: Korf and Felner's 6-6-6-6 partition of
/// the 24-puzzle.
pub const MAX_GROUPS: usize = 4;

/// Most pattern groups of a narrow board's class (see [`MAX_NARROW_CELLS`]):
/// its search carries three groups' values, not four, and measured 12%
/// faster for it on Korf's 100.
pub const NARROW_GROUPS: usize = 3;

/// Most tiles one pattern group covers: a group's cells pad to this many,
/// and a zero-aware database of 16 cells and 8 tiles (4x4's strong tier),
/// 1,425,191,040 states, still indexes in a `u32`.
pub const MAX_GROUP_TILES: usize = 8;

/// Most moves an answer has: the longest optimal answer of any board the
/// crate answers, 5x5's, which is at most 205 (its God's number lies
/// between 152 and 205). 3x6's, 2x9's and 4x5's God's numbers are unknown
/// and take the same cap; the 2xN boards' grow 25, 28 and 32 from 2x5 to
/// 2x8 (140), which puts 2x9's near 176 and 2x10's past the cap, one
/// reason 2x10 is left out. A search's path and a
/// [`Solution`](crate::Solution) hold this many; a move count is a `u8`,
/// and a bound plus a node's estimate stays below 255.
pub const MAX_MOVES: usize = 205;

/// Most views of a class's databases a search reads at once: the board
/// itself and its images under the symmetries that keep the class's blank
/// cell (at most three on the boards built).
pub const MAX_VIEWS: usize = 4;
