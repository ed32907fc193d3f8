//! The embedded pattern databases of the 4x4 board, and the lower bound
//! they give.
//!
//! `build.rs` writes one file per tile group and goal class (see
//! [`pattern`](super::pattern)); each holds one byte per placement of the
//! group's tiles, numbered by [`placement_index`], the fewest moves of the
//! group's tiles from that placement to their goal cells, halved and
//! packed two a byte (see [`packed_len`]). The low bit is the parity of
//! the group tiles' taxicab distance to their goal cells, and a move of
//! one of the group's tiles flips it, so the search restores it from the
//! entry before the move.
#![allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "the search was measured passing placements by reference; not re-measured by value"
)]
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]
#![allow(
    clippy::inline_always,
    reason = "the placement number inlined measured faster (Korf 100: 0.99 s against 1.05 s); the lookups around it were kept inlined with it"
)]

use super::pattern::{
    self, CELLS, PatternClass, colour_differs, database_len_from, packed_entry, placement_index,
    transpose,
};

/// The most tiles of one group.
pub(crate) const GROUP_CAPACITY: usize = 6;

/// A goal class's databases, with the tables the search needs to read them
/// without searching for a tile's group.
#[derive(Debug)]
pub(crate) struct ClassDatabases {
    /// One table per group.
    pub tables: [&'static [u8]; 3],
    /// `slot[tile]`: the tile's group and its position in the group.
    pub slot: [(u8, u8); CELLS],
    /// Tiles in each group.
    pub group_len: [u8; 3],
    /// The tiles of each group, in order.
    pub group_tiles: [[u8; GROUP_CAPACITY]; 3],
    /// `weights[group][i]`: what digit `i` of a placement adds to its
    /// index, 0 past the group's last tile (see
    /// [`weighted_placement_index`]).
    pub weights: [[u32; GROUP_CAPACITY]; 3],
    /// `goal_cell[tile]`: the tile's cell in the goal.
    pub goal_cell: [u8; CELLS],
    /// For a class whose goal is its own mirror image about the main
    /// diagonal (blank on the diagonal): `mirror[tile]` is what the tile is
    /// called on the mirrored board, where it stands on the transposed
    /// cell. The mirrored board is as far from the goal as the board, so
    /// its bound is a second admissible bound.
    pub mirror: Option<[u8; CELLS]>,
}

impl ClassDatabases {
    const fn new(class: PatternClass, tables: [&'static [u8]; 3]) -> Self {
        let goal = class.goal();
        let mut slot = [(u8::MAX, 0); CELLS];
        let mut group_len = [0; 3];
        let mut group_tiles = [[0; GROUP_CAPACITY]; 3];
        let mut weights = [[0; GROUP_CAPACITY]; 3];
        let mut group = 0;
        while group < 3 {
            let cells = class.groups[group];
            assert!(cells.len() <= GROUP_CAPACITY);
            let mut i = 0;
            while i < cells.len() {
                slot[goal[cells[i] as usize] as usize] = (group as u8, i as u8);
                group_tiles[group][i] = goal[cells[i] as usize];
                i += 1;
            }
            group_len[group] = cells.len() as u8;
            let mut i = 0;
            while i < cells.len() {
                weights[group][i] = database_len_from(i + 1, cells.len()) as u32;
                i += 1;
            }
            group += 1;
        }
        let mut goal_cell = [0; CELLS];
        let mut cell = 0;
        while cell < CELLS {
            goal_cell[goal[cell] as usize] = cell as u8;
            cell += 1;
        }
        let mirror = if transpose(class.blank as usize) == class.blank as usize {
            let mut mirror = [0; CELLS];
            let mut cell = 0;
            while cell < CELLS {
                mirror[goal[cell] as usize] = goal[transpose(cell)];
                cell += 1;
            }
            Some(mirror)
        } else {
            None
        };
        ClassDatabases {
            tables,
            slot,
            group_len,
            group_tiles,
            weights,
            goal_cell,
            mirror,
        }
    }

    /// The bound of one group, whose tiles stand on `cells`, one move
    /// after a placement whose bound was `before`.
    #[inline(always)]
    pub fn group_bound_after(&self, group: usize, cells: &[u8; GROUP_CAPACITY], before: u8) -> u8 {
        2 * self.group_entry(group, cells) + (!before & 1)
    }

    /// The bound of one group, whose tiles stand on `cells`, from scratch:
    /// the low bit from the tiles' taxicab parity.
    pub fn group_bound(&self, group: usize, cells: &[u8; GROUP_CAPACITY]) -> u8 {
        let len = usize::from(self.group_len[group]);
        let odd = self
            .tiles_of(group)
            .zip(&cells[..len])
            .fold(false, |odd, (goal, &cell)| {
                odd ^ colour_differs(goal, usize::from(cell))
            });
        2 * self.group_entry(group, cells) + u8::from(odd)
    }

    /// The goal cells of `group`'s tiles, in the group's order.
    fn tiles_of(&self, group: usize) -> impl Iterator<Item = usize> + '_ {
        let mut tiles = [0usize; GROUP_CAPACITY];
        for (tile, &(g, i)) in self.slot.iter().enumerate() {
            if usize::from(g) == group {
                tiles[usize::from(i)] = usize::from(self.goal_cell[tile]);
            }
        }
        tiles.into_iter().take(usize::from(self.group_len[group]))
    }

