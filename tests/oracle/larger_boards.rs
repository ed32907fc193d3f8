//! The boards of 18 and 20 cells (3x6, 2x9, 4x5 and their transposes):
//! their standard goals' databases against the independent reference and
//! exact, replayed answers on every board within 12 moves of the goal.
//! Their databases (95 to 204 MB a goal class, built in 40 to 85 s on two
//! cores, 0.4 to 0.9 GB at the peak) are built into the tests' cache, so
//! the tests are slow ones, left out of the default run.

use puzzle_oracle::{Board, Geometry, Oracle, Searched};

use crate::pattern_checks::check_database;
use crate::searched_boards::check_near;
use crate::test_cache;

/// Checks `Board<N, COLS>` and its transpose, `Board<N, TALL_COLS>`: the
/// standard goals' databases (opened from the tests' cache, built when
/// missing) against the reference, every abstract state within 6 group
/// moves and a sample, and exact, replayed answers on the `near` boards
/// within 12 moves of the goal on each board.
fn check_board<const N: usize, const COLS: usize, const TALL_COLS: usize>(near: usize, seed: u64)
where
    Board<N, COLS>: Searched + Oracle,
    Board<N, TALL_COLS>: Searched + Oracle,
{
    test_cache::open_if_any(Geometry::new((N / COLS) as u8, COLS as u8).unwrap());
    let databases: Vec<_> = Board::<N, COLS>::goal()
        .pattern_databases_towards()
        .collect();
    assert_eq!(databases.len(), 3);
    for (index, database) in databases.into_iter().enumerate() {
        let settled = check_database(database, 6, 2_000, seed + index as u64);
        assert!(settled > 100, "{settled} states settled");
    }
    let goal: Vec<u8> = (0..N as u8).collect();
    assert_eq!(check_near::<N, COLS>(&goal, 12), near);
    assert_eq!(check_near::<N, TALL_COLS>(&goal, 12), near);
}

// The counts of boards within 12 moves are a separate breadth-first
// search's (tests/data/README.md), the same for a board and its transpose.

#[test]
#[ignore = "slow: builds 3x6's databases, 95 MB, about 40 s: run by hand with --ignored (CI has no time for it)"]
fn three_by_six_and_six_by_three_are_exact_near_the_goal() {
    check_board::<18, 6, 3>(14_100, 36);
}

#[test]
#[ignore = "slow: builds 2x9's databases, 115 MB, about 45 s: run by hand with --ignored (CI has no time for it)"]
fn two_by_nine_and_nine_by_two_are_exact_near_the_goal() {
    check_board::<18, 9, 2>(3_039, 29);
}

#[test]
#[ignore = "slow: builds 4x5's databases, 204 MB, about 85 s: run by hand with --ignored (CI has no time for it)"]
fn four_by_five_and_five_by_four_are_exact_near_the_goal() {
    check_board::<20, 5, 4>(26_106, 45);
}
