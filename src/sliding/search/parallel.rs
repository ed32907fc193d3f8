//! Every core on one question: a large IDA* iteration is cut into
//! subtrees that several threads search, and the answer is exactly the
//! one the asking thread alone would find.
//!
//! The iteration's tree is cut at the depth where it has a few hundred
//! to a few thousand nodes, level by level, each node's children in the
//! order the search visits them: the subtrees, left to right, are the
//! serial search's order. Threads take them from one cursor, leftmost
//! first. A solution found below subtree `i` is kept if none is known
//! left of it; the subtrees right of it are not handed out any more, and
//! those under way give up at their next look (every 8,192 nodes), while
//! those left of it run to their end. So the answer is the leftmost
//! solution, the serial one, and a solution shallower than the cut is a
//! subtree of its own (a leaf), found in its place.
//!
//! Why not `rayon`: its parallel iterators split a range in halves, so a
//! second thread searches the right half of the iteration, which in the
//! last iteration is wasted work while the solution's left part runs on
//! one thread. IDA*'s last iteration needs every thread on the leftmost
//! open subtrees; one atomic cursor over the ordered subtrees gives that,
//! and the threads of the command's pool (see [`Crew`]) can join in.

use core::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;
use std::vec::Vec;

use super::deepening::{Deepening, Spawn};

/// An iteration is searched in parallel when the one before it took at
/// least this many nodes (about 3 ms): below, cutting and handing out
/// cost more than they save.
const PARALLEL_FROM: u64 = 1 << 17;

/// Subtrees an iteration is cut into: one for about this many nodes of
/// the iteration before (the next takes several times more), within
/// [`FEWEST_SUBTREES`] and [`MOST_SUBTREES`].
const NODES_PER_SUBTREE: u64 = 1 << 10;
const FEWEST_SUBTREES: usize = 256;
const MOST_SUBTREES: usize = 1 << 14;

/// How often the asking thread, waiting for its helpers to finish, asks
/// its own `keep_going` (a deadline, a closed pipe).
const WAIT_TICK: Duration = Duration::from_millis(1);

/// Who helps a search, and from which iteration on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Helpers<'a> {
    who: Who<'a>,
    /// Iterations are searched in parallel after one of at least this
    /// many nodes.
    after: u64,
}

/// Who helps a search.
#[derive(Clone, Copy, Debug)]
enum Who<'a> {
    /// The asking thread searches alone.
    Nobody,
    /// This many threads in all, the asking one included: the others are
    /// started for each large iteration.
    Threads(usize),
    /// The crew's idle threads.
    Crew(&'a Crew),
}

impl Default for Helpers<'_> {
    fn default() -> Self {
        Helpers {
            who: Who::Nobody,
            after: PARALLEL_FROM,
        }
    }
}

impl<'a> Helpers<'a> {
    /// `threads` threads in all, the asking one included.
    pub(crate) fn threads(self, threads: usize) -> Self {
        Helpers {
            who: Who::Threads(threads),
            ..self
        }
    }

    /// The idle threads of `crew`.
    pub(crate) fn crew(self, crew: &'a Crew) -> Self {
        Helpers {
            who: Who::Crew(crew),
            ..self
        }
    }

    /// Iterations in parallel after one of at least `nodes` nodes.
    pub(crate) fn after(self, nodes: u64) -> Self {
        Helpers {
            after: nodes,
            ..self
        }
    }

