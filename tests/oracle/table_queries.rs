//! What the complete tables answer beyond a distance: every optimal first
//! move, the number of optimal solutions and the solutions themselves,
//! and boards drawn uniformly at an exact distance. Checked against the
//! reference BFS and path counts computed here, apart from the crate.
use std::collections::HashMap;

use puzzle_oracle::{
    Board, Direction, EightBoard, Oracle, Puzzle, Sampler, SevenBoard, SplitMix64, Tabled,
};

use crate::reference::{Rng, bfs, slide};

/// The number of shortest paths from every board to `root`: the boards in
/// order of distance, each the sum of its neighbours one move nearer.
fn path_counts(
    root: &[u8],
    rows: usize,
    cols: usize,
) -> (HashMap<Vec<u8>, u8>, HashMap<Vec<u8>, u64>) {
    let distance = bfs(root, rows, cols);
    let mut boards: Vec<&Vec<u8>> = distance.keys().collect();
    boards.sort_by_key(|board| distance[*board]);
    let mut paths: HashMap<Vec<u8>, u64> = HashMap::new();
    for board in boards {
        let d = distance[board];
        let count = if d == 0 {
            1
        } else {
            ['U', 'D', 'L', 'R']
                .into_iter()
                .filter_map(|letter| slide(board, rows, cols, letter))
                .filter(|next| distance[next] + 1 == d)
                .map(|next| paths[&next])
                .sum()
        };
        paths.insert(board.clone(), count);
    }
    (distance, paths)
}

fn board<const N: usize, const COLS: usize>(cells: &[u8]) -> Board<N, COLS>
where
    Board<N, COLS>: Tabled + Oracle,
{
    Board::new(cells.try_into().unwrap()).unwrap()
}

/// Hints and counts of `samples` random boards (and of the most counted
/// one) to `target`, against the reference.
fn check_counts<const N: usize, const COLS: usize>(
    target: &[u8],
    samples: usize,
    seed: u64,
) -> (Vec<u8>, u64)
where
    Board<N, COLS>: Tabled + Oracle,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let (distance, paths) = path_counts(target, rows, cols);
    let target_board = board::<N, COLS>(target);
    let all: Vec<&Vec<u8>> = distance.keys().collect();
    let (most, &max) = paths.iter().max_by_key(|&(_, &count)| count).unwrap();
    let mut rng = Rng(seed);
    let mut chosen: Vec<&Vec<u8>> = (0..samples).map(|_| all[rng.below(all.len())]).collect();
    chosen.push(most);
    for cells in chosen {
        let start = board::<N, COLS>(cells);
        let d = distance[cells];
        assert_eq!(
            start.count_optimal_solutions_to(&target_board),
            Some(paths[cells]),
            "{cells:?}"
        );
        let expected: String = Direction::ALL
            .into_iter()
            .filter(|dir| {
                slide(cells, rows, cols, dir.letter()).is_some_and(|next| distance[&next] + 1 == d)
            })
            .map(Direction::letter)
            .collect();
        let hints = start.optimal_moves_to(&target_board).unwrap();
        assert_eq!(hints.to_string(), expected, "{cells:?}");
    }
    (most.clone(), max)
}

#[test]
fn counts_and_hints_match_the_reference_on_the_3x3_classes() {
    // The standard goal, and targets of the edge and centre classes under
    // a symmetry and a renaming.
    let (most, max) = check_counts::<9, 3>(&[0, 1, 2, 3, 4, 5, 6, 7, 8], 300, 1);
    // The most any 3x3 board has to the standard goal (two boards, 30
    // moves away), as the README says.
    assert_eq!(max, 64);
    assert_eq!(
        board::<9, 3>(&most).count_optimal_solutions(),
        Some(max),
        "the board with the most optimal solutions"
    );
    check_counts::<9, 3>(&[3, 8, 1, 0, 5, 2, 7, 6, 4], 150, 2);
    check_counts::<9, 3>(&[6, 3, 1, 7, 0, 2, 8, 5, 4], 150, 3);
}

