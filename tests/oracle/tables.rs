//! Every entry of every table against a reference BFS, exhaustively.

use puzzle_oracle::rank::rank;
use puzzle_oracle::tables::{self, DistanceTable};
use puzzle_oracle::{Board, Oracle, Puzzle, Tabled};

use crate::reference::{bfs, distances, permutations};

/// Checks one goal class: every permutation of the board, reachable or
/// not, through the public answer and through the raw table.
fn check_class<const N: usize, const COLS: usize>(table: &DistanceTable, goal: [u8; N])
where
    Board<N, COLS>: Tabled + Oracle,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let reference = distances(&goal, geometry.rows().into(), geometry.cols().into());
    assert_eq!(
        reference.len(),
        table.slots(),
        "reachable half of the state space"
    );
    let goal_board = Board::<N, COLS>::new(goal).unwrap();
    assert!(std::ptr::eq(goal_board.goal_table(), table));
    let mut checked = 0;
    for cells in permutations(N as u8) {
        let start = Board::<N, COLS>::new(cells.clone().try_into().unwrap()).unwrap();
        let expected = reference.get(&cells);
        assert_eq!(
            start.distance_to(&goal_board),
            expected,
            "{cells:?} to {goal:?}"
        );
        if goal_board == Board::goal() {
            // The standard goal's own path, which skips the framing.
            assert_eq!(start.distance_to_goal(), expected, "{cells:?}");
        }
        let ranked = rank(&cells).unwrap();
        // The raw table tells the reachable half from the other.
        assert_eq!(table.distance_of(&ranked), expected, "{cells:?}");
        if let Some(distance) = expected {
            let index = ranked.index;
            assert_eq!(
                table.distance_at(index),
                Some(distance),
                "{cells:?}: raw slot {index}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, table.slots());
    // The counts build.rs wrote, against the reference's.
    let mut depths = vec![0u32; usize::from(table.max_distance()) + 1];
    for distance in reference.values() {
        depths[usize::from(distance)] += 1;
    }
    assert_eq!(table.depth_counts(), depths.as_slice());
}

#[test]
fn two_by_two_matches_reference() {
    check_class::<4, 2>(&tables::TABLE_2X2_BLANK_0, [0, 1, 2, 3]);
}

#[test]
fn two_by_three_classes_match_reference() {
    check_class::<6, 3>(&tables::TABLE_2X3_BLANK_0, [0, 1, 2, 3, 4, 5]);
    check_class::<6, 3>(&tables::TABLE_2X3_BLANK_1, [1, 0, 2, 3, 4, 5]);
}

#[test]
fn seven_corner_matches_reference() {
    check_class::<8, 4>(&tables::SEVEN_CORNER, [0, 1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn seven_middle_matches_reference() {
    check_class::<8, 4>(&tables::SEVEN_MIDDLE, [1, 0, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn eight_corner_matches_reference() {
    check_class::<9, 3>(&tables::EIGHT_CORNER, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn eight_edge_matches_reference() {
    check_class::<9, 3>(&tables::EIGHT_EDGE, [1, 0, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn eight_centre_matches_reference() {
    check_class::<9, 3>(&tables::EIGHT_CENTRE, [1, 2, 3, 4, 0, 5, 6, 7, 8]);
}

#[cfg(feature = "large-tables")]
#[test]
fn two_by_five_corner_matches_reference() {
    check_class::<10, 5>(&tables::TABLE_2X5_BLANK_0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

#[cfg(feature = "large-tables")]
#[test]
fn two_by_five_edge_matches_reference() {
    check_class::<10, 5>(&tables::TABLE_2X5_BLANK_1, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9]);
}

#[cfg(feature = "large-tables")]
#[test]
fn two_by_five_middle_matches_reference() {
    check_class::<10, 5>(&tables::TABLE_2X5_BLANK_2, [1, 2, 0, 3, 4, 5, 6, 7, 8, 9]);
}

#[test]
fn standard_goal_lookup_matches_reference() {
    let reference = bfs(&[0, 1, 2, 3, 4, 5, 6, 7], 2, 4);
    for cells in permutations(8) {
        let board = Board::<8, 4>::new(cells.clone().try_into().unwrap()).unwrap();
        assert_eq!(
            board.distance_to_goal(),
            reference.get(&cells).copied(),
            "{cells:?}"
        );
    }
}

#[test]
fn table_sizes_are_pinned() {
    let sizes: Vec<(&str, usize)> = tables::ALL
        .iter()
        .map(|t| (t.class().name, t.bytes().len()))
        .collect();
    let always = [
        ("2x2_blank_0", 6),
        ("2x3_blank_0", 180),
        ("2x3_blank_1", 180),
        ("2x4_blank_0", 20_160),
        ("2x4_blank_1", 20_160),
        ("3x3_blank_0", 90_720),
        ("3x3_blank_1", 90_720),
        ("3x3_blank_4", 90_720),
    ];
    assert_eq!(sizes[..always.len()], always);
    // What a crate embedding the small tables pays: at most 320,000 bytes.
    let small: usize = always.iter().map(|(_, bytes)| bytes).sum();
    assert_eq!(small, 312_846);
    let large = [
        ("2x5_blank_0", 1_814_400),
        ("2x5_blank_1", 1_814_400),
        ("2x5_blank_2", 1_814_400),
    ];
    if cfg!(feature = "large-tables") {
        assert_eq!(sizes[always.len()..], large);
    } else {
        assert_eq!(sizes.len(), always.len());
    }
}

/// The largest distance of each board from a goal with the blank in a
/// corner (OEIS A151944: 2x2 6, 2x3 21, 2x4 36, 3x3 31, 2x5 55), and how
/// many boards are that far (2x3: one antipode).
#[test]
fn largest_distances_match_published_figures() {
    assert_eq!(tables::TABLE_2X2_BLANK_0.max_distance(), 6);
    assert_eq!(tables::TABLE_2X3_BLANK_0.max_distance(), 21);
    assert_eq!(tables::TABLE_2X3_BLANK_0.depth_counts()[21], 1);
    assert_eq!(tables::SEVEN_CORNER.max_distance(), 36);
    assert_eq!(tables::EIGHT_CORNER.max_distance(), 31);
    #[cfg(feature = "large-tables")]
    assert_eq!(tables::TABLE_2X5_BLANK_0.max_distance(), 55);
}

/// OEIS A089473: 3x3 positions by distance, blank in a corner.
const A089473: [u32; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// OEIS A090035: 2x4 positions by distance, blank in a corner.
const A090035: [u32; 37] = [
    1, 2, 3, 6, 10, 14, 19, 28, 42, 61, 85, 119, 161, 215, 293, 396, 506, 632, 788, 985, 1194,
    1414, 1664, 1884, 1999, 1958, 1770, 1463, 1076, 667, 361, 190, 88, 39, 19, 7, 1,
];

#[test]
fn histograms_match_published_counts() {
    let eight = tables::EIGHT_CORNER.histogram();
    assert_eq!(&eight[..32], &A089473);
    assert!(eight[32..].iter().all(|&c| c == 0));
    let seven = tables::SEVEN_CORNER.histogram();
    assert_eq!(&seven[..37], &A090035);
    assert!(seven[37..].iter().all(|&c| c == 0));
}