    #[inline(always)]
    fn group_entry(&self, group: usize, cells: &[u8; GROUP_CAPACITY]) -> u8 {
        let index = weighted_placement_index(cells, &self.weights[group]);
        debug_assert_eq!(
            index,
            placement_index(&cells[..usize::from(self.group_len[group])])
        );
        packed_entry(self.tables[group], index)
    }

    /// Where each group's tiles stand on `board` (`board[cell]` the tile),
    /// and the same for the mirrored board when the class has one.
    pub fn placements(&self, board: &[u8; CELLS]) -> Placements {
        let mut direct = [[0; GROUP_CAPACITY]; 3];
        let mut mirrored = [[0; GROUP_CAPACITY]; 3];
        for (cell, &tile) in board.iter().enumerate() {
            if tile == 0 {
                continue;
            }
            let (group, i) = self.slot[usize::from(tile)];
            direct[usize::from(group)][usize::from(i)] = cell as u8;
            if let Some(mirror) = &self.mirror {
                let (group, i) = self.slot[usize::from(mirror[usize::from(tile)])];
                mirrored[usize::from(group)][usize::from(i)] = transpose(cell) as u8;
            }
        }
        Placements { direct, mirrored }
    }

    /// The sum of the groups' bounds of `placement`, one entry per group.
    pub fn bounds(&self, placement: &[[u8; GROUP_CAPACITY]; 3]) -> [u8; 3] {
        core::array::from_fn(|group| self.group_bound(group, &placement[group]))
    }

    /// An admissible bound on the distance of `board` to the goal: the
    /// larger of the direct and mirrored sums.
    pub fn lower_bound(&self, board: &[u8; CELLS]) -> u8 {
        let placements = self.placements(board);
        let direct: u8 = self.bounds(&placements.direct).iter().sum();
        if self.mirror.is_some() {
            direct.max(self.bounds(&placements.mirrored).iter().sum())
        } else {
            direct
        }
    }
}

/// One embedded pattern database: a group of tiles of one goal class.
///
/// ```
/// use puzzle_oracle::fifteen::pattern_databases;
///
/// let corner_a = pattern_databases()[0];
/// assert_eq!(corner_a.goal()[0], 0); // the standard goal's blank
/// assert_eq!(corner_a.tiles(), &[1, 4, 5, 8, 9, 12]);
/// // Every tile on its goal cell: nothing to move.
/// assert_eq!(corner_a.moves(&[1, 4, 5, 8, 9, 12]), Some(0));
/// // Tile 4 on the blank's goal cell: it moves back down, one move.
/// assert_eq!(corner_a.moves(&[1, 0, 5, 8, 9, 12]), Some(1));
/// // Tile 1 one cell right: its move back leaves the blank on cell 2, and
/// // the group's tiles wall cell 0 off, so the blank's way back there
/// // costs more group moves.
/// assert_eq!(corner_a.moves(&[2, 4, 5, 8, 9, 12]), Some(5));
/// assert_eq!(corner_a.moves(&[2, 2, 5, 8, 9, 12]), None); // not a placement
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PatternDatabase {
    class: &'static ClassDatabases,
    class_index: usize,
    group: usize,
}

impl PatternDatabase {
    /// The goal of the database's class, `goal[cell]` the tile on `cell`.
    #[must_use]
    pub fn goal(&self) -> [u8; CELLS] {
        super::pattern::CLASSES[self.class_index].goal()
    }

