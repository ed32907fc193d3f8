//! The single-tile answers of a searched board: each search under the
//! question's [`Budget`], and the distance and first move of the last one
//! remembered there, so that the hints of the board just solved (the
//! answer trait's default `optimal_moves_within`) need no second search
//! for the distance.

#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

use super::budget::{Budget, Outcome};
use super::solution::Solution;
use crate::sliding::board::Board;
#[cfg(feature = "alloc")]
use crate::sliding::board::Direction;
use crate::sliding::metric::MetricKind;
use crate::sliding::search::{self, SearchRun, Searched};

/// The pattern databases' bound, at once.
pub(crate) fn lower_bound<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
) -> Option<u8>
where
    Board<N, COLS>: Searched,
{
    start.search_lower_bound(target)
}

/// An optimal move sequence from `start` to `target`.
pub(crate) fn solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<Solution<N>>
where
    Board<N, COLS>: Searched,
{
    budget.forget();
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    let helpers = budget.helpers();
    let run = search::shortest_path(start, target, helpers, &mut budget.keep_going());
    let bound = run.bound;
    let path = match budget.settle(run) {
        Outcome::Found(path) => path,
        ended => {
            budget.at_least = Some(bound);
            return ended.retyped();
        }
    };
    budget.remember(
        MetricKind::Stm,
        start,
        target,
        path.len(),
        (path.len() > 0).then(|| path.get(0).into()),
    );
    Outcome::Found(Solution::of_path(path))
}

/// A search for the distance, then the walk of its last iteration, giving
/// `visit` each optimal sequence until it breaks; answers how many it was
/// given.
#[cfg(feature = "alloc")]
pub(crate) fn for_each_optimal_solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
    visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
) -> Outcome<u64>
where
    Board<N, COLS>: Searched,
{
    let distance = match solution(start, target, budget) {
        Outcome::Found(solution) => solution.len() as u8,
        ended => return ended.retyped(),
    };
    let run = search::each_shortest_path(
        start,
        target,
        distance,
        &mut budget.keep_going(),
        &mut |moves| visit(moves).is_break(),
    );
    budget.settle(run)
}

/// Whether `target` lies within `moves` moves of `start`: a search that
/// gives up beyond them.
pub(crate) fn within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    moves: u8,
    budget: &mut Budget<'_>,
) -> Outcome<()>
where
    Board<N, COLS>: Searched,
{
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    let helpers = budget.helpers();
    let run: SearchRun<()> =
        search::within(start, target, moves, helpers, &mut budget.keep_going());
    budget.settle(run)
}
