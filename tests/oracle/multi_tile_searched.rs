//! The boards of 12 to 16 cells other than 4x4 in the multi-tile metric,
//! searched over their abstraction databases in the cache: the boards
//! near the goal against the reference breadth-first search (the size of
//! each layer against lightln2's published distribution, each board's
//! bound against the abstraction's own breadth-first search, its
//! distance and solution), a target off the corners, and random boards
//! (solutions replayed, no longer than the published radius or than the
//! single-tile answer, the same from the goal turned a half-turn); and,
//! by hand, the 12-cell boards' complete histograms against lightln2's.

use std::collections::HashMap;

use puzzle_oracle::cache::{self, Cache};
use puzzle_oracle::{Board, Geometry, MetricOracle, Mtm, Oracle, Puzzle, Slide, Stm, tables};

use crate::multi_tile::{multi_tile_neighbours, published, published_in};
use crate::reference::{Rng, replay};
use crate::test_cache;

/// Every board within `depth` slides of `root`, with its distance, and
/// the size of each layer: a plain breadth-first search over
/// `multi_tile_neighbours`.
pub fn within(
    root: &[u8],
    rows: usize,
    cols: usize,
    depth: u8,
) -> (HashMap<Vec<u8>, u8>, Vec<u64>) {
    let mut distance = HashMap::from([(root.to_vec(), 0u8)]);
    let mut layer = vec![root.to_vec()];
    let mut sizes = vec![1];
    for step in 1..=depth {
        let mut next = Vec::new();
        for board in &layer {
            for neighbour in multi_tile_neighbours(board, rows, cols) {
                distance.entry(neighbour.clone()).or_insert_with(|| {
                    next.push(neighbour);
                    step
                });
            }
        }
        sizes.push(next.len() as u64);
        layer = next;
    }
    (distance, sizes)
}

/// The moves of `slides` one tile a letter, for the reference's replay.
fn letters(slides: impl Iterator<Item = Slide>) -> String {
    slides
        .flat_map(Slide::steps)
        .map(|step| step.letter())
        .collect()
}

/// What is checked of one board shape.
struct Case<'a> {
    /// The abstraction's classes by goal cell (the blank's cell first) of
    /// the wide orientation: what the database holds the distances of.
    labels: &'a [u8],
    /// The second abstraction's, on a board that probes two (the bound
    /// is the larger).
    second_labels: Option<&'a [u8]>,
    /// The reference's depth: every board within it has its bound
    /// checked.
    depth: u8,
    /// The depth within which every 10th board is also solved.
    solved_depth: u8,
    /// The first layers of lightln2's complete multi-tile search of the
    /// shape (`results/multitile_frontier/`, the tall orientation, which
    /// has the same layers), and its radius.
    published_layers: &'a [u64],
    radius: usize,
    /// Random boards to solve.
    random: usize,
    /// Whether the single-tile answers of the random boards are quick
    /// enough to compare.
    compare_single_tile: bool,
}

fn check<const N: usize, const COLS: usize>(case: &Case<'_>)
where
    Board<N, COLS>: Oracle,
    Mtm: MetricOracle<Board<N, COLS>>,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), COLS);
    let name = format!("{rows}x{cols}");
    let dir = test_cache::dir().with_file_name("cache-mtm");
    assert!(cache::open_multi_tile(geometry, &Cache::at(dir), true, &|_| {}).unwrap());

    let goal = Board::<N, COLS>::goal();
    let goal_cells: Vec<u8> = (0..N as u8).collect();
    let (near, sizes) = within(&goal_cells, rows, cols, case.depth);
    assert_eq!(
        sizes,
        case.published_layers[..=usize::from(case.depth)],
        "{name}"
    );
    // The abstraction's own distances, on the wide board only (a tall
    // board's database sees it transposed).
    let wide = rows <= cols;
    let abstractions = std::iter::once(case.labels).chain(case.second_labels);
    let abstract_near: Vec<_> = match wide {
        true => abstractions
            .map(|labels| (labels, within(labels, rows, cols, case.depth).0))
            .collect(),
        false => Vec::new(),
    };
    for (number, (cells, &distance)) in near.iter().enumerate() {
        let start = Board::<N, COLS>::new(cells.as_slice().try_into().unwrap()).unwrap();
        let bound = Mtm::lower_bound(&start, &goal).unwrap();
        assert!(
            bound <= distance,
            "{name} {cells:?}: bound {bound} over {distance}"
        );
        if wide {
            let largest = abstract_near
                .iter()
                .map(|(labels, near)| {
                    let labelled: Vec<u8> = cells
                        .iter()
                        .map(|&tile| labels[usize::from(tile)])
                        .collect();
                    near[&labelled]
                })
                .max();
            assert_eq!(Some(bound), largest, "{name} {cells:?}");
        }
        if number % 10 == 0 && distance <= case.solved_depth {
            let slides = start.solution_in::<Mtm>(&goal).unwrap();
            assert_eq!(slides.len(), usize::from(distance), "{name} {cells:?}");
            assert_eq!(
                replay(cells, rows, cols, &letters(slides)),
                Some(goal_cells.clone())
            );
        }
    }

    // Random boards: to the goal, and the same board turned a half-turn
    // to the goal with the blank last (the tiles renamed to match), which
    // the search frames by another symmetry.
    let mut rng = Rng(0x5eed ^ N as u64 ^ (COLS as u64) << 8);
    let last_cells: Vec<u8> = (1..N as u8).chain([0]).collect();
    let goal_last = Board::<N, COLS>::new(last_cells.as_slice().try_into().unwrap()).unwrap();
    for _ in 0..case.random {
        let start = Board::<N, COLS>::random_reaching(&goal, &mut || rng.next());
        let cells: Vec<u8> = start.cells().to_vec();
        let slides = start.solution_in::<Mtm>(&goal).unwrap();
        let length = slides.len();
        assert!(length <= case.radius, "{name} {cells:?}: {length}");
        assert_eq!(
            replay(&cells, rows, cols, &letters(slides)),
            Some(goal_cells.clone())
        );
        assert_eq!(start.distance_in::<Mtm>(&goal), Some(length as u8));
        if case.compare_single_tile {
            let single = start.distance_to(&goal).unwrap();
            assert!(length <= usize::from(single), "{name} {cells:?}");
        }
        let turned: Vec<u8> = (0..N)
            .map(|cell| (N as u8 - cells[N - 1 - cell]) % N as u8)
            .collect();
        let turned = Board::<N, COLS>::new(turned.as_slice().try_into().unwrap()).unwrap();
        assert_eq!(
            turned.distance_in::<Mtm>(&goal_last),
            Some(length as u8),
            "{name} {cells:?}"
        );
    }
}

