//! The multi-tile metric's independent reference: a plain breadth-first
//! search in which one move slides one or more tiles of the blank's row
//! or column one step, checked against the published complete
//! distributions (`tests/data/mtm-distributions.txt`). It is the yardstick
//! for answers in that metric.

use std::collections::HashSet;

use crate::reference::slide;

/// How many boards lie at each distance, in the multi-tile metric, from
/// `root` on a `rows` x `cols` board.
pub fn multi_tile_histogram(root: &[u8], rows: usize, cols: usize) -> Vec<u64> {
    let mut seen: HashSet<Vec<u8>> = HashSet::from([root.to_vec()]);
    let mut frontier = vec![root.to_vec()];
    let mut histogram = Vec::new();
    while !frontier.is_empty() {
        histogram.push(frontier.len() as u64);
        let mut next = Vec::new();
        for board in &frontier {
            for next_board in multi_tile_neighbours(board, rows, cols) {
                if seen.insert(next_board.clone()) {
                    next.push(next_board);
                }
            }
        }
        frontier = next;
    }
    histogram
}

/// Every board one multi-tile move from `board`: the blank travels one or
/// more cells in one direction, each tile it passes sliding one step.
pub fn multi_tile_neighbours(board: &[u8], rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut neighbours = Vec::new();
    for letter in ['U', 'D', 'L', 'R'] {
        let mut moved = board.to_vec();
        while let Some(further) = slide(&moved, rows, cols, letter) {
            neighbours.push(further.clone());
            moved = further;
        }
    }
    neighbours
}

/// The published multi-tile distribution of `board` (`2x3`).
pub fn published(board: &str) -> Vec<u64> {
    published_in(include_str!("../data/mtm-distributions.txt"), board)
}

/// The distribution of `board` in `file`, a line a board: its name, then
/// the count at each distance.
pub fn published_in(file: &str, board: &str) -> Vec<u64> {
    let line = file
        .lines()
        .find(|line| line.split(' ').next() == Some(board))
        .unwrap();
    line.split(' ')
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

#[test]
fn the_reference_matches_the_published_distributions() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let wide = format!("{}x{}", rows.min(cols), rows.max(cols));
        assert_eq!(
            multi_tile_histogram(&goal, rows, cols),
            published(&wide),
            "{rows}x{cols}"
        );
    }
}

#[test]
fn one_move_slides_any_number_of_tiles_but_counts_once() {
    // The blank in the corner of 3x3: it can travel one or two cells right
    // or down, four boards; the two-cell ones are two moves one tile a
    // move.
    let goal: Vec<u8> = (0..9).collect();
    let mut neighbours = multi_tile_neighbours(&goal, 3, 3);
    neighbours.sort();
    assert_eq!(
        neighbours,
        vec![
            vec![1, 0, 2, 3, 4, 5, 6, 7, 8],
            vec![1, 2, 0, 3, 4, 5, 6, 7, 8],
            vec![3, 1, 2, 0, 4, 5, 6, 7, 8],
            vec![3, 1, 2, 6, 4, 5, 0, 7, 8],
        ]
    );
}

/// The multi-tile tables and every answer from them, against the
/// reference above (through [`multi_tile_distances`], its packed form).
#[cfg(feature = "multi-tile")]
mod tables {
    use std::collections::HashMap;

    use puzzle_oracle::rank::rank;
    use puzzle_oracle::tables::{self, DistanceTable};
    use puzzle_oracle::{
        Board, Budget, Direction, MetricOracle, Mtm, MultiTileTabled, Oracle, Outcome, Puzzle,
        Slide, Slides,
    };

    use super::published;
    use crate::reference::{Distances, multi_tile_distances, permutations, slide};

    /// `cells` after `slide`, by the reference's moves; `None` off the
    /// board.
    fn slid(cells: &[u8], rows: usize, cols: usize, slide_: Slide) -> Option<Vec<u8>> {
        let mut cells = cells.to_vec();
        for _ in 0..slide_.tiles {
            cells = slide(&cells, rows, cols, slide_.dir.letter())?;
        }
        Some(cells)
    }

