//! The searched boards besides 4x4 (3x4, 2x6, 2x7, 3x5, 2x8 with the
//! feature `cache` or `searched-2x8`, and their transposes): every pattern database against an independent search,
//! the bound and the answers against a plain BFS near several targets,
//! and positions at the published largest distances of 3x4 and 2x6.

use puzzle_oracle::{Board, Budget, Direction, Oracle, Searched};

use crate::pattern_checks::check_database;
use crate::reference::{Rng, bfs_within, positions, replay};

fn board<const N: usize, const COLS: usize>(cells: &[u8]) -> Board<N, COLS>
where
    Board<N, COLS>: Searched + Oracle,
{
    crate::use_test_cache::<N, COLS>();
    Board::new(cells.try_into().unwrap()).unwrap()
}

fn letters(moves: impl Iterator<Item = Direction>) -> String {
    moves.map(Direction::letter).collect()
}

/// Every database of `Board<N, COLS>`: groups of at most four tiles whole,
/// the larger ones within 10 moves of their goal and on a sample.
fn check_databases<const N: usize, const COLS: usize>()
where
    Board<N, COLS>: Searched + Oracle,
{
    crate::use_test_cache::<N, COLS>();
    for (index, database) in Board::<N, COLS>::pattern_databases().enumerate() {
        let whole = database.tiles().len() <= 4;
        let depth = if whole { u8::MAX } else { 10 };
        let settled = check_database(database, depth, 5_000, index as u64);
        assert!(settled > 100, "{settled} states settled");
    }
}

#[test]
fn every_database_matches_the_reference() {
    check_databases::<12, 4>();
    check_databases::<12, 6>();
    check_databases::<14, 7>();
    check_databases::<15, 5>();
    #[cfg(any(feature = "searched-2x8", feature = "cache"))]
    check_databases::<16, 8>();
}

/// Checks every board within `depth` moves of `target` (by a plain BFS)
/// on a `rows` x `COLS` board: the bound never exceeds the distance, and
/// the search finds it, with moves that replay. Returns how many boards
/// it checked.
pub(crate) fn check_near<const N: usize, const COLS: usize>(target: &[u8], depth: u8) -> usize
where
    Board<N, COLS>: Searched + Oracle,
{
    let rows = N / COLS;
    let target_board: Board<N, COLS> = board(target);
    let near = bfs_within(target, rows, COLS, depth);
    let checked = near.len();
    for (cells, distance) in near {
        let start: Board<N, COLS> = board(&cells);
        let bound = start.lower_bound(&target_board).unwrap();
        assert!(
            bound <= distance,
            "{cells:?}: bound {bound} above {distance}"
        );
        let solution = start
            .solution_within(&target_board, &mut Budget::unlimited())
            .found()
            .unwrap();
        assert_eq!(solution.len(), usize::from(distance), "{cells:?}");
        let moves = letters(solution);
        assert_eq!(
            replay(&cells, rows, COLS, &moves).as_deref(),
            Some(target),
            "{cells:?}: {moves}"
        );
    }
    checked
}

/// A target with the blank on `blank` and the tiles shuffled by `rng`.
pub(crate) fn shuffled_target(rng: &mut Rng, cells: usize, blank: usize) -> Vec<u8> {
    let mut target = rng.shuffled(&(1..cells as u8).collect::<Vec<u8>>());
    target.insert(blank, 0);
    target
}

#[test]
fn answers_are_exact_within_14_moves_of_the_goal() {
    // The counts within 14 moves agree with a separate complete BFS of
    // each board (see tests/data/README.md), so the reference is checked
    // too.
    let goal: Vec<u8> = (0..12).collect();
    assert_eq!(check_near::<12, 4>(&goal, 14), 17_884);
    assert_eq!(check_near::<12, 3>(&goal, 14), 17_884);
    assert_eq!(check_near::<12, 6>(&goal, 14), 4_590);
    assert_eq!(check_near::<12, 2>(&goal, 14), 4_590);
}

#[test]
fn the_larger_boards_are_exact_near_several_targets() {
    // The goal, and the blank on each class's cell (or its image) with
    // the tiles shuffled; both orientations.
    let mut rng = Rng(16);
    let goal: Vec<u8> = (0..14).collect();
    assert!(check_near::<14, 7>(&goal, 13) > 2_000);
    assert!(check_near::<14, 2>(&goal, 13) > 2_000);
    for blank in [1, 2, 3, 10] {
        let target = shuffled_target(&mut rng, 14, blank);
        assert!(check_near::<14, 7>(&target, 10) > 200);
    }
    let goal: Vec<u8> = (0..15).collect();
    assert!(check_near::<15, 5>(&goal, 12) > 5_000);
    assert!(check_near::<15, 3>(&goal, 12) > 5_000);
    for blank in [1, 2, 5, 6, 7, 13] {
        let target = shuffled_target(&mut rng, 15, blank);
        assert!(check_near::<15, 5>(&target, 10) > 500);
    }
}

