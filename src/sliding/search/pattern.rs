//! Zero-aware pattern databases of the searched boards (up to 16 cells):
//! which tiles each database counts, and how an abstract state of those
//! tiles is numbered.
//!
//! A pattern is a group of tiles. Its abstract state is where the group's
//! tiles stand and which *region* the blank is in: the cells the group
//! does not hold fall apart into connected regions, and the blank moves
//! through its own region for free. The database holds, for every abstract
//! state, the fewest moves *of the group's tiles* that bring them to their
//! goal cells with the blank in the goal's region (Clausecker and
//! Reinefeld's zero-aware databases: a placement whose tiles wall the
//! blank off from where it must be is worth more than the same placement
//! with the blank on the right side). The groups are disjoint and every
//! move moves one tile, so the sum over the groups never exceeds the true
//! distance (Korf and Felner's additive databases).
//!
//! **One bit an entry.** A move of a group tile changes the group's exact
//! value by exactly one: by at most one since it is one group move, and by
//! an odd amount since every group move moves one tile one cell, which
//! flips the parity of the tiles' taxicab distance to their goal cells, and
//! the value has that parity. So a child's value is its parent's plus or
//! minus one, and the two candidates differ in their second bit: the
//! database stores `(value >> 1) & 1`. A move of any other tile leaves the
//! group's abstract state, and its value, unchanged. The search knows the
//! root's exact value ([`Group::exact_moves`] recovers it by walking down)
//! and carries each group's value from parent to child with one bit read.
//!
//! **Numbering.** An abstract state is a *map* (the set of cells the group
//! holds), a region of its free cells, and the *order* of the group's
//! tiles on the map's cells. Maps are ranked in colexicographic order (the
//! order of their bit masks as numbers), orders by their Lehmer code, and
//! regions by their lowest cell. A map and a region make a *placement*;
//! the entries of one order are consecutive, one per placement (maps in
//! rank order, each map's regions one after another), so that a move along
//! a row, which keeps the order, reads near its parent's entry. The
//! generated layout gives each map's first placement and the region of
//! each of its free cells.
//!
//! This file is shared with `build.rs` (which generates the databases and
//! layouts) and the library (which reads them), so the two cannot drift
//! apart. It uses `core` only.
//!
//! The ranks are `#[inline(always)]`: the search computes them for every
//! child of every node, and inlined there they measured faster.

use super::geometry::Geometry;

pub use super::limits::{MAX_CELLS, MAX_GROUP_TILES, MAX_GROUPS};

/// A cell past the board: pads a group's cells to [`MAX_GROUP_TILES`], compares
/// above every real cell.
pub const NO_CELL: u8 = u8::MAX;

