//! The one answer trait: the questions a board answers in a metric,
//! [`MetricOracle`], implemented by the metric for each board it answers.
//! An engine gives a few required answers (a lower bound, an optimal
//! solution, whether the target lies within a number of moves, and each
//! optimal solution); every other question is a default method over
//! them, overridden where an engine does better (a table). `build.rs`
//! writes the impls from the board specs (see `impls.rs`).

use core::fmt;
use core::iter::FusedIterator;
#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

use super::budget::{Budget, Engine, Outcome};
#[cfg(feature = "alloc")]
use crate::sliding::board::Direction;
#[cfg(feature = "multi-tile")]
use crate::sliding::board::Slides;
use crate::sliding::board::{Board, Puzzle};
use crate::sliding::metric::Metric;
#[cfg(feature = "multi-tile")]
use crate::sliding::metric::Mtm;
use crate::sliding::tables::DistanceTable;
#[cfg(all(feature = "multi-tile", feature = "alloc"))]
use crate::sliding::tables::sample;
#[cfg(feature = "alloc")]
use crate::sliding::tables::sample::{Drawer, SampleError};
#[cfg(feature = "multi-tile")]
use crate::sliding::tables::{MultiTileTabled, SlideSolution};

/// The questions every board answers in the metric `Self`, on the board
/// type `B`: [`Stm`](crate::Stm) on every board, [`Mtm`] on the boards
/// with multi-tile tables (every board up to 10 cells, feature
/// `multi-tile`) and on the boards of 12 to 16 cells by search (with
/// `cache`: see [`cache::open_multi_tile`](crate::cache::open_multi_tile)).
/// The metric is the trait's `Self`, so a question names it:
/// `Mtm::distance_within(&start, &target, &mut budget)`; the single-tile
/// questions are also the board's own methods ([`Oracle`](crate::Oracle)).
///
/// An engine implements four questions: [`lower_bound`], [`solution_within`],
/// [`within`] and [`for_each_optimal_solution_within`]; the others are
/// default methods over them, which a table overrides with a lookup. A
/// new question is one more default method.
///
/// [`Mtm`]: crate::Mtm
/// [`lower_bound`]: MetricOracle::lower_bound
/// [`solution_within`]: MetricOracle::solution_within
/// [`within`]: MetricOracle::within
/// [`for_each_optimal_solution_within`]: MetricOracle::for_each_optimal_solution_within
///
/// ```
/// # #[cfg(feature = "multi-tile")] {
/// use puzzle_oracle::{Budget, EightBoard, MetricOracle, Mtm, Outcome, Slide, Stm};
///
/// // The blank's row pushed two tiles left: two moves, or one slide.
/// let board: EightBoard = "1 2 0 3 4 5 6 7 8".parse()?;
/// let goal = EightBoard::goal();
/// let mut budget = Budget::unlimited();
/// assert_eq!(Stm::distance_within(&board, &goal, &mut budget), Outcome::Found(2));
/// assert_eq!(Mtm::distance_within(&board, &goal, &mut budget), Outcome::Found(1));
/// let slides: Vec<Slide> = Mtm::solution_within(&board, &goal, &mut budget).found().unwrap().collect();
/// assert_eq!(slides.iter().map(ToString::to_string).collect::<Vec<_>>(), ["L2"]);
/// # }
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
pub trait MetricOracle<B: Puzzle>: Metric {
    /// An optimal move sequence, one [`Metric::Move`] a move.
    type Solution: ExactSizeIterator<Item = Self::Move> + FusedIterator + Clone + fmt::Debug + Send;

    /// The engine that answers the board in this metric.
    const ENGINE: Engine;

    /// A lower bound on the moves to `target`, never above the distance,
    /// at once and without a budget: the exact distance on a tabled
    /// board, the databases' bound on a searched one. `None` when `target`
    /// cannot be reached.
    fn lower_bound(start: &B, target: &B) -> Option<u8>;

