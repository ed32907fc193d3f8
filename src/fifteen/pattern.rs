//! Pattern databases of the 4x4 board: which tiles each database counts,
//! and how a placement of those tiles is numbered.
//!
//! A pattern is a group of tiles. Its database holds, for every placement
//! of the group's tiles on the 16 cells, the fewest moves *of those tiles*
//! that bring them to their goal cells, the other tiles and the blank free
//! to go anywhere. The groups are disjoint and every move moves one tile,
//! so the sum over the groups never exceeds the true distance (Korf and
//! Felner's additive pattern databases).
//!
//! This file is shared with `build.rs` (which generates the databases) and
//! the library (which reads them), so the two cannot drift apart. It uses
//! `core` only.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]
#![allow(
    clippy::inline_always,
    reason = "the placement number inlined measured faster (Korf 100: 0.99 s against 1.05 s); the lookups around it were kept inlined with it"
)]
#![allow(
    clippy::many_single_char_names,
    reason = "the six cells of a placement, in order"
)]

/// Cells of the 4x4 board.
pub const CELLS: usize = 16;

/// The largest group a database may cover: a placement and a blank cell
/// must fit a `u32` in the generator's queue.
#[allow(dead_code, reason = "the build script sizes its buffers with it")]
pub const MAX_GROUP: usize = 7;

/// One goal class of the 4x4 board and how its tiles are grouped.
///
/// A symmetry of the square carries any target's blank to cell 0 (a
/// corner), 1 (an edge) or 5 (the centre), and renaming tiles makes the
/// target the class's canonical goal: the blank on that cell and tiles
/// `1..15` in row-major order on the others. Groups are given as goal
/// cells, so the tiles of a group are the ones the goal puts there.
#[derive(Clone, Copy, Debug)]
pub struct PatternClass {
    /// Stem of the generated database files.
    #[allow(dead_code, reason = "the build script names its files with it")]
    pub name: &'static str,
    /// The blank's cell in the canonical goal.
    pub blank: u8,
    /// The goal cells of each group's tiles.
    pub groups: [&'static [u8]; 3],
}

/// Blank in a corner: the standard goal `0 1 2 ... 15`. Two groups of six
/// and one of three:
///
/// ```text
///  .  A  B  B
///  A  A  B  B
///  A  A  B  B
///  A  C  C  C
/// ```
///
/// Reflecting the board about its main diagonal turns these columns into
/// rows, so the lookup on the mirrored board splits the tiles differently
/// and often bounds higher. Of the partitions tried, this one needs the
/// fewest nodes on Korf's 100 instances (20.1 million, against 27.6 million
/// for the split into a left block, a right block and the bottom row).
pub const CORNER: PatternClass = PatternClass {
    name: "fifteen_corner",
    blank: 0,
    groups: [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
};

/// Blank on an edge: goal `1 0 2 3 ... 15`. Three groups of five, which
/// take a tenth of the corner's space: these targets are rarer.
pub const EDGE: PatternClass = PatternClass {
    name: "fifteen_edge",
    blank: 1,
    groups: [&[0, 2, 3, 6, 7], &[4, 5, 8, 9, 12], &[10, 11, 13, 14, 15]],
};

/// Blank in the centre: goal `1 2 3 4 5 0 6 ... 15`. Three groups of five.
pub const CENTRE: PatternClass = PatternClass {
    name: "fifteen_centre",
    blank: 5,
    groups: [&[0, 1, 2, 3, 4], &[6, 7, 10, 11, 15], &[8, 9, 12, 13, 14]],
};

/// The three classes, in the order of the canonical blank cells 0, 1, 5.
pub const CLASSES: [PatternClass; 3] = [CORNER, EDGE, CENTRE];

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

/// Entries of the database of a `tiles`-tile group: `16! / (16 - tiles)!`,
/// one for each placement.
#[must_use]
#[allow(dead_code, reason = "the build script sizes the databases with it")]
pub const fn database_len(tiles: usize) -> usize {
    let mut product = 1;
    let mut i = 0;
    while i < tiles {
        product *= CELLS - i;
        i += 1;
    }
    product
}

/// The number of a placement in `0..database_len(cells.len())`:
/// `cells[i]` is the cell of the group's `i`-th tile, all distinct and
/// below 16.
///
/// The digits are mixed-radix: the `i`-th tile's cell counted among the
/// cells the earlier tiles left free.
#[inline(always)]
#[must_use]
pub fn placement_index(cells: &[u8]) -> usize {
    match *cells {
        [a, b, c] => placement_index_of(&[a, b, c]),
        [a, b, c, d, e] => placement_index_of(&[a, b, c, d, e]),
        [a, b, c, d, e, f] => placement_index_of(&[a, b, c, d, e, f]),
        _ => {
            let mut index = 0;
            for (i, &cell) in cells.iter().enumerate() {
                let earlier_below = cells[..i].iter().filter(|&&c| c < cell).count();
                index = index * (CELLS - i) + usize::from(cell) - earlier_below;
            }
            index
        }
    }
}

/// [`placement_index`] for a group of `K` tiles, unrolled: the digits do
/// not depend on one another, nor do their products with the weights.
#[inline(always)]
fn placement_index_of<const K: usize>(cells: &[u8; K]) -> usize {
    let mut index = 0;
    let mut i = 0;
    while i < K {
        debug_assert!(usize::from(cells[i]) < CELLS);
        let mut digit = usize::from(cells[i]);
        let mut j = 0;
        while j < i {
            digit -= usize::from(cells[j] < cells[i]);
            j += 1;
        }
        index += digit * database_len_from(i + 1, K);
        i += 1;
    }
    index
}

/// `(16 - from) * (16 - from - 1) * ...` over the positions `from..to`:
/// the weight of digit `from - 1` of a `to`-tile placement.
#[must_use]
pub const fn database_len_from(from: usize, to: usize) -> usize {
    let mut product = 1;
    let mut i = from;
    while i < to {
        product *= CELLS - i;
        i += 1;
    }
    product
}

/// Bytes of a packed database of `tiles` tiles: two entries a byte.
///
/// An entry holds half the moves, rounded down: the low bit is the parity
/// of the group tiles' taxicab distance to their goal cells, since every
/// group move moves one tile one cell. The reader knows it.
#[must_use]
#[allow(dead_code, reason = "the build script sizes the databases with it")]
pub const fn packed_len(tiles: usize) -> usize {
    database_len(tiles).div_ceil(2)
}

/// The half-moves stored for `placement` in a packed database.
#[inline]
#[must_use]
pub fn packed_entry(packed: &[u8], placement: usize) -> u8 {
    (packed[placement / 2] >> (4 * (placement % 2))) & 0x0f
}

/// The parity of the taxicab distance between two cells: whether their
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
    fn placements_number_densely() {
        assert_eq!(database_len(6), 5_765_760);
        assert_eq!(database_len(3), 3_360);
        assert_eq!(packed_len(6), 2_882_880);
        assert_eq!(placement_index(&[0, 1, 2]), 0);
        assert_eq!(placement_index(&[15, 14, 13]), 16 * 15 * 14 - 1);
        assert_eq!((transpose(1), transpose(5)), (4, 5));
    }
}
