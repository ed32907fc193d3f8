//! Boards chosen at run time: every board this build answers behind one
//! object-safe trait over `&[u8]` cells, found by shape or name. The
//! command's lesser commands, the web page and the Python package answer
//! through it; code that answers millions of cases of one board asks
//! the board type itself through [`catalog::visit`](super::catalog::visit).

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::ControlFlow;

use super::budget::{Budget, Engine, Outcome};
use super::catalog::{self, Visitor};
use super::depths::{DepthCounts, NoDepthCounts};
use super::in_metric::MetricOracle;
use super::oracle::Oracle;
use crate::sliding::board::{Board, BoardError, Direction, Geometry, Puzzle};
use crate::sliding::board::{Slide, Slides};
use crate::sliding::metric::{Metric, MetricKind, Mtm, Stm};
use crate::sliding::tables::SampleError;

/// A board of a shape chosen at run time, answering every question of
/// [`Oracle`] on boards given as their cells (`cells[i]` the tile on cell
/// `i`, 0 the blank, row-major). Found by [`find_board`]; each call checks
/// its boards as [`Board::new`] does. It answers in one metric, the
/// single-tile metric as found; [`AnyBoard::in_metric`] gives the same
/// board answering in another.
///
/// ```
/// use puzzle_oracle::{Budget, Outcome, find_board};
///
/// let eight = find_board("eight")?;
/// assert_eq!(eight.name(), "3x3");
/// let start = eight.parse("1 2 3 0 8 4 7 6 5")?;
/// let target = eight.parse("1 0 3 8 2 4 7 6 5")?;
/// let solution = eight.solution(&start, &target, &mut Budget::unlimited())?;
/// let letters: String = solution.found().unwrap().iter().map(|m| m.letter()).collect();
/// assert_eq!(letters, "RU");
/// // A board of the wrong size is an error, not a panic.
/// assert!(eight.distance(&[0, 1, 2], &target, &mut Budget::unlimited()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait AnyBoard: Sync + Send {
    /// The board's shape, `RxC` (rows x columns).
    fn name(&self) -> &'static str;

    /// The board's shape.
    fn geometry(&self) -> Geometry;

    /// The engine that answers it.
    fn engine(&self) -> Engine;

    /// The metric its answers count moves in.
    fn metric(&self) -> MetricKind;

    /// The same board answering in `metric`, or `None` when this build
    /// does not answer it in that metric (the multi-tile metric answers
    /// the boards up to 10 cells, with the feature `multi-tile`, and those
    /// of 12 to 16 cells with `cache` too).
    ///
    /// ```
    /// # #[cfg(feature = "multi-tile")] {
    /// use puzzle_oracle::{Budget, MetricKind, find_board};
    ///
    /// let eight = find_board("eight")?;
    /// let slides = eight.in_metric(MetricKind::Mtm).unwrap();
    /// let start = eight.parse("1 2 0 3 4 5 6 7 8")?;
    /// let one = slides.distance(&start, &eight.goal(), &mut Budget::unlimited())?;
    /// assert_eq!(one.found(), Some(1));
    /// // One slide of two tiles, given as its two single-tile steps.
    /// let steps = slides.solution(&start, &eight.goal(), &mut Budget::unlimited())?;
    /// assert_eq!(steps.found().unwrap().len(), 2);
    /// // 3x6 answers in single tiles only.
    /// # #[cfg(feature = "cache")]
    /// assert!(find_board("3x6")?.in_metric(MetricKind::Mtm).is_none());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn in_metric(&self, metric: MetricKind) -> Option<&'static dyn AnyBoard>;

    /// The standard goal, `0 1 2 ...`.
    fn goal(&self) -> Vec<u8>;

    /// The goal with the blank last, `1 2 ... 0`.
    fn goal_last(&self) -> Vec<u8>;

    /// A board written as numbers (rows may be separated by `/` or
    /// newlines), as [`Board::parse`] reads it.
    ///
    /// # Errors
    ///
    /// Why the text is not a board of this shape.
    fn parse(&self, text: &str) -> Result<Vec<u8>, BoardError>;

    /// Whether `target` can be reached from `start` (decided by parity).
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn can_reach(&self, start: &[u8], target: &[u8]) -> Result<bool, BoardError>;

    /// The cells after the blank moves `dir`, or `None` when that leaves
    /// the board.
    ///
    /// # Errors
    ///
    /// Why `cells` is not a board of this shape.
    fn moved(&self, cells: &[u8], dir: Direction) -> Result<Option<Vec<u8>>, BoardError>;

    /// Fewest moves from `start` to `target`: [`Oracle::distance_within`].
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn distance(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<u8>, BoardError>;

    /// An optimal move sequence: [`Oracle::solution_within`], as
    /// single-tile steps (in the multi-tile metric each run of one
    /// direction is one slide, and the distance is the number of runs).
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn solution(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<Vec<Direction>>, BoardError>;

    /// Every optimal first move: [`Oracle::optimal_moves_within`], each a
    /// [`Slide`] (of one tile in the single-tile metric).
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn optimal_moves(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<Slides>, BoardError>;

    /// The number of optimal move sequences:
    /// [`Oracle::count_optimal_solutions_within`].
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn count_optimal_solutions(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<u64>, BoardError>;

    /// Each optimal move sequence in turn:
    /// [`Oracle::for_each_optimal_solution_within`].
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn for_each_optimal_solution(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Result<Outcome<u64>, BoardError>;

    /// A lower bound on the distance, at once: [`Oracle::lower_bound`].
    ///
    /// # Errors
    ///
    /// Why `start` or `target` is not a board of this shape.
    fn lower_bound(&self, start: &[u8], target: &[u8]) -> Result<Option<u8>, BoardError>;

    /// Where the number of boards at each distance from `target` comes
    /// from in this board's metric ([`DepthCounts::of`]): its table, the
    /// published counts, or a breadth-first search over every board;
    /// [`NoDepthCounts`] on a searched board too large to count.
    ///
    /// ```
    /// let three_by_two = puzzle_oracle::find_board("3x2")?;
    /// let counts = three_by_two.depth_counts(&three_by_two.goal())?.unwrap().count(1);
    /// assert_eq!(counts.len(), 22);
    /// assert_eq!(counts.iter().sum::<u64>(), 360);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Why `target` is not a board of this shape.
    fn depth_counts(&self, target: &[u8])
    -> Result<Result<DepthCounts, NoDepthCounts>, BoardError>;

    /// Draws boards uniformly: every board that reaches `target`, or with
    /// `distance` every board exactly that many moves from it (boards
    /// with complete tables only). Each draw takes its randomness from the
    /// closure it is given, which returns uniform 64-bit words.
    ///
    /// ```
    /// use puzzle_oracle::{Budget, SplitMix64, find_board};
    ///
    /// let seven = find_board("seven")?;
    /// let mut draw = seven.drawer(&seven.goal(), Some(20))?;
    /// let mut random = SplitMix64::new(1);
    /// let board = draw(&mut || random.next_u64());
    /// let distance = seven.distance(&board, &seven.goal(), &mut Budget::unlimited())?;
    /// assert_eq!(distance.found(), Some(20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DrawError::Board`] when `target` is not a board of this shape;
    /// [`DrawError::Sample`] when no board is `distance` moves away, or
    /// the board has no complete table to draw at a distance from.
    fn drawer(&self, target: &[u8], distance: Option<u8>) -> Result<CellsDrawer, DrawError>;
}

/// Draws one board's cells a call, from the random words of the closure
/// it is given: see [`AnyBoard::drawer`].
pub type CellsDrawer = Box<dyn FnMut(&mut dyn FnMut() -> u64) -> Vec<u8>>;

/// Why [`AnyBoard::drawer`] cannot draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawError {
    /// The target is not a board of this shape.
    Board(BoardError),
    /// No board can be drawn at that distance.
    Sample(SampleError),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Board(error) => error.fmt(f),
            DrawError::Sample(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for DrawError {}

/// A name that is no board of this build: [`find_board`]'s error, which
/// lists the boards there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBoard {
    name: alloc::string::String,
}

impl fmt::Display for UnknownBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let left_out = catalog::LEFT_OUT
            .iter()
            .find(|(shape, _)| shape.eq_ignore_ascii_case(&self.name));
        if let Some((shape, feature)) = left_out {
            return write!(
                f,
                "`{shape}` is not a board of this build: it needs the feature `{feature}`"
            );
        }
        write!(
            f,
            "`{}` is not a board of this build: it answers ",
            self.name
        )?;
        for (i, spec) in catalog::ALL.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            write!(f, "{separator}{}", spec.name)?;
            for alias in spec.aliases {
                write!(f, " ({alias})")?;
            }
        }
        Ok(())
    }
}

impl core::error::Error for UnknownBoard {}

/// The board named `name`: a shape (`3x3`, `4X4`) or a puzzle's name
/// (`seven`, `eight`, `fifteen`), any case.
///
/// ```
/// use puzzle_oracle::{Engine, find_board};
///
/// assert_eq!(find_board("Eight")?.geometry().cells(), 9);
/// assert_eq!(find_board("2x3")?.engine(), Engine::Tables);
/// let unknown = find_board("9x9").err().unwrap().to_string();
/// assert!(unknown.starts_with("`9x9` is not a board of this build: it answers 2x2, 2x3, 3x2"));
/// # Ok::<(), puzzle_oracle::UnknownBoard>(())
/// ```
///
/// # Errors
///
/// [`UnknownBoard`], listing the boards this build answers.
pub fn find_board(name: &str) -> Result<&'static dyn AnyBoard, UnknownBoard> {
    catalog::lookup(name)
        .and_then(|spec| catalog::visit(spec.geometry, Find::<Stm>::NEW))
        .ok_or_else(|| UnknownBoard { name: name.into() })
}

