//! Gap search beside the baseline it must beat: a plain BFS with a
//! `HashSet` of the same 120-bit keys, on the hard set and on random
//! shuffles. Each iteration solves the whole set; divide by its size for
//! time per layout.
//!
//! Run: `cargo bench --bench gap`.

use std::collections::{HashSet, VecDeque};
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_oracle::gap::{Layout, Solver};

/// The baseline: breadth-first from the start, every state kept as a
/// 120-bit key (5 bits a movable card: its cell, `row * 7 + column - 1`)
/// in a `HashSet<u128>`.
fn plain_bfs(layout: &Layout) -> Option<u32> {
    let start = layout.start();
    let mut key: u128 = 0;
    for row in 0..4 {
        for column in 1..8 {
            if let Some(card) = start.cell(row, column).filter(|card| card.value() > 1) {
                let id = (card.suit() as usize - 1) * 6 + card.value() as usize - 2;
                key |= ((row * 7 + column - 1) as u128) << (5 * id);
            }
        }
    }
    let goal: u128 = (0..24)
        .map(|id| (((id / 6) * 7 + id % 6) as u128) << (5 * id))
        .sum();
    let mut seen = HashSet::from([key]);
    let mut queue = VecDeque::from([(key, 0u32)]);
    while let Some((key, depth)) = queue.pop_front() {
        if key == goal {
            return Some(depth);
        }
        let mut card_on = [u8::MAX; 28];
        for id in 0..24 {
            card_on[((key >> (5 * id)) & 31) as usize] = id as u8;
        }
        for gap in (0..28).filter(|&cell| card_on[cell] == u8::MAX) {
            let mover = if gap % 7 == 0 {
                gap / 7 * 6
            } else {
                match card_on[gap - 1] {
                    left if left == u8::MAX || left % 6 == 5 => continue,
                    left => usize::from(left) + 1,
                }
            };
            let from = ((key >> (5 * mover)) & 31) as usize;
            let next = key ^ (((from ^ gap) as u128) << (5 * mover));
            if seen.insert(next) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    None
}

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
    // Both must agree before either is timed.
    for layout in layouts {
        assert_eq!(solver.min_moves(layout), plain_bfs(layout));
    }
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.bench_function("astar", |b| {
        b.iter(|| {
            layouts
                .iter()
                .map(|l| solver.min_moves(black_box(l)))
                .filter(Option::is_some)
                .count()
        })
    });
    group.bench_function("plain_bfs", |b| {
        b.iter(|| {
            layouts
                .iter()
                .map(|l| plain_bfs(black_box(l)))
                .filter(Option::is_some)
                .count()
        })
    });
    group.finish();
}

fn gap(c: &mut Criterion) {
    let hard = read(include_str!("data/gap-hard.txt"));
    group(c, "gap_hard_16", &hard);
    let random = read(include_str!("data/gap-random.txt"));
    group(c, "gap_random_1000", &random);
}

criterion_group!(benches, gap);
criterion_main!(benches);
