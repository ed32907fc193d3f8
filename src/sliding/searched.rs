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

#[cfg(feature = "alloc")]
use core::ops::ControlFlow;

use super::board::Board;
use super::databases::{ClassDatabases, PatternDatabase};
use super::geometry::Direction;
use super::hints::Moves;
use super::ida::{MAX_PATH, Search};
use super::oracle::{Budget, Oracle, Outcome};
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
/// Each answers every question of [`Oracle`](super::oracle::Oracle), as
/// the tabled boards do; a [`Budget`] limits a search and tells the nodes
/// it took. What only a searched board has is here: its published most
/// moves and its pattern databases.
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
pub trait Searched: Oracle + searching::Classes {
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
    pub(crate) fn search_lower_bound(&self, target: &Self) -> Option<u8> {
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

/// The last distance a search found, with its pair of boards and first
/// move: kept in the [`Budget`] it was asked under, so that the hints of
/// the board just solved need no second search for the distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Remembered {
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

/// An optimal move sequence from `start` to `target`, searched for from
/// whichever end the databases bound higher: a path found from `target`
/// is turned round, so the moves always lead from `start`.
///
/// # Panics
///
/// Never for boards this crate accepts: the checks inside guard
/// invariants (every search move is to an adjacent cell; no board is more
/// moves from its goal than its published most), so a panic would be a
/// bug.
pub(crate) fn solution<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    budget: &mut Budget<'_>,
) -> Outcome<Solution<N>>
where
    Board<N, COLS>: Searched,
{
    budget.remembered = None;
    if !start.can_reach(target) {
        return Outcome::Impossible;
    }
    // The distance is the same both ways, and a path one way, run
    // backwards, is a path the other way: search from whichever end the
    // databases bound higher, since IDA* pays for each move the bound
    // falls short. On a tie, towards a corner blank when only one end has
    // it (the corner class's databases are the strongest), else forward.
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
    let mut keep_going = budget.keep_going();
    search.keep_going_while(&mut keep_going);
    let found = search.run();
    let nodes = search.nodes();
    // The closure's type may hold a `Drop`: its borrow of the budget ends here.
    drop(keep_going);
    let found = match budget.settle(nodes, found) {
        Outcome::Found(found) => found,
        ended => return ended.ended_early_as().unwrap_or(Outcome::Stopped),
    };
    let path = &found.path[..usize::from(found.len)];
    let solution = if reversed {
        caller_solution_backwards(start, target, framed.from_canonical, path)
    } else {
        caller_solution(start, framed.from_canonical, path)
    };
    budget.remembered = Some(Remembered {
        pair: Pair::of(start, target),
        distance: found.len,
        first: solution.clone().next(),
    });
    Outcome::Found(solution)
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
        other => return other.map(|_| 0),
    };
    let framed = start.framed_for_search(target);
    let mut search = Search::new(&framed.views, framed.board);
    let mut keep_going = budget.keep_going();
    search.keep_going_while(&mut keep_going);
    let mut given = 0;
    search.for_each_optimal(distance, &mut |path| {
        given += 1;
        let mut moves = [Direction::Up; MAX_PATH];
        let solution = caller_solution(start, framed.from_canonical, path);
        let len = solution.len();
        for (slot, dir) in moves.iter_mut().zip(solution) {
            *slot = dir;
        }
        visit(&moves[..len]).is_break()
    });
    let (nodes, stopped) = (search.nodes(), search.stopped());
    drop(keep_going);
    budget.settle(nodes, (!stopped).then_some(given))
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
    let pair = Pair::of(start, target);
    let known = match budget.remembered.take().filter(|known| known.pair == pair) {
        Some(known) => known,
        None => {
            if let Some(end) = solution(start, target, budget).ended_early_as() {
                return end;
            }
            budget
                .remembered
                .take()
                .expect("a search that ends remembers its answer")
        }
    };
    let (distance, first) = (known.distance, known.first);
    budget.remembered = Some(known);
    let Some(first) = first else {
        return Outcome::Found(Moves::NONE);
    };
    let nearer = distance - 1;
    let mut moves = Moves::NONE.with(first);
    for dir in Direction::ALL {
        let Some(next) = start.moved(dir).filter(|_| dir != first) else {
            continue;
        };
        let framed = next.framed_for_search(target);
        let mut search = Search::new(&framed.views, framed.board);
        let mut keep_going = budget.keep_going();
        search.keep_going_while(&mut keep_going);
        let found = search.run_within(nearer);
        let (nodes, stopped) = (search.nodes(), search.stopped());
        drop(keep_going);
        if let Some(end) = budget
            .settle(nodes, (!stopped).then_some(()))
            .ended_early_as()
        {
            return end;
        }
        if found.is_some() {
            moves = moves.with(dir);
        }
    }
    Outcome::Found(moves)
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
