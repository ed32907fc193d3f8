//! How a question is asked and what it came to: the [`Budget`] a search
//! may spend (a node limit, a stop flag, a check), and the [`Outcome`]
//! that says whether it found an answer, found there is none, or ended
//! early.

use core::fmt;
use core::sync::atomic::AtomicBool;
#[cfg(pattern_search)]
use core::sync::atomic::Ordering;

#[cfg(pattern_search)]
use crate::sliding::board::Geometry;
#[cfg(pattern_search)]
use crate::sliding::board::limits::MAX_CELLS;
use crate::sliding::board::{Puzzle, Slide};
use crate::sliding::metric::MetricKind;
#[cfg(all(pattern_search, feature = "std"))]
use crate::sliding::search::Crew;
#[cfg(pattern_search)]
use crate::sliding::search::{Helpers, SearchRun};

/// What asking a question came to.
///
/// ```
/// use puzzle_oracle::{Budget, EightBoard, Oracle, Outcome};
///
/// let start: EightBoard = "1 2 3 0 8 4 7 6 5".parse()?;
/// let target: EightBoard = "1 0 3 8 2 4 7 6 5".parse()?;
/// assert_eq!(start.distance_within(&target, &mut Budget::unlimited()), Outcome::Found(2));
/// let swapped: EightBoard = "2 1 3 0 8 4 7 6 5".parse()?;
/// assert_eq!(swapped.distance_within(&target, &mut Budget::unlimited()), Outcome::Impossible);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Outcome<T> {
    /// The answer.
    Found(T),
    /// The target cannot be reached from the start (decided by parity,
    /// without search).
    Impossible,
    /// The search spent the budget's nodes before it ended.
    OverBudget,
    /// The budget's stop flag was set, or its check said stop, before
    /// the search ended.
    Stopped,
}

impl<T> Outcome<T> {
    /// The answer, if one was found.
    ///
    /// ```
    /// use puzzle_oracle::Outcome;
    /// assert_eq!(Outcome::Found(3).found(), Some(3));
    /// assert_eq!(Outcome::<u8>::Impossible.found(), None);
    /// ```
    pub fn found(self) -> Option<T> {
        match self {
            Outcome::Found(value) => Some(value),
            _ => None,
        }
    }

    /// What is known: `Some(Some(answer))`, `Some(None)` when the target
    /// cannot be reached, `None` when the search ended early.
    ///
    /// ```
    /// use puzzle_oracle::Outcome;
    /// assert_eq!(Outcome::Found(3).known(), Some(Some(3)));
    /// assert_eq!(Outcome::<u8>::Impossible.known(), Some(None));
    /// assert_eq!(Outcome::<u8>::Stopped.known(), None);
    /// ```
    pub fn known(self) -> Option<Option<T>> {
        match self {
            Outcome::Found(value) => Some(Some(value)),
            Outcome::Impossible => Some(None),
            Outcome::OverBudget | Outcome::Stopped => None,
        }
    }

    /// The answer, transformed by `f`; the other outcomes as they are.
    ///
    /// ```
    /// use puzzle_oracle::Outcome;
    /// assert_eq!(Outcome::Found(3).map(|d| d * 2), Outcome::Found(6));
    /// assert_eq!(Outcome::<u8>::OverBudget.map(|d| d * 2), Outcome::OverBudget);
    /// ```
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Found(value) => Outcome::Found(f(value)),
            Outcome::Impossible => Outcome::Impossible,
            Outcome::OverBudget => Outcome::OverBudget,
            Outcome::Stopped => Outcome::Stopped,
        }
    }

    /// Whether the search ended early: [`Outcome::OverBudget`] or
    /// [`Outcome::Stopped`].
    ///
    /// ```
    /// use puzzle_oracle::Outcome;
    /// assert!(Outcome::<u8>::Stopped.ended_early());
    /// assert!(!Outcome::<u8>::Impossible.ended_early());
    /// ```
    pub fn ended_early(&self) -> bool {
        matches!(self, Outcome::OverBudget | Outcome::Stopped)
    }

    /// [`Outcome::Found`] or [`Outcome::Impossible`]: the outcome of a
    /// question that cannot end early.
    pub(crate) fn of(answer: Option<T>) -> Self {
        match answer {
            Some(value) => Outcome::Found(value),
            None => Outcome::Impossible,
        }
    }

    /// An outcome without an answer as the outcome of another question,
    /// which it ends.
    ///
    /// # Panics
    ///
    /// On [`Outcome::Found`]: an answer is never retyped.
    pub(crate) fn retyped<U>(self) -> Outcome<U> {
        match self {
            Outcome::Impossible => Outcome::Impossible,
            Outcome::OverBudget => Outcome::OverBudget,
            Outcome::Stopped => Outcome::Stopped,
            Outcome::Found(_) => unreachable!("an answer is not retyped"),
        }
    }

    /// The answer of a question asked without a limit, which always ends.
    pub(crate) fn unlimited(self) -> Option<T> {
        match self {
            Outcome::Found(value) => Some(value),
            Outcome::Impossible => None,
            Outcome::OverBudget | Outcome::Stopped => {
                unreachable!("a question without a limit runs to its end")
            }
        }
    }
}