#[test]
fn three_by_four_in_slides_matches_the_reference_and_the_published_layers() {
    let layers = [1, 5, 12, 30, 72, 180, 431, 1058, 2418, 5711, 12858];
    let case = Case {
        #[rustfmt::skip]
        labels: &[
            0, 1, 1, 2,
            3, 3, 2, 2,
            4, 4, 5, 5,
        ],
        second_labels: None,
        depth: 10,
        solved_depth: 10,
        published_layers: &layers,
        radius: 33,
        random: 30,
        compare_single_tile: true,
    };
    check::<12, 4>(&case);
    check::<12, 3>(&Case { random: 10, ..case });
}

#[test]
fn two_by_six_in_slides_matches_the_reference_and_the_published_layers() {
    let layers = [1, 6, 10, 30, 50, 150, 249, 720, 1152, 2880, 4610, 11544];
    let case = Case {
        #[rustfmt::skip]
        labels: &[
            0, 1, 1, 2, 2, 3,
            4, 4, 5, 5, 3, 3,
        ],
        second_labels: None,
        depth: 11,
        solved_depth: 11,
        published_layers: &layers,
        radius: 41,
        random: 30,
        compare_single_tile: true,
    };
    check::<12, 6>(&case);
    check::<12, 2>(&Case { random: 10, ..case });
}

#[test]
fn two_by_seven_in_slides_matches_the_reference_and_the_published_layers() {
    let layers = [1, 7, 12, 42, 72, 252, 431, 1470, 2430, 7070, 11728];
    check::<14, 7>(&Case {
        #[rustfmt::skip]
        labels: &[
            0, 1, 1, 2, 2, 3, 3,
            1, 4, 4, 2, 5, 5, 3,
        ],
        #[rustfmt::skip]
        second_labels: Some(&[
            0, 1, 2, 2, 3, 3, 5,
            1, 1, 2, 2, 3, 3, 5,
        ]),
        depth: 10,
        solved_depth: 10,
        published_layers: &layers,
        radius: 52,
        random: 5,
        compare_single_tile: false,
    });
}

#[test]
fn three_by_five_in_slides_matches_the_reference_and_the_published_layers() {
    let layers = [1, 6, 16, 48, 128, 384, 1023, 3036, 7796, 22155, 55915];
    check::<15, 5>(&Case {
        #[rustfmt::skip]
        labels: &[
            0, 1, 1, 2, 2,
            1, 1, 2, 2, 5,
            3, 3, 4, 4, 5,
        ],
        #[rustfmt::skip]
        second_labels: Some(&[
            0, 1, 2, 2, 3,
            1, 1, 2, 2, 3,
            5, 5, 5, 5, 3,
        ]),
        depth: 10,
        solved_depth: 8,
        published_layers: &layers,
        radius: 44,
        random: 10,
        compare_single_tile: false,
    });
}

