//! Zero-aware pattern databases of the 4x4 board: which tiles each
//! database counts, and how an abstract state of those tiles is numbered.
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
//! regions by their lowest cell; the entries of one map are consecutive,
//! its regions one after another, each with every order. The generated
//! layout gives each map's first entry and the region of each of its free
//! cells.
//!
//! This file is shared with `build.rs` (which generates the databases and
//! layouts) and the library (which reads them), so the two cannot drift
//! apart. It uses `core` only.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, ranks and indices are small by construction (16 cells, at most 7 tiles a group, under 2^32 entries); these casts cannot truncate"
)]
#![allow(
    clippy::inline_always,
    reason = "the lookups run once per child of every node of the search; inlined into it they measured faster"
)]

/// Cells of the 4x4 board.
pub const CELLS: usize = 16;

/// The largest group a database may cover.
pub const MAX_GROUP: usize = 7;

/// A cell past the board: pads a group's cells to [`MAX_GROUP`], compares
/// above every real cell.
pub const NO_CELL: u8 = u8::MAX;

/// One goal class of the 4x4 board and how its tiles are grouped.
///
/// A symmetry of the square carries any target's blank to cell 0 (a
/// corner), 1 (an edge) or 5 (the centre), and renaming tiles makes the
/// target the class's canonical goal: the blank on that cell and tiles
/// `1..15` in row-major order on the others. Groups are given as goal
/// cells, so the tiles of a group are the ones the goal puts there.
#[derive(Clone, Copy, Debug)]
pub struct PatternClass {
    /// The blank's cell in the canonical goal.
    pub blank: u8,
    /// The goal cells of each group's tiles.
    pub groups: [&'static [u8]; 3],
}

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
#[allow(
    dead_code,
    reason = "one tier is read, the other only by the build script"
)]
pub const CORNER: PatternClass = PatternClass {
    blank: 0,
    groups: [&[1, 4, 5, 8, 9, 12, 13], &[2, 3, 6, 7, 10, 11, 14], &[15]],
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
/// is no mirror: these targets take over ten times the corner's nodes
/// (54.2 million on Korf's 100 starts, against 3.20 million).
#[allow(
    dead_code,
    reason = "one tier is read, the other only by the build script"
)]
pub const EDGE: PatternClass = PatternClass {
    blank: 1,
    groups: [&[2, 3, 6, 7, 10, 11, 14], &[0, 4, 8, 9, 12, 13], &[5, 15]],
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
#[allow(
    dead_code,
    reason = "one tier is read, the other only by the build script"
)]
pub const CENTRE: PatternClass = PatternClass {
    blank: 5,
    groups: [&[2, 3, 6, 7, 10, 11, 14], &[0, 4, 8, 9, 12, 13], &[1, 15]],
};