/// One goal class of a searched board and how its tiles are grouped.
///
/// A symmetry of the board carries any target's blank to the class's
/// blank cell, and renaming tiles makes the target the class's canonical
/// goal: the blank on that cell and tiles `1, 2, ...` in row-major order
/// on the others. Groups are given as goal cells, so the tiles of a group
/// are the ones the goal puts there; every tile is in exactly one group.
#[derive(Clone, Copy, Debug)]
pub struct PatternClass {
    /// The blank's cell in the canonical goal.
    pub blank: u8,
    /// The goal cells of each group's tiles.
    pub groups: [&'static [u8]; MAX_GROUPS],
    /// The blank cell of another class of the board whose databases also
    /// bound this class's distances: its goal is a few moves from this
    /// one's (the blank walked over), so its bound less those moves is a
    /// bound here too, and a stronger one when its databases are.
    pub borrows: Option<u8>,
}

impl PatternClass {
    /// The canonical goal of a board of `cells` cells: `goal[cell]` is the
    /// tile on `cell`; cells past the board hold [`NO_CELL`].
    #[must_use]
    pub const fn goal(&self, cells: usize) -> [u8; MAX_CELLS] {
        canonical_goal(cells, self.blank)
    }
}

/// The canonical goal of a class whose blank is on `blank`, on a board of
/// `cells` cells: the blank there and tiles `1, 2, ...` in row-major
/// order on the other cells; [`NO_CELL`] past the board.
#[must_use]
pub const fn canonical_goal(cells: usize, blank: u8) -> [u8; MAX_CELLS] {
    let mut goal = [NO_CELL; MAX_CELLS];
    let mut cell = 0;
    while cell < cells {
        goal[cell] = match cell {
            _ if cell == blank as usize => 0,
            _ if cell < blank as usize => cell as u8 + 1,
            _ => cell as u8,
        };
        cell += 1;
    }
    goal
}

/// Whether a board of `cells` cells is wide: more than
/// [`MAX_NARROW_CELLS`](super::limits::MAX_NARROW_CELLS), so its layouts
/// take two lines a map and its maps rank through [`map_rank_wide`].
#[must_use]
pub const fn is_wide(cells: usize) -> bool {
    cells > super::limits::MAX_NARROW_CELLS
}

/// `n` choose `k`.
#[must_use]
pub const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// `k!`: the orders of a `k`-tile group on one map.
#[must_use]
pub const fn factorial(k: usize) -> usize {
    let mut result = 1;
    let mut i = 2;
    while i <= k {
        result *= i;
        i += 1;
    }
    result
}

/// The maps of a `tiles`-tile group on `board`: the ways to choose its
/// cells.
#[must_use]
#[allow(dead_code, reason = "the build script sizes its layouts with it")]
pub const fn maps(board: Geometry, tiles: usize) -> usize {
    binomial(board.cells(), tiles)
}

/// `RANK_LOW[byte]`: the colex rank's terms of the cells 0..8 a map holds
/// (`C(cell, j + 1)` for its `j`-th cell, under 256 in all) in the low
/// byte, and how many cells those are in the high byte, so one load gives
/// both.
const RANK_LOW: [u16; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut sum, mut j, mut cell) = (0, 0, 0);
        while cell < 8 {
            if byte & (1 << cell) != 0 {
                sum += binomial(cell, j + 1);
                j += 1;
            }
            cell += 1;
        }
        table[byte] = (sum | j << 8) as u16;
        byte += 1;
    }
    table
};

/// `RANK_HIGH[below][byte]`: the terms of the cells 8..16, when the map
/// holds `below` cells under 8.
const RANK_HIGH: [[u16; 256]; 9] = {
    let mut table = [[0; 256]; 9];
    let mut below = 0;
    while below < 9 {
        let mut byte = 0;
        while byte < 256 {
            let (mut sum, mut j, mut cell) = (0, below, 0);
            while cell < 8 {
                if byte & (1 << cell) != 0 {
                    sum += binomial(cell + 8, j + 1);
                    j += 1;
                }
                cell += 1;
            }
            // Sums past `u16` only arise for more than 8 cells, which no
            // group has.
            table[below][byte] = sum as u16;
            byte += 1;
        }
        below += 1;
    }
    table
};

/// The rank of a map (a mask of the cells a group holds) among the maps
/// with as many cells: the number of such masks below it. A narrow board's
/// map, cells below 16.
#[inline(always)]
#[must_use]
pub fn map_rank(mask: u32) -> usize {
    let low = RANK_LOW[(mask & 0xff) as usize];
    let high = ((mask >> 8) & 0xff) as usize;
    usize::from(low & 0xff) + usize::from(RANK_HIGH[usize::from(low >> 8)][high])
}

/// `WIDE_RANK[part][below][byte]`: the colex rank's terms of the cells
/// `8 part .. 8 part + 8` a map holds, when it holds `below` cells under
/// them, in the low 24 bits (`C(24, 8)` is under `2^20`), and how many
/// cells those are in the high 8.
static WIDE_RANK: [[[u32; 256]; MAX_GROUP_TILES + 1]; 4] = {
    let mut table = [[[0; 256]; MAX_GROUP_TILES + 1]; 4];
    let mut part = 0;
    while part < 4 {
        let mut below = 0;
        while below <= MAX_GROUP_TILES {
            let mut byte = 0;
            while byte < 256 {
                let (mut sum, mut j, mut cell) = (0, below, 0);
                while cell < 8 {
                    if byte & (1 << cell) != 0 {
                        // Past a group's most tiles the term is never read
                        // (and would overflow a 32-bit `usize`).
                        if j < MAX_GROUP_TILES {
                            sum += binomial(cell + 8 * part, j + 1);
                        }
                        j += 1;
                    }
                    cell += 1;
                }
                table[part][below][byte] = (sum as u32 & 0xff_ffff) | ((j - below) as u32) << 24;
                byte += 1;
            }
            below += 1;
        }
        part += 1;
    }
    table
};