    /// Every slide from `cells` whose board the reference puts `nearer`
    /// moves from the goal.
    fn slides_down(
        reference: &Distances,
        cells: &[u8],
        rows: usize,
        cols: usize,
        nearer: u8,
    ) -> Vec<(Slide, Vec<u8>)> {
        let mut down = Vec::new();
        for dir in Direction::ALL {
            for tiles in 1.. {
                let Some(next) = slid(cells, rows, cols, Slide::new(dir, tiles)) else {
                    break;
                };
                if reference.get(&next) == Some(nearer) {
                    down.push((Slide::new(dir, tiles), next));
                }
            }
        }
        down
    }

    /// The optimal slide sequences from `cells`, counted over the
    /// reference's distances (memoised).
    fn count_paths(
        reference: &Distances,
        cells: &[u8],
        rows: usize,
        cols: usize,
        memo: &mut HashMap<Vec<u8>, u64>,
    ) -> u64 {
        let distance = reference.get(cells).unwrap();
        if distance == 0 {
            return 1;
        }
        if let Some(&paths) = memo.get(cells) {
            return paths;
        }
        let paths = slides_down(reference, cells, rows, cols, distance - 1)
            .iter()
            .map(|(_, next)| count_paths(reference, next, rows, cols, memo))
            .sum();
        memo.insert(cells.to_vec(), paths);
        paths
    }

    /// One goal class's multi-tile table: every board, reachable or not,
    /// through the answer and the raw table; every `every`th reachable
    /// board's solution, hints, count and listing.
    fn check_class<const N: usize, const COLS: usize>(
        table: &DistanceTable,
        goal: [u8; N],
        every: usize,
    ) where
        Board<N, COLS>: MultiTileTabled + Oracle,
        Mtm: MetricOracle<Board<N, COLS>>,
    {
        let (rows, cols) = (N / COLS, COLS);
        let reference = multi_tile_distances(&goal, rows, cols);
        assert_eq!(reference.len(), table.slots());
        let goal_board = Board::<N, COLS>::new(goal).unwrap();
        assert!(std::ptr::eq(Mtm::goal_table(&goal_board).unwrap(), table));
        let mut memo = HashMap::new();
        let mut reachable = 0;
        for cells in permutations(N as u8) {
            let start = Board::<N, COLS>::new(cells.clone().try_into().unwrap()).unwrap();
            let expected = reference.get(&cells);
            assert_eq!(
                start.distance_in::<Mtm>(&goal_board),
                expected,
                "{cells:?} to {goal:?}"
            );
            if start.orientation_only() {
                // The raw table is in the wide frame.
                assert_eq!(table.distance_of(&rank(&cells).unwrap()), expected);
            }
            let Some(distance) = expected else { continue };
            reachable += 1;
            if reachable % every != 0 {
                continue;
            }
            check_answers(&start, &goal_board, distance, &reference, &mut memo);
        }
        let mut depths = vec![0u32; usize::from(table.max_distance()) + 1];
        for distance in reference.values() {
            depths[usize::from(distance)] += 1;
        }
        assert_eq!(table.depth_counts(), depths.as_slice());
    }

