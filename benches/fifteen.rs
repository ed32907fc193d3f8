//! The 4x4 search beside the baseline it must beat: plain IDA* with the
//! Manhattan distance on the same board type. Per instance of Korf's 100
//! (Korf 1985): five the baseline solves in under a million nodes, for
//! both, and two long ones for this crate alone (the baseline needs
//! hundreds of millions of nodes for those).
//!
//! Run: `cargo bench --bench fifteen`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_oracle::FifteenBoard;
use puzzle_oracle::{Budget, Oracle};

#[path = "common/manhattan_ida.rs"]
mod manhattan_ida;
use manhattan_ida::manhattan_ida;

/// Korf's instance `number` (from 1) and its published optimal length.
fn korf(number: usize) -> (FifteenBoard, usize) {
    let board = include_str!("../tests/data/korf100.txt")
        .lines()
        .nth(number - 1)
        .unwrap();
    let length = include_str!("../tests/data/korf100-lengths.txt")
        .lines()
        .nth(number - 1)
        .unwrap();
    (board.parse().unwrap(), length.parse().unwrap())
}

fn fifteen(c: &mut Criterion) {
    let goal = FifteenBoard::goal();
    for number in [12, 79, 42, 55, 9, 1, 88] {
        let (board, length) = korf(number);
        let mut budget = Budget::unlimited();
        let solution = board.solution_within(&goal, &mut budget).found();
        assert_eq!(solution.unwrap().len(), length);
        let nodes = budget.spent();
        let with_baseline = number != 1 && number != 88;
        let name = format!("fifteen_korf_{number}");
        let mut group = c.benchmark_group(&name);
        group.sample_size(10);
        group.bench_function("pattern_databases", |b| {
            b.iter(|| {
                black_box(&board)
                    .solution_within(&goal, &mut Budget::unlimited())
                    .map(|moves| moves.len())
            });
        });
        if with_baseline {
            let (moves, baseline_nodes) = manhattan_ida(&board);
            assert_eq!(moves as usize, length);
            eprintln!(
                "{name}: {length} moves; nodes: this crate {nodes}, Manhattan IDA* {baseline_nodes}"
            );
            group.bench_function("manhattan_ida", |b| {
                b.iter(|| manhattan_ida(black_box(&board)).0);
            });
        } else {
            eprintln!("{name}: {length} moves; nodes: this crate {nodes}");
        }
        group.finish();
    }
}

criterion_group!(benches, fifteen);
criterion_main!(benches);