/// Every board this build answers, smallest first, a wide board before
/// its transpose.
///
/// ```
/// let names: Vec<&str> = puzzle_oracle::boards().map(|board| board.name()).take(3).collect();
/// assert_eq!(names, ["2x2", "2x3", "3x2"]);
/// ```
pub fn boards() -> impl Iterator<Item = &'static dyn AnyBoard> {
    catalog::ALL
        .iter()
        .filter_map(|spec| catalog::visit(spec.geometry, Find::<Stm>::NEW))
}

/// The board type of a shape in the metric `M`, as a
/// `&'static dyn AnyBoard`.
struct Find<M>(PhantomData<M>);

impl<M: Metric> Find<M> {
    const NEW: Self = Find(PhantomData);
}

impl<M: Metric> Visitor<M> for Find<M> {
    type Output = &'static dyn AnyBoard;

    fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        &Of::<N, COLS, M>(PhantomData)
    }
}

/// The board `Board<N, COLS>` behind [`AnyBoard`], answering in the
/// metric `M`.
struct Of<const N: usize, const COLS: usize, M>(PhantomData<M>);

impl<const N: usize, const COLS: usize, M> Of<N, COLS, M>
where
    Board<N, COLS>: Oracle,
{
    /// The board of `cells`, checked as the crate checks any board.
    fn board(cells: &[u8]) -> Result<Board<N, COLS>, BoardError> {
        let cells: [u8; N] = cells.try_into().map_err(|_| BoardError::WrongCount {
            expected: N,
            found: cells.len(),
        })?;
        Board::new(cells)
    }

    /// Both boards of a question.
    fn pair(start: &[u8], target: &[u8]) -> Result<(Board<N, COLS>, Board<N, COLS>), BoardError> {
        Ok((Self::board(start)?, Self::board(target)?))
    }
}