#[test]
fn counts_and_hints_match_the_reference_on_the_2x4_classes() {
    let (most, max) = check_counts::<8, 4>(&[0, 1, 2, 3, 4, 5, 6, 7], 300, 4);
    assert_eq!((most, max), (vec![0, 1, 2, 7, 5, 4, 6, 3], 40));
    check_counts::<8, 4>(&[5, 3, 0, 7, 1, 2, 6, 4], 150, 5);
}

#[test]
fn every_optimal_solution_is_listed_once_in_order() {
    let goal: Vec<u8> = (0..9).collect();
    let (distance, paths) = path_counts(&goal, 3, 3);
    let mut rng = Rng(6);
    let all: Vec<&Vec<u8>> = distance.keys().filter(|b| paths[*b] <= 5_000).collect();
    for _ in 0..40 {
        let cells = all[rng.below(all.len())];
        let start = board::<9, 3>(cells);
        let listed: Vec<String> = start
            .optimal_solutions_to(&EightBoard::goal())
            .unwrap()
            .map(|moves| moves.into_iter().map(Direction::letter).collect())
            .collect();
        assert_eq!(listed.len() as u64, paths[cells], "{cells:?}");
        // Strictly increasing in U < D < L < R: sorted and distinct.
        let rank = |moves: &String| -> Vec<usize> {
            moves.chars().map(|c| "UDLR".find(c).unwrap()).collect()
        };
        assert!(
            listed
                .windows(2)
                .all(|pair| rank(&pair[0]) < rank(&pair[1]))
        );
        for moves in &listed {
            assert_eq!(moves.len(), usize::from(distance[cells]));
            assert_eq!(
                crate::reference::replay(cells, 3, 3, moves),
                Some(goal.clone())
            );
        }
    }
}

/// Pearson's chi-square statistic of `observed` against `expected`.
fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum()
}

#[test]
fn draws_are_uniform_over_148_boards_at_distance_30() {
    // The 3x3 centre-blank goal, 30 moves away: 148 boards.
    let target = [1, 2, 3, 4, 0, 5, 6, 7, 8];
    let reference = bfs(&target, 3, 3);
    let far: Vec<&Vec<u8>> = reference
        .iter()
        .filter(|&(_, &d)| d == 30)
        .map(|(b, _)| b)
        .collect();
    assert_eq!(far.len(), 148);
    let index: HashMap<&Vec<u8>, usize> = far.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let sampler = Sampler::at_distance(&board::<9, 3>(&target), 30).unwrap();
    assert_eq!(sampler.len(), 148);
    let per_board = 100;
    let mut random = SplitMix64::new(30);
    let mut observed = vec![0u64; 148];
    for _ in 0..148 * per_board {
        let drawn = sampler.draw(&mut || random.next_u64()).cells().to_vec();
        observed[index[&drawn]] += 1;
    }
    // 147 degrees of freedom: the 99.9th percentile is about 205.
    let statistic = chi_square(&observed, &vec![per_board as f64; 148]);
    assert!(statistic < 205.0, "chi-square {statistic}");
}

#[test]
fn draws_are_uniform_over_a_large_distance_and_any_target() {
    // A renamed, turned target (blank on an edge), 20 moves away: too many
    // boards to count one by one, so the boards fall into 64 buckets by
    // their cells, each expected in proportion to its size.
    let target = [4, 0, 8, 1, 3, 6, 2, 7, 5];
    let target_board = board::<9, 3>(&target);
    let reference = bfs(&target, 3, 3);
    // FNV-1a over the cells, top six bits.
    let bucket = |cells: &[u8]| {
        cells.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
            (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
        }) >> 58
    };
    let mut sizes = vec![0u64; 64];
    let mut at_twenty = 0;
    for (cells, &d) in &reference {
        if d == 20 {
            sizes[bucket(cells) as usize] += 1;
            at_twenty += 1;
        }
    }
    let sampler = Sampler::at_distance(&target_board, 20).unwrap();
    assert_eq!(sampler.len(), at_twenty);
    let draws = 64_000;
    let mut random = SplitMix64::new(20);
    let mut observed = vec![0u64; 64];
    for _ in 0..draws {
        let drawn = sampler.draw(&mut || random.next_u64());
        assert_eq!(drawn.distance_to(&target_board), Some(20));
        observed[bucket(&drawn.cells()) as usize] += 1;
    }
    let expected: Vec<f64> = sizes
        .iter()
        .map(|&s| s as f64 * draws as f64 / at_twenty as f64)
        .collect();
    // 63 degrees of freedom: the 99.9th percentile is about 104.
    let statistic = chi_square(&observed, &expected);
    assert!(statistic < 104.0, "chi-square {statistic}");
}