#[test]
#[ignore = "builds 2x8's multi-tile databases, 202 MB, about 30 s: CI runs it with --ignored"]
fn two_by_eight_in_slides_matches_the_reference_and_the_published_layers() {
    let layers = [1, 8, 14, 56, 98, 392, 685, 2688, 4552, 15120, 25736];
    check::<16, 8>(&Case {
        #[rustfmt::skip]
        labels: &[
            0, 1, 1, 2, 2, 3, 3, 4,
            1, 1, 2, 2, 3, 3, 5, 4,
        ],
        #[rustfmt::skip]
        second_labels: Some(&[
            0, 1, 2, 2, 3, 3, 5, 5,
            1, 1, 2, 2, 3, 3, 5, 5,
        ]),
        depth: 10,
        solved_depth: 8,
        published_layers: &layers,
        radius: 57,
        random: 2,
        compare_single_tile: false,
    });
}

#[test]
fn a_target_off_the_corners_in_slides_on_three_by_four() {
    let dir = test_cache::dir().with_file_name("cache-mtm");
    let geometry = Geometry::new(3, 4).unwrap();
    assert!(cache::open_multi_tile(geometry, &Cache::at(dir), true, &|_| {}).unwrap());
    // The blank on an edge cell and on a middle one, the tiles scrambled.
    for target_cells in [
        [3u8, 0, 7, 1, 11, 2, 9, 4, 10, 5, 8, 6],
        [5, 9, 1, 11, 2, 0, 10, 3, 7, 4, 8, 6],
    ] {
        check_near_target::<12, 4>(&target_cells, 8);
    }
}

/// Every board within `depth` slides of `target_cells`, by the reference:
/// its bound at most its distance, every 20th solved and replayed. Answers
/// how many boards there are.
fn check_near_target<const N: usize, const COLS: usize>(target_cells: &[u8], depth: u8) -> usize
where
    Board<N, COLS>: Oracle,
    Mtm: MetricOracle<Board<N, COLS>>,
{
    let rows = N / COLS;
    let target = Board::<N, COLS>::new(target_cells.try_into().unwrap()).unwrap();
    let (near, _) = within(target_cells, rows, COLS, depth);
    for (number, (cells, &distance)) in near.iter().enumerate() {
        let start = Board::<N, COLS>::new(cells.as_slice().try_into().unwrap()).unwrap();
        let bound = Mtm::lower_bound(&start, &target).unwrap();
        assert!(
            bound <= distance,
            "{cells:?}: bound {bound} over {distance}"
        );
        if number % 20 == 0 {
            let slides = start.solution_in::<Mtm>(&target).unwrap();
            assert_eq!(slides.len(), usize::from(distance), "{cells:?}");
            assert_eq!(
                replay(cells, rows, COLS, &letters(slides)),
                Some(target_cells.to_vec())
            );
        }
    }
    near.len()
}

/// A 2x7 target with its blank on the top edge: the board's two
/// abstractions with the blank's label moved there, built for that class
/// on its first question, each bound at most the distance within 8
/// slides, every 20th board solved and replayed.
#[test]
fn a_target_off_the_corners_in_slides_on_two_by_seven() {
    let dir = test_cache::dir().with_file_name("cache-mtm");
    let geometry = Geometry::new(2, 7).unwrap();
    assert!(cache::open_multi_tile(geometry, &Cache::at(dir), true, &|_| {}).unwrap());
    let target_cells = [5u8, 12, 3, 0, 9, 1, 13, 8, 2, 11, 6, 10, 4, 7];
    let boards = check_near_target::<14, 7>(&target_cells, 8);
    assert!(boards > 4_000, "{boards} boards");
}

/// The single-tile histograms of the 12-cell boards, which no table
/// holds, by the same search taking one tile a move.
#[test]
#[ignore = "counts every board of 3x4 and 2x6, 239,500,800 each, about 15 s each on two cores"]
fn twelve_cell_histograms_a_tile_a_move_are_the_published_ones() {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    for (rows, cols, blank) in [(4, 3, 0), (2, 6, 11)] {
        let geometry = Geometry::new(rows, cols).unwrap();
        let histogram = tables::histogram_by_search::<Stm>(geometry, blank, threads, &|_| {});
        let wide = format!("{}x{}", rows.min(cols), rows.max(cols));
        let published = published_in(include_str!("../data/stm-distributions.txt"), &wide);
        assert_eq!(histogram, published, "{rows}x{cols}");
        assert_eq!(histogram.iter().sum::<u64>(), 239_500_800);
    }
}

#[test]
#[ignore = "counts every board of 3x4 and 2x6, 239,500,800 each, about 15 s each on two cores"]
fn twelve_cell_histograms_in_slides_are_the_published_ones() {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    for (rows, cols, blank) in [(3, 4, 0), (2, 6, 11), (6, 2, 0)] {
        let geometry = Geometry::new(rows, cols).unwrap();
        let histogram = tables::histogram_by_search::<Mtm>(geometry, blank, threads, &|_| {});
        let wide = format!("{}x{}", rows.min(cols), rows.max(cols));
        assert_eq!(histogram, published(&wide), "{rows}x{cols}");
        // The radius and its boards, as the table has them.
        let radius = histogram.len() - 1;
        let antipodes = histogram[radius];
        assert_eq!(
            (radius, antipodes),
            if wide == "3x4" { (33, 5) } else { (41, 36) }
        );
    }
}