/// Which engine answers a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Complete distance tables: every answer is a few table reads, and
    /// a [`Budget`] is never spent.
    Tables,
    /// IDA* over pattern databases: a hard board takes seconds, and the
    /// [`Budget`] counts its nodes.
    Search,
}

/// What the questions asked under it may spend, and what they spent: a
/// node limit, a stop flag and a check, each optional. A search looks at
/// them every 8,192 nodes; a table lookup never spends a node.
///
/// Ask a case's questions (the answer, then its hints, its count) under
/// one budget: the limit is on all of them together, and a search's
/// distance and first move are remembered for the next question about
/// the same pair, so the hints need no second search for the distance.
///
/// ```
/// # #[cfg(feature = "fifteen")] {
/// use core::sync::atomic::AtomicBool;
/// use puzzle_oracle::{Budget, FifteenBoard, Oracle, Outcome};
///
/// // 80 moves from the goal with the blank last: millions of nodes.
/// let board: FifteenBoard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse()?;
/// let mut budget = Budget::unlimited().max_nodes(100_000);
/// let limited = board.solution_within(&FifteenBoard::goal_last(), &mut budget);
/// assert!(matches!(limited, Outcome::OverBudget));
/// assert!(budget.spent() >= 100_000 && budget.spent() < 100_000 + 8_192);
///
/// // A flag another thread may set: set before the search, it stops at
/// // its first look.
/// let stop = AtomicBool::new(true);
/// let mut budget = Budget::unlimited().stop_flag(&stop);
/// let stopped = board.solution_within(&FifteenBoard::goal_last(), &mut budget);
/// assert!(matches!(stopped, Outcome::Stopped));
/// # }
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Default)]
pub struct Budget<'a> {
    max_nodes: Option<u64>,
    stop: Option<&'a AtomicBool>,
    check: Option<&'a mut dyn FnMut(u64) -> bool>,
    watch: Option<&'a mut dyn FnMut(u64, u8)>,
    spent: u64,
    /// The fewest moves the last answer can have, when its search ended
    /// early.
    #[cfg(pattern_search)]
    pub(crate) at_least: Option<u8>,
    /// Why the last search ended early, if it did.
    #[cfg(pattern_search)]
    ended: Option<EarlyEnd>,
    /// The last distance a search found, with its pair and first move.
    #[cfg(pattern_search)]
    pub(crate) remembered: Option<Remembered>,
    /// Who helps the searches.
    #[cfg(pattern_search)]
    helpers: Helpers<'a>,
}

/// What a [`Budget`] remembers of its last search: see
/// [`Budget::memory`]. Nothing on a build without searched boards.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    #[cfg(pattern_search)]
    last: Option<Remembered>,
}

/// Why a search ended before its answer.
#[cfg(pattern_search)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EarlyEnd {
    OverBudget,
    Stopped,
}

impl fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut f = f.debug_struct("Budget");
        f.field("max_nodes", &self.max_nodes)
            .field("stop", &self.stop)
            .field("check", &self.check.is_some())
            .field("spent", &self.spent);
        #[cfg(pattern_search)]
        f.field("helpers", &self.helpers);
        f.finish_non_exhaustive()
    }
}