    /// Searches the iteration of `search` at its bound from `root` with
    /// helpers, when it is worth it (the one before took
    /// `last_iteration` nodes): `Some` with what it found (`None` when
    /// nothing within the bound, or stopped: see [`Deepening::stopped`]),
    /// or `None` when the asking thread is to search it alone.
    pub(crate) fn iterate<S: Deepening>(
        self,
        search: &mut S,
        root: &S::Node,
        last_iteration: u64,
    ) -> Option<Option<S::Found>> {
        let alone = match self.who {
            Who::Nobody => true,
            Who::Threads(threads) => threads < 2,
            Who::Crew(_) => false,
        };
        if alone || last_iteration < self.after || !search.can_split(root) {
            return None;
        }
        let wanted = usize::try_from(last_iteration / NODES_PER_SUBTREE)
            .unwrap_or(MOST_SUBTREES)
            .clamp(FEWEST_SUBTREES, MOST_SUBTREES);
        let seed = search.seed();
        let subtrees = cut(search, root, wanted);
        let iteration = Arc::new(Iteration::new(seed, search.bound(), subtrees));
        let found = match self.who {
            Who::Threads(threads) => thread::scope(|scope| {
                for _ in 1..threads {
                    let iteration = Arc::clone(&iteration);
                    // A thread the system refuses is one helper fewer.
                    let _ = thread::Builder::new().spawn_scoped(scope, move || iteration.help());
                }
                iteration.lead(search, || {})
            }),
            Who::Crew(crew) => {
                let job: Arc<dyn Job> = iteration.clone();
                crew.open(Arc::clone(&job));
                iteration.lead(search, || crew.close(&job))
            }
            Who::Nobody => unreachable!("a search alone is not cut"),
        };
        Some(found)
    }
}

/// The nodes of the iteration's tree below `root` at the first depth
/// where there are at least `wanted` (or no node can be cut again), left
/// to right as the search visits them; goals above that depth are leaves
/// in their place.
fn cut<S: Deepening>(search: &mut S, root: &S::Node, wanted: usize) -> Vec<S::Node> {
    let mut level = Vec::from([*root]);
    while level.len() < wanted && level.iter().any(|node| search.can_split(node)) {
        let mut deeper = Vec::with_capacity(level.len() * 2);
        for node in &level {
            if search.can_split(node) {
                search.split(node, &mut |child| deeper.push(child));
            } else {
                deeper.push(*node);
            }
        }
        level = deeper;
    }
    level
}

/// One iteration, cut into subtrees, as the threads that search it share
/// it.
struct Iteration<S: Spawn> {
    seed: S,
    bound: u8,
    subtrees: Vec<S::Node>,
    /// The next subtree to hand out.
    next: AtomicUsize,
    /// The leftmost subtree a solution was found below; `usize::MAX`
    /// while none is.
    leftmost: AtomicUsize,
    /// That solution.
    found: Mutex<Option<(usize, S::Found)>>,
    /// The smallest estimate beyond the bound any thread met.
    next_bound: AtomicU8,
    /// The nodes the subtrees' searches expanded, as each reported them.
    nodes: AtomicU64,
    /// Set when the asking thread's `keep_going` said stop.
    stop: AtomicBool,
    /// Helpers at work, and a signal when the last one leaves.
    busy: Mutex<usize>,
    left: Condvar,
}

impl<S: Spawn> Iteration<S> {
    fn new(seed: S, bound: u8, subtrees: Vec<S::Node>) -> Self {
        Iteration {
            seed,
            bound,
            subtrees,
            next: AtomicUsize::new(0),
            leftmost: AtomicUsize::new(usize::MAX),
            found: Mutex::new(None),
            next_bound: AtomicU8::new(u8::MAX),
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            busy: Mutex::new(0),
            left: Condvar::new(),
        }
    }