    /// The solution, hints, count and listing of one reachable board.
    fn check_answers<const N: usize, const COLS: usize>(
        start: &Board<N, COLS>,
        goal: &Board<N, COLS>,
        distance: u8,
        reference: &Distances,
        memo: &mut HashMap<Vec<u8>, u64>,
    ) where
        Board<N, COLS>: Oracle,
        Mtm: MetricOracle<Board<N, COLS>>,
    {
        let (rows, cols) = (N / COLS, COLS);
        let cells = start.cells().to_vec();
        let mut budget = Budget::unlimited();
        // The solution: `distance` slides that replay to the goal, never
        // the same way twice in a row.
        let slides: Vec<Slide> = start.solution_in::<Mtm>(goal).unwrap().collect();
        assert_eq!(slides.len(), usize::from(distance), "{cells:?}");
        let mut board = cells.clone();
        for (i, &next) in slides.iter().enumerate() {
            board = slid(&board, rows, cols, next).unwrap();
            assert!(
                i == 0 || slides[i - 1].dir != next.dir,
                "{cells:?}: {slides:?}"
            );
        }
        assert_eq!(board, goal.cells().to_vec(), "{cells:?}: {slides:?}");
        // The hints: every slide one nearer.
        let expected: Slides = match distance {
            0 => Slides::NONE,
            _ => slides_down(reference, &cells, rows, cols, distance - 1)
                .into_iter()
                .map(|(slide, _)| slide)
                .collect(),
        };
        let hints = Mtm::optimal_moves_within(start, goal, &mut budget);
        assert_eq!(hints, Outcome::Found(expected), "{cells:?}");
        // The count, and the listing when it is short.
        let paths = count_paths(reference, &cells, rows, cols, memo);
        let counted = Mtm::count_optimal_solutions_within(start, goal, &mut budget);
        assert_eq!(counted, Outcome::Found(paths), "{cells:?}");
        if paths <= 50 {
            let mut listed = Vec::new();
            let given = Mtm::for_each_optimal_solution_within(start, goal, &mut budget, &mut |s| {
                listed.push(s.iter().map(|dir| dir.letter()).collect::<String>());
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(given, Outcome::Found(paths));
            listed.sort();
            listed.dedup();
            assert_eq!(listed.len() as u64, paths, "{cells:?}: distinct");
            for letters in &listed {
                let end = crate::reference::replay(&cells, rows, cols, letters).unwrap();
                assert_eq!(end, goal.cells().to_vec());
                let steps = letters.as_bytes();
                let runs = 1 + steps.windows(2).filter(|pair| pair[0] != pair[1]).count();
                assert_eq!(runs.min(steps.len()), usize::from(distance), "{letters}");
            }
        }
    }

    /// Whether the board is in its table's own (wide) orientation.
    trait Orientation {
        fn orientation_only(&self) -> bool;
    }

    impl<const N: usize, const COLS: usize> Orientation for Board<N, COLS>
    where
        Board<N, COLS>: Puzzle,
    {
        fn orientation_only(&self) -> bool {
            let geometry = Self::GEOMETRY;
            geometry.rows() <= geometry.cols()
        }
    }

    #[test]
    fn two_by_two_and_two_by_three_match_the_reference() {
        check_class::<4, 2>(&tables::MULTI_TILE_TABLE_2X2_BLANK_0, [0, 1, 2, 3], 1);
        check_class::<6, 3>(&tables::MULTI_TILE_TABLE_2X3_BLANK_0, [0, 1, 2, 3, 4, 5], 1);
        check_class::<6, 3>(&tables::MULTI_TILE_TABLE_2X3_BLANK_1, [1, 0, 2, 3, 4, 5], 1);
        check_class::<6, 2>(&tables::MULTI_TILE_TABLE_2X3_BLANK_0, [0, 1, 2, 3, 4, 5], 3);
    }

    #[test]
    fn two_by_four_matches_the_reference() {
        let middle = [1, 0, 2, 3, 4, 5, 6, 7];
        check_class::<8, 4>(
            &tables::MULTI_TILE_TABLE_2X4_BLANK_0,
            [0, 1, 2, 3, 4, 5, 6, 7],
            7,
        );
        check_class::<8, 4>(&tables::MULTI_TILE_TABLE_2X4_BLANK_1, middle, 7);
    }

    #[test]
    fn three_by_three_matches_the_reference() {
        let corner = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        check_class::<9, 3>(&tables::MULTI_TILE_TABLE_3X3_BLANK_0, corner, 97);
        check_class::<9, 3>(
            &tables::MULTI_TILE_TABLE_3X3_BLANK_1,
            [1, 0, 2, 3, 4, 5, 6, 7, 8],
            97,
        );
        check_class::<9, 3>(
            &tables::MULTI_TILE_TABLE_3X3_BLANK_4,
            [1, 2, 3, 4, 0, 5, 6, 7, 8],
            97,
        );
    }

    #[cfg(feature = "large-tables")]
    #[test]
    fn two_by_five_matches_the_reference() {
        let goals = [
            (
                &tables::MULTI_TILE_TABLE_2X5_BLANK_0,
                [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            ),
            (
                &tables::MULTI_TILE_TABLE_2X5_BLANK_1,
                [1, 0, 2, 3, 4, 5, 6, 7, 8, 9],
            ),
            (
                &tables::MULTI_TILE_TABLE_2X5_BLANK_2,
                [1, 2, 0, 3, 4, 5, 6, 7, 8, 9],
            ),
        ];
        for (table, goal) in goals {
            check_class::<10, 5>(table, goal, 4001);
        }
    }

    /// One byte a state, for every goal class of every tabled board.
    #[test]
    fn the_tables_take_a_byte_a_state() {
        let bytes: usize = tables::MULTI_TILE_ALL.iter().map(|t| t.bytes().len()).sum();
        let expected = if cfg!(feature = "large-tables") {
            6_028_572
        } else {
            585_372
        };
        assert_eq!(bytes, expected);
        for table in tables::MULTI_TILE_ALL {
            assert_eq!(table.bytes().len(), table.slots(), "{}", table.class().name);
        }
    }

    /// The standard goals' distributions, radii and antipodes, as
    /// lightln2 published them (and the table lists).
    #[test]
    fn the_tables_match_the_published_distributions() {
        let boards: &[(&str, &DistanceTable)] = &[
            ("2x2", &tables::MULTI_TILE_TABLE_2X2_BLANK_0),
            ("2x3", &tables::MULTI_TILE_TABLE_2X3_BLANK_0),
            ("2x4", &tables::MULTI_TILE_TABLE_2X4_BLANK_0),
            ("3x3", &tables::MULTI_TILE_TABLE_3X3_BLANK_0),
            #[cfg(feature = "large-tables")]
            ("2x5", &tables::MULTI_TILE_TABLE_2X5_BLANK_0),
        ];
        for &(board, table) in boards {
            let counts: Vec<u64> = table.depth_counts().iter().map(|&n| n.into()).collect();
            assert_eq!(counts, published(board), "{board}");
        }
        // The radii and antipode counts.
        let radius = |table: &DistanceTable| {
            let counts = table.depth_counts();
            (table.max_distance(), counts[counts.len() - 1])
        };
        assert_eq!(radius(&tables::MULTI_TILE_TABLE_2X3_BLANK_0), (20, 1));
        assert_eq!(radius(&tables::MULTI_TILE_TABLE_2X4_BLANK_0), (25, 8));
        assert_eq!(radius(&tables::MULTI_TILE_TABLE_3X3_BLANK_0), (24, 1));
        #[cfg(feature = "large-tables")]
        assert_eq!(radius(&tables::MULTI_TILE_TABLE_2X5_BLANK_0), (36, 1));
    }
}

/// Norskog's antipodes (`tests/data/mtm-antipodes-4x4.txt`): sixteen
/// distinct 4x4 positions, each of the goal with the blank last's half of
/// the states, as lightln2's distribution counts at 43 slides.
#[cfg(feature = "fifteen")]
#[test]
fn the_antipodes_are_sixteen_distinct_positions_that_reach_the_goal() {
    use puzzle_oracle::FifteenBoard;
    let positions: Vec<FifteenBoard> = include_str!("../data/mtm-antipodes-4x4.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(positions.len(), 16);
    let distinct: HashSet<FifteenBoard> = positions.iter().copied().collect();
    assert_eq!(distinct.len(), 16);
    let goal = FifteenBoard::goal_last();
    assert!(positions.iter().all(|position| position.can_reach(&goal)));
    // lightln2's complete count: 43 slides at most, and 16 positions there.
    let counts = published("4x4");
    assert_eq!((counts.len(), counts.last()), (44, Some(&16)));
}
