//! An independent slow reference for the pattern databases: a plain
//! 0-1 breadth-first search over (cells of the group's tiles, blank cell)
//! with a deque and a hash map, its own move rules, and no flood fill.
//! Nothing here calls the crate.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]

use std::collections::{HashMap, VecDeque};

/// The fewest moves of the tiles `group` from each abstract state (the
/// cells of the group's tiles, in order, and the blank's cell) to their
/// cells in `goal` (a board in rows of `cols`) with the blank on its goal
/// cell, the blank free to move through the cells the group does not
/// hold. States farther than `max_moves` are left out.
pub fn group_distances(
    goal: &[u8],
    cols: u8,
    group: &[u8],
    max_moves: u8,
) -> HashMap<(Vec<u8>, u8), u8> {
    let rows = goal.len() as u8 / cols;
    let cell_of = |tile: u8| goal.iter().position(|&t| t == tile).unwrap() as u8;
    let goal_cells: Vec<u8> = group.iter().map(|&tile| cell_of(tile)).collect();
    let mut settled: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut queue = VecDeque::from([(goal_cells, cell_of(0), 0u8)]);
    while let Some((cells, blank, moves)) = queue.pop_front() {
        if settled.contains_key(&(cells.clone(), blank)) {
            continue;
        }
        settled.insert((cells.clone(), blank), moves);
        let (row, col) = (blank / cols, blank % cols);
        let mut next_cells = Vec::new();
        if row > 0 {
            next_cells.push(blank - cols);
        }
        if row + 1 < rows {
            next_cells.push(blank + cols);
        }
        if col > 0 {
            next_cells.push(blank - 1);
        }
        if col + 1 < cols {
            next_cells.push(blank + 1);
        }
        for next in next_cells {
            match cells.iter().position(|&cell| cell == next) {
                // A group tile slides into the blank: one move.
                Some(tile) if moves < max_moves => {
                    let mut moved = cells.clone();
                    moved[tile] = blank;
                    queue.push_back((moved, next, moves + 1));
                }
                Some(_) => {}
                // Another tile: free, so it goes to the front.
                None => queue.push_front((cells.clone(), next, moves)),
            }
        }
    }
    settled
}
