//! The multi-tile metric on the boards of 12 to 16 cells, answered by
//! search over the abstraction databases in the cache (see
//! [`multi_tile`](crate::sliding::search::multi_tile)): the bodies of the
//! `searched_in_slides!` impls that `build.rs` writes for each board the
//! spec searches in slides (see `impls.rs`).

use core::ops::ControlFlow;
use std::vec::Vec;

use super::budget::{Budget, Outcome};
use super::capabilities::Capabilities;
use crate::sliding::board::{Board, Direction, Puzzle};
use crate::sliding::board::{Slide, Slides};
use crate::sliding::search::SearchRun;
use crate::sliding::search::multi_tile::{Framed, Visit};
use crate::sliding::tables::sample::{Drawer, SampleError};

pub(super) fn solution_within<const N: usize, const COLS: usize>(
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

pub(super) fn optimal_moves_within<const N: usize, const COLS: usize>(
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

pub(super) fn for_each_optimal_solution_within<const N: usize, const COLS: usize>(
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

/// Draws boards that reach `target`; none at a distance (no table).
pub(super) fn drawer<const N: usize, const COLS: usize>(
    target: &Board<N, COLS>,
    distance: Option<u8>,
) -> Result<Drawer<Board<N, COLS>>, SampleError>
where
    Board<N, COLS>: Capabilities,
{
    match distance {
        // The boards that reach the target are the same in both metrics.
        None => <Board<N, COLS> as Capabilities>::drawer(target, None),
        Some(_) => Err(SampleError::NoTable),
    }
}
