//! Arbitrary start/target pairs, for every blank cell of both boards,
//! against a reference BFS from the target.

use puzzle_oracle::{Board, Direction, Oracle, Puzzle, Tabled};

use crate::reference::{Rng, distances, permutations, replay};

/// For each cell, two random targets with the blank there; every start is
/// checked against a BFS rooted at the target (the move graph is
/// undirected), and a sample of solutions is replayed.
fn check_board<const N: usize, const COLS: usize>(seed: u64)
where
    Board<N, COLS>: Tabled + Oracle,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let mut rng = Rng(seed);
    let tiles: Vec<u8> = (1..N as u8).collect();
    for blank in 0..N {
        for _ in 0..2 {
            let mut target = rng.shuffled(&tiles);
            target.insert(blank, 0);
            let reference = distances(&target, rows, cols);
            let target_board = Board::<N, COLS>::new(target.clone().try_into().unwrap()).unwrap();
            for (i, cells) in permutations(N as u8).enumerate() {
                let start = Board::<N, COLS>::new(cells.clone().try_into().unwrap()).unwrap();
                let expected = reference.get(&cells);
                assert_eq!(
                    start.distance_to(&target_board),
                    expected,
                    "{cells:?} to {target:?}"
                );
                if i % 97 == 0 {
                    let solution = start.solution_to(&target_board);
                    assert_eq!(solution.is_some(), expected.is_some());
                    if let Some(solution) = solution {
                        let moves: String = solution.map(Direction::letter).collect();
                        assert_eq!(Some(moves.len()), expected.map(usize::from));
                        assert_eq!(
                            replay(&cells, rows, cols, &moves),
                            Some(target.clone()),
                            "{cells:?} {moves}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn seven_pairs_match_reference() {
    check_board::<8, 4>(7);
}

#[test]
fn eight_pairs_match_reference() {
    check_board::<9, 3>(9);
}

#[test]
fn two_by_two_pairs_match_reference() {
    check_board::<4, 2>(4);
}

#[test]
fn two_by_three_pairs_match_reference() {
    check_board::<6, 3>(6);
}

#[test]
fn three_by_two_pairs_match_reference() {
    check_board::<6, 2>(32);
}

#[test]
fn four_by_two_pairs_match_reference() {
    check_board::<8, 2>(42);
}

/// 5x2, answered by the 2x5 tables turned on their side: every board that
/// reaches three targets (blank in a corner, on a long edge, in the middle
/// row), and a sample of solutions replayed on the 5x2 board.
#[cfg(feature = "large-tables")]
#[test]
fn five_by_two_matches_reference_from_each_class() {
    let mut rng = Rng(52);
    let tiles: Vec<u8> = (1..10).collect();
    for blank in [9, 2, 4] {
        let mut target = rng.shuffled(&tiles);
        target.insert(blank, 0);
        let target_board = Board::<10, 2>::new(target.clone().try_into().unwrap()).unwrap();
        let reference = distances(&target, 5, 2);
        assert_eq!(reference.len(), 1_814_400);
        for (i, (cells, distance)) in reference.iter().enumerate() {
            let start = Board::<10, 2>::new(cells.clone().try_into().unwrap()).unwrap();
            assert_eq!(
                start.distance_to(&target_board),
                Some(distance),
                "{cells:?}"
            );
            if i % 4099 == 0 {
                let moves: String = start
                    .solution_to(&target_board)
                    .unwrap()
                    .map(Direction::letter)
                    .collect();
                assert_eq!(moves.len(), usize::from(distance));
                assert_eq!(replay(&cells, 5, 2, &moves), Some(target.clone()));
            }
        }
        // A board outside the target's half: two tiles swapped.
        let mut swapped = target.clone();
        let (a, b) = if blank < 2 { (2, 3) } else { (0, 1) };
        swapped.swap(a, b);
        let swapped = Board::<10, 2>::new(swapped.try_into().unwrap()).unwrap();
        assert_eq!(swapped.distance_to(&target_board), None);
    }
}
