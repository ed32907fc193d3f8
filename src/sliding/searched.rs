//! The boards answered by search (12 to 16 cells: 3x4, 2x6, 2x7, 3x5, 2x8,
//! 4x4 and their transposes): exact fewest-move answers from an IDA*
//! search guided by the zero-aware pattern databases that `build.rs`
//! generates for each from its spec.
//!
//! Any target can be asked for. A symmetry of the board and a renaming of
//! tiles carry the target to the canonical goal of its class (the classes
//! are the orbits of the blank's cell, as for the tabled boards), whose
//! databases guide the search. The search needs neither `std` nor
//! `alloc`.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles and move counts are small by construction (at most 16 cells, 140 moves); these casts cannot truncate"
)]

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicBool, Ordering};

use super::board::Board;
use super::databases::{ClassDatabases, PatternDatabase};
use super::geometry::Direction;
use super::hints::Moves;
use super::ida::{MAX_PATH, Search};
use super::pattern::{MAX_CELLS, NO_CELL};
use super::puzzle::Puzzle;
use super::puzzle::frames::Frames as _;
use super::solve::Solution;
use super::views::Views;
use searching::Classes as _;

/// A board answered by an exact search over embedded pattern databases:
/// 4x4 (feature `fifteen`), with the feature `searched-boards` 3x4, 4x3,
/// 2x6, 6x2, 2x7, 7x2, 3x5 and 5x3, and with `searched-2x8` 2x8 and 8x2.
///
/// Each has the methods the tabled boards have for one answer:
/// `distance_to_goal`, `distance_to`, `solution`, `solution_to`, and
/// `lower_bound` besides; a [`Solver`] also counts and lists the optimal
/// solutions and tells the nodes a search took. The first four are
/// methods of each board type, so code generic over `B: Searched` calls
/// them through a [`Solver`].
///
/// ```
/// use puzzle_oracle::{Board, Direction, FifteenBoard, Searched};
///
/// fn bound<B: Searched>() -> u8 { B::MAX_MOVES }
/// assert_eq!(bound::<FifteenBoard>(), 80);
///
/// let start: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
/// assert_eq!(start.distance_to_goal(), Some(3));
/// let moves: String = start.solution().unwrap().map(Direction::letter).collect();
/// assert_eq!(moves, "LLL");
/// let target: FifteenBoard = "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0".parse()?;
/// assert_eq!(FifteenBoard::goal().distance_to(&target), Some(6));
/// // The blank on the other side of the parity: no search.
/// let swapped: FifteenBoard = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
/// assert_eq!(swapped.solution_to(&FifteenBoard::goal()).map(|s| s.len()), None);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
pub trait Searched: Puzzle + searching::Classes {
    /// The most moves any state of the board needs to reach any target
    /// (published; OEIS A151944 for the rectangles, Brüngger et al. 1999
    /// for 4x4).
    const MAX_MOVES: u8;

    /// The board's pattern databases, in its wide orientation: for each
    /// goal class in turn (in the order of their canonical blank cells),
    /// its groups that count some tile. Classes may share a database.
    ///
    /// ```
    /// # #[cfg(feature = "searched-boards")] {
    /// use puzzle_oracle::{Board, Searched};
    ///
    /// let three_by_four: Vec<_> = <Board<12, 4>>::pattern_databases().collect();
    /// // Four classes; one group of six tiles shared, one of five each.
    /// assert_eq!(three_by_four.len(), 8);
    /// assert_eq!(three_by_four[0].tiles().len(), 6);
    /// assert!(std::ptr::eq(three_by_four[0].bytes(), three_by_four[2].bytes()));
    /// // 4x3 reads the same databases, turned on their side.
    /// let four_by_three = <Board<12, 3>>::pattern_databases().next().unwrap();
    /// assert_eq!(four_by_three.geometry().cols(), 4);
    /// # }
    /// ```
    fn pattern_databases() -> impl Iterator<Item = PatternDatabase> {
        PatternDatabase::of(Self::classes())
    }
}

