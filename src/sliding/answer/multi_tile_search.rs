//! The multi-tile metric on the boards of 12 to 16 cells, answered by
//! search over the abstraction databases in the cache (see
//! [`multi_tile`](crate::sliding::search::multi_tile)).

use core::ops::ControlFlow;
use std::vec::Vec;

use super::budget::{Budget, Engine, Outcome};
use super::capabilities::Capabilities;
use super::in_metric::MetricOracle;
use crate::sliding::board::{Board, Direction, Puzzle};
use crate::sliding::metric::{Mtm, Slide, Slides};
use crate::sliding::search::SearchRun;
use crate::sliding::search::multi_tile::{Framed, Visit};
use crate::sliding::tables::DistanceTable;
use crate::sliding::tables::sample::{Drawer, SampleError};

fn solution_within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<std::vec::IntoIter<Slide>>
where
    Board<N, COLS>: Puzzle,
{
    budget.remembered = None;
    budget.at_least = None;
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    let framed = Framed::new(start, target);
    let ended = framed.search(
        framed.most_slides(),
        false,
        &mut budget.keep_going(),
        Visit::First,
    );
    let bound = ended.bound;
    let run = SearchRun {
        found: ended.path.map(|path| framed.slides(&path).into_iter()),
        nodes: ended.nodes,
        stopped: ended.stopped,
        bound,
    };
    let outcome = budget.settle(run);
    if outcome.ended_early() {
        budget.at_least = Some(bound);
    }
    outcome
}

fn optimal_moves_within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<Slides>
where
    Board<N, COLS>: Puzzle,
{
    let distance = match solution_within(start, target, budget) {
        Outcome::Found(solution) => solution.len() as u8,
        ended => return ended.retyped(),
    };
    let mut good = Slides::NONE;
    if distance == 0 {
        return Outcome::Found(good);
    }
    for dir in Direction::ALL {
        for tiles in 1..N as u16 {
            let slide = Slide::new(dir, tiles);
            let Some(next) = start.slid(slide) else {
                break;
            };
            // One slide nearer, or not: a search that gives up past
            // one slide fewer tells which.
            let framed = Framed::new(&next, target);
            let ended = framed.search(distance - 1, false, &mut budget.keep_going(), Visit::First);
            let run = SearchRun {
                found: ended.found.then_some(()),
                nodes: ended.nodes,
                stopped: ended.stopped,
                bound: ended.bound,
            };
            match budget.settle(run) {
                Outcome::Found(()) => good = good.with(slide),
                Outcome::Impossible => {}
                ended => return ended.retyped(),
            }
        }
    }
    Outcome::Found(good)
}

fn for_each_optimal_solution_within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
    visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
) -> Outcome<u64>
where
    Board<N, COLS>: Puzzle,
{
    let distance = match solution_within(start, target, budget) {
        Outcome::Found(solution) => solution.len() as u8,
        ended => return ended.retyped(),
    };
    let framed = Framed::new(start, target);
    let mut given = 0u64;
    let mut steps = Vec::new();
    let mut each = |path: &[u8]| {
        given += 1;
        framed.steps(path, &mut steps);
        visit(&steps).is_break()
    };
    let ended = framed.search(
        distance,
        true,
        &mut budget.keep_going(),
        Visit::Each(&mut each),
    );
    let run = SearchRun {
        found: (ended.found && !ended.stopped).then_some(()),
        nodes: ended.nodes,
        stopped: ended.stopped,
        bound: ended.bound,
    };
    budget.settle(run).map(|()| given)
}

/// The multi-tile answers of the board `Board<$cells, $cols>` by search.
macro_rules! searched_in_slides {
    ($cells:literal, $cols:literal) => {
        impl MetricOracle<Board<$cells, $cols>> for Mtm {
            type Solution = std::vec::IntoIter<Slide>;
            const ENGINE: Engine = Engine::Search;

            fn distance_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<u8> {
                solution_within(start, target, budget).map(|solution| solution.len() as u8)
            }

            fn solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<Self::Solution> {
                solution_within(start, target, budget)
            }

            fn optimal_moves_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<Slides> {
                optimal_moves_within(start, target, budget)
            }

            fn count_optimal_solutions_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
            ) -> Outcome<u64> {
                for_each_optimal_solution_within(start, target, budget, &mut |_| {
                    ControlFlow::Continue(())
                })
            }

            fn for_each_optimal_solution_within(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
                budget: &mut Budget<'_>,
                visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
            ) -> Outcome<u64> {
                for_each_optimal_solution_within(start, target, budget, visit)
            }

            fn lower_bound(
                start: &Board<$cells, $cols>,
                target: &Board<$cells, $cols>,
            ) -> Option<u8> {
                start
                    .can_reach(target)
                    .then(|| Framed::new(start, target).lower_bound())
            }

            fn goal_table(_: &Board<$cells, $cols>) -> Option<&'static DistanceTable> {
                None
            }

            fn drawer(
                target: &Board<$cells, $cols>,
                distance: Option<u8>,
            ) -> Result<Drawer<Board<$cells, $cols>>, SampleError> {
                match distance {
                    // The boards that reach the target are the same in
                    // both metrics.
                    None => <Board<$cells, $cols> as Capabilities>::drawer(target, None),
                    Some(_) => Err(SampleError::NoTable),
                }
            }
        }
    };
}

#[cfg(feature = "fifteen")]
searched_in_slides!(16, 4);
#[cfg(feature = "searched-boards")]
searched_in_slides!(12, 4);
#[cfg(feature = "searched-boards")]
searched_in_slides!(12, 3);
#[cfg(feature = "searched-boards")]
searched_in_slides!(12, 6);
#[cfg(feature = "searched-boards")]
searched_in_slides!(12, 2);
#[cfg(feature = "searched-boards")]
searched_in_slides!(14, 7);
#[cfg(feature = "searched-boards")]
searched_in_slides!(14, 2);
searched_in_slides!(15, 5);
searched_in_slides!(15, 3);
searched_in_slides!(16, 8);
searched_in_slides!(16, 2);
