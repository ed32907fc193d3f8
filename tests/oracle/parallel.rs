//! The parallel search against the serial one: on every searched board,
//! in single tiles and (the boards searched in slides) in slides, at 1, 2,
//! 3 and 8 threads (more than this machine's cores), with every iteration
//! cut (`parallel_after(0)`), the distance, the moves, the hints, the
//! count and the listing are those of one thread; and the traps of
//! parallel IDA*: a solution shallower than the cut, a board already
//! solved, one that cannot be solved, the nodes of the last iteration, a
//! stop in the middle of an iteration.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use std::fmt::Display;

use puzzle_oracle::{
    Board, Budget, Crew, Direction, MetricOracle, Oracle, Outcome, Puzzle, Searched, Stm,
};

use crate::reference::{Rng, replay, slide};

/// Everything one board answers towards one target: the moves (with the
/// distance), the hints, the count and the first optimal sequences
/// listed; and the nodes the answer's search took.
#[derive(Debug, PartialEq, Eq)]
struct Answers {
    moves: Option<String>,
    hints: Option<String>,
    count: Option<u64>,
    listed: Vec<String>,
}

fn letters<M: Display>(moves: impl IntoIterator<Item = M>) -> String {
    moves.into_iter().map(|m| m.to_string()).collect()
}

