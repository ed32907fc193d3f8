//! The multi-tile metric on the boards of 12 to 16 cells, answered by
//! search over the abstraction databases in the cache (see
//! [`multi_tile`](crate::sliding::search::multi_tile)): the bodies of the
//! `searched_in_slides!` impls that `build.rs` writes for each board the
//! spec searches in slides (see `impls.rs`).

use core::ops::ControlFlow;
use std::vec::Vec;

use super::budget::{Budget, Outcome};
use crate::sliding::board::Slide;
use crate::sliding::board::{Board, Direction, Puzzle};
use crate::sliding::metric::MetricKind;
use crate::sliding::search::multi_tile::Framed;

pub(super) fn solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<std::vec::IntoIter<Slide>>
where
    Board<N, COLS>: Puzzle,
{
    budget.forget();
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    let framed = Framed::new(start, target);
    let helpers = budget.helpers();
    let run = framed.search(framed.most_slides(), helpers, &mut budget.keep_going());
    let bound = run.bound;
    let outcome = budget
        .settle(run)
        .map(|path| framed.slides(&path).into_iter());
    match &outcome {
        Outcome::Found(slides) => {
            let first = slides.as_slice().first().copied();
            budget.remember(MetricKind::Mtm, start, target, slides.len() as u8, first);
        }
        ended if ended.ended_early() => budget.at_least = Some(bound),
        _ => {}
    }
    outcome
}

/// Whether `target` lies within `moves` slides of `start`: a search that
/// gives up past them.
pub(super) fn within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    moves: u8,
    budget: &mut Budget<'_>,
) -> Outcome<()>
where
    Board<N, COLS>: Puzzle,
{
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    let helpers = budget.helpers();
    let run = Framed::new(start, target).search(moves, helpers, &mut budget.keep_going());
    budget.settle(run).map(|_| ())
}

pub(super) fn for_each_optimal_solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
    visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
) -> Outcome<u64>
where
    Board<N, COLS>: Puzzle,
{
    let distance = match solution(start, target, budget) {
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
    let run = framed.for_each_optimal(distance, &mut budget.keep_going(), &mut each);
    budget.settle(run).map(|()| given)
}

/// The bound of the abstraction databases, at once.
pub(super) fn lower_bound<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
) -> Option<u8>
where
    Board<N, COLS>: Puzzle,
{
    start
        .can_reach(target)
        .then(|| Framed::new(start, target).lower_bound())
}