/// The databases of a searched board: what the search needs, and no user
/// can name (the trait lives in a private module).
pub(crate) mod searching {
    use super::ClassDatabases;

    pub trait Classes {
        /// The board's classes, in the wide orientation, in the order of
        /// their canonical blank cells.
        fn classes() -> &'static [ClassDatabases];
    }
}

/// A start carried into the canonical frame of its target's class.
struct Framed {
    /// `board[cell]`: the tile on `cell`, named as in the class's goal;
    /// [`NO_CELL`] past the board.
    board: [u8; MAX_CELLS],
    /// The class's databases, as the search and the bound read them.
    views: Views<'static>,
    /// Maps canonical cells back to the caller's cells.
    from_canonical: &'static [u8],
}

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Searched,
{
    /// A lower bound on the moves to `target` (never above the distance),
    /// from the pattern databases; `None` when `target` cannot be reached.
    /// For people who write their own searches.
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    /// let board: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(board.lower_bound(&FifteenBoard::goal()), Some(3));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn lower_bound(&self, target: &Self) -> Option<u8> {
        if !self.can_reach(target) {
            return None;
        }
        let framed = self.framed_for_search(target);
        Some(framed.views.lower_bound(&framed.board))
    }

    /// Carries this board into the canonical frame of `target`'s class: a
    /// symmetry puts the target's blank on the class's blank cell, and
    /// tiles are renamed so that the target becomes the class's goal.
    fn framed_for_search(&self, target: &Self) -> Framed {
        let target_blank = target.blank();
        let mut rename = [0u8; N];
        for (cell, &name) in Self::goal_name(target_blank).iter().enumerate() {
            rename[usize::from(target.tile(cell))] = name;
        }
        let to_canonical = Self::to_canonical(target_blank);
        let mut board = [NO_CELL; MAX_CELLS];
        for (cell, &image) in to_canonical.iter().enumerate() {
            board[usize::from(image)] = rename[usize::from(self.tile(cell))];
        }
        Framed {
            board,
            views: Views::of(Self::classes(), &Self::classes()[Self::class(target_blank)]),
            from_canonical: Self::from_canonical(target_blank),
        }
    }
}

/// Solves searched boards one after another, and tells what the last
/// search cost. A solver remembers only its last answer's distance and
/// first move, so that [`Solver::optimal_moves`] on the board it has just
/// solved does not search for the distance again; it is cheap, and the
/// type to hold when the node counts matter.
///
/// ```
/// use puzzle_oracle::{FifteenBoard, Solver};
///
/// let mut solver = Solver::new();
/// let board: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
/// assert_eq!(solver.solve(&board, &FifteenBoard::goal()).unwrap().len(), 3);
/// assert!(solver.nodes() >= 4);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    nodes: u64,
    last: Option<LastAnswer>,
}

/// The last answer a [`Solver`] found: its pair of boards (the shape and
/// both boards' cells) and what [`Solver::optimal_moves`] needs of it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LastAnswer {
    pair: Pair,
    distance: u8,
    /// `None` when the start was the target.
    first: Option<Direction>,
}

/// A start and a target, with their board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pair {
    cols: usize,
    cells: usize,
    start: [u8; MAX_CELLS],
    target: [u8; MAX_CELLS],
}

impl Pair {
    fn of<const N: usize, const COLS: usize>(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
    ) -> Pair
    where
        Board<N, COLS>: Puzzle,
    {
        let mut pair = Pair {
            cols: COLS,
            cells: N,
            start: [NO_CELL; MAX_CELLS],
            target: [NO_CELL; MAX_CELLS],
        };
        pair.start[..N].copy_from_slice(&start.cells());
        pair.target[..N].copy_from_slice(&target.cells());
        pair
    }
}

impl Solver {
    /// A solver.
    #[must_use]
    pub fn new() -> Self {
        Solver::default()
    }

