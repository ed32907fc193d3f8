//! An independent reference for Gap: the rules written again on a plain
//! 4x8 grid of card codes (0 for a gap), and a hash-map BFS over whole
//! grids. Nothing here calls the crate.

use std::collections::{HashMap, VecDeque};

pub type Grid = [[u8; 8]; 4];

/// Deals `rows` (4 rows of 7 codes): value-1 cards to column 0, gaps where
/// they were.
pub fn deal(rows: &[[u8; 7]; 4]) -> Grid {
    let mut grid = [[0; 8]; 4];
    for (r, row) in rows.iter().enumerate() {
        grid[r][0] = (r as u8 + 1) * 10 + 1;
        for (c, &code) in row.iter().enumerate() {
            grid[r][c + 1] = if code % 10 == 1 { 0 } else { code };
        }
    }
    grid
}

pub fn goal() -> Grid {
    let mut grid = [[0; 8]; 4];
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().take(7).enumerate() {
            *cell = (r as u8 + 1) * 10 + c as u8 + 1;
        }
    }
    grid
}

/// Grids one move away, with the card moved.
pub fn successors(grid: &Grid) -> Vec<(u8, Grid)> {
    let mut out = Vec::new();
    for r in 0..4 {
        for c in 1..8 {
            let left = grid[r][c - 1];
            if grid[r][c] != 0 || left == 0 || left % 10 == 7 {
                continue;
            }
            let card = left + 1;
            let mut next = *grid;
            for row in &mut next {
                for cell in row.iter_mut() {
                    if *cell == card {
                        *cell = 0;
                    }
                }
            }
            next[r][c] = card;
            out.push((card, next));
        }
    }
    out
}

/// Plays `cards` in order; `None` if one of them is not a legal move.
pub fn replay(mut grid: Grid, cards: &[u8]) -> Option<Grid> {
    for &card in cards {
        grid = successors(&grid)
            .into_iter()
            .find(|&(moved, _)| moved == card)?
            .1;
    }
    Some(grid)
}

/// The fewest moves from `start` to the goal, by plain BFS.
pub fn min_moves(start: Grid) -> Option<u32> {
    let target = goal();
    let mut depth = HashMap::from([(start, 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some(grid) = queue.pop_front() {
        let d = depth[&grid];
        if grid == target {
            return Some(d);
        }
        for (_, next) in successors(&grid) {
            depth.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    None
}

/// Layouts in the seed format: a count line, then 4 rows of 7 per layout.
pub fn read_layouts(text: &str) -> Vec<[[u8; 7]; 4]> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let rows: Vec<[u8; 7]> = lines
        .map(|line| {
            let codes: Vec<u8> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            codes.try_into().unwrap()
        })
        .collect();
    assert_eq!(rows.len(), 4 * count);
    rows.chunks(4)
        .map(|chunk| chunk.try_into().unwrap())
        .collect()
}