#[test]
fn every_draw_is_at_its_distance_on_both_boards() {
    let mut random = SplitMix64::new(99);
    let seven = SevenBoard::parse("3 1 2 0 7 5 6 4").unwrap();
    for distance in [0, 1, 7, 20, seven.goal_table().max_distance()] {
        let sampler = Sampler::at_distance(&seven, distance).unwrap();
        for _ in 0..200 {
            assert_eq!(
                sampler.draw(&mut || random.next_u64()).distance_to(&seven),
                Some(distance)
            );
        }
    }
    let any = Sampler::reachable(&EightBoard::goal());
    for _ in 0..1_000 {
        assert!(
            any.draw(&mut || random.next_u64())
                .distance_to_goal()
                .is_some()
        );
    }
    let err = Sampler::at_distance(&EightBoard::goal(), 32).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no board is 32 moves from the target: the most is 31"
    );
}

#[test]
fn the_same_seed_draws_the_same_boards() {
    let draw = |seed| {
        let sampler = Sampler::at_distance(&EightBoard::goal(), 25).unwrap();
        let mut random = SplitMix64::new(seed);
        (0..20)
            .map(|_| sampler.draw(&mut || random.next_u64()).cells())
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(3), draw(3));
    assert_ne!(draw(3), draw(4));
}

/// The tall boards read their wide twin's tables through a transpose, so
/// hints and listed solutions must name the moves on the tall board.
#[test]
fn counts_hints_and_listings_on_the_tall_and_small_boards() {
    check_counts::<4, 2>(&[0, 1, 2, 3], 12, 7);
    check_counts::<4, 2>(&[3, 2, 1, 0], 12, 8);
    check_counts::<6, 3>(&[2, 0, 5, 1, 4, 3], 100, 9);
    check_counts::<6, 2>(&[0, 1, 2, 3, 4, 5], 100, 10);
    check_counts::<6, 2>(&[5, 4, 0, 1, 3, 2], 100, 11);
    check_counts::<8, 2>(&[0, 1, 2, 3, 4, 5, 6, 7], 200, 12);
    check_counts::<8, 2>(&[7, 1, 2, 0, 4, 5, 6, 3], 200, 13);

    let target = [7, 1, 2, 0, 4, 5, 6, 3];
    let tall = board::<8, 2>(&target);
    let (distance, paths) = path_counts(&target, 4, 2);
    let mut rng = Rng(14);
    let all: Vec<&Vec<u8>> = distance.keys().filter(|b| paths[*b] <= 2_000).collect();
    for _ in 0..30 {
        let cells = all[rng.below(all.len())];
        let listed: Vec<String> = board::<8, 2>(cells)
            .optimal_solutions_to(&tall)
            .unwrap()
            .map(|moves| moves.into_iter().map(Direction::letter).collect())
            .collect();
        assert_eq!(listed.len() as u64, paths[cells], "{cells:?}");
        for moves in &listed {
            assert_eq!(
                crate::reference::replay(cells, 4, 2, moves),
                Some(target.to_vec())
            );
        }
    }
    for distance in [0, 5, tall.goal_table().max_distance()] {
        let sampler = Sampler::at_distance(&tall, distance).unwrap();
        let mut random = SplitMix64::new(u64::from(distance));
        for _ in 0..100 {
            assert_eq!(
                sampler.draw(&mut || random.next_u64()).distance_to(&tall),
                Some(distance)
            );
        }
    }
}
