//! One face for every board: the questions the crate answers, asked the
//! same way whether a complete table or a search answers them.
//!
//! [`Oracle`] is the single-tile questions as the board's own methods:
//! one blanket impl over the answer trait,
//! [`MetricOracle`](crate::MetricOracle) in [`Stm`], which `build.rs`
//! implements for every board from its spec (its tables, or the search
//! over its pattern databases). Each question is asked once, under a
//! [`Budget`] (a node limit, a stop flag, a check every few thousand
//! nodes), and answers with an [`Outcome`] that says what happened. The
//! `Board` methods without a budget sit on top of it, in one generic
//! block.

use core::fmt;
use core::iter::FusedIterator;
#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

use super::budget::{Budget, Engine, Outcome};
use super::in_metric::MetricOracle;
use crate::sliding::board::{Board, Direction, Moves, Puzzle};
use crate::sliding::metric::Stm;

/// The questions every board answers a tile a move, tabled or searched,
/// as the board's own methods: asked under a [`Budget`], answered with an
/// [`Outcome`]. Each is [`MetricOracle`] in [`Stm`], the one answer trait
/// the engines implement; this trait's one blanket impl gives every board
/// that answers there its methods, so no engine implements it. The
/// `Board` methods without a budget ([`Board::distance_to`],
/// [`Board::solution_to`], ...) are this trait asked without a limit.
///
/// Code generic over every board asks it through `B: Oracle`:
///
/// ```
/// use puzzle_oracle::{Budget, Engine, EightBoard, Oracle, Outcome};
///
/// fn hardest_first<B: Oracle>(boards: &[B], target: &B) -> Option<u8> {
///     boards
///         .iter()
///         .filter_map(|board| board.distance_within(target, &mut Budget::unlimited()).found())
///         .max()
/// }
/// let eight: Vec<EightBoard> = vec!["1 2 3 4 5 6 7 8 0".parse()?, "8 7 6 5 4 3 2 1 0".parse()?];
/// assert_eq!(hardest_first(&eight, &EightBoard::goal()), Some(28));
/// assert_eq!(EightBoard::ENGINE, Engine::Tables);
/// # #[cfg(feature = "fifteen")] {
/// use puzzle_oracle::FifteenBoard;
/// let fifteen: Vec<FifteenBoard> = vec!["1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?];
/// assert_eq!(hardest_first(&fifteen, &FifteenBoard::goal()), Some(1));
/// assert_eq!(FifteenBoard::ENGINE, Engine::Search);
/// # }
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
pub trait Oracle: Puzzle {
    /// An optimal move sequence: [`Solution`](crate::Solution) on every board.
    type Solution: ExactSizeIterator<Item = Direction> + FusedIterator + Clone + fmt::Debug + Send;

    /// The engine that answers this board.
    const ENGINE: Engine;

    /// Fewest moves from this board to `target`.
    fn distance_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<u8>;

    /// An optimal move sequence from this board to `target`.
    fn solution_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<Self::Solution>;

    /// Every optimal first move from this board towards `target`: the
    /// moves whose board is one move nearer (the empty set on `target`
    /// itself). On a searched board: the distance (remembered from the
    /// budget's last search of the same pair, else searched for), then a
    /// search from each other neighbour that gives up beyond one move
    /// fewer.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{Budget, Direction, FifteenBoard, Oracle};
    /// // Two ways to begin: the 4 slides down (the blank up) or the 1 right.
    /// let two: FifteenBoard = "5 4 2 3 1 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let hints = two.optimal_moves_within(&FifteenBoard::goal(), &mut Budget::unlimited());
    /// let hints: Vec<Direction> = hints.found().unwrap().into_iter().collect();
    /// assert_eq!(hints, [Direction::Up, Direction::Left]);
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    fn optimal_moves_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<Moves>;

    /// How many distinct optimal move sequences lead from this board to
    /// `target` (1 on `target` itself). On a tabled board, a walk down the
    /// distance layers; on a searched board, a search for the distance,
    /// then its last iteration run to the end counting every path.
    #[cfg(feature = "alloc")]
    fn count_optimal_solutions_within(
        &self,
        target: &Self,
        budget: &mut Budget<'_>,
    ) -> Outcome<u64>;