    /// An optimal move sequence from `start` to `target`, or `None` when
    /// `target` cannot be reached (decided by parity, without search).
    /// The search runs from whichever end the databases bound higher, and
    /// a path found from `target` is turned round, so the moves always lead
    /// from `start` (the [`design`](crate::design) notes say why).
    ///
    /// # Panics
    ///
    /// Never for boards this crate accepts: the checks inside guard
    /// invariants (every search move is to an adjacent cell; no board is
    /// more moves from its goal than its published most), so a panic
    /// would be a bug.
    pub fn solve<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
    ) -> Option<Solution<N>>
    where
        Board<N, COLS>: Searched,
    {
        match self.search(start, target, None) {
            Ok(solution) => solution,
            Err(Stopped) => unreachable!("a search without a limit runs to the end"),
        }
    }

    /// [`Solver::solve`], giving up with [`Stopped`] soon after `stop` is
    /// set (the search looks at it every few thousand nodes): for a caller
    /// that may lose interest while a hard board is searched, such as a
    /// command whose output was closed.
    ///
    /// ```
    /// use core::sync::atomic::{AtomicBool, Ordering};
    /// use puzzle_oracle::{FifteenBoard, Solver, Stopped};
    ///
    /// // 80 moves from the goal with the blank last: a long search.
    /// let board: FifteenBoard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse()?;
    /// let mut solver = Solver::new();
    /// // Set before the search starts: it stops at its first look.
    /// let stop = AtomicBool::new(true);
    /// let stopped = solver.solve_until(&board, &FifteenBoard::goal_last(), &stop);
    /// assert_eq!(stopped.map(|_| ()), Err(Stopped));
    /// // Not set: the answer, as `solve` gives it.
    /// let easy: FifteenBoard = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let stop = AtomicBool::new(false);
    /// let solution = solver.solve_until(&easy, &FifteenBoard::goal(), &stop);
    /// assert_eq!(solution.unwrap().unwrap().len(), 1);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `stop` was set before the search ended.
    pub fn solve_until<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        stop: &AtomicBool,
    ) -> Result<Option<Solution<N>>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        self.solve_while(start, target, |_| !stop.load(Ordering::Relaxed))
    }

    /// [`Solver::solve`] on a budget: every few thousand nodes (8,192) the
    /// search asks `keep_going`, given the nodes expanded so far, whether
    /// to go on, and gives up with [`Stopped`] when it says no. A node
    /// limit, a deadline (with a clock the caller has) or a flag set from
    /// another thread are each one closure.
    ///
    /// ```
    /// use puzzle_oracle::{FifteenBoard, Solver, Stopped};
    ///
    /// // 80 moves from the goal with the blank last: millions of nodes.
    /// let board: FifteenBoard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse()?;
    /// let mut solver = Solver::new();
    /// let limited = solver.solve_while(&board, &FifteenBoard::goal_last(), |nodes| nodes < 100_000);
    /// assert_eq!(limited.map(|_| ()), Err(Stopped));
    /// // The limit is looked at every 8,192 nodes.
    /// assert!(solver.nodes() >= 100_000 && solver.nodes() < 100_000 + 8_192);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `keep_going` returned `false` before the search
    /// ended.
    pub fn solve_while<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut keep_going: impl FnMut(u64) -> bool,
    ) -> Result<Option<Solution<N>>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        self.search(start, target, Some(&mut keep_going))
    }

    fn search<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        keep_going: Option<&mut dyn FnMut(u64) -> bool>,
    ) -> Result<Option<Solution<N>>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        self.nodes = 0;
        self.last = None;
        if !start.can_reach(target) {
            return Ok(None);
        }
        // The distance is the same both ways, and a path one way, run
        // backwards, is a path the other way: search from whichever end
        // the databases bound higher, since IDA* pays for each move the
        // bound falls short. On a tie, towards a corner blank when only
        // one end has it (the corner class's databases are the strongest),
        // else forward.
        let forward = start.framed_for_search(target);
        let backward = target.framed_for_search(start);
        let (ahead, behind) = (
            forward.views.lower_bound(&forward.board),
            backward.views.lower_bound(&backward.board),
        );
        let corner = |board: &Board<N, COLS>| Board::<N, COLS>::class(board.blank()) == 0;
        let reversed = behind > ahead || (behind == ahead && corner(start) && !corner(target));
        let framed = if reversed { backward } else { forward };
        let mut search = Search::new(&framed.views, framed.board);
        if let Some(keep_going) = keep_going {
            search.keep_going_while(keep_going);
        }
        let found = search.run();
        self.nodes = search.nodes();
        let found = found.ok_or(Stopped)?;
        let path = &found.path[..usize::from(found.len)];
        let solution = if reversed {
            caller_solution_backwards(start, target, framed.from_canonical, path)
        } else {
            caller_solution(start, framed.from_canonical, path)
        };
        self.last = Some(LastAnswer {
            pair: Pair::of(start, target),
            distance: found.len,
            first: solution.clone().next(),
        });
        Ok(Some(solution))
    }

    /// How many distinct optimal move sequences lead from `start` to
    /// `target`, or `None` when `target` cannot be reached. A search for
    /// the distance, then its last iteration run to the end counting every
    /// path: a few times the cost of [`Solver::solve`].
    ///
    /// ```
    /// use puzzle_oracle::{FifteenBoard, Solver};
    ///
    /// // Two moves, and only one order of them: the 5 left, then the 4 up.
    /// let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.count_optimal_solutions(&board, &FifteenBoard::goal()), Some(1));
    /// let swapped: FifteenBoard = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(solver.count_optimal_solutions(&swapped, &FifteenBoard::goal()), None);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn count_optimal_solutions<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
    ) -> Option<u64>
    where
        Board<N, COLS>: Searched,
    {
        let mut count = 0;
        let counted = self.walk_optimal(start, target, None, &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        match counted {
            Ok(reached) => reached.map(|()| count),
            Err(Stopped) => unreachable!("a walk without a limit runs to the end"),
        }
    }

    /// [`Solver::count_optimal_solutions`] on a budget, as
    /// [`Solver::solve_while`]: `keep_going` is given the nodes of both
    /// searches together.
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `keep_going` returned `false` before the count
    /// ended.
    pub fn count_optimal_solutions_while<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut keep_going: impl FnMut(u64) -> bool,
    ) -> Result<Option<u64>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        let mut count = 0;
        let reached = self.walk_optimal(start, target, Some(&mut keep_going), &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        })?;
        Ok(reached.map(|()| count))
    }

    /// Gives `visit` every optimal move sequence from `start` to `target`,
    /// one at a time, each once, in the order the search meets them, until
    /// it returns [`ControlFlow::Break`]; returns how many it was given, or
    /// `None` when `target` cannot be reached. Each sequence costs a share
    /// of one run of the search's last iteration, as
    /// [`Solver::count_optimal_solutions`] does.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use puzzle_oracle::{FifteenBoard, Solver};
    ///
    /// // Tiles 1, 4 and 5 turned in the corner's 2x2 block: the blank
    /// // circles the block one way or the other, the board being its own
    /// // mirror image.
    /// let board: FifteenBoard = "5 4 2 3 1 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let mut found = Vec::new();
    /// let mut solver = Solver::new();
    /// let given = solver.for_each_optimal_solution(&board, &FifteenBoard::goal(), |moves| {
    ///     found.push(moves.map(|m| m.letter()).collect::<String>());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(given, Some(2));
    /// found.sort();
    /// assert_eq!(found, ["LURDLU", "ULDRUL"]);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn for_each_optimal_solution<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut visit: impl FnMut(Solution<N>) -> ControlFlow<()>,
    ) -> Option<u64>
    where
        Board<N, COLS>: Searched,
    {
        let mut given = 0;
        let walked = self.walk_optimal(start, target, None, &mut |solution| {
            given += 1;
            visit(solution)
        });
        match walked {
            Ok(reached) => reached.map(|()| given),
            Err(Stopped) => unreachable!("a walk without a limit runs to the end"),
        }
    }

    /// [`Solver::for_each_optimal_solution`] on a budget, as
    /// [`Solver::solve_while`]: `keep_going` is given the nodes of both
    /// searches together. The sequences given before it said no stand.
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `keep_going` returned `false` before the walk
    /// ended.
    pub fn for_each_optimal_solution_while<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut keep_going: impl FnMut(u64) -> bool,
        mut visit: impl FnMut(Solution<N>) -> ControlFlow<()>,
    ) -> Result<Option<u64>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        let mut given = 0;
        let reached = self.walk_optimal(start, target, Some(&mut keep_going), &mut |solution| {
            given += 1;
            visit(solution)
        })?;
        Ok(reached.map(|()| given))
    }

    /// A search for the distance, then the walk of its last iteration,
    /// giving `visit` each optimal sequence until it breaks; `None` when
    /// `target` cannot be reached.
    fn walk_optimal<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut keep_going: Option<&mut dyn FnMut(u64) -> bool>,
        visit: &mut dyn FnMut(Solution<N>) -> ControlFlow<()>,
    ) -> Result<Option<()>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        let searched = match keep_going.as_deref_mut() {
            Some(keep_going) => self.search(start, target, Some(&mut *keep_going)),
            None => self.search(start, target, None),
        };
        let Some(solution) = searched? else {
            return Ok(None);
        };
        let distance = solution.len() as u8;
        let before = self.nodes;
        let framed = start.framed_for_search(target);
        let mut search = Search::new(&framed.views, framed.board);
        let mut counted_on = keep_going.map(|keep_going| move |nodes| keep_going(before + nodes));
        if let Some(keep_going) = counted_on.as_mut() {
            search.keep_going_while(keep_going);
        }
        search.for_each_optimal(distance, &mut |path| {
            visit(caller_solution(start, framed.from_canonical, path)).is_break()
        });
        self.nodes += search.nodes();
        if search.stopped() {
            return Err(Stopped);
        }
        Ok(Some(()))
    }

    /// Every optimal first move from `start` towards `target`: the moves
    /// whose board is one move nearer; `None` when `target` cannot be
    /// reached, the empty set on `target` itself. A search for the
    /// distance, whose solution gives one such move (none when this
    /// solver's last answer was for the same pair), then for each other
    /// board one move away a search that gives up beyond one move fewer
    /// (each is one nearer or one farther): on Korf's 100 4x4 boards these
    /// take 1.3 times the time of [`Solver::solve`].
    ///
    /// ```
    /// use puzzle_oracle::{Direction, FifteenBoard, Solver};
    ///
    /// let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let hints = Solver::new().optimal_moves(&board, &FifteenBoard::goal()).unwrap();
    /// assert_eq!(hints.into_iter().collect::<Vec<_>>(), [Direction::Left]);
    /// // Two ways to begin: the 4 slides down (the blank up) or the 1 right.
    /// let two: FifteenBoard = "5 4 2 3 1 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let hints = Solver::new().optimal_moves(&two, &FifteenBoard::goal()).unwrap();
    /// assert_eq!(hints.into_iter().collect::<Vec<_>>(), [Direction::Up, Direction::Left]);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn optimal_moves<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
    ) -> Option<Moves>
    where
        Board<N, COLS>: Searched,
    {
        match self.optimal_moves_while(start, target, |_| true) {
            Ok(moves) => moves,
            Err(Stopped) => unreachable!("a search that is never asked to stop runs to the end"),
        }
    }

    /// [`Solver::optimal_moves`] on a budget, as [`Solver::solve_while`]:
    /// `keep_going` is given the nodes of all the searches together, and
    /// [`Solver::nodes`] tells them afterwards (no search for the distance
    /// when this solver's last answer was for the same pair).
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `keep_going` returned `false` before the searches
    /// ended.
    pub fn optimal_moves_while<const N: usize, const COLS: usize>(
        &mut self,
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
        mut keep_going: impl FnMut(u64) -> bool,
    ) -> Result<Option<Moves>, Stopped>
    where
        Board<N, COLS>: Searched,
    {
        if !start.can_reach(target) {
            self.nodes = 0;
            return Ok(None);
        }
        // The distance and one good move: remembered when this solver has
        // just solved the pair, else searched for.
        let pair = Pair::of(start, target);
        let mut spent = 0;
        let known = match self.last.take().filter(|last| last.pair == pair) {
            Some(last) => last,
            None => {
                let searched = self.search(start, target, Some(&mut keep_going));
                spent = self.nodes;
                searched?;
                self.last
                    .take()
                    .expect("a search that ends remembers its answer")
            }
        };
        let (distance, first) = (known.distance, known.first);
        self.last = Some(known);
        let Some(first) = first else {
            self.nodes = spent;
            return Ok(Some(Moves::NONE));
        };
        let nearer = distance - 1;
        let mut moves = Moves::NONE.with(first);
        for dir in Direction::ALL {
            let Some(next) = start.moved(dir).filter(|_| dir != first) else {
                continue;
            };
            let framed = next.framed_for_search(target);
            let mut search = Search::new(&framed.views, framed.board);
            let (before, keep_going) = (spent, &mut keep_going);
            let mut counted_on = move |nodes| keep_going(before + nodes);
            search.keep_going_while(&mut counted_on);
            let found = search.run_within(nearer);
            spent += search.nodes();
            self.nodes = spent;
            if search.stopped() {
                return Err(Stopped);
            }
            if found.is_some() {
                moves = moves.with(dir);
            }
        }
        self.nodes = spent;
        Ok(Some(moves))
    }

    /// Nodes the last [`Solver::solve`] or
    /// [`Solver::count_optimal_solutions`] expanded, over all its
    /// iterations (0 when the target could not be reached).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The moves of a search's `path` (the blank's canonical cells after
