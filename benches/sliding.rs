//! Sliding-puzzle lookups beside the alternatives they must beat: a
//! `HashMap<u64, u8>` of the same states, and a per-query BFS (how the
//! original write-ups answer).
//!
//! Run: `cargo bench --bench sliding`.

use std::collections::{HashMap, VecDeque};
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use puzzle_oracle::{Board, EightBoard, Oracle, Puzzle, Sampler, SevenBoard, SplitMix64, Tabled};

/// Boards packed four bits a cell, for the hash-map and BFS baselines.
fn pack(cells: &[u8]) -> u64 {
    cells
        .iter()
        .rev()
        .fold(0, |acc, &t| acc << 4 | u64::from(t))
}

fn unpack(mut packed: u64, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            let tile = (packed & 15) as u8;
            packed >>= 4;
            tile
        })
        .collect()
}

fn neighbours(cells: &[u8], rows: usize, cols: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let blank = cells.iter().position(|&t| t == 0).unwrap();
    let (row, col) = (blank / cols, blank % cols);
    let mut next = Vec::new();
    if row > 0 {
        next.push(blank - cols);
    }
    if row + 1 < rows {
        next.push(blank + cols);
    }
    if col > 0 {
        next.push(blank - 1);
    }
    if col + 1 < cols {
        next.push(blank + 1);
    }
    next.into_iter().map(move |cell| {
        let mut board = cells.to_vec();
        board.swap(blank, cell);
        board
    })
}

/// Baseline 1: every state's distance in a `HashMap<u64, u8>`.
fn hash_map_of(goal: &[u8], rows: usize, cols: usize) -> HashMap<u64, u8> {
    let mut map = HashMap::from([(pack(goal), 0u8)]);
    let mut queue = VecDeque::from([pack(goal)]);
    while let Some(state) = queue.pop_front() {
        let distance = map[&state];
        for next in neighbours(&unpack(state, goal.len()), rows, cols) {
            map.entry(pack(&next)).or_insert_with(|| {
                queue.push_back(pack(&next));
                distance + 1
            });
        }
    }
    map
}

/// Baseline 2: a BFS per query, from the start until the target is found,
/// with a visited array indexed by the Cantor rank.
fn bfs_query(start: &[u8], target: &[u8], rows: usize, cols: usize) -> Option<u8> {
    fn cantor(cells: &[u8]) -> usize {
        let mut rank = 0;
        for i in 0..cells.len() {
            let smaller = cells[i + 1..].iter().filter(|&&t| t < cells[i]).count();
            rank = rank * (cells.len() - i) + smaller;
        }
        rank
    }
    let total: usize = (1..=start.len()).product();
    let mut seen = vec![false; total];
    let mut queue = VecDeque::from([(start.to_vec(), 0u8)]);
    seen[cantor(start)] = true;
    while let Some((board, distance)) = queue.pop_front() {
        if board == target {
            return Some(distance);
        }
        for next in neighbours(&board, rows, cols) {
            let rank = cantor(&next);
            if !seen[rank] {
                seen[rank] = true;
                queue.push_back((next, distance + 1));
            }
        }
    }
    None
}

/// 1,024 reachable boards, from a fixed seed.
fn sample<const N: usize, const COLS: usize>(seed: u64) -> Vec<Board<N, COLS>>
where
    Board<N, COLS>: Tabled + Oracle,
{
    let mut random = SplitMix64::new(seed);
    let mut boards = Vec::new();
    while boards.len() < 1024 {
        let mut cells: [u8; N] = core::array::from_fn(|i| i as u8);
        for i in (1..N).rev() {
            cells.swap(i, (random.next_u64() % (i as u64 + 1)) as usize);
        }
        let board = Board::<N, COLS>::new(cells).unwrap();
        if board.distance_to_goal().is_some() {
            boards.push(board);
        }
    }
    boards
}

fn lookup_group<const N: usize, const COLS: usize>(c: &mut Criterion, name: &str)
where
    Board<N, COLS>: Tabled + Oracle,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let boards = sample::<N, COLS>(N as u64);
    let goal = Board::<N, COLS>::goal();
    let map = hash_map_of(&goal.cells(), rows, cols);
    let packed: Vec<u64> = boards.iter().map(|b| pack(&b.cells())).collect();

    let mut group = c.benchmark_group(name);
    let mut i = 0;
    group.bench_function("table", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(&boards[i]).distance_to_goal()
        });
    });
    group.bench_function("hash_map", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            map.get(black_box(&packed[i])).copied()
        });
    });
    group.sample_size(10);
    group.bench_function("bfs_per_query", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            bfs_query(&black_box(boards[i].cells()), &goal.cells(), rows, cols)
        });
    });
    group.finish();
}

fn seven_to_goal(c: &mut Criterion) {
    lookup_group::<8, 4>(c, "seven_to_goal");
}

fn eight_to_goal(c: &mut Criterion) {
    lookup_group::<9, 3>(c, "eight_to_goal");
}

