//! 4x4 in the multi-tile metric, searched over its abstraction database
//! in the cache: every board within 10 slides of the goal against the
//! reference breadth-first search (its bound and the abstraction's exact
//! value under the bound; within 8, every 10th distance and some counts
//! of optimal solutions), then the published lengths of 100 random
//! positions and of two of the 43-slide antipodes, each solution
//! replayed. Ignored by
//! default, as building the database (182 MB) takes about 35 s on
//! two cores; CI runs it with `--ignored`.

use std::collections::HashMap;

use puzzle_oracle::cache::{self, Cache};
use puzzle_oracle::{Budget, FifteenBoard, MetricOracle, Mtm, Outcome, Slide};

use crate::multi_tile::multi_tile_neighbours;
use crate::reference::replay;
use crate::test_cache;

/// The abstraction's classes by goal cell, the blank's cell first: what
/// the database holds the distances of.
const LABELS: [u8; 16] = [0, 4, 4, 3, 4, 4, 3, 3, 5, 2, 3, 3, 5, 2, 1, 1];

/// The transpose of each cell.
const TRANSPOSE: [usize; 16] = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15];

fn board(cells: &[u8]) -> FifteenBoard {
    FifteenBoard::new(cells.try_into().unwrap()).unwrap()
}

/// Every board within `depth` slides of `root`, with its distance: a
/// plain breadth-first search over `multi_tile_neighbours`.
fn within(root: &[u8], depth: u8) -> HashMap<Vec<u8>, u8> {
    let mut distance = HashMap::from([(root.to_vec(), 0u8)]);
    let mut layer = vec![root.to_vec()];
    for step in 1..=depth {
        let mut next = Vec::new();
        for board in &layer {
            for neighbour in multi_tile_neighbours(board, 4, 4) {
                distance.entry(neighbour.clone()).or_insert_with(|| {
                    next.push(neighbour);
                    step
                });
            }
        }
        layer = next;
    }
    distance
}

/// The abstract board of `cells` for the goal `0 1 2 ... 15`: each tile's
/// class, and the same of the transposed board.
fn abstract_boards(cells: &[u8]) -> [Vec<u8>; 2] {
    let direct = cells
        .iter()
        .map(|&tile| LABELS[usize::from(tile)])
        .collect();
    let mut transposed = vec![0; 16];
    for (cell, &tile) in cells.iter().enumerate() {
        transposed[TRANSPOSE[cell]] = LABELS[TRANSPOSE[usize::from(tile)]];
    }
    [direct, transposed]
}

/// The positions of a data file, one a line after its `#` comments.
fn positions(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            line.split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}

/// The moves of `slides` one tile a letter, for the reference's replay.
fn letters(slides: impl Iterator<Item = Slide>) -> String {
    slides
        .flat_map(Slide::steps)
        .map(|step| step.letter())
        .collect()
}

