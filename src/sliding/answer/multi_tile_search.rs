//! The multi-tile metric on 4x4, answered by search over the abstraction
//! databases in the cache (see [`multi_tile`](crate::sliding::search::multi_tile)).

use core::ops::ControlFlow;
use std::vec::Vec;

use super::budget::{Budget, Engine, Outcome};
use super::capabilities::Capabilities;
use super::in_metric::MetricOracle;
use crate::sliding::board::{Board, Direction};
use crate::sliding::metric::{Mtm, Slide, Slides};
use crate::sliding::search::SearchRun;
use crate::sliding::search::multi_tile::{Framed, MAX_SLIDES, Visit};
use crate::sliding::tables::DistanceTable;
use crate::sliding::tables::sample::{Drawer, SampleError};

type Fifteen = Board<16, 4>;

/// The board after `slide`, when it fits.
fn slid(board: &Fifteen, slide: Slide) -> Option<Fifteen> {
    (0..slide.tiles).try_fold(*board, |board, _| board.moved(slide.dir))
}

impl MetricOracle<Fifteen> for Mtm {
    type Solution = std::vec::IntoIter<Slide>;
    const ENGINE: Engine = Engine::Search;

    fn distance_within(start: &Fifteen, target: &Fifteen, budget: &mut Budget<'_>) -> Outcome<u8> {
        Self::solution_within(start, target, budget).map(|solution| solution.len() as u8)
    }

    fn solution_within(
        start: &Fifteen,
        target: &Fifteen,
        budget: &mut Budget<'_>,
    ) -> Outcome<Self::Solution> {
        budget.remembered = None;
        budget.at_least = None;
        if !start.can_reach(target) {
            return Outcome::Impossible;
        }
        let framed = Framed::new(start, target);
        let ended = framed.search(MAX_SLIDES, false, &mut budget.keep_going(), Visit::First);
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

    fn optimal_moves_within(
        start: &Fifteen,
        target: &Fifteen,
        budget: &mut Budget<'_>,
    ) -> Outcome<Slides> {
        let distance = match Self::distance_within(start, target, budget) {
            Outcome::Found(distance) => distance,
            ended => return ended.retyped(),
        };
        let mut good = Slides::NONE;
        if distance == 0 {
            return Outcome::Found(good);
        }
        for dir in Direction::ALL {
            for tiles in 1..4 {
                let slide = Slide::new(dir, tiles);
                let Some(next) = slid(start, slide) else {
                    break;
                };
                // One slide nearer, or not: a search that gives up past
                // one slide fewer tells which.
                let framed = Framed::new(&next, target);
                let ended =
                    framed.search(distance - 1, false, &mut budget.keep_going(), Visit::First);
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

    fn count_optimal_solutions_within(
        start: &Fifteen,
        target: &Fifteen,
        budget: &mut Budget<'_>,
    ) -> Outcome<u64> {
        Self::for_each_optimal_solution_within(start, target, budget, &mut |_| {
            ControlFlow::Continue(())
        })
    }

    fn for_each_optimal_solution_within(
        start: &Fifteen,
        target: &Fifteen,
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Outcome<u64> {
        let distance = match Self::distance_within(start, target, budget) {
            Outcome::Found(distance) => distance,
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

    fn lower_bound(start: &Fifteen, target: &Fifteen) -> Option<u8> {
        start
            .can_reach(target)
            .then(|| Framed::new(start, target).lower_bound())
    }

    fn goal_table(_: &Fifteen) -> Option<&'static DistanceTable> {
        None
    }

    fn drawer(target: &Fifteen, distance: Option<u8>) -> Result<Drawer<Fifteen>, SampleError> {
        match distance {
            // The boards that reach the target are the same in both metrics.
            None => <Fifteen as Capabilities>::drawer(target, None),
            Some(_) => Err(SampleError::NoTable),
        }
    }
}