/// A lookup to the standard goal on every tabled board, side by side
/// (4x2 and 5x2 go through the transposed frame of 2x4 and 2x5).
fn every_board_to_goal(c: &mut Criterion) {
    fn lookup<const N: usize, const COLS: usize>(group: &mut BenchmarkGroup<'_, WallTime>)
    where
        Board<N, COLS>: Tabled + Oracle,
    {
        let boards = sample::<N, COLS>(N as u64);
        let mut i = 0;
        group.bench_function(Board::<N, COLS>::NAME, |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                black_box(&boards[i]).distance_to_goal()
            });
        });
    }
    let mut group = c.benchmark_group("every_board_to_goal");
    lookup::<4, 2>(&mut group);
    lookup::<6, 3>(&mut group);
    lookup::<6, 2>(&mut group);
    lookup::<8, 4>(&mut group);
    lookup::<8, 2>(&mut group);
    lookup::<9, 3>(&mut group);
    lookup::<10, 5>(&mut group);
    lookup::<10, 2>(&mut group);
    group.finish();
}

fn eight_any_target(c: &mut Criterion) {
    let starts = sample::<9, 3>(1);
    let targets: Vec<EightBoard> = sample::<9, 3>(2);
    let mut group = c.benchmark_group("eight_any_target");
    let mut i = 0;
    group.bench_function("table", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(&starts[i]).distance_to(black_box(&targets[i]))
        });
    });
    group.sample_size(10);
    group.bench_function("bfs_per_query", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            bfs_query(&starts[i].cells(), &targets[i].cells(), 3, 3)
        });
    });
    group.finish();
}

fn optimal_path(c: &mut Criterion) {
    // The two boards 31 moves from the corner goal.
    let deepest: EightBoard = "8 0 6 5 4 7 2 3 1".parse().unwrap();
    assert_eq!(deepest.distance_to_goal(), Some(31));
    let seven: SevenBoard = "7 6 5 4 3 2 1 0".parse().unwrap();
    let mut group = c.benchmark_group("optimal_path");
    group.bench_function("eight_31_moves", |b| {
        b.iter(|| {
            black_box(&deepest)
                .solution()
                .unwrap()
                .fold(0u32, |n, _| n + 1)
        });
    });
    group.bench_function("seven_28_moves", |b| {
        b.iter(|| {
            black_box(&seven)
                .solution()
                .unwrap()
                .fold(0u32, |n, _| n + 1)
        });
    });
    group.finish();
}

/// What only the complete tables answer: a uniform board at an exact
/// distance (the set-up lists that distance's boards once), every optimal
/// first move, and the number of optimal solutions.
fn table_queries(c: &mut Criterion) {
    let goal = EightBoard::goal();
    let boards = sample::<9, 3>(3);
    let mut group = c.benchmark_group("eight_table_queries");
    group.bench_function("sampler_setup_distance_20", |b| {
        b.iter(|| Sampler::at_distance(black_box(&goal), 20).unwrap().len());
    });
    let sampler = Sampler::at_distance(&goal, 20).unwrap();
    let mut random = SplitMix64::new(1);
    group.bench_function("draw_distance_20", |b| {
        b.iter(|| sampler.draw(&mut || random.next_u64()));
    });
    let mut i = 0;
    group.bench_function("hints", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(&boards[i]).optimal_moves()
        });
    });
    group.bench_function("count_solutions", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(&boards[i]).count_optimal_solutions()
        });
    });
    group.finish();
}

/// The multi-tile tables beside the single-tile ones: a lookup, the
/// walk of an optimal solution, the hints and the count, on 3x3 and 2x5
/// (`cargo bench --bench sliding -- multi_tile`).
#[cfg(feature = "multi-tile")]
fn multi_tile(c: &mut Criterion) {
    use puzzle_oracle::{Budget, MetricOracle, Mtm};

    fn lookups<const N: usize, const COLS: usize>(group: &mut BenchmarkGroup<'_, WallTime>)
    where
        Board<N, COLS>: Tabled + Oracle,
        Mtm: MetricOracle<Board<N, COLS>>,
    {
        let boards = sample::<N, COLS>(N as u64);
        let goal = Board::<N, COLS>::goal();
        let name = Board::<N, COLS>::NAME;
        let mut i = 0;
        group.bench_function(format!("{name}_stm_distance"), |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                black_box(&boards[i]).distance_to(&goal)
            });
        });
        group.bench_function(format!("{name}_mtm_distance"), |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                black_box(&boards[i]).distance_in::<Mtm>(&goal)
            });
        });
        group.bench_function(format!("{name}_mtm_solution"), |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                let solution = black_box(&boards[i]).solution_in::<Mtm>(&goal);
                solution.map(|slides| slides.fold(0u32, |n, slide| n + u32::from(slide.tiles)))
            });
        });
        group.bench_function(format!("{name}_mtm_hints"), |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                Mtm::optimal_moves_within(black_box(&boards[i]), &goal, &mut Budget::unlimited())
            });
        });
        group.bench_function(format!("{name}_mtm_count"), |b| {
            b.iter(|| {
                i = (i + 1) & 1023;
                Mtm::count_optimal_solutions_within(
                    black_box(&boards[i]),
                    &goal,
                    &mut Budget::unlimited(),
                )
            });
        });
    }
    let mut group = c.benchmark_group("multi_tile");
    lookups::<9, 3>(&mut group);
    lookups::<10, 5>(&mut group);
    group.finish();
}

#[cfg(not(feature = "multi-tile"))]
fn multi_tile(_: &mut Criterion) {}

criterion_group!(
    benches,
    multi_tile,
    seven_to_goal,
    eight_to_goal,
    every_board_to_goal,
    eight_any_target,
    optimal_path,
    table_queries
);
criterion_main!(benches);