    /// An optimal move sequence from `start` to `target`.
    fn solution_within(start: &B, target: &B, budget: &mut Budget<'_>) -> Outcome<Self::Solution>;

    /// Whether `target` lies at most `moves` moves from `start`:
    /// [`Outcome::Found`] when it does, [`Outcome::Impossible`] when it
    /// does not (or cannot be reached at all).
    fn within(start: &B, target: &B, moves: u8, budget: &mut Budget<'_>) -> Outcome<()>;

    /// Gives `visit` every optimal move sequence from `start` to `target`,
    /// each once, as single-tile steps (in the multi-tile metric each run
    /// of one direction is one slide), until it returns
    /// [`ControlFlow::Break`]; answers how many it was given. The
    /// sequences given before an early end stand.
    #[cfg(feature = "alloc")]
    fn for_each_optimal_solution_within(
        start: &B,
        target: &B,
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Outcome<u64>;

    /// Fewest moves from `start` to `target`: an optimal solution's
    /// length.
    fn distance_within(start: &B, target: &B, budget: &mut Budget<'_>) -> Outcome<u8> {
        Self::solution_within(start, target, budget).map(|solution| solution.len() as u8)
    }

    /// Every optimal first move from `start` towards `target`: the moves
    /// whose board is one move nearer (the empty set on `target` itself).
    /// The distance and one optimal first move (remembered from the
    /// budget's last search of the same pair, else searched for), then,
    /// from each other neighbour, whether the target lies within one move
    /// fewer.
    fn optimal_moves_within(
        start: &B,
        target: &B,
        budget: &mut Budget<'_>,
    ) -> Outcome<Self::FirstMoves> {
        let (distance, first) = match budget.recall(Self::KIND, start, target) {
            Some(known) => known,
            None => match Self::solution_within(start, target, budget) {
                Outcome::Found(solution) => (
                    solution.len() as u8,
                    solution.clone().next().map(Into::into),
                ),
                ended => return ended.retyped(),
            },
        };
        let Some(first) = first else {
            return Outcome::Found(Self::FirstMoves::default());
        };
        let mut ended = None;
        let moves = Self::moves_on(B::GEOMETRY)
            .filter(|&candidate| {
                if ended.is_some() {
                    return false;
                }
                let slide = candidate.into();
                if slide == first {
                    return true;
                }
                let Some(next) = start.after(slide) else {
                    return false;
                };
                match Self::within(&next, target, distance - 1, budget) {
                    Outcome::Found(()) => true,
                    Outcome::Impossible => false,
                    early => {
                        ended = Some(early.retyped());
                        false
                    }
                }
            })
            .collect();
        ended.unwrap_or(Outcome::Found(moves))
    }

    /// How many distinct optimal move sequences lead from `start` to
    /// `target` (1 on `target` itself): each counted as it is given.
    #[cfg(feature = "alloc")]
    fn count_optimal_solutions_within(
        start: &B,
        target: &B,
        budget: &mut Budget<'_>,
    ) -> Outcome<u64> {
        Self::for_each_optimal_solution_within(start, target, budget, &mut |_| {
            ControlFlow::Continue(())
        })
    }

    /// The complete table of `target`'s goal class in this metric, on a
    /// board that has one: what counts the boards at each distance and
    /// draws one at a distance. `None` on a searched board.
    fn goal_table(target: &B) -> Option<&'static DistanceTable> {
        let _ = target;
        None
    }

    /// Draws boards uniformly: every board that reaches `target` (the same
    /// boards in every metric), or (tabled boards only) every board
    /// exactly `distance` moves from it in this metric.
    #[cfg(feature = "alloc")]
    #[doc(hidden)]
    fn drawer(target: &B, distance: Option<u8>) -> Result<Drawer<B>, SampleError> {
        if distance.is_some() {
            return Err(SampleError::NoTable);
        }
        let target = *target;
        Ok(alloc::boxed::Box::new(move |random| {
            B::drawn_reaching(&target, random)
        }))
    }
}

/// The questions in a metric named by a type, without a budget.
impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Puzzle,
{
    /// Fewest moves from this board to `target` in the metric `M`, or
    /// `None` when `target` cannot be reached.
    ///
    /// ```
    /// # #[cfg(feature = "multi-tile")] {
    /// use puzzle_oracle::{Mtm, SevenBoard, Stm};
    /// let board: SevenBoard = "7 6 5 4 3 2 1 0".parse()?;
    /// assert_eq!(board.distance_in::<Stm>(&SevenBoard::goal()), Some(28));
    /// assert_eq!(board.distance_in::<Mtm>(&SevenBoard::goal()), Some(14));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn distance_in<M: MetricOracle<Self>>(&self, target: &Self) -> Option<u8> {
        M::distance_within(self, target, &mut Budget::unlimited()).unlimited()
    }

    /// An optimal move sequence from this board to `target` in the metric
    /// `M`, or `None` when `target` cannot be reached.
    ///
    /// ```
    /// # #[cfg(feature = "multi-tile")] {
    /// use puzzle_oracle::{Mtm, SevenBoard};
    /// let board: SevenBoard = "1 2 3 0 4 5 6 7".parse()?;
    /// let slides: Vec<String> = board
    ///     .solution_in::<Mtm>(&SevenBoard::goal())
    ///     .unwrap()
    ///     .map(|slide| slide.to_string())
    ///     .collect();
    /// assert_eq!(slides, ["L3"]);
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn solution_in<M: MetricOracle<Self>>(&self, target: &Self) -> Option<M::Solution> {
        M::solution_within(self, target, &mut Budget::unlimited()).unlimited()
    }
}

/// The multi-tile metric on a board with multi-tile tables: every answer
/// a rank and a table read, or a walk down the table a slide a step.
#[cfg(feature = "multi-tile")]
impl<const N: usize, const COLS: usize> MetricOracle<Board<N, COLS>> for Mtm
where
    Board<N, COLS>: MultiTileTabled,
{
    type Solution = SlideSolution<N>;
    const ENGINE: Engine = Engine::Tables;

    #[inline]
    fn distance_within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        _: &mut Budget<'_>,
    ) -> Outcome<u8> {
        Outcome::of(start.multi_tile_distance_to(target))
    }

