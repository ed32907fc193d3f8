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

#[cfg(feature = "cache")]
pub mod cache;
pub(crate) mod databases;
mod deepening;
#[cfg(feature = "fifteen")]
pub mod fifteen;
#[cfg(feature = "cache")]
mod generator;
pub(crate) mod ida;
mod move_automaton;
#[cfg(all(feature = "cache", feature = "multi-tile"))]
pub(crate) mod multi_tile;
#[cfg(feature = "std")]
mod parallel;
pub(crate) mod pattern;
pub(crate) mod registry;
mod views;

// The files `build.rs` shares (`pattern.rs`) name their neighbours
// `super::geometry` and `super::limits`, as they are in `build.rs`.
use super::board::{geometry, limits, symmetry};

use databases::ClassDatabases;
pub use databases::PatternDatabase;
pub(crate) use deepening::Helpers;
use ida::Search;
use limits::MAX_CELLS;
#[cfg(feature = "std")]
pub use parallel::Crew;
use pattern::NO_CELL;
use searching::Classes as _;
use views::Views;

#[cfg(feature = "alloc")]
use super::board::Direction;
use super::board::shape::frames::Frames as _;
use super::board::{Board, MovePath, Puzzle};

/// A board answered by an exact search over embedded pattern databases:
/// 4x4 (feature `fifteen`), with the feature `searched-boards` 3x4, 4x3,
/// 2x6, 6x2, 2x7, 7x2, 3x5 and 5x3, and with `searched-2x8` 2x8 and 8x2.
///
/// Each answers every question of [`Oracle`](crate::Oracle), as
/// the tabled boards do; a [`Budget`](crate::Budget) limits a search and tells the nodes
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
        /// their canonical blank cells, in which the class of index `class`
        /// (every class when `None`) holds its databases: a cached tier
        /// opens that class first.
        fn classes_for(class: Option<usize>) -> &'static [ClassDatabases];

        /// The board's classes, every one holding its databases.
        fn classes() -> &'static [ClassDatabases] {
            Self::classes_for(None)
        }

        /// Whether the class of index `class` holds its databases now, with
        /// nothing to build: always, but for a class of a cached tier that
        /// is not open yet.
        fn class_is_ready(class: usize) -> bool;
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
    /// The pattern databases a search towards this board as its target
    /// reads: its goal class's groups. On a board whose databases are
    /// cached (5x5), only that class is opened (and built when missing),
    /// where [`Searched::pattern_databases`] opens every class.
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    ///
    /// // The standard goal's class: the corner class, three groups.
    /// assert_eq!(FifteenBoard::goal().pattern_databases_towards().count(), 3);
    /// ```
    pub fn pattern_databases_towards(&self) -> impl Iterator<Item = PatternDatabase> {
        let class = Self::class(self.blank());
        PatternDatabase::of(&Self::classes_for(Some(class))[class..=class])
    }

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
            views: {
                let class = Self::class(target_blank);
                let classes = Self::classes_for(Some(class));
                Views::of(classes, &classes[class])
            },
            from_canonical: Self::from_canonical(target_blank),
        }
    }
}

/// What one search found, and the nodes it expanded: `found` is `None`
/// when the search had nothing to find or was stopped (`stopped`).
pub(crate) struct SearchRun<T> {
    pub found: Option<T>,
    pub nodes: u64,
    pub stopped: bool,
    /// The bound the search was at when it ended: a search stopped early
    /// had searched every shorter sequence, so the distance is at least
    /// this.
    pub bound: u8,
}

impl<T> SearchRun<T> {
    fn of(search: &Search<'_>, found: Option<T>) -> Self {
        SearchRun {
            found,
            nodes: search.nodes(),
            stopped: search.stopped(),
            bound: search.bound(),
        }
    }
}

