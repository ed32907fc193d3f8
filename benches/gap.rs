//! Gap search beside the baseline it must beat: a plain BFS with a
//! `HashSet` of the same 120-bit keys, on the hard set (each of its three
//! groups, then all of it) and on random shuffles. Each iteration solves
//! the whole set; divide by its size for time per layout.
//!
//! Run: `cargo bench --bench gap`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_oracle::gap::{Layout, Solver};

#[path = "common/plain_bfs.rs"]
mod plain_bfs;
use plain_bfs::plain_bfs;

fn read(text: &str) -> Vec<Layout> {
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let rows: Vec<&str> = lines.collect();
    let layouts: Vec<Layout> = rows
        .chunks(4)
        .map(|rows| Layout::parse(&rows.join("\n")).unwrap())
        .collect();
    assert_eq!(layouts.len(), count);
    layouts
}

fn group(c: &mut Criterion, name: &str, layouts: &[Layout]) {
    let mut solver = Solver::new();
    // Both must agree before either is timed; and how many states each
    // stores tells how much of the speed-up is fewer states.
    let (mut ours, mut baseline) = (0, 0);
    for layout in layouts {
        let (moves, states) = plain_bfs(layout);
        assert_eq!(solver.min_moves(layout), moves);
        ours += solver.states_seen();
        baseline += states;
    }
    eprintln!("{name}: states stored: this crate {ours}, plain BFS {baseline}");
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.bench_function("astar", |b| {
        b.iter(|| {
            layouts
                .iter()
                .filter_map(|l| solver.min_moves(black_box(l)))
                .count()
        });
    });
    group.bench_function("plain_bfs", |b| {
        b.iter(|| {
            layouts
                .iter()
                .filter_map(|l| plain_bfs(black_box(l)).0)
                .count()
        });
    });
    group.finish();
}

fn gap(c: &mut Criterion) {
    // The hard set's three groups of 8 (see `gap_hard_set.rs`), then all.
    let hard = read(include_str!("../tests/data/gap-hard.txt"));
    group(c, "gap_hard_long_answers", &hard[..8]);
    group(c, "gap_hard_for_bfs", &hard[8..16]);
    group(c, "gap_hard_unsolvable", &hard[16..]);
    group(c, "gap_hard_24", &hard);
    let random = read(include_str!("../tests/data/gap-random.txt"));
    group(c, "gap_random_1000", &random);
}

criterion_group!(benches, gap);
criterion_main!(benches);
