//! The multi-tile metric's independent reference: a plain breadth-first
//! search in which one move slides one or more tiles of the blank's row
//! or column one step, checked against the published complete
//! distributions (`tests/data/mtm-distributions.txt`). It is the yardstick
//! for answers in that metric.

use std::collections::HashSet;

use crate::reference::slide;

/// How many boards lie at each distance, in the multi-tile metric, from
/// `root` on a `rows` x `cols` board.
pub fn multi_tile_histogram(root: &[u8], rows: usize, cols: usize) -> Vec<u64> {
    let mut seen: HashSet<Vec<u8>> = HashSet::from([root.to_vec()]);
    let mut frontier = vec![root.to_vec()];
    let mut histogram = Vec::new();
    while !frontier.is_empty() {
        histogram.push(frontier.len() as u64);
        let mut next = Vec::new();
        for board in &frontier {
            for next_board in multi_tile_neighbours(board, rows, cols) {
                if seen.insert(next_board.clone()) {
                    next.push(next_board);
                }
            }
        }
        frontier = next;
    }
    histogram
}

/// Every board one multi-tile move from `board`: the blank travels one or
/// more cells in one direction, each tile it passes sliding one step.
pub fn multi_tile_neighbours(board: &[u8], rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut neighbours = Vec::new();
    for letter in ['U', 'D', 'L', 'R'] {
        let mut moved = board.to_vec();
        while let Some(further) = slide(&moved, rows, cols, letter) {
            neighbours.push(further.clone());
            moved = further;
        }
    }
    neighbours
}

/// The published distribution of `board` (`2x3`).
fn published(board: &str) -> Vec<u64> {
    let line = include_str!("../data/mtm-distributions.txt")
        .lines()
        .find(|line| line.split(' ').next() == Some(board))
        .unwrap();
    line.split(' ')
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

#[test]
fn the_reference_matches_the_published_distributions() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let wide = format!("{}x{}", rows.min(cols), rows.max(cols));
        assert_eq!(
            multi_tile_histogram(&goal, rows, cols),
            published(&wide),
            "{rows}x{cols}"
        );
    }
}

#[test]
fn one_move_slides_any_number_of_tiles_but_counts_once() {
    // The blank in the corner of 3x3: it can travel one or two cells right
    // or down, four boards; the two-cell ones are two moves one tile a
    // move.
    let goal: Vec<u8> = (0..9).collect();
    let mut neighbours = multi_tile_neighbours(&goal, 3, 3);
    neighbours.sort();
    assert_eq!(
        neighbours,
        vec![
            vec![1, 0, 2, 3, 4, 5, 6, 7, 8],
            vec![1, 2, 0, 3, 4, 5, 6, 7, 8],
            vec![3, 1, 2, 0, 4, 5, 6, 7, 8],
            vec![3, 1, 2, 6, 4, 5, 0, 7, 8],
        ]
    );
}