/// [`map_rank`] on any board up to 32 cells, for maps of at most
/// [`MAX_GROUP_TILES`] cells: a wide board's.
#[inline(always)]
#[must_use]
pub fn map_rank_wide(mask: u32) -> usize {
    let (mut rank, mut below) = (0, 0);
    let mut part = 0;
    while part < 4 {
        let entry = WIDE_RANK[part][below][((mask >> (8 * part)) & 0xff) as usize];
        rank += (entry & 0xff_ffff) as usize;
        below += (entry >> 24) as usize;
        part += 1;
    }
    rank
}

/// The Lehmer code of the group's tiles' order on their cells: digit `i`
/// counts the later tiles on lower cells, and weighs `weights[i]`, which
/// is `(tiles - 1 - i)!` for a real tile and 0 for padding. `cells` is
/// padded with [`NO_CELL`], which is never lower, so padding changes no
/// real digit and one code path serves every group size.
#[inline(always)]
#[must_use]
pub fn order_rank(cells: &[u8; MAX_GROUP_TILES], weights: &[u32; MAX_GROUP_TILES]) -> u32 {
    let mut rank = 0;
    let mut i = 0;
    while i < MAX_GROUP_TILES {
        let mut lower_after = 0;
        let mut j = i + 1;
        while j < MAX_GROUP_TILES {
            lower_after += u32::from(cells[j] < cells[i]);
            j += 1;
        }
        rank += lower_after * weights[i];
        i += 1;
    }
    rank
}

/// `passing[i][k]`: how the [`order_rank`] changes when tile `i`, moving
/// to a later cell, passes tile `k`: its own digit goes up when `k` is a
/// later tile, `k`'s digit goes down when it is an earlier one.
pub type PassingWeights = [[i32; MAX_GROUP_TILES]; MAX_GROUP_TILES];

/// The [`PassingWeights`] of the order weights `weights`.
#[must_use]
pub const fn passing_weights(weights: &[u32; MAX_GROUP_TILES]) -> PassingWeights {
    let mut passing = [[0; MAX_GROUP_TILES]; MAX_GROUP_TILES];
    let mut i = 0;
    while i < MAX_GROUP_TILES {
        let mut k = 0;
        while k < MAX_GROUP_TILES {
            passing[i][k] = if k > i {
                weights[i] as i32
            } else {
                -(weights[k] as i32)
            };
            k += 1;
        }
        i += 1;
    }
    passing
}

/// How the [`order_rank`] of `cells` changes when tile `i` slides from
/// `from` to `to`, past the cells between them in row-major order (a
/// move along a column), `passing` the group's [`passing_weights`]: each
/// group tile it passes changes one digit by one. Cheaper than ranking
/// again: one pass instead of every pair, and without a branch (whether
/// a tile lies between is data, and mispredicted it cost more than the
/// ranking).
#[inline(always)]
#[must_use]
pub fn order_change(
    cells: &[u8; MAX_GROUP_TILES],
    passing: &PassingWeights,
    i: usize,
    from: u8,
    to: u8,
) -> i32 {
    let (low, high) = (from.min(to), from.max(to));
    let mut change = 0i32;
    let mut k = 0;
    while k < MAX_GROUP_TILES {
        // Padding is `NO_CELL`, never between two cells of the board.
        let between = i32::from(cells[k] > low) & i32::from(cells[k] < high);
        change += between * passing[i][k];
        k += 1;
    }
    // Moving up, the same digits change the other way.
    if from < to { change } else { -change }
}

/// The weights of [`order_rank`] for a `tiles`-tile group.
#[must_use]
pub const fn order_weights(tiles: usize) -> [u32; MAX_GROUP_TILES] {
    let mut weights = [0; MAX_GROUP_TILES];
    let mut i = 0;
    while i < tiles {
        weights[i] = factorial(tiles - 1 - i) as u32;
        i += 1;
    }
    weights
}

/// The cells of `board`'s first column.
const fn first_column(board: Geometry) -> u32 {
    let mut column = 0;
    let mut row = 0;
    while row < board.rows() {
        column |= 1 << (row as u32 * board.cols() as u32);
        row += 1;
    }
    column
}

/// All cells of `board`.
#[must_use]
pub const fn all_cells(board: Geometry) -> u32 {
    (1 << board.cells()) - 1
}

