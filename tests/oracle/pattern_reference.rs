//! An independent slow reference for the pattern databases: a plain
//! 0-1 breadth-first search over (cells of the group's tiles, blank cell)
//! with a deque and a hash map, its own move rules, and no flood fill.
//! Nothing here calls the crate.

use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasherDefault;

use crate::reference::MixHasher;

/// The fewest moves of the tiles `group` from each abstract state (the
/// cells of the group's tiles, in order, and the blank's cell) to their
/// cells in `goal` (a board in rows of `cols`) with the blank on its goal
/// cell, the blank free to move through the cells the group does not
/// hold. States farther than `max_moves` are left out.
pub fn group_distances(goal: &[u8], cols: u8, group: &[u8], max_moves: u8) -> GroupDistances {
    let rows = goal.len() as u8 / cols;
    let cell_of = |tile: u8| goal.iter().position(|&t| t == tile).unwrap() as u8;
    let goal_cells: Vec<u8> = group.iter().map(|&tile| cell_of(tile)).collect();
    let tiles = group.len();
    let mut settled = HashMap::default();
    let mut queue = VecDeque::from([(State::of(&goal_cells, cell_of(0)), 0u8)]);
    while let Some((state, moves)) = queue.pop_front() {
        if settled.contains_key(&state) {
            continue;
        }
        settled.insert(state, moves);
        let blank = state.blank();
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
            match (0..tiles).find(|&tile| state.cell(tile) == next) {
                // A group tile slides into the blank: one move.
                Some(tile) if moves < max_moves => {
                    queue.push_back((state.with_cell(tile, blank).with_blank(next), moves + 1));
                }
                Some(_) => {}
                // Another tile: free, so it goes to the front.
                None => queue.push_front((state.with_blank(next), moves)),
            }
        }
    }
    GroupDistances { settled, tiles }
}

/// The states a [`group_distances`] search settled, with their moves.
pub struct GroupDistances {
    settled: HashMap<State, u8, BuildHasherDefault<MixHasher>>,
    tiles: usize,
}

impl GroupDistances {
    /// The moves of the state with the group's tiles on `cells` and the
    /// blank on `blank`, `None` when it is farther than the search went.
    pub fn get(&self, cells: &[u8], blank: u8) -> Option<u8> {
        self.settled.get(&State::of(cells, blank)).copied()
    }

    pub fn len(&self) -> usize {
        self.settled.len()
    }

    /// Every settled state as its cells, its blank and its moves.
    pub fn iter(&self) -> impl Iterator<Item = (Vec<u8>, u8, u8)> + '_ {
        self.settled.iter().map(|(&state, &moves)| {
            let cells = (0..self.tiles).map(|tile| state.cell(tile)).collect();
            (cells, state.blank(), moves)
        })
    }
}

/// An abstract state packed five bits a cell (boards up to 32 cells): the
/// blank's cell in bits 0..5, tile `i`'s cell in bits `5(i + 1)..5(i + 2)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State(u64);

impl State {
    fn of(cells: &[u8], blank: u8) -> State {
        assert!(cells.len() < 12 && cells.iter().chain([&blank]).all(|&cell| cell < 32));
        cells
            .iter()
            .enumerate()
            .fold(State(u64::from(blank)), |state, (tile, &cell)| {
                state.with_cell(tile, cell)
            })
    }

    fn blank(self) -> u8 {
        (self.0 & 31) as u8
    }

    fn cell(self, tile: usize) -> u8 {
        (self.0 >> (5 * (tile + 1)) & 31) as u8
    }

    fn with_blank(self, cell: u8) -> State {
        State(self.0 & !31 | u64::from(cell))
    }

    fn with_cell(self, tile: usize, cell: u8) -> State {
        let shift = 5 * (tile + 1);
        State(self.0 & !(31 << shift) | u64::from(cell) << shift)
    }
}