impl<'a> Budget<'a> {
    /// No limit: every question runs to its end.
    ///
    /// ```
    /// use puzzle_oracle::{Budget, EightBoard, Oracle, Outcome};
    /// let board: EightBoard = "1 2 0 3 4 5 6 7 8".parse()?;
    /// let mut budget = Budget::unlimited();
    /// assert_eq!(board.distance_within(&EightBoard::goal(), &mut budget), Outcome::Found(2));
    /// // A table lookup spends no node.
    /// assert_eq!(budget.spent(), 0);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// At most `nodes` nodes, over every question asked under this budget
    /// (looked at every 8,192 nodes): past them, [`Outcome::OverBudget`].
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stop soon after `flag` is set (from another thread, say): then
    /// [`Outcome::Stopped`].
    #[must_use]
    pub fn stop_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Every 8,192 nodes, ask `check`, given the nodes spent so far under
    /// this budget, whether to go on: a deadline with the caller's clock,
    /// or a progress report. It saying `false` ends the search with
    /// [`Outcome::Stopped`].
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{Budget, FifteenBoard, Oracle, Outcome};
    /// let board: FifteenBoard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse()?;
    /// let mut looks = 0;
    /// let mut check = |_nodes: u64| {
    ///     looks += 1;
    ///     looks < 3
    /// };
    /// let mut budget = Budget::unlimited().check(&mut check);
    /// let outcome = board.distance_within(&FifteenBoard::goal_last(), &mut budget);
    /// assert_eq!(outcome, Outcome::Stopped);
    /// drop(budget);
    /// assert_eq!(looks, 3);
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn check(mut self, check: &'a mut dyn FnMut(u64) -> bool) -> Self {
        self.check = Some(check);
        self
    }

    /// Search with `threads` threads in all, this one included: each
    /// iteration of a search that the one before shows to be large (a few
    /// milliseconds or more) is cut into subtrees that the threads,
    /// started for it, search together. Every answer (distance, moves,
    /// hints, counts, listings) is the one a single thread finds; only
    /// [`Budget::spent`] may differ. 0 and 1 search in this thread alone,
    /// as without this call. Counts and listings walk their last
    /// iteration in this thread alone.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{Budget, FifteenBoard, Oracle};
    /// // Korf's instance 88: 65 moves, a few hundred thousand nodes.
    /// let board: FifteenBoard = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4".parse()?;
    /// let alone = board.solution_within(&FifteenBoard::goal(), &mut Budget::unlimited());
    /// let mut budget = Budget::unlimited().threads(4);
    /// let together = board.solution_within(&FifteenBoard::goal(), &mut budget);
    /// assert!(alone.found().unwrap().eq(together.found().unwrap()));
    /// # }
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn threads(self, threads: usize) -> Self {
        #[cfg(pattern_search)]
        return Budget {
            helpers: self.helpers.threads(threads),
            ..self
        };
        #[cfg(not(pattern_search))]
        {
            // Without a searched board there is nothing to share.
            let _ = threads;
            self
        }
    }

    /// Let the threads of `crew` that wait for work help this budget's
    /// searches (see [`Crew`]): the answers are the same, only
    /// [`Budget::spent`] may differ.
    #[cfg(all(pattern_search, feature = "std"))]
    #[must_use]
    pub fn crew(self, crew: &'a Crew) -> Self {
        Budget {
            helpers: self.helpers.crew(crew),
            ..self
        }
    }

    /// With [`Budget::threads`] or [`Budget::crew`], search in parallel
    /// only the iterations after one of at least `nodes` nodes (131,072
    /// unless set: a few milliseconds). Smaller iterations cost more to
    /// cut and hand out than they save; 0 cuts every iteration, which is
    /// how the tests put the parallel search to work on quick positions. The answers are the same whatever it is.
    #[cfg(all(pattern_search, feature = "std"))]
    #[must_use]
    pub fn parallel_after(self, nodes: u64) -> Self {
        Budget {
            helpers: self.helpers.after(nodes),
            ..self
        }
    }