/// The large tier's classes (feature `fifteen-large`), in the order of the
/// canonical blank cells 0, 1, 5.
#[allow(
    dead_code,
    reason = "one tier is read, the other only by the build script"
)]
pub const LARGE: [PatternClass; 3] = [CORNER, EDGE, CENTRE];

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
/// million nodes, against 3.20 million in the large tier.
#[allow(
    dead_code,
    reason = "one tier is read, the other only by the build script"
)]
pub const COMPACT: [PatternClass; 3] = [
    PatternClass {
        blank: 0,
        groups: [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    },
    PatternClass {
        blank: 1,
        groups: [&[0, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    },
    PatternClass {
        blank: 5,
        groups: [&[0, 1, 4, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    },
];

/// The classes the library reads: the tier its features choose, the one
/// `build.rs` generated (it is given the same choice).
#[cfg(feature = "fifteen-large")]
#[allow(dead_code, reason = "the build script picks its tier itself")]
pub const CLASSES: [PatternClass; 3] = LARGE;

/// The classes the library reads: the tier its features choose, the one
/// `build.rs` generated (it is given the same choice).
#[cfg(not(feature = "fifteen-large"))]
#[allow(dead_code, reason = "the build script picks its tier itself")]
pub const CLASSES: [PatternClass; 3] = COMPACT;

impl PatternClass {
    /// The canonical goal: `goal[cell]` is the tile on `cell`.
    #[must_use]
    pub const fn goal(&self) -> [u8; CELLS] {
        let mut goal = [0; CELLS];
        let mut cell = 0;
        while cell < CELLS {
            goal[cell] = match cell {
                _ if cell == self.blank as usize => 0,
                _ if cell < self.blank as usize => cell as u8 + 1,
                _ => cell as u8,
            };
            cell += 1;
        }
        goal
    }
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

/// The maps of a `tiles`-tile group: the ways to choose its cells.
#[must_use]
#[allow(dead_code, reason = "the build script sizes its layouts with it")]
pub const fn maps(tiles: usize) -> usize {
    binomial(CELLS, tiles)
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
/// with as many cells: the number of such masks below it.
#[inline(always)]
#[must_use]
pub fn map_rank(mask: u32) -> usize {
    let low = RANK_LOW[(mask & 0xff) as usize];
    let high = ((mask >> 8) & 0xff) as usize;
    usize::from(low & 0xff) + usize::from(RANK_HIGH[usize::from(low >> 8)][high])
}

/// The Lehmer code of the group's tiles' order on their cells: digit `i`
/// counts the later tiles on lower cells, and weighs `weights[i]`, which
/// is `(tiles - 1 - i)!` for a real tile and 0 for padding. `cells` is
/// padded with [`NO_CELL`], which is never lower, so padding changes no
/// real digit and one code path serves every group size.
#[inline(always)]
#[must_use]
pub fn order_rank(cells: &[u8; MAX_GROUP], weights: &[u32; MAX_GROUP]) -> u32 {
    let mut rank = 0;
    let mut i = 0;
    while i < MAX_GROUP {
        let mut lower_after = 0;
        let mut j = i + 1;
        while j < MAX_GROUP {
            lower_after += u32::from(cells[j] < cells[i]);
            j += 1;
        }
        rank += lower_after * weights[i];
        i += 1;
    }
    rank
}

/// The weights of [`order_rank`] for a `tiles`-tile group.
#[must_use]
pub const fn order_weights(tiles: usize) -> [u32; MAX_GROUP] {
    let mut weights = [0; MAX_GROUP];
    let mut i = 0;
    while i < tiles {
        weights[i] = factorial(tiles - 1 - i) as u32;
        i += 1;
    }
    weights
}

const NOT_LEFT_COLUMN: u32 = 0xeeee;
const NOT_RIGHT_COLUMN: u32 = 0x7777;

/// The cells next to the cells of `mask`.
#[must_use]
pub const fn neighbours(mask: u32) -> u32 {
    (((mask << 1) & NOT_LEFT_COLUMN) | ((mask >> 1) & NOT_RIGHT_COLUMN) | (mask << 4) | (mask >> 4))
        & 0xffff
}

/// The cells the blank reaches from the cells `start` through `free`.
#[must_use]
pub const fn flood(start: u32, free: u32) -> u32 {
    let mut region = start & free;
    loop {
        let grown = (region | neighbours(region)) & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Regions of the free cells of a map: four bits a cell, its region's
/// number (regions numbered in the order of their lowest cells), 15 on the
/// cells the map holds; and how many regions there are.
#[must_use]
#[allow(dead_code, reason = "the build script writes the layouts with it")]
pub const fn regions(mask: u32) -> (u64, u32) {
    let free = !mask & 0xffff;
    let mut numbers = u64::MAX;
    let mut unnumbered = free;
    let mut count = 0;
    while unnumbered != 0 {
        let region = flood(unnumbered & unnumbered.wrapping_neg(), free);
        let mut cell = 0;
        while cell < CELLS {
            if region & (1 << cell) != 0 {
                numbers &= !(15u64 << (4 * cell));
                numbers |= (count as u64) << (4 * cell);
            }
            cell += 1;
        }
        unnumbered &= !region;
        count += 1;
    }
    (numbers, count)
}

/// The region number of `cell` in a map's [`regions`] word.
#[inline(always)]
#[must_use]
pub const fn region_of(regions: u64, cell: u8) -> u32 {
    ((regions >> (4 * cell)) & 15) as u32
}

/// One map's line of a generated layout.
#[derive(Clone, Copy, Debug)]
pub struct MapEntry {
    /// The map's [`regions`] word.
    pub regions: u64,
    /// The index of the map's first entry.
    pub first_entry: u32,
}

/// The index of an abstract state: the group's tiles on the cells of
/// `mask` in the order numbered `order` (see [`order_rank`]), the blank on
/// `blank`; `orders` is the number of orders of the group.
#[inline(always)]
#[must_use]
pub fn state_index(layout: &[MapEntry], orders: u32, mask: u32, order: u32, blank: u8) -> usize {
    let map = layout[map_rank(mask)];
    (map.first_entry + region_of(map.regions, blank) * orders + order) as usize
}

/// Whether the taxicab distance between two cells is odd: their
/// chessboard colours differ.
#[must_use]
pub const fn colour_differs(a: usize, b: usize) -> bool {
    (a / 4 + a % 4 + b / 4 + b % 4) % 2 == 1
}

/// The cell reflected about the main diagonal: row and column swap.
#[must_use]
pub const fn transpose(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
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
            assert_eq!(next, maps(tiles));
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
            let cells = [3 * a, 3 * b, 3 * c, NO_CELL, NO_CELL, NO_CELL, NO_CELL];
            seen[order_rank(&cells, &weights) as usize] = true;
        }
        assert_eq!(seen, [true; 6]);
        assert_eq!(order_rank(&[9, 8, 7, 6, 5, 4, 3], &order_weights(7)), 5039);
    }

    #[test]
    fn regions_split_where_the_map_walls_cells_off() {
        // Cells 1 and 4 wall the corner cell 0 off from the other 13.
        let (numbers, count) = regions(0b1_0010);
        assert_eq!(count, 2);
        assert_eq!(region_of(numbers, 0), 0);
        assert_eq!(region_of(numbers, 2), 1);
        assert_eq!(region_of(numbers, 15), 1);
        assert_eq!(region_of(numbers, 1), 15);
        assert_eq!(regions(0).1, 1);
        assert_eq!((transpose(1), transpose(5)), (4, 5));
    }
}