/// each move) named in the caller's frame, from `start`.
fn caller_solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    from_canonical: &[u8],
    path: &[u8],
) -> Solution<N>
where
    Board<N, COLS>: Puzzle,
{
    moves_through(
        start,
        path.iter().map(|&cell| from_canonical[usize::from(cell)]),
    )
}

/// The moves from `start` to `target` of a search that went the other
/// way: `path` holds the blank's cells, in the canonical frame of
/// `start`'s class, from `target` to `start`, so the blank walks them
/// back from the last but one to `target`'s blank cell.
fn caller_solution_backwards<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    from_canonical: &[u8],
    path: &[u8],
) -> Solution<N>
where
    Board<N, COLS>: Puzzle,
{
    let walked_back = path.iter().rev().skip(1);
    let target_blank = (!path.is_empty()).then_some(target.blank() as u8);
    moves_through(
        start,
        walked_back
            .map(|&cell| from_canonical[usize::from(cell)])
            .chain(target_blank),
    )
}

/// The moves of the blank from `start` through `cells`, each next to the
/// one before, in the caller's frame (the symmetry of a search's frame
/// may turn a move, so each is named here).
fn moves_through<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    cells: impl Iterator<Item = u8>,
) -> Solution<N>
where
    Board<N, COLS>: Puzzle,
{
    let mut moves = [Direction::Up; MAX_PATH];
    let mut blank = start.blank() as u8;
    let mut len = 0;
    for (slot, to) in moves.iter_mut().zip(cells) {
        *slot = Board::<N, COLS>::GEOMETRY
            .direction(usize::from(blank), usize::from(to))
            .expect("a search move goes to an adjacent cell");
        blank = to;
        len += 1;
    }
    Solution::of_moves(moves, len)
}

/// A search given up because its caller set the stop flag (see
/// [`Solver::solve_until`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl core::fmt::Display for Stopped {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the search was stopped before it ended")
    }
}

impl core::error::Error for Stopped {}