    /// The next subtree to search, leftmost first; `None` once all are
    /// handed out, a solution is known left of the rest, or the search
    /// stopped.
    fn take(&self) -> Option<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let next = self.next.fetch_add(1, Ordering::Relaxed);
        (next < self.subtrees.len() && next < self.leftmost.load(Ordering::Acquire)).then_some(next)
    }

    /// Whether the search below subtree `i` goes on: nothing stopped it,
    /// and no solution is known left of it.
    fn goes_on(&self, i: usize) -> bool {
        !self.stop.load(Ordering::Relaxed) && self.leftmost.load(Ordering::Acquire) > i
    }

    /// Searches subtrees with `search` until none is left to take;
    /// `current` tells its `keep_going` which one it is on.
    fn work(&self, search: &mut S::Search<'_>, current: &Cell<usize>) {
        search.start_iteration(self.bound);
        while let Some(i) = self.take() {
            current.set(i);
            if let Some(path) = search.search_below(&self.subtrees[i]) {
                let mut found = lock(&self.found);
                if found.as_ref().is_none_or(|&(known, _)| i < known) {
                    *found = Some((i, path));
                }
                self.leftmost.fetch_min(i, Ordering::AcqRel);
            }
        }
        self.next_bound
            .fetch_min(search.next_bound(), Ordering::Relaxed);
    }

    /// Searches subtrees on a helper's thread until none is left.
    fn help(&self) {
        *lock(&self.busy) += 1;
        // Leaves even if the search panics, so the asking thread does not
        // wait for it forever.
        let _leaving = Leaving(self);
        let current = Cell::new(0);
        let reported = Cell::new(0);
        let mut check = |nodes: u64, _bound: u8| {
            self.nodes
                .fetch_add(nodes - reported.replace(nodes), Ordering::Relaxed);
            self.goes_on(current.get())
        };
        let mut search = self.seed.search(&mut check);
        self.work(&mut search, &current);
        let nodes = search.nodes();
        self.nodes
            .fetch_add(nodes - reported.get(), Ordering::Relaxed);
    }

    /// Searches subtrees on the asking thread, whose search is `asking`,
    /// calls `exhausted` once none is left to hand out, waits for the
    /// helpers, and leaves in `asking` the iteration's nodes, next bound
    /// and whether it stopped: the leftmost solution, if one was found.
    fn lead<A: Deepening<Found = S::Found>>(
        &self,
        asking: &mut A,
        exhausted: impl FnOnce(),
    ) -> Option<S::Found> {
        let base = asking.nodes();
        let own_nodes;
        {
            let mut outer = asking.keep_going();
            let mut go_on = |nodes: u64| -> bool {
                let total = base + nodes;
                let go_on = outer
                    .as_mut()
                    .is_none_or(|keep_going| keep_going(total, self.bound));
                if !go_on {
                    self.stop.store(true, Ordering::Relaxed);
                }
                go_on
            };
            let current = Cell::new(0);
            let reported = Cell::new(0);
            let mut check = |nodes: u64, _bound: u8| {
                self.nodes
                    .fetch_add(nodes - reported.replace(nodes), Ordering::Relaxed);
                go_on(self.nodes.load(Ordering::Relaxed)) && self.goes_on(current.get())
            };
            let mut search = self.seed.search(&mut check);
            self.work(&mut search, &current);
            own_nodes = search.nodes();
            // Its borrow of `check` ends here: the wait below asks `go_on`.
            drop(search);
            self.nodes
                .fetch_add(own_nodes - reported.get(), Ordering::Relaxed);
            exhausted();
            let mut busy = lock(&self.busy);
            while *busy > 0 {
                busy = self
                    .left
                    .wait_timeout(busy, WAIT_TICK)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
                if !self.stop.load(Ordering::Relaxed) {
                    go_on(self.nodes.load(Ordering::Relaxed));
                }
            }
        }
        asking.set_nodes(base + self.nodes.load(Ordering::Relaxed));
        asking.lower_next_bound(self.next_bound.load(Ordering::Relaxed));
        if self.stop.load(Ordering::Relaxed) {
            asking.mark_stopped();
            return None;
        }
        lock(&self.found).take().map(|(_, found)| found)
    }
}

/// A helper leaving an iteration: the last one wakes the asking thread.
struct Leaving<'a, S: Spawn>(&'a Iteration<S>);

impl<S: Spawn> Drop for Leaving<'_, S> {
    fn drop(&mut self) {
        let mut busy = lock(&self.0.busy);
        *busy -= 1;
        if *busy == 0 {
            self.0.left.notify_all();
        }
    }
}

/// An iteration as a [`Crew`] sees it, whatever its views.
trait Job: Send + Sync {
    /// Searches its subtrees until none is left.
    fn help(&self);
    /// Whether nothing is left to hand out.
    fn exhausted(&self) -> bool;
}

impl<S: Spawn> Job for Iteration<S> {
    fn help(&self) {
        Iteration::help(self);
    }

    fn exhausted(&self) -> bool {
        let next = self.next.load(Ordering::Relaxed);
        self.stop.load(Ordering::Relaxed)
            || next >= self.subtrees.len()
            || next >= self.leftmost.load(Ordering::Relaxed)
    }
}