#[cfg(any(feature = "searched-2x8", feature = "cache"))]
#[test]
fn two_by_eight_is_exact_near_several_targets() {
    let mut rng = Rng(28);
    let goal: Vec<u8> = (0..16).collect();
    assert!(check_near::<16, 8>(&goal, 13) > 2_000);
    assert!(check_near::<16, 2>(&goal, 13) > 2_000);
    for blank in [1, 2, 3, 12] {
        let target = shuffled_target(&mut rng, 16, blank);
        assert!(check_near::<16, 8>(&target, 10) > 200);
    }
}

#[test]
fn every_goal_class_is_exact_near_its_goal() {
    // The blank on each class's cells and on their images, the tiles
    // shuffled so that renaming is exercised too.
    let mut rng = Rng(12);
    // Within 14 moves: on an edge (1) and in the middle (5) of 3x4, on
    // the long edge (2) of 2x6; within 11 of the other classes' images.
    for (blank, depth) in [(1, 14), (5, 14), (4, 11), (6, 11), (11, 11)] {
        let target = shuffled_target(&mut rng, 12, blank);
        assert!(check_near::<12, 4>(&target, depth) > 500);
        assert!(check_near::<12, 3>(&target, depth) > 500);
    }
    for (blank, depth) in [(2, 14), (1, 11), (3, 11), (8, 11), (11, 11)] {
        let target = shuffled_target(&mut rng, 12, blank);
        assert!(check_near::<12, 6>(&target, depth) > 200);
        assert!(check_near::<12, 2>(&target, depth) > 200);
    }
}

/// `cells`, a board of `rows` x `cols`, turned on its side.
fn transposed(cells: &[u8], rows: usize, cols: usize) -> Vec<u8> {
    (0..cells.len())
        .map(|cell| cells[(cell % rows) * cols + cell / rows])
        .collect()
}

/// Solves `cells` to `goal` on `Board<N, COLS>`, and both turned on
/// their side on `Board<N, TALL_COLS>`, and checks both take `moves` and
/// replay.
fn check_far<const N: usize, const COLS: usize, const TALL_COLS: usize>(
    cells: &[u8],
    goal: &[u8],
    moves: usize,
) where
    Board<N, COLS>: Searched + Oracle,
    Board<N, TALL_COLS>: Searched + Oracle,
{
    let rows = N / COLS;
    check_far_as_given::<N, COLS>(cells, goal, moves);
    let (tall, tall_goal) = (transposed(cells, rows, COLS), transposed(goal, rows, COLS));
    check_far_as_given::<N, TALL_COLS>(&tall, &tall_goal, moves);
}

/// Solves `cells` to `goal` on `Board<N, COLS>` and checks that it takes
/// `moves` and replays.
fn check_far_as_given<const N: usize, const COLS: usize>(cells: &[u8], goal: &[u8], moves: usize)
where
    Board<N, COLS>: Searched + Oracle,
{
    let solution = board::<N, COLS>(cells)
        .solution_within(&board(goal), &mut Budget::unlimited())
        .found()
        .unwrap();
    assert_eq!(solution.len(), moves, "{cells:?}");
    let moves = letters(solution);
    assert_eq!(
        replay(cells, N / COLS, COLS, &moves).as_deref(),
        Some(goal),
        "{cells:?}: {moves}"
    );
}

#[test]
fn positions_at_the_published_largest_distances_are_answered_with_it() {
    // OEIS A151944: 3x4 needs at most 53 moves, 2x6 at most 80. The
    // positions are from a complete BFS of each board (tests/data).
    let goal: Vec<u8> = (0..12).collect();
    for cells in positions(include_str!("../data/farthest-3x4.txt")) {
        check_far::<12, 4, 3>(&cells, &goal, 53);
    }
    for cells in positions(include_str!("../data/farthest-2x6.txt")) {
        check_far::<12, 6, 2>(&cells, &goal, 80);
    }
}

/// The goal with the blank last, `1 2 ... n-1 0`.
fn goal_last(n: u8) -> Vec<u8> {
    (1..n).chain([0]).collect()
}

