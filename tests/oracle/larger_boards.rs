//! The boards of 18 and 20 cells (3x6, 2x9, 4x5 and their transposes):
//! their standard goals' databases against the independent reference and
//! exact, replayed answers on every board within 12 moves of the goal.
//! Their databases (95 to 204 MB a goal class, built in 40 to 85 s on two
//! cores, 0.4 to 0.9 GB at the peak) are built into the tests' cache, so
//! the tests are slow ones, left out of the default run.

use puzzle_oracle::cache::{self, Cache};
use puzzle_oracle::{Board, Geometry};

use crate::pattern_checks::check_database;
use crate::searched_boards::check_near;
use crate::test_cache;

/// Opens the standard goals' class of the board of `rows` by `cols` from
/// the tests' cache, building what is missing.
fn open_standard_class(rows: u8, cols: u8) {
    let tier = cache::tier_of(Geometry::new(rows, cols).unwrap()).expect("a cached tier");
    assert!(
        tier.open_classes(&Cache::at(test_cache::dir()), true, &|_| {}, &[0])
            .expect("the tests' cache takes the databases")
    );
}

/// Checks every database of the standard goals' class of `Board<N, COLS>`
/// against the reference, near the goal and on a sample.
fn check_databases<const N: usize, const COLS: usize>(groups: usize, seed: u64)
where
    Board<N, COLS>: puzzle_oracle::Searched,
{
    let databases: Vec<_> = Board::<N, COLS>::goal()
        .pattern_databases_towards()
        .collect();
    assert_eq!(databases.len(), groups);
    for (index, database) in databases.into_iter().enumerate() {
        let settled = check_database(database, 6, 2_000, seed + index as u64);
        assert!(settled > 100, "{settled} states settled");
    }
}

fn goal(cells: u8) -> Vec<u8> {
    (0..cells).collect()
}

// The counts of boards within 12 moves are a separate breadth-first
// search's (tests/data/README.md), the same for a board and its transpose.

#[test]
#[ignore = "slow: builds 3x6's databases, 95 MB, about 40 s"]
fn three_by_six_and_six_by_three_are_exact_near_the_goal() {
    open_standard_class(3, 6);
    check_databases::<18, 6>(3, 36);
    assert_eq!(check_near::<18, 6>(&goal(18), 12), 14_100);
    assert_eq!(check_near::<18, 3>(&goal(18), 12), 14_100);
}

#[test]
#[ignore = "slow: builds 2x9's databases, 115 MB, about 45 s"]
fn two_by_nine_and_nine_by_two_are_exact_near_the_goal() {
    open_standard_class(2, 9);
    check_databases::<18, 9>(3, 29);
    assert_eq!(check_near::<18, 9>(&goal(18), 12), 3_039);
    assert_eq!(check_near::<18, 2>(&goal(18), 12), 3_039);
}

#[test]
#[ignore = "slow: builds 4x5's databases, 204 MB, about 85 s"]
fn four_by_five_and_five_by_four_are_exact_near_the_goal() {
    open_standard_class(4, 5);
    check_databases::<20, 5>(3, 45);
    assert_eq!(check_near::<20, 5>(&goal(20), 12), 26_106);
    assert_eq!(check_near::<20, 4>(&goal(20), 12), 26_106);
}
