//! The baseline for the 4x4 search: plain IDA* with the Manhattan
//! distance (Korf 1985), on the crate's own board type, with the same
//! no-backtrack pruning and nothing else.

use puzzle_oracle::{Direction, FifteenBoard};

/// The Manhattan distance of `board` to the standard goal `0 1 ... 15`.
fn manhattan(board: &FifteenBoard) -> u32 {
    board
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .map(|(cell, &tile)| {
            let (cell, tile) = (cell as u32, u32::from(tile));
            (cell / 4).abs_diff(tile / 4) + (cell % 4).abs_diff(tile % 4)
        })
        .sum()
}

fn opposite(dir: Direction) -> Direction {
    match dir {
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
    }
}

/// Fewest moves to the standard goal, and the nodes expanded.
pub fn manhattan_ida(board: &FifteenBoard) -> (u32, u64) {
    let mut nodes = 0;
    let mut bound = manhattan(board);
    loop {
        let mut next_bound = u32::MAX;
        if let Some(moves) = descend(board, None, 0, bound, &mut next_bound, &mut nodes) {
            return (moves, nodes);
        }
        bound = next_bound;
    }
}

fn descend(
    board: &FifteenBoard,
    last: Option<Direction>,
    depth: u32,
    bound: u32,
    next_bound: &mut u32,
    nodes: &mut u64,
) -> Option<u32> {
    *nodes += 1;
    let h = manhattan(board);
    if h == 0 {
        return Some(depth);
    }
    if depth + h > bound {
        *next_bound = (*next_bound).min(depth + h);
        return None;
    }
    for dir in Direction::ALL {
        if last == Some(opposite(dir)) {
            continue;
        }
        if let Some(next) = board.moved(dir)
            && let Some(moves) = descend(&next, Some(dir), depth + 1, bound, next_bound, nodes)
        {
            return Some(moves);
        }
    }
    None
}
