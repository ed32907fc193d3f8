//! The Fifteen Puzzle (4x4): exact fewest-move answers from an IDA* search
//! guided by pattern databases that `build.rs` generates and embeds.
//!
//! Any target can be asked for. A symmetry of the square and a renaming of
//! tiles carry the target to the canonical goal of its class: blank in a
//! corner (the standard goal `0 1 ... 15`, and `1 2 ... 15 0`), on an edge,
//! or in the centre. With the feature `fifteen-large` (a default), corner
//! targets use two zero-aware 7-tile databases and one tile's taxicab
//! distance, also read on the board's mirror image; edge and centre
//! targets share one of the 7-tile databases and add a 6-tile one and a
//! pair, a weaker bound (edge targets have no mirror), so they take
//! longer, but the answers are as exact. With `fifteen` alone, the compact
//! tier: zero-aware 6-6-3 groups, a sixth of the bytes, about twice
//! the search time. The databases store one bit a state; the search needs
//! neither `std` nor `alloc`.
//!
//! ```
//! use puzzle_oracle::FifteenBoard;
//!
//! let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
//! assert_eq!(board.distance_to_goal(), Some(2));
//! let moves: String = board.solution().unwrap().map(|m| m.letter()).collect();
//! assert_eq!(moves, "LU");
//! # Ok::<(), puzzle_oracle::BoardError>(())
//! ```
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]

use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::sync::atomic::AtomicBool;

use crate::sliding::databases::CLASSES_4X4 as CLASSES;
pub use crate::sliding::databases::{PatternDatabase, pattern_databases};
use crate::sliding::frames::Frames as _;
use crate::sliding::ida::Ida;
use crate::{Board, Direction, Geometry};

/// Longest optimal solution on the 4x4 board: 80 moves (Brüngger et al.
/// 1999, Korf 2008). A [`Solution`] holds no more.
const MAX_MOVES: usize = 80;

/// How many 4x4 boards lie at each distance, 0 to 80 single-tile moves,
/// from a goal with the blank in a corner (the same for every such goal:
/// a symmetry and a renaming carry one to another). These come from a
/// breadth-first search of the whole space that no table of this crate
/// could hold: OEIS A089484, complete to a(80) in Herman Jamke's table (see
/// also Korf and Schultze, AAAI 2005). The tests check them against what
/// this crate computes: the counts within 14 moves against a plain
/// breadth-first search, the sum against `16! / 2`, the 17 at 80 moves
/// against the positions in `tests/data`. No complete count is published
/// for goals with the blank on an edge or in the centre.
///
/// ```
/// use puzzle_oracle::fifteen::CORNER_DEPTH_COUNTS;
/// assert_eq!(CORNER_DEPTH_COUNTS[80], 17);
/// assert_eq!(CORNER_DEPTH_COUNTS.iter().sum::<u64>(), 10_461_394_944_000);
/// ```
pub const CORNER_DEPTH_COUNTS: [u64; 81] = [
    1,
    2,
    4,
    10,
    24,
    54,
    107,
    212,
    446,
    946,
    1_948,
    3_938,
    7_808,
    15_544,
    30_821,
    60_842,
    119_000,
    231_844,
    447_342,
    859_744,
    1_637_383,
    3_098_270,
    5_802_411,
    10_783_780,
    19_826_318,
    36_142_146,
    65_135_623,
    116_238_056,
    204_900_019,
    357_071_928,
    613_926_161,
    1_042_022_040,
    1_742_855_397,
    2_873_077_198,
    4_660_800_459,
    7_439_530_828,
    11_668_443_776,
    17_976_412_262,
    27_171_347_953,
    40_271_406_380,
    58_469_060_820,
    83_099_401_368,
    115_516_106_664,
    156_935_291_234,
    208_207_973_510,
    269_527_755_972,
    340_163_141_928,
    418_170_132_006,
    500_252_508_256,
    581_813_416_256,
    657_076_739_307,
    719_872_287_190,
    763_865_196_269,
    784_195_801_886,
    777_302_007_562,
    742_946_121_222,
    683_025_093_505,
    603_043_436_904,
    509_897_148_964,
    412_039_723_036,
    317_373_604_363,
    232_306_415_924,
    161_303_043_901,
    105_730_020_222,
    65_450_375_310,
    37_942_606_582,
    20_696_691_144,
    10_460_286_822,
    4_961_671_731,
    2_144_789_574,
    868_923_831,
    311_901_840,
    104_859_366,
    29_592_634,
    7_766_947,
    1_508_596,
    272_198,
    26_638,
    3_406,
    70,
    17,
];

