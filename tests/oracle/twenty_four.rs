//! The 24-puzzle (5x5): its databases against the independent reference,
//! exact answers near the goal and near a target of another goal class,
//! and the easiest of Korf's 50 instances with their published lengths.
//! Its databases are built into the tests' cache, a class at a time.

use puzzle_oracle::cache::{self, Cache};
use puzzle_oracle::{Board, Budget, Direction, Geometry, Oracle};

use crate::pattern_checks::check_database;
use crate::reference::{Rng, replay};
use crate::searched_boards::{check_near, shuffled_target};
use crate::test_cache;

type TwentyFour = Board<25, 5>;

/// Opens the goal classes whose canonical blank cells are `blanks` from
/// the tests' cache, building what is missing, so that no search builds
/// into the user's cache.
fn open_classes(blanks: &[u8]) {
    let tier = cache::tier_of(Geometry::new(5, 5).unwrap()).expect("5x5 has a cached tier");
    let classes: Vec<usize> = blanks
        .iter()
        .map(|blank| tier.class_blanks().iter().position(|b| b == blank).unwrap())
        .collect();
    assert!(
        tier.open_classes(&Cache::at(test_cache::dir()), true, &|_| {}, &classes)
            .expect("the tests' cache takes the databases")
    );
}

fn goal() -> Vec<u8> {
    (0..25).collect()
}

#[test]
fn the_standard_goals_databases_match_the_reference() {
    open_classes(&[0]);
    let databases: Vec<_> = TwentyFour::goal().pattern_databases_towards().collect();
    assert_eq!(databases.len(), 4);
    for (index, database) in databases.into_iter().enumerate() {
        assert_eq!(database.tiles().len(), 6);
        let settled = check_database(database, 7, 3_000, 24 + index as u64);
        assert!(settled > 10_000, "{settled} states settled");
    }
}

#[test]
fn answers_are_exact_near_the_goal_and_near_another_class() {
    open_classes(&[0, 1]);
    // 42,272 boards, as a separate breadth-first search of 5x5 counts.
    assert_eq!(check_near::<25, 5>(&goal(), 12), 42_272);
    // The blank on cell 5 is in the class of cell 1 (a transpose away).
    let target = shuffled_target(&mut Rng(55), 25, 5);
    assert_eq!(check_near::<25, 5>(&target, 8), 2_027);
}

/// Korf's instance `number` (from 1) and its published length.
fn korf(number: usize) -> (Vec<u8>, u8) {
    let line = include_str!("../data/korf50.txt")
        .lines()
        .nth(number - 1)
        .unwrap();
    let length = include_str!("../data/korf50-lengths.txt")
        .lines()
        .nth(number - 1)
        .unwrap();
    let cells = line.split(' ').map(|tile| tile.parse().unwrap()).collect();
    (cells, length.parse().unwrap())
}

fn check_korf(number: usize) {
    open_classes(&[0]);
    let (cells, length) = korf(number);
    let start = TwentyFour::new(cells.clone().try_into().unwrap()).unwrap();
    let solution = start
        .solution_within(&TwentyFour::goal(), &mut Budget::unlimited())
        .found()
        .unwrap();
    assert_eq!(solution.len(), usize::from(length), "instance {number}");
    let moves: String = solution.map(Direction::letter).collect();
    assert_eq!(
        replay(&cells, 5, 5, &moves),
        Some(goal()),
        "instance {number}: {moves}"
    );
}

#[test]
fn the_two_easiest_of_korfs_50_have_their_published_lengths() {
    check_korf(38);
    check_korf(40);
}

#[test]
#[ignore = "deep searches, about 25 s after the databases: run by hand with --ignored (the default run solves the two easiest)"]
fn korfs_25_and_32_have_their_published_lengths() {
    check_korf(25);
    check_korf(32);
}
