//! The searched boards besides 4x4: one iteration solves the same 20
//! uniform random boards of a shape (a fixed seed), so the median is the
//! time of 20 answers.
//!
//! Run: `cargo bench --bench searched`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_oracle::{Board, Budget, Oracle, Puzzle, Searched, SplitMix64};

/// `count` uniform boards that reach the goal: a shuffle, then the first
/// two tiles swapped when it is in the other half.
fn random_boards<const N: usize, const COLS: usize>(count: usize) -> Vec<Board<N, COLS>>
where
    Board<N, COLS>: Searched + Oracle,
{
    let mut random = SplitMix64::new(2026);
    let goal = Board::<N, COLS>::goal();
    (0..count)
        .map(|_| {
            let mut cells: [u8; N] = std::array::from_fn(|cell| cell as u8);
            for i in (1..N).rev() {
                let j = (random.next_u64() % (i as u64 + 1)) as usize;
                cells.swap(i, j);
            }
            let board = Board::new(cells).unwrap();
            if board.can_reach(&goal) {
                return board;
            }
            let tiles: Vec<usize> = (0..N).filter(|&cell| cells[cell] != 0).collect();
            cells.swap(tiles[0], tiles[1]);
            Board::new(cells).unwrap()
        })
        .collect()
}

fn board<const N: usize, const COLS: usize>(c: &mut Criterion)
where
    Board<N, COLS>: Searched + Oracle,
{
    let boards = random_boards::<N, COLS>(20);
    let goal = Board::goal();
    let mut group = c.benchmark_group(format!("searched_{}", Board::<N, COLS>::NAME));
    group.sample_size(10);
    group.bench_function("20_random_boards", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|start| {
                    let mut budget = Budget::unlimited();
                    let solution = black_box(start).solution_within(&goal, &mut budget);
                    solution.found().unwrap().len()
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

fn searched(c: &mut Criterion) {
    board::<12, 4>(c);
    board::<12, 6>(c);
    board::<14, 7>(c);
    board::<15, 5>(c);
}

criterion_group!(benches, searched);
criterion_main!(benches);