    /// The group's tiles, in the order [`PatternDatabase::moves`] takes
    /// their cells.
    #[must_use]
    pub fn tiles(&self) -> &'static [u8] {
        &self.class.group_tiles[self.group][..usize::from(self.class.group_len[self.group])]
    }

    /// The fewest moves of the group's tiles that bring them from `cells`
    /// (`cells[i]` the cell of the `i`-th tile of [`PatternDatabase::tiles`])
    /// to their goal cells, the other tiles and the blank anywhere; `None`
    /// when `cells` is not a placement of the group (wrong length, a cell
    /// past 15 or used twice).
    #[must_use]
    pub fn moves(&self, cells: &[u8]) -> Option<u8> {
        let len = usize::from(self.class.group_len[self.group]);
        let mut taken = 0u32;
        if cells.len() != len
            || cells.iter().any(|&cell| {
                let repeated = cell >= 16 || taken & (1 << cell) != 0;
                taken |= 1 << (cell & 15);
                repeated
            })
        {
            return None;
        }
        let mut placement = [0; GROUP_CAPACITY];
        placement[..len].copy_from_slice(cells);
        Some(self.class.group_bound(self.group, &placement))
    }

    /// The stored table: entry `placement_index(cells)` holds half the
    /// moves, rounded down, two entries a byte, the even one in the low
    /// nibble.
    #[must_use]
    pub fn bytes(&self) -> &'static [u8] {
        self.class.tables[self.group]
    }
}

/// The nine embedded databases: for the classes corner, edge and centre in
/// turn, their three groups.
///
/// ```
/// let total: usize = puzzle_oracle::fifteen::pattern_databases()
///     .iter()
///     .map(|database| database.bytes().len())
///     .sum();
/// assert_eq!(total, 2 * 2_882_880 + 1_680 + 6 * 262_080);
/// ```
#[must_use]
pub fn pattern_databases() -> [PatternDatabase; 9] {
    core::array::from_fn(|i| PatternDatabase {
        class: &CLASSES[i / 3],
        class_index: i / 3,
        group: i % 3,
    })
}

/// [`placement_index`] of any group with one code path, so the search
/// does not branch on the group's size: every group is read as six cells,
/// and the digits past its last tile weigh nothing. A digit counts only
/// the cells before it, so those padding cells change no real digit.
#[inline(always)]
fn weighted_placement_index(
    cells: &[u8; GROUP_CAPACITY],
    weights: &[u32; GROUP_CAPACITY],
) -> usize {
    let mut index = 0u32;
    for i in 0..GROUP_CAPACITY {
        let mut digit = u32::from(cells[i]);
        for j in 0..i {
            digit = digit.wrapping_sub(u32::from(cells[j] < cells[i]));
        }
        index = index.wrapping_add(digit.wrapping_mul(weights[i]));
    }
    index as usize
}

/// Each group's tile cells on a board and on its mirror image.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placements {
    pub direct: [[u8; GROUP_CAPACITY]; 3],
    pub mirrored: [[u8; GROUP_CAPACITY]; 3],
}

// `CLASSES`: the classes in the order of the canonical blank cells 0, 1,
// 5, each with the databases build.rs generated for its groups.
include!(concat!(env!("OUT_DIR"), "/pattern_databases.rs"));
