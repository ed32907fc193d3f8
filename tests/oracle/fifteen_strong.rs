//! 4x4's strong tier, kept in the cache and built only on request: its
//! databases against the independent reference, and Korf's 100 and the
//! 17 80-move positions in their published lengths over it. Ignored by
//! default, as building its 8-tile database takes about two minutes of
//! one core; CI runs it with `--ignored`.

use puzzle_oracle::cache::{self, Cache};
use puzzle_oracle::{Board, FifteenBoard, Geometry, Searched};

use crate::reference::positions;
use crate::test_cache;

fn board(cells: &[u8]) -> FifteenBoard {
    FifteenBoard::new(cells.try_into().unwrap()).unwrap()
}

#[test]
#[ignore = "builds 4x4's strong tier, 2 minutes of one core: CI runs it with --ignored"]
fn the_strong_tier_matches_the_reference_and_answers_in_the_published_lengths() {
    let tier = cache::tier_of(Geometry::new(4, 4).unwrap()).unwrap();
    assert!(!tier.builds_on_first_use());
    // A directory of its own: the command, run by the other tests on the
    // tests' cache, would read the tier once built there, and its move
    // sequences (any optimal one) could change with it.
    let dir = test_cache::dir().with_file_name("cache-4x4");
    assert!(tier.open(&Cache::at(dir), true, &|_| {}).unwrap());

    // The corner class's groups of seven and eight, then the edge's and
    // the centre's: each database within 10 moves of its goal, and on
    // random states beyond.
    let databases: Vec<_> = FifteenBoard::pattern_databases().collect();
    assert_eq!(databases[0].tiles().len(), 7);
    assert_eq!(databases[1].tiles().len(), 8);
    for (index, database) in databases.into_iter().enumerate() {
        let settled = crate::pattern_checks::check_database(database, 10, 5_000, index as u64);
        assert!(settled > 100, "{settled} states settled");
    }

    let goal = Board::goal();
    let lengths = positions(include_str!("../data/korf100-lengths.txt"));
    let korf = positions(include_str!("../data/korf100.txt"));
    assert_eq!(korf.len(), 100);
    for (number, (cells, length)) in korf.iter().zip(&lengths).enumerate() {
        let solution = board(cells).solution_to(&goal).unwrap();
        assert_eq!(
            solution.len(),
            usize::from(length[0]),
            "instance {}",
            number + 1
        );
        let moves: String = solution.map(|m| m.letter()).collect();
        assert_eq!(
            crate::reference::replay(cells, 4, 4, &moves),
            Some((0..16).collect()),
            "instance {}",
            number + 1
        );
    }

    let goal_last = Board::goal_last();
    for cells in positions(include_str!("../data/eighty-movers.txt")) {
        assert_eq!(board(&cells).distance_to(&goal_last), Some(80), "{cells:?}");
    }
}
