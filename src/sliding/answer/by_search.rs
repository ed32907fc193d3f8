//! The questions of [`Oracle`](super::oracle::Oracle) answered by search:
//! each search under the question's [`Budget`], and the distance and first
//! move of the last one remembered there, so that the hints of the board
//! just solved need no second search for the distance.

#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

use super::budget::{Budget, Outcome, Remembered};
use super::solution::Solution;
use crate::sliding::board::{Board, Direction, Moves};
use crate::sliding::search::{self, SearchRun, Searched};

/// An optimal move sequence from `start` to `target`.
pub(crate) fn solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<Solution<N>>
where
    Board<N, COLS>: Searched,
{
    budget.remembered = None;
    budget.at_least = None;
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
    budget.remembered = Some(Remembered::of(
        start,
        target,
        path.len(),
        (path.len() > 0).then(|| path.get(0)),
    ));
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

/// Every optimal first move from `start` towards `target` (see
/// [`Oracle::optimal_moves_within`](super::oracle::Oracle::optimal_moves_within)).
pub(crate) fn optimal_moves<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<Moves>
where
    Board<N, COLS>: Searched,
{
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    // The distance and one good move: remembered when this budget's last
    // search was of the pair, else searched for.
    let (distance, first) = match budget
        .remembered
        .as_ref()
        .and_then(|known| known.of_pair(start, target))
    {
        Some(known) => known,
        None => {
            if let ended @ (Outcome::OverBudget | Outcome::Stopped) =
                solution(start, target, budget)
            {
                return ended.retyped();
            }
            budget
                .remembered
                .as_ref()
                .and_then(|known| known.of_pair(start, target))
                .expect("a search that ends remembers its answer")
        }
    };
    let Some(first) = first else {
        return Outcome::Found(Moves::NONE);
    };
    // Each other neighbour is one move nearer or one farther: a search
    // that gives up beyond one move fewer tells which.
    let nearer = distance - 1;
    let mut moves = Moves::NONE.with(first);
    for dir in Direction::ALL {
        let Some(next) = start.moved(dir).filter(|_| dir != first) else {
            continue;
        };
        let helpers = budget.helpers();
        let run: SearchRun<()> =
            search::within(&next, target, nearer, helpers, &mut budget.keep_going());
        match budget.settle(run) {
            Outcome::Found(()) => moves = moves.with(dir),
            Outcome::Impossible => {}
            ended => return ended.retyped(),
        }
    }
    Outcome::Found(moves)
}