/// What `start` answers towards `target` in the metric `M` under budgets
/// `budget` makes (a new one for each question), and the nodes of the
/// answer's search.
fn answers<M, const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: impl Fn() -> Budget<'static>,
) -> (Answers, u64)
where
    Board<N, COLS>: Puzzle,
    M: MetricOracle<Board<N, COLS>>,
    M::Move: Display,
    M::FirstMoves: Display,
{
    let mut first = budget();
    let moves = M::solution_within(start, target, &mut first)
        .known()
        .expect("no limit")
        .map(letters);
    let nodes = first.spent();
    let hints = M::optimal_moves_within(start, target, &mut budget())
        .known()
        .expect("no limit")
        .map(|moves| moves.to_string());
    let count = M::count_optimal_solutions_within(start, target, &mut budget())
        .known()
        .expect("no limit");
    let mut listed = Vec::new();
    let _ = M::for_each_optimal_solution_within(start, target, &mut budget(), &mut |moves| {
        listed.push(letters(moves.iter().copied()));
        if listed.len() < 5 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let answers = Answers {
        moves,
        hints,
        count,
        listed,
    };
    (answers, nodes)
}

/// A board `walk` random moves from `target`.
fn walked(rng: &mut Rng, target: &[u8], rows: usize, cols: usize, walk: usize) -> Vec<u8> {
    let mut cells = target.to_vec();
    for _ in 0..walk {
        let letter = ['U', 'D', 'L', 'R'][rng.below(4)];
        if let Some(moved) = slide(&cells, rows, cols, letter) {
            cells = moved;
        }
    }
    cells
}

/// `positions` boards of `Board<N, COLS>`, each a random walk of up to
/// `longest` moves from a random target (and, every fifth, a random board
/// of the other parity, which no search answers), answered by 1, 2, 3 and
/// 8 threads and by a crew: every answer is the one thread's, and every
/// solution replays.
fn check_board<const N: usize, const COLS: usize>(seed: u64, positions: usize, longest: usize)
where
    Board<N, COLS>: Searched,
    Stm: MetricOracle<Board<N, COLS>>,
{
    crate::use_test_cache::<N, COLS>();
    check_in::<Stm, N, COLS>(seed, positions, longest);
}

/// [`check_board`] in the metric `M`: the optimal sequences listed (as
/// single tiles' letters, a slide of `k` tiles `k` of them) replayed.
fn check_in<M, const N: usize, const COLS: usize>(seed: u64, positions: usize, longest: usize)
where
    Board<N, COLS>: Puzzle,
    M: MetricOracle<Board<N, COLS>>,
    M::Move: Display,
    M::FirstMoves: Display,
{
    let rows = N / COLS;
    let mut rng = Rng(seed);
    let tiles: Vec<u8> = (0..N as u8).collect();
    let crew: &'static Crew = Box::leak(Box::new(Crew::new()));
    for position in 0..positions {
        let target_cells = rng.shuffled(&tiles);
        let walk = rng.below(longest + 1);
        let start_cells = if position % 5 == 4 {
            rng.shuffled(&tiles)
        } else {
            walked(&mut rng, &target_cells, rows, COLS, walk)
        };
        let start = Board::<N, COLS>::new(start_cells.as_slice().try_into().unwrap()).unwrap();
        let target = Board::<N, COLS>::new(target_cells.as_slice().try_into().unwrap()).unwrap();
        let (alone, alone_nodes) = answers::<M, N, COLS>(&start, &target, Budget::unlimited);
        for moves in &alone.listed {
            assert_eq!(
                replay(&start_cells, rows, COLS, moves).as_deref(),
                Some(target_cells.as_slice()),
                "{start_cells:?}: {moves}"
            );
        }
        for threads in [1, 2, 3, 8] {
            let budget = || Budget::unlimited().threads(threads).parallel_after(0);
            let (together, nodes) = answers::<M, N, COLS>(&start, &target, budget);
            assert_eq!(
                together, alone,
                "{threads} threads: {start_cells:?} to {target_cells:?}"
            );
            // Every iteration's nodes are counted, the last one's too: the
            // subtrees left of the solution are the serial search's, and
            // those right of it only add.
            assert!(
                nodes >= alone_nodes,
                "{threads} threads: {nodes} nodes, alone {alone_nodes}: {start_cells:?}"
            );
        }
        // A crew with no thread waiting: the asking thread searches every
        // subtree itself, in order.
        let budget = || Budget::unlimited().crew(crew).parallel_after(0);
        assert_eq!(
            answers::<M, N, COLS>(&start, &target, budget).0,
            alone,
            "crew: {start_cells:?}"
        );
    }
}

#[test]
fn three_by_four_and_four_by_three_answer_as_one_thread_does() {
    check_board::<12, 4>(1, 40, 60);
    check_board::<12, 3>(2, 40, 60);
}

#[test]
fn two_by_six_and_six_by_two_answer_as_one_thread_does() {
    check_board::<12, 6>(3, 40, 60);
    check_board::<12, 2>(4, 40, 60);
}

#[test]
fn two_by_seven_and_seven_by_two_answer_as_one_thread_does() {
    check_board::<14, 7>(5, 30, 50);
    check_board::<14, 2>(6, 30, 50);
}

#[test]
fn three_by_five_and_five_by_three_answer_as_one_thread_does() {
    check_board::<15, 5>(7, 30, 40);
    check_board::<15, 3>(8, 30, 40);
}

#[cfg(feature = "fifteen")]
#[test]
fn four_by_four_answers_as_one_thread_does() {
    check_board::<16, 4>(9, 60, 60);
}

#[cfg(any(feature = "searched-2x8", feature = "cache"))]
#[test]
fn two_by_eight_and_eight_by_two_answer_as_one_thread_does() {
    check_board::<16, 8>(10, 20, 40);
    check_board::<16, 2>(11, 20, 40);
}

/// The boards searched in slides, over their databases in the tests'
/// cache: the same answers on every thread count, in slides (the 12-cell
/// boards, whose databases build in moments; 4x4's and 2x8's are checked
/// by hand, in `multi_tile_4x4`).
#[cfg(all(feature = "multi-tile", feature = "cache"))]
mod in_slides {
    use puzzle_oracle::cache::{self, Cache};
    use puzzle_oracle::{Geometry, Mtm};

    use super::check_in;
    use crate::test_cache;

    fn open(rows: u8, cols: u8) {
        let dir = test_cache::dir().with_file_name("cache-mtm");
        let geometry = Geometry::new(rows, cols).unwrap();
        assert!(cache::open_multi_tile(geometry, &Cache::at(dir), true, &|_| {}).unwrap());
    }

    #[test]
    fn three_by_four_and_four_by_three_answer_as_one_thread_does() {
        open(3, 4);
        check_in::<Mtm, 12, 4>(21, 25, 60);
        check_in::<Mtm, 12, 3>(22, 25, 60);
    }

    #[test]
    fn two_by_six_and_six_by_two_answer_as_one_thread_does() {
        open(2, 6);
        check_in::<Mtm, 12, 6>(23, 25, 60);
        check_in::<Mtm, 12, 2>(24, 25, 60);
    }
}

#[cfg(feature = "fifteen")]
mod traps {
    use super::*;
    use puzzle_oracle::FifteenBoard;

    fn board(text: &str) -> FifteenBoard {
        text.parse().unwrap()
    }

    /// Cut at every iteration, into at least 256 subtrees: far deeper than
    /// these solutions, which are leaves of the cut, found in their place.
    #[test]
    fn a_solution_shallower_than_the_cut_is_the_serial_one() {
        let goal = FifteenBoard::goal();
        for moves in ["R", "RD", "RDL", "DRRD", "RRRDLL", "DDDRUR"] {
            let mut start = goal;
            for letter in moves.chars() {
                let direction = Direction::ALL
                    .into_iter()
                    .find(|d| d.letter() == letter)
                    .unwrap();
                start = start.moved(direction).unwrap();
            }
            let (alone, _) = answers::<Stm, 16, 4>(&start, &goal, Budget::unlimited);
            for threads in [2, 3, 8] {
                let budget = || Budget::unlimited().threads(threads).parallel_after(0);
                assert_eq!(
                    answers::<Stm, 16, 4>(&start, &goal, budget).0,
                    alone,
                    "{moves}"
                );
            }
        }
    }

    #[test]
    fn a_board_already_solved_and_one_that_cannot_be_solved() {
        let goal = FifteenBoard::goal();
        let mut budget = Budget::unlimited().threads(8).parallel_after(0);
        let solution = goal.solution_within(&goal, &mut budget).found().unwrap();
        assert_eq!(solution.len(), 0);
        assert_eq!(
            goal.count_optimal_solutions_within(&goal, &mut budget),
            Outcome::Found(1)
        );
        let swapped = board("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15");
        let mut budget = Budget::unlimited().threads(8).parallel_after(0);
        assert_eq!(
            swapped.solution_within(&goal, &mut budget).map(|s| s.len()),
            Outcome::Impossible
        );
        assert_eq!(budget.spent(), 0);
    }

    /// Korf's instance 88, the hardest of his 100 here (65 moves).
    fn hard() -> FifteenBoard {
        board("15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4")
    }

    /// A position 80 moves from the goal with the blank last: tens of
    /// millions of nodes, far more than any limit below lets a search
    /// spend.
    fn eighty() -> FifteenBoard {
        board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1")
    }

    #[test]
    fn a_node_limit_stops_every_thread_in_the_middle_of_an_iteration() {
        for threads in [2, 3, 8] {
            let mut budget = Budget::unlimited()
                .threads(threads)
                .parallel_after(0)
                .max_nodes(300_000);
            let outcome = eighty().solution_within(&FifteenBoard::goal_last(), &mut budget);
            assert_eq!(outcome.map(|s| s.len()), Outcome::OverBudget);
            // Each thread reports every 8,192 nodes; the cut adds a few
            // thousand more.
            let spent = budget.spent();
            assert!(
                (300_000..300_000 + 16 * 8_192 * threads as u64).contains(&spent),
                "{threads} threads: {spent} nodes"
            );
        }
    }

    #[test]
    fn a_stop_flag_and_a_check_stop_the_parallel_search() {
        let stop = AtomicBool::new(false);
        thread::scope(|scope| {
            scope.spawn(|| {
                thread::sleep(Duration::from_millis(20));
                stop.store(true, Ordering::Relaxed);
            });
            let start = eighty();
            let mut budget = Budget::unlimited()
                .threads(3)
                .parallel_after(0)
                .stop_flag(&stop);
            let outcome = start.solution_within(&FifteenBoard::goal_last(), &mut budget);
            assert_eq!(outcome.map(|s| s.len()), Outcome::Stopped);
        });
        let mut looks = 0;
        let mut check = |_: u64| {
            looks += 1;
            looks < 40
        };
        let mut budget = Budget::unlimited()
            .threads(2)
            .parallel_after(0)
            .check(&mut check);
        let outcome = eighty().solution_within(&FifteenBoard::goal_last(), &mut budget);
        assert_eq!(outcome.map(|s| s.len()), Outcome::Stopped);
        assert_eq!(looks, 40);
    }

    /// Two threads, each with questions of its own under one crew; the
    /// one that runs out first helps the other's search.
    #[test]
    fn a_crew_answers_as_one_thread_does() {
        let boards = [
            hard(),
            board("13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"),
            board("1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0"),
        ];
        let alone: Vec<String> = boards
            .iter()
            .map(|board| {
                let solution =
                    board.solution_within(&FifteenBoard::goal(), &mut Budget::unlimited());
                letters(solution.found().unwrap())
            })
            .collect();
        let crew = Crew::new();
        let next = std::sync::Mutex::new(0);
        let found = std::sync::Mutex::new(vec![String::new(); boards.len()]);
        thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| {
                    loop {
                        let i = {
                            let mut next = next.lock().unwrap();
                            *next += 1;
                            *next - 1
                        };
                        let Some(board) = boards.get(i) else {
                            break;
                        };
                        let mut budget = Budget::unlimited().crew(&crew).parallel_after(0);
                        let solution = board.solution_within(&FifteenBoard::goal(), &mut budget);
                        found.lock().unwrap()[i] = letters(solution.found().unwrap());
                    }
                    crew.leave();
                });
            }
        });
        assert_eq!(*found.lock().unwrap(), alone);
    }
}