/// An optimal move sequence from `start` to `target`, which it reaches,
/// searched for from whichever end the databases bound higher: a path
/// found from `target` is turned round, so the moves always lead from
/// `start`. `helpers` search its large iterations with this thread (the
/// answer is the same); `keep_going` is asked every few thousand nodes,
/// with the nodes so far and the bound being searched, whether to go on.
///
/// # Panics
///
/// Never for boards this crate accepts: the checks inside guard
/// invariants (every search move is to an adjacent cell; no board is more
/// moves from its goal than its published most), so a panic would be a
/// bug.
pub(crate) fn shortest_path<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    helpers: Helpers<'_>,
    keep_going: &mut dyn FnMut(u64, u8) -> bool,
) -> SearchRun<MovePath>
where
    Board<N, COLS>: Searched,
{
    // The distance is the same both ways, and a path one way, run
    // backwards, is a path the other way: search from whichever end the
    // databases bound higher, since IDA* pays for each move the bound
    // falls short. On a tie, towards a corner blank when only one end has
    // it (the corner class's databases are the strongest), else forward.
    // The start's class is weighed only when its databases are there: a
    // cached tier builds a class on the first question to its targets, not
    // to weigh a direction.
    let forward = start.framed_for_search(target);
    let ahead = forward.views.lower_bound(&forward.board);
    let backward = Board::<N, COLS>::class_is_ready(Board::<N, COLS>::class(start.blank()))
        .then(|| target.framed_for_search(start))
        .map(|backward| {
            let behind = backward.views.lower_bound(&backward.board);
            (backward, behind)
        });
    let corner = |board: &Board<N, COLS>| Board::<N, COLS>::class(board.blank()) == 0;
    let (framed, reversed) = match backward {
        Some((backward, behind))
            if behind > ahead || (behind == ahead && corner(start) && !corner(target)) =>
        {
            (backward, true)
        }
        _ => (forward, false),
    };
    let mut search = Search::new(&framed.views, framed.board);
    search.keep_going_while(keep_going);
    let found = search.run(helpers).map(|found| {
        let path = &found.path[..usize::from(found.len)];
        if reversed {
            caller_path_backwards(start, target, framed.from_canonical, path)
        } else {
            caller_path(start, framed.from_canonical, path)
        }
    });
    SearchRun::of(&search, found)
}

/// Whether `start` is at most `most` moves from `target`, which it
/// reaches: a search that gives up beyond `most`.
pub(crate) fn within<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    most: u8,
    helpers: Helpers<'_>,
    keep_going: &mut dyn FnMut(u64, u8) -> bool,
) -> SearchRun<()>
where
    Board<N, COLS>: Searched,
{
    let framed = start.framed_for_search(target);
    let mut search = Search::new(&framed.views, framed.board);
    search.keep_going_while(keep_going);
    let found = search.run_within(most, helpers).map(|_| ());
    SearchRun::of(&search, found)
}

/// Gives `visit` every optimal move sequence from `start` to `target`,
/// `distance` moves apart, until it returns `true` (stop); found is how
/// many it was given.
#[cfg(feature = "alloc")]
pub(crate) fn each_shortest_path<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    distance: u8,
    keep_going: &mut dyn FnMut(u64, u8) -> bool,
    visit: &mut dyn FnMut(&[Direction]) -> bool,
) -> SearchRun<u64>
where
    Board<N, COLS>: Searched,
{
    let framed = start.framed_for_search(target);
    let mut search = Search::new(&framed.views, framed.board);
    search.keep_going_while(keep_going);
    let mut given = 0;
    search.for_each_optimal(distance, &mut |path| {
        given += 1;
        caller_path(start, framed.from_canonical, path).with_slice(|moves| visit(moves))
    });
    let stopped = search.stopped();
    SearchRun::of(&search, (!stopped).then_some(given))
}

/// The moves of a search's `path` (the blank's canonical cells after
/// each move) named in the caller's frame, from `start`.
fn caller_path<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    from_canonical: &[u8],
    path: &[u8],
) -> MovePath
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
fn caller_path_backwards<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    from_canonical: &[u8],
    path: &[u8],
) -> MovePath
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
) -> MovePath
where
    Board<N, COLS>: Puzzle,
{
    let mut moves = MovePath::EMPTY;
    let mut blank = start.blank() as u8;
    for to in cells {
        moves.push(
            Board::<N, COLS>::GEOMETRY
                .direction(usize::from(blank), usize::from(to))
                .expect("a search move goes to an adjacent cell"),
        );
        blank = to;
    }
    moves
}
