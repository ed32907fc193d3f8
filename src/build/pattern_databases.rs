//! The 4x4 pattern-database generator run by `build.rs`.
//!
//! A breadth-first search from the goal over the abstract states of one
//! tile group: the cells of the group's tiles and the blank's cell, the
//! other tiles ignored. Moving a group tile costs one move; moving the
//! blank through cells the group does not hold costs nothing, so each
//! abstract state is expanded with the whole region its blank can reach
//! (a flood fill on a 16-bit mask), and the search runs in layers of cost.
//! A placement's entry is the first layer that reaches it, whatever the
//! blank's cell: the fewest group moves from it to the goal.
#![allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "a placement is passed as the array it is stored as"
)]
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::pattern::{self, CELLS, MAX_GROUP, database_len, packed_len, placement_index};

const UNSEEN: u8 = u8::MAX;

const NOT_LEFT_COLUMN: u32 = 0xeeee;
const NOT_RIGHT_COLUMN: u32 = 0x7777;

/// The cells next to the cells of `mask`, on the 4x4 board.
const fn neighbours(mask: u32) -> u32 {
    (((mask << 1) & NOT_LEFT_COLUMN) | ((mask >> 1) & NOT_RIGHT_COLUMN) | (mask << 4) | (mask >> 4))
        & 0xffff
}

/// The cells the blank reaches from `start` through `free` cells.
fn flood(start: u32, free: u32) -> u32 {
    let mut region = start;
    loop {
        let grown = (region | neighbours(region)) & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// An abstract state in the queue: the group's cells four bits each, then
/// the blank's cell in the top four bits.
fn encode(cells: &[u8; MAX_GROUP], blank: u32) -> u32 {
    let mut packed = blank << 28;
    for (i, &cell) in cells.iter().enumerate() {
        packed |= u32::from(cell) << (4 * i);
    }
    packed
}

fn decode(packed: u32) -> ([u8; MAX_GROUP], u32) {
    let cells = core::array::from_fn(|i| ((packed >> (4 * i)) & 15) as u8);
    (cells, packed >> 28)
}

/// The database of `group` in its stored form: half of each entry of
/// [`pattern_database`], two a byte, the even placement in the low nibble.
pub fn packed_pattern_database(goal: &[u8; CELLS], group: &[u8]) -> Vec<u8> {
    let distances = pattern_database(goal, group);
    let mut packed = vec![0u8; packed_len(group.len())];
    for (placement, &distance) in distances.iter().enumerate() {
        assert!(
            distance / 2 < 16,
            "placement {placement}: {distance} moves do not fit"
        );
        packed[placement / 2] |= (distance / 2) << (4 * (placement % 2));
    }
    packed
}

/// The database of the tiles `group` for the goal `goal` (`goal[cell]` is
/// the tile on `cell`, 0 the blank): the fewest group moves of each
/// placement, numbered by [`placement_index`].
pub fn pattern_database(goal: &[u8; CELLS], group: &[u8]) -> Vec<u8> {
    let tiles = group.len();
    assert!((1..=MAX_GROUP).contains(&tiles), "group of {tiles} tiles");
    let cell_of = |tile: u8| {
        goal.iter()
            .position(|&t| t == tile)
            .expect("a tile of the goal")
    };
    let mut goal_cells = [0u8; MAX_GROUP];
    for (slot, &tile) in goal_cells.iter_mut().zip(group) {
        *slot = cell_of(tile) as u8;
    }
    let goal_blank = cell_of(0) as u32;

    let len = database_len(tiles);
    let mut distance = vec![UNSEEN; len];
    // Per placement, the blank cells already expanded (whole regions) and
    // the ones already queued, so each abstract state is queued once.
    let mut expanded = vec![0u16; len];
    let mut queued = vec![0u16; len];
    let mut frontier = vec![encode(&goal_cells, goal_blank)];
    let mut next = Vec::new();
    let mut depth = 0u8;
    while !frontier.is_empty() {
        for &state in &frontier {
            let (cells, blank) = decode(state);
            let cells_used = &cells[..tiles];
            let index = placement_index(cells_used);
            if u32::from(expanded[index]) & (1 << blank) != 0 {
                continue;
            }
            let held = cells_used.iter().fold(0u32, |mask, &c| mask | 1 << c);
            let region = flood(1 << blank, !held & 0xffff);
            expanded[index] |= region as u16;
            if distance[index] == UNSEEN {
                distance[index] = depth;
            }
            for (i, &from) in cells_used.iter().enumerate() {
                // The tile slides into any region cell next to it; the
                // blank is left on the cell it came from.
                let mut targets = neighbours(1 << from) & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let mut moved = cells;
                    moved[i] = to;
                    let moved_index = placement_index(&moved[..tiles]);
                    let seen = expanded[moved_index] | queued[moved_index];
                    if u32::from(seen) & (1 << from) == 0 {
                        queued[moved_index] |= 1 << from;
                        next.push(encode(&moved, u32::from(from)));
                    }
                }
            }
        }
        core::mem::swap(&mut frontier, &mut next);
        next.clear();
        depth += 1;
    }
    assert!(!distance.contains(&UNSEEN), "every placement is reachable");
    distance
}

/// Builds every database of every class of `pattern::CLASSES` into
/// `out_dir`, and writes `pattern_databases.rs` there: the `CLASSES`
/// static that includes them.
pub fn write_databases(out_dir: &Path) -> io::Result<()> {
    let mut out = BufWriter::new(fs::File::create(out_dir.join("pattern_databases.rs"))?);
    writeln!(
        out,
        "// Generated by build.rs (src/build/pattern_databases.rs); do not edit.\n\n\
         /// Each class's databases, one a group.\n\
         pub(crate) static CLASSES: [ClassDatabases; {}] = [",
        pattern::CLASSES.len()
    )?;
    for (index, class) in pattern::CLASSES.iter().enumerate() {
        let goal = class.goal();
        let mut files = Vec::new();
        for (number, cells) in class.groups.iter().enumerate() {
            let tiles: Vec<u8> = cells.iter().map(|&cell| goal[usize::from(cell)]).collect();
            let file = format!("{}_{number}.bin", class.name);
            fs::write(out_dir.join(&file), packed_pattern_database(&goal, &tiles))?;
            files.push(format!(
                "include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\"))"
            ));
        }
        writeln!(
            out,
            "    ClassDatabases::new(pattern::CLASSES[{index}], [{}]),",
            files.join(", ")
        )?;
    }
    writeln!(out, "];")?;
    out.flush()
}