#[test]
#[ignore = "builds 4x4's multi-tile database, 182 MB, about 35 s: CI runs it with --ignored"]
fn four_by_four_in_slides_matches_the_reference_and_the_published_lengths() {
    let dir = test_cache::dir().with_file_name("cache-mtm");
    assert!(cache::open_multi_tile_4x4(&Cache::at(dir), true, &|_| {}).unwrap());

    // Near the goal: the reference's distances, and the abstraction's own
    // (a breadth-first search over labelled boards reaches every abstract
    // board within 10 slides, as every abstract path lifts to one of the
    // boards' paths). Every board's bound is checked, every 10th within 8
    // slides solved.
    let goal = FifteenBoard::goal();
    let goal_cells: Vec<u8> = (0..16).collect();
    let near = within(&goal_cells, 10);
    let abstract_near = within(&LABELS, 10);
    // 157,933 boards, as lightln2's first 11 layers add up.
    assert_eq!(near.len(), 157_933);
    let mut budget = Budget::unlimited();
    for (number, (cells, &distance)) in near.iter().enumerate() {
        let start = board(cells);
        let bound = Mtm::lower_bound(&start, &goal).unwrap();
        let expected = abstract_boards(cells).map(|labels| abstract_near[&labels]);
        assert_eq!(bound, expected[0].max(expected[1]), "{cells:?}");
        assert!(
            bound <= distance,
            "{cells:?}: bound {bound} over {distance}"
        );
        if number % 10 == 0 && distance <= 8 {
            assert_eq!(start.distance_in::<Mtm>(&goal), Some(distance), "{cells:?}");
        }
        if number % 101 == 0 && distance <= 6 {
            // Optimal solutions: a path to the goal through neighbours
            // one nearer each step.
            let paths = count_paths(cells, &near);
            assert_eq!(
                Mtm::count_optimal_solutions_within(&start, &goal, &mut budget),
                Outcome::Found(paths),
                "{cells:?}"
            );
        }
    }

    // 100 random positions in the lengths slidy answered, and their hints.
    let random = positions(include_str!("../data/mtm-4x4-random.txt"));
    assert_eq!(random.len(), 100);
    for (number, line) in random.iter().enumerate() {
        let (cells, length) = line.split_at(16);
        let slides = board(cells).solution_in::<Mtm>(&goal).unwrap();
        assert_eq!(
            slides.len(),
            usize::from(length[0]),
            "position {}",
            number + 1
        );
        assert_eq!(
            replay(cells, 4, 4, &letters(slides)),
            Some(goal_cells.clone()),
            "position {}",
            number + 1
        );
    }
    let start = board(&random[1][..16]);
    let distance = start.distance_in::<Mtm>(&goal).unwrap();
    let good = Mtm::optimal_moves_within(&start, &goal, &mut budget)
        .found()
        .unwrap();
    assert!(!good.is_empty());
    for dir in puzzle_oracle::Direction::ALL {
        for tiles in 1..4 {
            let slide = Slide::new(dir, tiles);
            let Some(next) = (0..tiles).try_fold(start, |board, _| board.moved(dir)) else {
                break;
            };
            let nearer = next.distance_in::<Mtm>(&goal) == Some(distance - 1);
            assert_eq!(good.contains(slide), nearer, "{slide}");
        }
    }

    // Two of the antipodes (about 8 s each), for the goal with the blank
    // last.
    let goal_last = FifteenBoard::goal_last();
    let last_cells: Vec<u8> = (1..16).chain([0]).collect();
    for cells in positions(include_str!("../data/mtm-antipodes-4x4.txt"))
        .iter()
        .skip(4)
        .step_by(11)
    {
        let slides = board(cells).solution_in::<Mtm>(&goal_last).unwrap();
        assert_eq!(slides.len(), 43, "{cells:?}");
        assert_eq!(
            replay(cells, 4, 4, &letters(slides)),
            Some(last_cells.clone())
        );
    }
}

/// The number of shortest paths from `cells` to the goal, through the
/// reference's distances.
fn count_paths(cells: &[u8], distance: &HashMap<Vec<u8>, u8>) -> u64 {
    let here = distance[cells];
    if here == 0 {
        return 1;
    }
    multi_tile_neighbours(cells, 4, 4)
        .iter()
        .filter(|next| distance.get(*next) == Some(&(here - 1)))
        .map(|next| count_paths(next, distance))
        .sum()
}

#[test]
#[ignore = "builds the databases of 4x4's edge and centre goal classes, 182 MB each, about 35 s each"]
fn targets_off_the_corners_in_slides_on_4x4() {
    let dir = test_cache::dir().with_file_name("cache-mtm");
    assert!(cache::open_multi_tile_4x4(&Cache::at(dir), true, &|_| {}).unwrap());
    // The blank on an edge cell (class 1) and on a middle one (class 5),
    // the tiles in a scrambled order.
    for target_cells in [
        [3u8, 0, 7, 1, 15, 2, 9, 4, 11, 5, 13, 6, 8, 10, 12, 14],
        [5, 9, 1, 13, 2, 14, 0, 3, 7, 4, 11, 8, 15, 6, 12, 10],
    ] {
        let target = board(&target_cells);
        let near = within(&target_cells, 7);
        for (number, (cells, &distance)) in near.iter().enumerate() {
            let start = board(cells);
            let bound = Mtm::lower_bound(&start, &target).unwrap();
            assert!(
                bound <= distance,
                "{cells:?}: bound {bound} over {distance}"
            );
            if number % 7 == 0 {
                let slides = start.solution_in::<Mtm>(&target).unwrap();
                assert_eq!(slides.len(), usize::from(distance), "{cells:?}");
                assert_eq!(
                    replay(cells, 4, 4, &letters(slides)),
                    Some(target_cells.to_vec())
                );
            }
        }
    }
}
