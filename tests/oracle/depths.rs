//! The depth counts every front end prints (`stats`, Python's `stats`),
//! through the boards chosen at run time: the tabled boards' against the
//! reference breadth-first search in both metrics, 4x4's published ones
//! and the boards with none.

#[cfg(feature = "multi-tile")]
use puzzle_oracle::MetricKind;
use puzzle_oracle::find_board;

use crate::reference::distances;
#[cfg(feature = "multi-tile")]
use crate::reference::multi_tile_distances;

/// The boards at each distance, from the reference's distances.
fn histogram(distances: impl Iterator<Item = u8>) -> Vec<u64> {
    let mut counts = Vec::new();
    for distance in distances {
        let distance = usize::from(distance);
        if counts.len() <= distance {
            counts.resize(distance + 1, 0);
        }
        counts[distance] += 1;
    }
    counts
}

#[test]
fn the_tabled_boards_count_what_the_reference_reaches() {
    // A target off the standard goal's class too: the blank in the middle.
    for (name, rows, cols, target) in [
        ("2x3", 2, 3, vec![1, 0, 2, 3, 4, 5]),
        ("3x3", 3, 3, vec![1, 2, 3, 4, 0, 5, 6, 7, 8]),
        ("4x2", 4, 2, vec![0, 1, 2, 3, 4, 5, 6, 7]),
    ] {
        let board = find_board(name).unwrap();
        let counts = board.depth_counts(&target).unwrap().unwrap();
        assert!(!counts.searches());
        let reference = histogram(distances(&target, rows, cols).values());
        assert_eq!(counts.count(1), reference, "{name}");
        #[cfg(feature = "multi-tile")]
        {
            let board = board.in_metric(MetricKind::Mtm).unwrap();
            let counts = board.depth_counts(&target).unwrap().unwrap();
            let reference = histogram(multi_tile_distances(&target, rows, cols).values());
            assert_eq!(counts.count(1), reference, "{name} in slides");
        }
    }
}

#[cfg(feature = "fifteen")]
#[test]
fn four_by_four_has_the_published_counts_of_the_corner_goals_only() {
    let board = find_board("4x4").unwrap();
    let corner = board.depth_counts(&board.goal()).unwrap().unwrap();
    assert!(!corner.searches());
    let counts = corner.count(1);
    // OEIS A089484: 16!/2 boards, the farthest 80 moves away, 17 of them.
    assert_eq!(counts.len(), 81);
    assert_eq!(counts[80], 17);
    assert_eq!(counts.iter().sum::<u64>(), (1..=16u64).product::<u64>() / 2);
    let edge: Vec<u8> = [1, 0].into_iter().chain(2..16).collect();
    let error = board.depth_counts(&edge).unwrap().unwrap_err();
    assert!(
        error.to_string().contains("only the corner targets"),
        "{error}"
    );
}

#[cfg(feature = "searched-boards")]
#[test]
fn larger_searched_boards_have_none_and_say_why() {
    let board = find_board("2x7").unwrap();
    let error = board.depth_counts(&board.goal()).unwrap().unwrap_err();
    assert_eq!(
        error.to_string(),
        "no depth histogram for the 2x7 board: its 43,589,145,600 reachable states are out of \
         reach of a table (it is solved by search, one board at a time)"
    );
}

#[cfg(all(feature = "multi-tile", feature = "cache", feature = "searched-boards"))]
#[test]
fn the_twelve_cell_boards_are_counted_by_search() {
    for metric in MetricKind::ALL {
        let board = find_board("3x4").unwrap().in_metric(metric).unwrap();
        assert!(
            board
                .depth_counts(&board.goal())
                .unwrap()
                .unwrap()
                .searches()
        );
    }
}
