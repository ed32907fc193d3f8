//! IDA*'s outer loop, written once for every search: depth-first walks
//! of one question's tree under a bound that grows between them, the
//! large walks cut into subtrees that helpers search beside the asking
//! thread (see `parallel.rs`), the whole stopped when its `keep_going`
//! says so.
//!
//! A search says how it walks its tree ([`Deepening`]): the single-tile
//! search over pattern databases (`ida.rs`, a move of one tile at a time)
//! and the multi-tile search over abstraction databases
//! (`multi_tile/search.rs`, a slide of one or more). The bounds, the
//! parallel split and the rule that the answer is the leftmost solution
//! of the last iteration, the one the asking thread alone would find,
//! live here and in `parallel.rs`, for both.

#[cfg(feature = "std")]
pub(crate) use super::parallel::Helpers;

/// The deepest a subtree may start: the moves that led to it are carried
/// with it.
pub(crate) const MAX_SPLIT_DEPTH: usize = 32;

/// One question's depth-first search under a bound: what IDA* iterates
/// and the parallel split cuts.
pub(crate) trait Deepening {
    /// A node where a subtree starts: what the walk needs to go on below
    /// it, and the moves that led there.
    type Node: Copy + Send + Sync;
    /// A path found to the target.
    type Found: Send;
    /// What a search of the same question on another thread starts from.
    #[cfg(feature = "std")]
    type Seed: Spawn<Node = Self::Node, Found = Self::Found>;

    /// The question's start, as a node.
    fn root(&self) -> Self::Node;
    /// The first iteration's bound: the start's estimate.
    fn first_bound(&self, root: &Self::Node) -> u8;
    /// Starts an iteration at `bound`.
    fn start_iteration(&mut self, bound: u8);
    /// The bound of the iteration after this one, which found nothing:
    /// the least estimate beyond the bound met.
    fn next_bound(&self) -> u8;
    /// Nodes expanded over all iterations.
    fn nodes(&self) -> u64;
    /// Whether the search stopped because its `keep_going` said so.
    fn stopped(&self) -> bool;
    /// Searches below `node` within the bound: a path when one is found
    /// (`None` when none is, or the search was stopped).
    fn search_below(&mut self, node: &Self::Node) -> Option<Self::Found>;

    // What the parallel split needs besides.

    /// The bound of the iteration searched last.
    #[cfg(feature = "std")]
    fn bound(&self) -> u8;
    /// Lowers the next bound to `bound` when that is less (an estimate a
    /// helper met).
    #[cfg(feature = "std")]
    fn lower_next_bound(&mut self, bound: u8);
    /// Sets the nodes expanded (with what the helpers expanded).
    #[cfg(feature = "std")]
    fn set_nodes(&mut self, nodes: u64);
    /// Marks the search stopped (by its `keep_going`, asked on its
    /// behalf).
    #[cfg(feature = "std")]
    fn mark_stopped(&mut self);
    /// The `keep_going` this search asks, with the nodes so far and the
    /// bound, every few thousand nodes.
    #[cfg(feature = "std")]
    fn keep_going(&mut self) -> Option<&mut (dyn FnMut(u64, u8) -> bool + '_)>;
    /// Whether `node` may be cut again: it is no goal, and the moves to
    /// its children fit a node.
    #[cfg(feature = "std")]
    fn can_split(&self, node: &Self::Node) -> bool;
    /// Gives `child` each child of `node` within the bound, in the order
    /// [`Deepening::search_below`] searches them, and lowers the next
    /// bound by those beyond it. `node` must be one [`Deepening::can_split`]
    /// allows. The search is left anywhere: enter a node before searching
    /// again.
    #[cfg(feature = "std")]
    fn split(&mut self, node: &Self::Node, child: &mut dyn FnMut(Self::Node));
    /// What a search of the same question on another thread starts from.
    #[cfg(feature = "std")]
    fn seed(&self) -> Self::Seed;
}

/// What starts a search of one question on another thread.
#[cfg(feature = "std")]
pub(crate) trait Spawn: Send + Sync + 'static {
    type Node: Copy + Send + Sync + 'static;
    type Found: Send + 'static;
    /// The search, asking `keep_going` whether to go on.
    type Search<'k>: Deepening<Node = Self::Node, Found = Self::Found>
    where
        Self: 'k;

    /// A search of the question, at no bound yet, asking `keep_going`.
    fn search<'k>(&'k self, keep_going: &'k mut dyn FnMut(u64, u8) -> bool) -> Self::Search<'k>;
}

/// IDA*: iterations under bounds from the start's estimate up to `most`,
/// each one after the last searched in parallel when `helpers` make it
/// worth it: the first path found (the leftmost of its iteration, so
/// optimal), or `None` when none is within `most` moves or the search was
/// stopped ([`Deepening::stopped`] tells which). Deciding that a board
/// is farther spares the iterations beyond `most`, the costliest.
pub(crate) fn deepen<S: Deepening>(
    search: &mut S,
    most: u8,
    helpers: Helpers<'_>,
) -> Option<S::Found> {
    let root = search.root();
    let mut bound = search.first_bound(&root);
    let mut last_iteration = 0;
    while bound <= most {
        search.start_iteration(bound);
        let before = search.nodes();
        let found = match helpers.iterate(search, &root, last_iteration) {
            Some(in_parallel) => in_parallel,
            None => search.search_below(&root),
        };
        if search.stopped() {
            return None;
        }
        if found.is_some() {
            return found;
        }
        last_iteration = search.nodes() - before;
        bound = search.next_bound();
    }
    None
}

/// Without `std` a search has no threads to help it: every iteration is
/// searched by the thread that asks.
#[cfg(not(feature = "std"))]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Helpers<'a>(core::marker::PhantomData<&'a ()>);

#[cfg(not(feature = "std"))]
impl Helpers<'_> {
    /// Never searches an iteration: see `parallel.rs` with `std`.
    #[inline(always)]
    fn iterate<S: Deepening>(self, _: &mut S, _: &S::Node, _: u64) -> Option<Option<S::Found>> {
        None
    }
}
