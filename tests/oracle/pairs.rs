//! Arbitrary start/target pairs, for every blank cell of both boards,
//! against a reference BFS from the target.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]

use puzzle_oracle::{Board, Direction, Puzzle, Tabled};

use crate::reference::{Rng, bfs, permutations, replay};

/// For each cell, two random targets with the blank there; every start is
/// checked against a BFS rooted at the target (the move graph is
/// undirected), and a sample of solutions is replayed.
fn check_board<const N: usize>(seed: u64)
where
    Board<N>: Tabled,
{
    let geometry = Board::<N>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let mut rng = Rng(seed);
    let tiles: Vec<u8> = (1..N as u8).collect();
    for blank in 0..N {
        for _ in 0..2 {
            let mut target = rng.shuffled(&tiles);
            target.insert(blank, 0);
            let reference = bfs(&target, rows, cols);
            let target_board = Board::<N>::new(target.clone().try_into().unwrap()).unwrap();
            for (i, cells) in permutations(N as u8).enumerate() {
                let start = Board::<N>::new(cells.clone().try_into().unwrap()).unwrap();
                let expected = reference.get(&cells).copied();
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
    check_board::<8>(7);
}

#[test]
fn eight_pairs_match_reference() {
    check_board::<9>(9);
}