/// A start carried into the canonical frame of its target's class.
struct Framed {
    /// `board[cell]`: the tile on `cell`, named as in the class's goal.
    board: [u8; 16],
    class: usize,
    /// Maps canonical cells back to the caller's cells.
    from_canonical: &'static [u8],
}

impl Board<16, 4> {
    /// Whether `target` can be reached from this board: the tile order's
    /// inversions plus the blank's row keep their parity under every move
    /// on a 4-wide board, and boards that agree on it are connected.
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    /// let swapped: FifteenBoard = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert!(!swapped.can_reach(&FifteenBoard::goal()));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn can_reach(&self, target: &Self) -> bool {
        self.parity() == target.parity()
    }

    fn parity(&self) -> bool {
        let mut seen: u32 = 0;
        let mut inversions = 0;
        for cell in 0..16 {
            let tile = self.tile(cell);
            if tile != 0 {
                inversions += (seen >> tile).count_ones();
                seen |= 1 << tile;
            }
        }
        (inversions + (self.blank() / 4) as u32) % 2 == 1
    }

    /// Fewest moves to the standard goal `0 1 ... 15`, or `None` when it
    /// cannot be reached (decided by parity, without search).
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    /// let board: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(board.distance_to_goal(), Some(3));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn distance_to_goal(&self) -> Option<u8> {
        self.distance_to(&Self::goal())
    }

    /// Fewest moves to `target`, or `None` when it cannot be reached.
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    /// let start: FifteenBoard = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let target: FifteenBoard = "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0".parse()?;
    /// assert_eq!(start.distance_to(&target), Some(6));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn distance_to(&self, target: &Self) -> Option<u8> {
        self.solution_to(target)
            .map(|solution| solution.len() as u8)
    }

    /// An optimal move sequence to the standard goal, or `None`.
    ///
    /// ```
    /// use puzzle_oracle::{Direction, FifteenBoard};
    /// let board: FifteenBoard = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(board.solution().unwrap().collect::<Vec<_>>(), [Direction::Left]);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn solution(&self) -> Option<Solution> {
        self.solution_to(&Self::goal())
    }

    /// An optimal move sequence to `target`, or `None` when it cannot be
    /// reached. Use a [`Solver`] to also learn how many nodes it took.
    ///
    /// ```
    /// use puzzle_oracle::FifteenBoard;
    /// let start: FifteenBoard = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let moves: String = start.solution_to(&FifteenBoard::goal()).unwrap().map(|m| m.letter()).collect();
    /// assert_eq!(moves, "LLL");
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn solution_to(&self, target: &Self) -> Option<Solution> {
        Solver::new().solve(self, target)
    }

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
        let framed = self.framed(target);
        Some(CLASSES[framed.class].lower_bound(&framed.board))
    }

    /// Carries this board into the canonical frame of `target`'s class: a
    /// symmetry puts the target's blank on the class's blank cell, and
    /// tiles are renamed so that the target becomes the class's goal.
    fn framed(&self, target: &Self) -> Framed {
        let target_blank = target.blank();
        let mut rename = [0u8; 16];
        for (cell, &name) in Self::goal_name(target_blank).iter().enumerate() {
            rename[usize::from(target.tile(cell))] = name;
        }
        let to_canonical = Self::to_canonical(target_blank);
        let mut board = [0u8; 16];
        for (cell, &image) in to_canonical.iter().enumerate() {
            board[usize::from(image)] = rename[usize::from(self.tile(cell))];
        }
        Framed {
            board,
            class: Self::class(target_blank),
            from_canonical: Self::from_canonical(target_blank),
        }
    }
}

/// Solves 4x4 boards one after another, and tells what the last search
/// cost. The search keeps no memory between boards, so a solver is cheap;
/// it is the type to hold when the node counts matter.
///
/// ```
/// use puzzle_oracle::{fifteen::Solver, FifteenBoard};
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
}

impl Solver {
    /// A solver.
    #[must_use]
    pub fn new() -> Self {
        Solver::default()
    }

    /// An optimal move sequence from `start` to `target`, or `None` when
    /// `target` cannot be reached (decided by parity, without search).
    ///
    /// # Panics
    ///
    /// Never for boards this crate accepts: the checks inside guard
    /// invariants (every search move is to an adjacent cell; no 4x4 board
    /// is more than 80 moves from its goal), so a panic would be a bug.
    pub fn solve(&mut self, start: &Board<16, 4>, target: &Board<16, 4>) -> Option<Solution> {
        match self.search(start, target, None) {
            Ok(solution) => solution,
            Err(Stopped) => unreachable!("a search without a stop flag runs to the end"),
        }
    }