    /// Who helps this budget's searches.
    #[cfg(pattern_search)]
    pub(crate) fn helpers(&self) -> Helpers<'a> {
        self.helpers
    }

    /// What this budget remembers of its last search (its pair, distance
    /// and first move), to hand to the budget of a later question about
    /// the same pair, which then needs no search for the distance: a page
    /// that asks for the answer, then for the hints, in two calls.
    ///
    /// ```
    /// use puzzle_oracle::{Budget, EightBoard, Oracle};
    /// let board: EightBoard = "1 2 0 3 4 5 6 7 8".parse()?;
    /// let mut budget = Budget::unlimited();
    /// let distance = board.distance_within(&EightBoard::goal(), &mut budget);
    /// let mut later = Budget::unlimited().with_memory(budget.memory());
    /// let hints = board.optimal_moves_within(&EightBoard::goal(), &mut later);
    /// assert_eq!(hints.found().unwrap().to_string(), "L");
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn memory(&self) -> Memory {
        Memory {
            #[cfg(pattern_search)]
            last: self.remembered.clone(),
        }
    }

    /// This budget, remembering what `memory` holds (see
    /// [`Budget::memory`]).
    #[must_use]
    pub fn with_memory(self, memory: Memory) -> Self {
        #[cfg(pattern_search)]
        return Budget {
            remembered: memory.last,
            ..self
        };
        #[cfg(not(pattern_search))]
        {
            // Without a search there is nothing to remember.
            let Memory {} = memory;
            self
        }
    }

    /// Has the searches asked under this budget tell `watch`, each time
    /// they check their limits (every 8,192 nodes, about a millisecond),
    /// the nodes spent so far and the bound on moves being searched: what
    /// a progress line shows. A search that finished every sequence
    /// shorter than the bound proves the answer is at least that long.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{Budget, FifteenBoard, Oracle};
    ///
    /// let board: FifteenBoard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
    /// let mut bounds = Vec::new();
    /// let mut watch = |_nodes: u64, bound: u8| bounds.push(bound);
    /// let mut budget = Budget::unlimited().watch(&mut watch);
    /// assert_eq!(board.distance_within(&FifteenBoard::goal(), &mut budget).found(), Some(57));
    /// drop(budget);
    /// assert!(bounds.windows(2).all(|pair| pair[0] <= pair[1]));
    /// assert!(bounds.iter().all(|&bound| bound <= 57));
    /// # }
    /// ```
    #[must_use]
    pub fn watch(mut self, watch: &'a mut dyn FnMut(u64, u8)) -> Self {
        self.watch = Some(watch);
        self
    }

    /// After a search under this budget ended early ([`Outcome::OverBudget`]
    /// or [`Outcome::Stopped`]) before its distance was known: the fewest
    /// moves the answer can have, proven by the part of the search it
    /// finished (every shorter sequence was searched, or the databases'
    /// bound). `None` when the last question's distance was found, or
    /// without search.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{Budget, FifteenBoard, Oracle, Outcome};
    ///
    /// // One of the 80-move positions: stopped after 20,000 nodes.
    /// let board: FifteenBoard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse().unwrap();
    /// let mut budget = Budget::unlimited().max_nodes(20_000);
    /// let stopped = board.distance_within(&FifteenBoard::goal_last(), &mut budget);
    /// assert!(matches!(stopped, Outcome::OverBudget));
    /// let at_least = budget.at_least().unwrap();
    /// assert!((40..=80).contains(&at_least));
    /// # }
    /// ```
    #[must_use]
    pub fn at_least(&self) -> Option<u8> {
        #[cfg(pattern_search)]
        return self.at_least;
        #[cfg(not(pattern_search))]
        None
    }

    /// The nodes the searches asked under this budget expanded, all
    /// together (0 on a tabled board).
    #[must_use]
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The distance and first move of `start` to `target` in `metric`,
    /// when this budget's last search was of that pair: what the hints
    /// after an answer need without a second search.
    #[inline]
    pub(crate) fn recall<B: Puzzle>(
        &self,
        metric: MetricKind,
        start: &B,
        target: &B,
    ) -> Option<(u8, Option<Slide>)> {
        #[cfg(pattern_search)]
        return self
            .remembered
            .as_ref()
            .and_then(|known| known.of_pair(metric, start, target));
        #[cfg(not(pattern_search))]
        {
            let _ = (metric, start, target);
            None
        }
    }

    /// Remembers that a search found `start` `distance` moves of `metric`
    /// from `target`, the first `first` (see [`Budget::recall`]).
    #[cfg(pattern_search)]
    pub(crate) fn remember<B: Puzzle>(
        &mut self,
        metric: MetricKind,
        start: &B,
        target: &B,
        distance: u8,
        first: Option<Slide>,
    ) {
        self.remembered = Some(Remembered::of(metric, start, target, distance, first));
    }

    /// Forgets the last search's answer and bound: what a search does
    /// before it starts.
    #[cfg(pattern_search)]
    pub(crate) fn forget(&mut self) {
        self.remembered = None;
        self.at_least = None;
    }

    /// The `keep_going` of a search that starts now: its nodes counted on
    /// from what this budget has spent.
    #[cfg(pattern_search)]
    pub(crate) fn keep_going(&mut self) -> impl FnMut(u64, u8) -> bool + '_ {
        let spent = self.spent;
        self.ended = None;
        move |nodes, bound| {
            let total = spent + nodes;
            if let Some(watch) = self.watch.as_mut() {
                watch(total, bound);
            }
            let ended = if self.max_nodes.is_some_and(|most| total >= most) {
                Some(EarlyEnd::OverBudget)
            } else if self.stop.is_some_and(|flag| flag.load(Ordering::Relaxed))
                || self.check.as_mut().is_some_and(|check| !check(total))
            {
                Some(EarlyEnd::Stopped)
            } else {
                None
            };
            self.ended = ended;
            ended.is_none()
        }
    }

    /// Adds a search's nodes to what was spent, and turns what it found
    /// into an outcome: [`Outcome::Impossible`] when it had nothing to
    /// find.
    #[cfg(pattern_search)]
    pub(crate) fn settle<T>(&mut self, run: SearchRun<T>) -> Outcome<T> {
        self.spent += run.nodes;
        let ended = self.ended.take();
        match run.found {
            Some(found) => Outcome::Found(found),
            None if !run.stopped => Outcome::Impossible,
            None if ended == Some(EarlyEnd::OverBudget) => Outcome::OverBudget,
            None => Outcome::Stopped,
        }
    }
}