/// The cells of `board` next to the cells of `mask`.
#[must_use]
pub const fn neighbours(board: Geometry, mask: u32) -> u32 {
    let cols = board.cols() as u32;
    let first = first_column(board);
    let last = first << (cols - 1);
    (((mask << 1) & !first) | ((mask >> 1) & !last) | (mask << cols) | (mask >> cols))
        & all_cells(board)
}

/// The cells the blank reaches from the cells `start` through `free`.
#[must_use]
pub const fn flood(board: Geometry, start: u32, free: u32) -> u32 {
    let mut region = start & free;
    loop {
        let grown = (region | neighbours(board, region)) & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Regions of the free cells of a map on `board`: four bits a cell, its
/// region's number (regions numbered in the order of their lowest cells),
/// 15 on the cells the map holds and past the board; and how many regions
/// there are. A map holds at least one cell, so there are at most 15.
#[must_use]
#[allow(dead_code, reason = "the build script writes the layouts with it")]
pub const fn regions(board: Geometry, mask: u32) -> (u128, u32) {
    let free = !mask & all_cells(board);
    let mut numbers = u128::MAX;
    let mut unnumbered = free;
    let mut count = 0;
    while unnumbered != 0 {
        let region = flood(board, unnumbered & unnumbered.wrapping_neg(), free);
        let mut cell = 0;
        while cell < board.cells() {
            if region & (1 << cell) != 0 {
                numbers &= !(15u128 << (4 * cell));
                numbers |= (count as u128) << (4 * cell);
            }
            cell += 1;
        }
        unnumbered &= !region;
        count += 1;
    }
    (numbers, count)
}

/// The region number of `cell` in a map's [`regions`] word.
#[must_use]
#[allow(dead_code, reason = "the build script packs the layouts with it")]
pub const fn region_of(regions: u128, cell: u8) -> u32 {
    ((regions >> (4 * cell)) & 15) as u32
}

/// One map's line of a generated layout, in one `u64` so that a line of
/// the cache holds eight: the region of each of 16 cells, three bits a
/// cell (0 on the cells the map holds, which the blank never is on), and
/// in the top 16 bits the number of the map's first placement among every
/// map's. A wide board's map takes two lines (see [`Line`]): its cells
/// from 16 on in the second, and the high 16 bits of its first placement.
#[derive(Clone, Copy, Debug)]
pub struct MapEntry(pub u64);

/// Bits a cell's region takes in a [`MapEntry`].
const REGION_BITS: u32 = 3;

/// Cells one [`MapEntry`] holds the regions of.
const LINE_CELLS: u8 = 16;

impl MapEntry {
    /// The line of the regions of cells `first..first + 16` of a
    /// [`regions`] word, with `first_region` in its top bits; `None` when a
    /// region number or the placement does not fit.
    const fn part(regions: u128, first: u8, first_region: u32) -> Option<Self> {
        if first_region >= 1 << (64 - LINE_CELLS as u32 * REGION_BITS) {
            return None;
        }
        let mut packed = (first_region as u64) << (LINE_CELLS as u32 * REGION_BITS);
        let mut cell = 0;
        while cell < LINE_CELLS && first + cell < MAX_CELLS as u8 {
            let region = region_of(regions, first + cell);
            if region != 15 {
                if region >= 1 << REGION_BITS {
                    return None;
                }
                packed |= (region as u64) << (REGION_BITS * cell as u32);
            }
            cell += 1;
        }
        Some(MapEntry(packed))
    }

    /// The line of a narrow board's map whose [`regions`] word is
    /// `regions` and whose first placement is `first_region`; `None` when a
    /// region number or the placement does not fit.
    #[must_use]
    #[allow(dead_code, reason = "the build script writes the layouts with it")]
    pub const fn new(regions: u128, first_region: u32) -> Option<Self> {
        if regions >> (4 * LINE_CELLS) != u128::MAX >> (4 * LINE_CELLS) {
            return None;
        }
        Self::part(regions, 0, first_region)
    }

    /// The two lines of a wide board's map (see [`MapEntry::new`]).
    #[must_use]
    #[allow(dead_code, reason = "the generator writes the layouts with it")]
    pub const fn wide(regions: u128, first_region: u32) -> Option<[Self; 2]> {
        let (Some(low), Some(high)) = (
            Self::part(regions, 0, first_region & 0xffff),
            Self::part(regions, LINE_CELLS, first_region >> 16),
        ) else {
            return None;
        };
        Some([low, high])
    }

    /// The number of the map's first placement among every map's.
    #[inline(always)]
    #[must_use]
    pub const fn first_region(self) -> u32 {
        (self.0 >> (LINE_CELLS as u32 * REGION_BITS)) as u32
    }

    /// The region of free cell `cell`.
    #[inline(always)]
    #[must_use]
    pub const fn region(self, cell: u8) -> u32 {
        ((self.0 >> (REGION_BITS * cell as u32)) & ((1 << REGION_BITS) - 1)) as u32
    }
}

/// A map's line of a layout, read from one [`MapEntry`] on a narrow board
/// (`W` false) or two on a wide one.
#[derive(Clone, Copy, Debug)]
pub struct Line<const W: bool> {
    low: MapEntry,
    high: MapEntry,
}

impl<const W: bool> Line<W> {
    /// The line of the map ranked `rank` in `layout`.
    #[inline(always)]
    #[must_use]
    pub const fn of(layout: &[MapEntry], rank: usize) -> Self {
        if W {
            Line {
                low: layout[2 * rank],
                high: layout[2 * rank + 1],
            }
        } else {
            let line = layout[rank];
            Line {
                low: line,
                high: line,
            }
        }
    }

    /// The number of the map's first placement among every map's.
    #[inline(always)]
    #[must_use]
    pub const fn first_region(self) -> u32 {
        if W {
            self.low.first_region() | self.high.first_region() << 16
        } else {
            self.low.first_region()
        }
    }

    /// The region of free cell `cell`.
    #[inline(always)]
    #[must_use]
    pub const fn region(self, cell: u8) -> u32 {
        if W {
            // A select, not a branch: which half is data.
            let word = if cell < LINE_CELLS {
                self.low
            } else {
                self.high
            };
            word.region(cell % LINE_CELLS)
        } else {
            self.low.region(cell)
        }
    }

    /// The map's regions: its largest region number plus one.
    const fn regions(self) -> u32 {
        let mut count = 0;
        let mut cell = 0;
        while cell < MAX_CELLS as u8 {
            if (W || cell < LINE_CELLS) && self.region(cell) + 1 > count {
                count = self.region(cell) + 1;
            }
            cell += 1;
        }
        count
    }
}

/// The number of (map, region) pairs of a layout (of a wide board's when
/// `wide`): its last map's first region plus that map's regions (the
/// cells it holds read as region 0).
#[must_use]
pub const fn placements(layout: &[MapEntry], wide: bool) -> u32 {
    if wide {
        let last = Line::<true>::of(layout, layout.len() / 2 - 1);
        last.first_region() + last.regions()
    } else {
        let last = Line::<false>::of(layout, layout.len() - 1);
        last.first_region() + last.regions()
    }
}

/// The rank of a map on a narrow (`W` false) or wide board.
#[inline(always)]
#[must_use]
pub fn map_rank_of<const W: bool>(mask: u32) -> usize {
    if W {
        map_rank_wide(mask)
    } else {
        map_rank(mask)
    }
}

/// The index of an abstract state: the group's tiles on the cells of
/// `mask` in the order numbered `order` (see [`order_rank`]), the blank on
/// `blank`; `placements` is the layout's [`placements`]. The orders are
/// the major key: a move along a row keeps the order, so its child's
/// entry lies within one order's block of its parent's.
#[inline(always)]
#[must_use]
pub fn state_index<const W: bool>(
    layout: &[MapEntry],
    placements: u32,
    mask: u32,
    order: u32,
    blank: u8,
) -> usize {
    let map = Line::<W>::of(layout, map_rank_of::<W>(mask));
    (map.first_region() + map.region(blank) + order * placements) as usize
}

/// Whether the taxicab distance between two cells of `board` is odd:
/// their chessboard colours differ.
#[must_use]
pub const fn colour_differs(board: Geometry, a: usize, b: usize) -> bool {
    board.taxicab(a, b) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_rank_densely_in_the_order_of_their_masks() {
        for tiles in [1, 2, 3, 6, 7] {
            let mut next = 0;
            for mask in 0u32..1 << 16 {
                if mask.count_ones() as usize == tiles {
                    assert_eq!(map_rank(mask), next, "mask {mask:#06x}");
                    next += 1;
                }
            }
            assert_eq!(next, maps(Geometry::FIFTEEN, tiles));
        }
    }

    #[test]
    fn orders_rank_densely() {
        // Every order of three cells, by brute force.
        let weights = order_weights(3);
        let mut seen = [false; 6];
        for (a, b, c) in [
            (0, 1, 2),
            (0, 2, 1),
            (1, 0, 2),
            (1, 2, 0),
            (2, 0, 1),
            (2, 1, 0),
        ] {
            let mut cells = [NO_CELL; MAX_GROUP_TILES];
            cells[..3].copy_from_slice(&[3 * a, 3 * b, 3 * c]);
            seen[order_rank(&cells, &weights) as usize] = true;
        }
        assert_eq!(seen, [true; 6]);
        let mut reversed = [NO_CELL; MAX_GROUP_TILES];
        reversed[..7].copy_from_slice(&[9, 8, 7, 6, 5, 4, 3]);
        assert_eq!(order_rank(&reversed, &order_weights(7)), 5039);
        assert_eq!(
            order_rank(&[10, 9, 8, 7, 6, 5, 4, 3], &order_weights(8)),
            40_319
        );
    }

    #[test]
    fn a_column_move_changes_the_order_as_ranking_again_does() {
        // Pseudo-random placements of every group size on boards of 4, 5
        // and 8 columns; every move of a tile along its column.
        let mut seed = 0x2545_f491_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let mut moves = 0;
        for (cells_on_board, cols) in [(16u8, 4u8), (15, 5), (16, 8)] {
            for tiles in 1..=MAX_GROUP_TILES {
                let weights = order_weights(tiles);
                for _ in 0..200 {
                    let mut cells = [NO_CELL; MAX_GROUP_TILES];
                    let mut placed = 0;
                    while placed < tiles {
                        let cell = (next() % u32::from(cells_on_board)) as u8;
                        if !cells[..placed].contains(&cell) {
                            cells[placed] = cell;
                            placed += 1;
                        }
                    }
                    for i in 0..tiles {
                        let from = cells[i];
                        let targets = [from.checked_sub(cols), Some(from + cols)];
                        for to in targets.into_iter().flatten() {
                            if to >= cells_on_board || cells.contains(&to) {
                                continue;
                            }
                            let mut after = cells;
                            after[i] = to;
                            let change =
                                order_change(&cells, &passing_weights(&weights), i, from, to);
                            assert_eq!(
                                order_rank(&cells, &weights).wrapping_add_signed(change),
                                order_rank(&after, &weights),
                                "{cells:?}: tile {i} from {from} to {to}"
                            );
                            moves += 1;
                        }
                    }
                }
            }
        }
        assert!(moves > 5_000, "only {moves} moves tried");
    }

    #[test]
    fn a_layout_line_packs_the_regions_and_the_first_placement() {
        let (numbers, _) = regions(Geometry::FIFTEEN, 0b1_0010);
        let entry = MapEntry::new(numbers, 65_535).expect("two regions fit");
        assert_eq!(entry.first_region(), 65_535);
        assert_eq!(
            (entry.region(0), entry.region(2), entry.region(15)),
            (0, 1, 1)
        );
        assert!(MapEntry::new(numbers, 65_536).is_none());
        // Region 8 on cell 3 needs a fourth bit.
        assert!(MapEntry::new(numbers & !(15 << 12) | 8 << 12, 0).is_none());
    }

    #[test]
    fn regions_split_where_the_map_walls_cells_off() {
        // Cells 1 and 4 wall the corner cell 0 off from the other 13.
        let (numbers, count) = regions(Geometry::FIFTEEN, 0b1_0010);
        assert_eq!(count, 2);
        assert_eq!(region_of(numbers, 0), 0);
        assert_eq!(region_of(numbers, 2), 1);
        assert_eq!(region_of(numbers, 15), 1);
        assert_eq!(region_of(numbers, 1), 15);
        assert_eq!(regions(Geometry::FIFTEEN, 0).1, 1);
        // On 2x6, cells 2 and 8 (a column) cut the board in two; on 4x4
        // the same cells do not.
        let two_by_six = Geometry::new(2, 6).unwrap();
        let (numbers, count) = regions(two_by_six, 1 << 2 | 1 << 8);
        assert_eq!(count, 2);
        assert_eq!(region_of(numbers, 7), 0);
        assert_eq!(region_of(numbers, 3), 1);
        assert_eq!(region_of(numbers, 12), 15);
        assert_eq!(regions(Geometry::FIFTEEN, 1 << 2 | 1 << 8).1, 1);
    }
}