    /// [`Solver::solve`], giving up with [`Stopped`] soon after `stop` is
    /// set (the search looks at it every few thousand nodes): for a caller
    /// that may lose interest while a hard board is searched, such as a
    /// command whose output was closed.
    ///
    /// ```
    /// use core::sync::atomic::AtomicBool;
    /// use puzzle_oracle::{fifteen::{Solver, Stopped}, FifteenBoard};
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
    pub fn solve_until(
        &mut self,
        start: &Board<16, 4>,
        target: &Board<16, 4>,
        stop: &AtomicBool,
    ) -> Result<Option<Solution>, Stopped> {
        self.search(start, target, Some(stop))
    }

    fn search(
        &mut self,
        start: &Board<16, 4>,
        target: &Board<16, 4>,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<Solution>, Stopped> {
        self.nodes = 0;
        if !start.can_reach(target) {
            return Ok(None);
        }
        let framed = start.framed(target);
        let mut search = Ida::new(&CLASSES[framed.class], framed.board);
        if let Some(stop) = stop {
            search.stop_when(stop);
        }
        let found = search.run();
        self.nodes = search.nodes;
        let found = found.ok_or(Stopped)?;
        Ok(Some(caller_solution(
            start,
            framed.from_canonical,
            &found.path[..usize::from(found.len)],
        )))
    }

    /// How many distinct optimal move sequences lead from `start` to
    /// `target`, or `None` when `target` cannot be reached. A search for
    /// the distance, then its last iteration run to the end counting every
    /// path: a few times the cost of [`Solver::solve`].
    ///
    /// ```
    /// use puzzle_oracle::{fifteen::Solver, FifteenBoard};
    ///
    /// // Two moves, and only one order of them: the 5 left, then the 4 up.
    /// let board: FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.count_optimal_solutions(&board, &FifteenBoard::goal()), Some(1));
    /// let swapped: FifteenBoard = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
    /// assert_eq!(solver.count_optimal_solutions(&swapped, &FifteenBoard::goal()), None);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn count_optimal_solutions(
        &mut self,
        start: &Board<16, 4>,
        target: &Board<16, 4>,
    ) -> Option<u64> {
        let distance = self.solve(start, target)?.len() as u8;
        let framed = start.framed(target);
        let mut search = Ida::new(&CLASSES[framed.class], framed.board);
        let count = search.count_optimal(distance);
        self.nodes += search.nodes;
        Some(count)
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
    /// use puzzle_oracle::{fifteen::Solver, FifteenBoard};
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
    pub fn for_each_optimal_solution(
        &mut self,
        start: &Board<16, 4>,
        target: &Board<16, 4>,
        mut visit: impl FnMut(Solution) -> ControlFlow<()>,
    ) -> Option<u64> {
        let distance = self.solve(start, target)?.len() as u8;
        let framed = start.framed(target);
        let mut search = Ida::new(&CLASSES[framed.class], framed.board);
        let mut given = 0;
        search.for_each_optimal(distance, &mut |path| {
            given += 1;
            visit(caller_solution(start, framed.from_canonical, path)).is_break()
        });
        self.nodes += search.nodes;
        Some(given)
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
fn caller_solution(start: &Board<16, 4>, from_canonical: &[u8], path: &[u8]) -> Solution {
    let mut moves = [Direction::Up; MAX_MOVES];
    let mut blank = start.blank() as u8;
    for (slot, &cell) in moves.iter_mut().zip(path) {
        let to = from_canonical[usize::from(cell)];
        // The symmetry may turn a move; name it in the caller's frame.
        *slot = Geometry::FIFTEEN
            .direction(usize::from(blank), usize::from(to))
            .expect("a search move goes to an adjacent cell");
        blank = to;
    }
    Solution {
        moves,
        next: 0,
        len: path.len() as u8,
    }
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

/// An optimal 4x4 move sequence, one [`Direction`] at a time (the
/// direction the blank travels). Holds at most 80 moves, the most any 4x4
/// board needs; allocates nothing.
///
/// ```
/// use puzzle_oracle::FifteenBoard;
/// let board: FifteenBoard = "4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let solution = board.solution().unwrap();
/// assert_eq!(solution.len(), 1);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solution {
    moves: [Direction; MAX_MOVES],
    next: u8,
    len: u8,
}

impl Iterator for Solution {
    type Item = Direction;

    fn next(&mut self) -> Option<Direction> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.moves[usize::from(self.next - 1)]
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = usize::from(self.len - self.next);
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for Solution {}
impl FusedIterator for Solution {}