#[test]
#[ignore = "a deep search, 20 s: run by hand with --ignored"]
fn the_farthest_2x7_position_is_answered_with_108() {
    // OEIS A346736 (tests/data/README.md): 108 moves from the goal with
    // the blank last, the most any 2x7 position needs. One orientation:
    // the tall one reads the same databases.
    for cells in positions(include_str!("../data/farthest-2x7.txt")) {
        check_far_as_given::<14, 7>(&cells, &goal_last(14), 108);
    }
}

#[cfg(any(feature = "searched-large", feature = "cache"))]
#[test]
#[ignore = "a deep search, 40 s: run by hand with --ignored"]
fn the_farthest_3x5_position_is_answered_with_84() {
    // OEIS A346737 (tests/data/README.md): 84 moves from the goal with
    // the blank last, the most any 3x5 position needs. One orientation,
    // as for 2x7.
    for cells in positions(include_str!("../data/farthest-3x5.txt")) {
        check_far_as_given::<15, 5>(&cells, &goal_last(15), 84);
    }
}

#[cfg(any(
    all(feature = "searched-2x8", feature = "searched-large"),
    feature = "cache"
))]
#[test]
#[ignore = "a deep search, 15 s: run by hand with --ignored"]
fn the_farthest_2x8_position_is_answered_with_140() {
    // OEIS A355560 (tests/data/README.md): 140 moves from the goal with
    // the blank last, the most any 2x8 position needs. In the large tier
    // only (the compact one took 17 minutes of CPU); one orientation, as
    // for 2x7.
    for cells in positions(include_str!("../data/farthest-2x8.txt")) {
        check_far_as_given::<16, 8>(&cells, &goal_last(16), 140);
    }
}

#[test]
fn random_boards_agree_both_ways_and_across_orientations() {
    // From a start to a target and back, and the same pair turned on its
    // side: different classes and frames must agree.
    let mut rng = Rng(34);
    let tiles: Vec<u8> = (0..12).collect();
    let mut checked = 0;
    while checked < 20 {
        let (a, b) = (rng.shuffled(&tiles), rng.shuffled(&tiles));
        let (wide_a, wide_b) = (board::<12, 4>(&a), board::<12, 4>(&b));
        if !wide_a.can_reach(&wide_b) {
            assert_eq!(wide_a.distance_to(&wide_b), None);
            continue;
        }
        let there = wide_a.distance_to(&wide_b).unwrap();
        assert_eq!(wide_b.distance_to(&wide_a), Some(there));
        let (tall_a, tall_b) = (
            board::<12, 3>(&transposed(&a, 3, 4)),
            board::<12, 3>(&transposed(&b, 3, 4)),
        );
        assert_eq!(tall_a.distance_to(&tall_b), Some(there));
        let (long_a, long_b) = (board::<12, 6>(&a), board::<12, 6>(&b));
        if long_a.can_reach(&long_b) {
            let there = long_a.distance_to(&long_b).unwrap();
            assert_eq!(long_b.distance_to(&long_a), Some(there));
            assert!(there <= 80);
        }
        checked += 1;
    }
}

/// Every optimal first move (`Oracle::optimal_moves_within`) on every board
/// within 12 moves of `target`, against a BFS to 13 moves: the neighbours
/// one move nearer.
fn check_hints_near<const N: usize, const COLS: usize>(target: &[u8])
where
    Board<N, COLS>: Searched + Oracle,
{
    let rows = N / COLS;
    let target_board: Board<N, COLS> = board(target);
    let distances: std::collections::HashMap<Vec<u8>, u8> =
        bfs_within(target, rows, COLS, 13).into_iter().collect();
    for (cells, &distance) in distances.iter().filter(|&(_, &d)| d <= 12) {
        let expected: String = ['U', 'D', 'L', 'R']
            .into_iter()
            .filter(|&letter| {
                crate::reference::slide(cells, rows, COLS, letter)
                    .is_some_and(|next| distances[&next] + 1 == distance)
            })
            .collect();
        let hints = board::<N, COLS>(cells)
            .optimal_moves_within(&target_board, &mut Budget::unlimited())
            .found()
            .unwrap();
        assert_eq!(hints.to_string(), expected, "{cells:?}");
    }
}

#[test]
fn optimal_first_moves_are_the_neighbours_one_nearer() {
    let goal: Vec<u8> = (0..12).collect();
    check_hints_near::<12, 4>(&goal);
    // The blank in the middle of the long edge, tiles shuffled.
    let mut rng = Rng(14);
    check_hints_near::<12, 4>(&shuffled_target(&mut rng, 12, 5));
    check_hints_near::<14, 7>(&shuffled_target(&mut rng, 14, 3));
    check_hints_near::<15, 5>(&shuffled_target(&mut rng, 15, 7));
}
