//! Any start and target of every small tabled board, wide and tall: a
//! solution exists
//! exactly when the distance does, has that many moves, and replays to the
//! target; the hints are the first moves of optimal solutions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_oracle::{Board, Tabled};

/// A board of `N` cells from fuzz bytes: a permutation by swaps.
fn board<const N: usize, const COLS: usize>(bytes: &[u8]) -> Board<N, COLS>
where
    Board<N, COLS>: Tabled,
{
    let mut cells: [u8; N] = core::array::from_fn(|i| i as u8);
    for (i, &byte) in bytes.iter().enumerate() {
        cells.swap(i % N, usize::from(byte) % N);
    }
    Board::new(cells).expect("a permutation")
}

fn check<const N: usize, const COLS: usize>(bytes: &[u8])
where
    Board<N, COLS>: Tabled,
{
    let (start, target) = bytes.split_at(bytes.len() / 2);
    let (start, target) = (board::<N, COLS>(start), board::<N, COLS>(target));
    let distance = start.distance_to(&target);
    let Some(solution) = start.solution_to(&target) else {
        assert_eq!(distance, None);
        assert!(start.optimal_moves_to(&target).is_none());
        return;
    };
    assert_eq!(Some(solution.len() as u8), distance);
    let hints = start.optimal_moves_to(&target).expect("reachable");
    let mut board = start;
    for (step, dir) in solution.enumerate() {
        if step == 0 {
            assert!(hints.contains(dir));
        }
        board = board.moved(dir).expect("a move on the board");
    }
    assert_eq!(board, target);
}

fuzz_target!(|bytes: &[u8]| {
    check::<4, 2>(bytes);
    check::<6, 3>(bytes);
    check::<6, 2>(bytes);
    check::<8, 4>(bytes);
    check::<8, 2>(bytes);
    check::<9, 3>(bytes);
});