    #[inline]
    fn solution_within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        _: &mut Budget<'_>,
    ) -> Outcome<SlideSolution<N>> {
        Outcome::of(start.multi_tile_walk_to(target).map(SlideSolution::of_walk))
    }

    fn optimal_moves_within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        _: &mut Budget<'_>,
    ) -> Outcome<Slides> {
        Outcome::of(start.multi_tile_optimal_moves_to(target))
    }

    #[cfg(feature = "alloc")]
    fn count_optimal_solutions_within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        _: &mut Budget<'_>,
    ) -> Outcome<u64> {
        Outcome::of(start.multi_tile_count_optimal_solutions_to(target))
    }

    #[cfg(feature = "alloc")]
    fn for_each_optimal_solution_within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        _: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Outcome<u64> {
        Outcome::of(start.multi_tile_for_each_optimal_solution(target, visit))
    }

    #[inline]
    fn lower_bound(start: &Board<N, COLS>, target: &Board<N, COLS>) -> Option<u8> {
        start.multi_tile_distance_to(target)
    }

    fn within(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        moves: u8,
        _: &mut Budget<'_>,
    ) -> Outcome<()> {
        match start.multi_tile_distance_to(target) {
            Some(distance) if distance <= moves => Outcome::Found(()),
            _ => Outcome::Impossible,
        }
    }

    fn goal_table(target: &Board<N, COLS>) -> Option<&'static DistanceTable> {
        Some(Board::multi_tile_goal_table(target))
    }

    #[cfg(feature = "alloc")]
    fn drawer(
        target: &Board<N, COLS>,
        distance: Option<u8>,
    ) -> Result<Drawer<Board<N, COLS>>, SampleError> {
        sample::table_drawer_in(target, Board::multi_tile_goal_table(target), distance)
    }
}