/// The last distance a search found, with its metric, its pair of boards
/// and its first move: kept in the [`Budget`] it was asked under.
#[cfg(pattern_search)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Remembered {
    metric: MetricKind,
    geometry: Geometry,
    start: [u8; MAX_CELLS],
    target: [u8; MAX_CELLS],
    distance: u8,
    /// `None` when the start was the target.
    first: Option<Slide>,
}

#[cfg(pattern_search)]
impl Remembered {
    /// `start` is `distance` moves of `metric` from `target`, the first of
    /// them `first`.
    fn of<B: Puzzle>(
        metric: MetricKind,
        start: &B,
        target: &B,
        distance: u8,
        first: Option<Slide>,
    ) -> Self {
        let mut remembered = Remembered {
            metric,
            geometry: B::GEOMETRY,
            start: [0; MAX_CELLS],
            target: [0; MAX_CELLS],
            distance,
            first,
        };
        start.write_cells(&mut remembered.start);
        target.write_cells(&mut remembered.target);
        remembered
    }

    /// The distance and first move, when they are of `start` and
    /// `target` in `metric`.
    fn of_pair<B: Puzzle>(
        &self,
        metric: MetricKind,
        start: &B,
        target: &B,
    ) -> Option<(u8, Option<Slide>)> {
        let mut cells = [0; MAX_CELLS];
        let same = self.metric == metric
            && self.geometry == B::GEOMETRY
            && {
                start.write_cells(&mut cells);
                cells == self.start
            }
            && {
                target.write_cells(&mut cells);
                cells == self.target
            };
        same.then_some((self.distance, self.first))
    }
}