/// Threads that answer questions of their own and, between them, help
/// each other's searches: the large iterations of a search asked under a
/// [`Budget::crew`](crate::Budget::crew) are open to every thread of the
/// crew waiting in [`Crew::help_until`].
///
/// A batch of questions spread over threads thus keeps every thread busy
/// to its end: a thread out of questions helps the hard ones still
/// running. A search's answer is the same whoever helps it.
///
/// ```
/// # #[cfg(feature = "fifteen")] {
/// use std::sync::Mutex;
/// use std::thread;
/// use puzzle_oracle::{Budget, Crew, FifteenBoard, Oracle};
///
/// // Korf's instances 1 and 2.
/// let boards: Vec<FifteenBoard> = [
///     "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
///     "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6",
/// ]
/// .iter()
/// .map(|text| text.parse().unwrap())
/// .collect();
/// let queue = Mutex::new(boards.iter().enumerate());
/// let distances = Mutex::new(vec![0; boards.len()]);
/// let crew = Crew::new();
/// thread::scope(|scope| {
///     for _ in 0..2 {
///         scope.spawn(|| {
///             // Take the next board; with none left, help the others.
///             while let Some((i, board)) = queue.lock().unwrap().next() {
///                 let mut budget = Budget::unlimited().crew(&crew);
///                 let distance = board.distance_within(&FifteenBoard::goal(), &mut budget);
///                 distances.lock().unwrap()[i] = distance.found().unwrap();
///             }
///             crew.leave();
///         });
///     }
/// });
/// assert_eq!(*distances.lock().unwrap(), [57, 55]);
/// # }
/// ```
#[derive(Default)]
pub struct Crew {
    /// The iterations open to helpers, oldest first.
    open: Mutex<Vec<Arc<dyn Job>>>,
    /// Rung when an iteration opens or [`Crew::notify`] is called.
    wake: Condvar,
}

impl core::fmt::Debug for Crew {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Crew")
            .field("open", &lock(&self.open).len())
            .finish()
    }
}

impl Crew {
    /// A crew with no thread in it yet: threads join by asking their
    /// questions under [`Budget::crew`](crate::Budget::crew) and waiting
    /// in [`Crew::help_until`].
    #[must_use]
    pub fn new() -> Self {
        Crew::default()
    }

    /// Waits until `take` gives something, helping the crew's searches
    /// meanwhile, and returns it. `take` is asked first, then again after
    /// each help and each [`Crew::notify`]; it is asked with the crew's
    /// lock held, so it must not call back into the crew.
    pub fn help_until<T>(&self, mut take: impl FnMut() -> Option<T>) -> T {
        let mut open = lock(&self.open);
        loop {
            if let Some(taken) = take() {
                return taken;
            }
            open.retain(|job| !job.exhausted());
            if let Some(job) = open.first().map(Arc::clone) {
                drop(open);
                job.help();
                open = lock(&self.open);
                continue;
            }
            open = self.wake.wait(open).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Helps the crew's searches until none is open: what a thread out of
    /// questions of its own does before it ends (a search it leaves is
    /// finished by its own thread).
    pub fn leave(&self) {
        let mut open = lock(&self.open);
        loop {
            open.retain(|job| !job.exhausted());
            let Some(job) = open.first().map(Arc::clone) else {
                return;
            };
            drop(open);
            job.help();
            open = lock(&self.open);
        }
    }

    /// Wakes the threads waiting in [`Crew::help_until`] to ask their
    /// `take` again: call it after making something available to them.
    pub fn notify(&self) {
        let _open = lock(&self.open);
        self.wake.notify_all();
    }

    /// Opens `job` to the crew's threads.
    fn open(&self, job: Arc<dyn Job>) {
        lock(&self.open).push(job);
        self.wake.notify_all();
    }

    /// Closes `job`: nothing is left to hand out.
    fn close(&self, job: &Arc<dyn Job>) {
        lock(&self.open).retain(|open| !Arc::ptr_eq(open, job));
    }
}

/// A lock that a panicked thread did not spoil: what it guards stays
/// consistent at every step.
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