    /// Gives `visit` every optimal move sequence from this board to
    /// `target`, each once, until it returns [`ControlFlow::Break`];
    /// answers how many it was given. The sequences given before an early
    /// end stand.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use core::ops::ControlFlow;
    /// use puzzle_oracle::{Budget, Direction, FifteenBoard, Oracle, Outcome};
    ///
    /// // Tiles 1, 4 and 5 turned in the corner's 2x2 block: the blank
    /// // circles the block one way or the other.
    /// let board: FifteenBoard = "5 4 2 3 1 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let mut found = Vec::new();
    /// let given = board.for_each_optimal_solution_within(
    ///     &FifteenBoard::goal(),
    ///     &mut Budget::unlimited(),
    ///     &mut |moves: &[Direction]| {
    ///         found.push(moves.iter().map(|m| m.letter()).collect::<String>());
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert_eq!(given, Outcome::Found(2));
    /// found.sort();
    /// assert_eq!(found, ["LURDLU", "ULDRUL"]);
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[cfg(feature = "alloc")]
    fn for_each_optimal_solution_within(
        &self,
        target: &Self,
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Outcome<u64>;

    /// A lower bound on the moves to `target`, never above the distance,
    /// at once and without a budget: the exact distance on a tabled
    /// board, the pattern databases' bound on a searched one. `None` when
    /// `target` cannot be reached.
    ///
    /// ```
    /// use puzzle_oracle::{EightBoard, Oracle};
    /// let eight: EightBoard = "8 7 6 5 4 3 2 1 0".parse()?;
    /// assert_eq!(eight.lower_bound(&EightBoard::goal()), Some(28));
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let fifteen: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(fifteen.lower_bound(&FifteenBoard::goal()), Some(3));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    fn lower_bound(&self, target: &Self) -> Option<u8>;
}

/// Every board's single-tile answers, as its methods.
impl<B: Puzzle> Oracle for B
where
    Stm: MetricOracle<B>,
{
    type Solution = <Stm as MetricOracle<B>>::Solution;
    const ENGINE: Engine = <Stm as MetricOracle<B>>::ENGINE;

    #[inline(always)]
    fn distance_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<u8> {
        Stm::distance_within(self, target, budget)
    }

    #[inline(always)]
    fn solution_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<Self::Solution> {
        Stm::solution_within(self, target, budget)
    }

    #[inline(always)]
    fn optimal_moves_within(&self, target: &Self, budget: &mut Budget<'_>) -> Outcome<Moves> {
        Stm::optimal_moves_within(self, target, budget)
    }

    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn count_optimal_solutions_within(
        &self,
        target: &Self,
        budget: &mut Budget<'_>,
    ) -> Outcome<u64> {
        Stm::count_optimal_solutions_within(self, target, budget)
    }

    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn for_each_optimal_solution_within(
        &self,
        target: &Self,
        budget: &mut Budget<'_>,
        visit: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
    ) -> Outcome<u64> {
        Stm::for_each_optimal_solution_within(self, target, budget, visit)
    }

    #[inline(always)]
    fn lower_bound(&self, target: &Self) -> Option<u8> {
        Stm::lower_bound(self, target)
    }
}

/// The questions without a budget, on every board.
impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Oracle,
{
    /// Fewest moves from this board to the standard goal ([`Board::goal`]),
    /// or `None` when the goal cannot be reached.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    ///
    /// assert_eq!(SevenBoard::parse("7 6 5 4 3 2 1 0")?.distance_to_goal(), Some(28));
    /// assert_eq!(SevenBoard::parse("0 2 1 3 4 5 6 7")?.distance_to_goal(), None);
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let fifteen: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(fifteen.distance_to_goal(), Some(3));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn distance_to_goal(&self) -> Option<u8> {
        self.distance_to(&Self::goal())
    }

    /// Fewest moves from this board to `target`, or `None` when `target`
    /// cannot be reached (decided by parity, without search).
    ///
    /// ```
    /// use puzzle_oracle::EightBoard;
    ///
    /// let start = EightBoard::parse("1 2 3 0 8 4 7 6 5")?;
    /// let target = EightBoard::parse("1 0 3 8 2 4 7 6 5")?;
    /// assert_eq!(start.distance_to(&target), Some(2));
    /// let swapped = EightBoard::parse("2 1 3 0 8 4 7 6 5")?;
    /// assert_eq!(swapped.distance_to(&target), None);
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let target: FifteenBoard = "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0".parse()?;
    /// assert_eq!(FifteenBoard::goal().distance_to(&target), Some(6));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn distance_to(&self, target: &Self) -> Option<u8> {
        self.distance_within(target, &mut Budget::unlimited())
            .unlimited()
    }