impl<const N: usize, const COLS: usize, M> AnyBoard for Of<N, COLS, M>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    fn name(&self) -> &'static str {
        Board::<N, COLS>::NAME
    }

    fn geometry(&self) -> Geometry {
        Board::<N, COLS>::GEOMETRY
    }

    fn engine(&self) -> Engine {
        M::ENGINE
    }

    fn metric(&self) -> MetricKind {
        M::KIND
    }

    fn in_metric(&self, metric: MetricKind) -> Option<&'static dyn AnyBoard> {
        let geometry = Board::<N, COLS>::GEOMETRY;
        match metric {
            MetricKind::Stm => catalog::visit(geometry, Find::<Stm>::NEW),
            MetricKind::Mtm => catalog::visit_in(geometry, Find::<Mtm>::NEW),
        }
    }

    fn goal(&self) -> Vec<u8> {
        Board::<N, COLS>::goal().cells().to_vec()
    }

    fn goal_last(&self) -> Vec<u8> {
        Board::<N, COLS>::goal_last().cells().to_vec()
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, BoardError> {
        Ok(Board::<N, COLS>::parse(text)?.cells().to_vec())
    }

    fn can_reach(&self, start: &[u8], target: &[u8]) -> Result<bool, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(start.can_reach(&target))
    }

    fn moved(&self, cells: &[u8], dir: Direction) -> Result<Option<Vec<u8>>, BoardError> {
        let board = Self::board(cells)?;
        Ok(board.moved(dir).map(|moved| moved.cells().to_vec()))
    }

    fn distance(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<u8>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(M::distance_within(&start, &target, budget))
    }

    fn solution(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<Vec<Direction>>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(M::solution_within(&start, &target, budget).map(|moves| M::steps(moves).collect()))
    }

    fn optimal_moves(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<Slides>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        let moves = M::optimal_moves_within(&start, &target, budget);
        Ok(moves.map(|moves| moves.into_iter().map(Into::<Slide>::into).collect()))
    }

    fn count_optimal_solutions(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
    ) -> Result<Outcome<u64>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(M::count_optimal_solutions_within(&start, &target, budget))
    }

    fn for_each_optimal_solution(
        &self,
        start: &[u8],
        target: &[u8],
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Result<Outcome<u64>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(M::for_each_optimal_solution_within(
            &start, &target, budget, visit,
        ))
    }

    fn lower_bound(&self, start: &[u8], target: &[u8]) -> Result<Option<u8>, BoardError> {
        let (start, target) = Self::pair(start, target)?;
        Ok(M::lower_bound(&start, &target))
    }

    fn depth_counts(
        &self,
        target: &[u8],
    ) -> Result<Result<DepthCounts, NoDepthCounts>, BoardError> {
        let target = Self::board(target)?;
        Ok(DepthCounts::of::<M, N, COLS>(&target))
    }

    fn drawer(&self, target: &[u8], distance: Option<u8>) -> Result<CellsDrawer, DrawError> {
        let target = Self::board(target).map_err(DrawError::Board)?;
        let mut draw = M::drawer(&target, distance).map_err(DrawError::Sample)?;
        Ok(Box::new(move |random| draw(random).cells().to_vec()))
    }
}