    /// An optimal move sequence to the standard goal, or `None` when the
    /// goal cannot be reached: a [`Solution`](crate::Solution) on every board.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    ///
    /// let moves: String = SevenBoard::parse("1 2 0 3 4 5 6 7")?
    ///     .solution()
    ///     .unwrap()
    ///     .map(|dir| dir.letter())
    ///     .collect();
    /// assert_eq!(moves, "LL");
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn solution(&self) -> Option<<Self as Oracle>::Solution> {
        self.solution_to(&Self::goal())
    }

    /// An optimal move sequence from this board to `target` (a
    /// [`Solution`](crate::Solution) on every board), or `None` when `target` cannot be
    /// reached. The iterator allocates nothing;
    /// its length is the distance. On a searched board the search runs
    /// from whichever end the databases bound higher, and a path found
    /// from `target` is turned round, so the moves always lead from this
    /// board (the [`design`](crate::design) notes say why).
    ///
    /// ```
    /// use puzzle_oracle::{Direction, EightBoard};
    ///
    /// let start = EightBoard::parse("1 2 3 0 8 4 7 6 5")?;
    /// let target = EightBoard::parse("1 0 3 8 2 4 7 6 5")?;
    /// let moves: Vec<Direction> = start.solution_to(&target).unwrap().collect();
    /// assert_eq!(moves, [Direction::Right, Direction::Up]);
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let start: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let moves: String = start.solution().unwrap().map(Direction::letter).collect();
    /// assert_eq!(moves, "LLL");
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn solution_to(&self, target: &Self) -> Option<<Self as Oracle>::Solution> {
        self.solution_within(target, &mut Budget::unlimited())
            .unlimited()
    }

    /// Every optimal first move towards the standard goal: the moves whose
    /// board is one move nearer. `None` when the goal cannot be reached;
    /// the empty set on the goal itself.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// let hints = SevenBoard::parse("7 6 5 4 3 2 1 0")?.optimal_moves().unwrap();
    /// assert_eq!(hints.to_string(), "UL");
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn optimal_moves(&self) -> Option<Moves> {
        self.optimal_moves_to(&Self::goal())
    }

    /// Every optimal first move towards `target`, or `None` when it cannot
    /// be reached. On a tabled board a few table reads; on a searched
    /// board up to five searches (see [`Oracle::optimal_moves_within`]).
    ///
    /// ```
    /// use puzzle_oracle::{Direction, EightBoard};
    /// let start = EightBoard::parse("1 2 3 0 8 4 7 6 5")?;
    /// let target = EightBoard::parse("1 0 3 8 2 4 7 6 5")?;
    /// let hints = start.optimal_moves_to(&target).unwrap();
    /// assert_eq!(hints.into_iter().collect::<Vec<_>>(), [Direction::Right]);
    /// assert!(target.optimal_moves_to(&target).unwrap().is_empty());
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let fifteen: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(fifteen.optimal_moves().unwrap().to_string(), "L");
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn optimal_moves_to(&self, target: &Self) -> Option<Moves> {
        self.optimal_moves_within(target, &mut Budget::unlimited())
            .unlimited()
    }

    /// The number of distinct shortest move sequences to the standard
    /// goal, or `None` when it cannot be reached.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().count_optimal_solutions(), Some(1));
    /// let reversed = SevenBoard::parse("7 6 5 4 3 2 1 0")?;
    /// assert_eq!(reversed.count_optimal_solutions(), Some(2));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn count_optimal_solutions(&self) -> Option<u64> {
        self.count_optimal_solutions_to(&Self::goal())
    }

    /// The number of distinct shortest move sequences to `target`, or
    /// `None` when it cannot be reached: 1 for the target itself. On a
    /// tabled board it walks down the distance layers, each board of a
    /// layer carrying how many shortest paths reach it, so the work grows
    /// with the boards on shortest paths, not with the paths; on a
    /// searched board, a few times the cost of [`Board::solution_to`].
    ///
    /// ```
    /// use puzzle_oracle::EightBoard;
    /// let start = EightBoard::parse("1 2 3 0 8 4 7 6 5")?;
    /// let target = EightBoard::parse("1 0 3 8 2 4 7 6 5")?;
    /// assert_eq!(start.count_optimal_solutions_to(&target), Some(1));
    /// // Two moves, and only one order of them: the 5 left, then the 4 up.
    /// # #[cfg(feature = "fifteen")] {
    /// # use puzzle_oracle::FifteenBoard;
    /// let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(board.count_optimal_solutions(), Some(1));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn count_optimal_solutions_to(&self, target: &Self) -> Option<u64> {
        self.count_optimal_solutions_within(target, &mut Budget::unlimited())
            .unlimited()
    }
}
