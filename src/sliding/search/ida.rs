//! IDA* in single tiles: the depth-first walks under a bound on moves
//! made plus the pattern-database bound, in the canonical frame of the
//! target's class, that `deepening.rs` iterates (and cuts for helpers).
//!
//! The board lives in one place and is moved and unmoved in place; a move
//! changes one tile's cell, so only that tile's group is looked up again,
//! in each view of the databases (see `views.rs`), and its value goes one
//! up or one down (see `pattern.rs`). The number of views is a constant
//! of the search, so that its loops unroll. The move automaton rejects the
//! moves that would end a string the search never needs, the undo of the
//! move before among them (see `move_automaton.rs`); what lists every
//! optimal path rejects only the undo.
//!
//! The placement number and the lookups around it are inlined always: a
//! call there measured slower (Korf's 100 in 1.05 s against 0.99 s).

use super::databases::{ClassDatabases, Group, GroupState};
#[cfg(feature = "std")]
use super::deepening::Spawn;
use super::deepening::{Deepening, Helpers, MAX_SPLIT_DEPTH, deepen};
use super::limits::{MAX_CELLS, MAX_GROUPS, MAX_MOVES, NARROW_GROUPS};
use super::move_automaton::{self, START};
use super::pattern::NO_CELL;
use super::views::{NO_ALIAS, View, Views};

/// What one search found: the blank's cells after each move.
#[derive(Clone)]
pub(crate) struct Found {
    pub path: [u8; MAX_MOVES],
    pub len: u8,
}

/// How often a search that may be stopped asks whether to go on: about
/// a millisecond of search.
const STOP_EVERY: u64 = 1 << 13;

/// Each group's exact value, in each view.
pub(crate) type Values<const V: usize, const G: usize> = [[u8; G]; V];

/// A node of one iteration's tree, where a subtree starts: what the
/// search needs to go on below it, and the moves that led there.
#[derive(Clone, Copy)]
#[cfg_attr(
    not(feature = "std"),
    allow(dead_code, reason = "without threads only the root is searched")
)]
pub(crate) struct Subtree<const V: usize, const G: usize> {
    board: [u8; MAX_CELLS],
    values: Values<V, G>,
    blank: u8,
    automaton: u16,
    depth: u8,
    /// The blank's cells after each move from the root.
    path: [u8; MAX_SPLIT_DEPTH],
}

/// What a search of the same question on another thread starts from:
/// the class, its views, and a board (the root's).
#[cfg(feature = "std")]
#[derive(Clone, Copy)]
pub(crate) struct Seed<const V: usize, const G: usize, const W: bool> {
    class: &'static ClassDatabases,
    views: [View<'static>; V],
    board: [u8; MAX_CELLS],
}

/// A child of a node within the bound, as the children are ordered: a
/// key (see [`Ida::child_values`]), its place among the node's reads, and
/// its values.
type Ordered<const V: usize, const G: usize> = (u32, usize, Values<V, G>);

/// What the children of one node read from the databases: for each, its
/// cell and, in each view, the group that moves, the index of its state
/// and the byte holding that bit.
struct ChildReads<const V: usize> {
    to: [u8; 4],
    group: [[u8; V]; 4],
    /// The moved tile's place in its group, and the group's order after
    /// the move.
    slot: [[u8; V]; 4],
    order: [[u32; V]; 4],
    index: [[u32; V]; 4],
    byte: [[u8; V]; 4],
    /// The move automaton's state after the move.
    automaton: [u16; 4],
    len: usize,
}

/// One question's walks over a board in the canonical frame of a class
/// (see [`Deepening`]), reading its `V` views (the databases are statics; `'a` is the life of the
/// search's `keep_going`).
pub(crate) struct Ida<'a, const V: usize, const G: usize, const W: bool> {
    /// The class whose goal is searched for.
    class: &'static ClassDatabases,
    views: [View<'static>; V],
    board: [u8; MAX_CELLS],
    states: [[GroupState; G]; V],
    pub(crate) bound: u8,
    /// The smallest estimate beyond the bound met in this iteration: the
    /// next iteration's bound.
    pub(crate) next_bound: u8,
    /// Asked every [`STOP_EVERY`] nodes, with the nodes so far, whether
    /// to go on.
    keep_going: Option<&'a mut dyn FnMut(u64, u8) -> bool>,
    /// Whether the search stopped because `keep_going` said so.
    stopped: bool,
    path: [u8; MAX_MOVES],
    /// Nodes expanded (bounds computed) over all iterations.
    pub nodes: u64,
}

impl<'a, const V: usize, const G: usize, const W: bool> Ida<'a, V, G, W> {
    /// A search from `board` (`board[cell]` the tile, the goal's class
    /// canonical, cells past the board ignored), which must be able to
    /// reach the goal, through `views`, which has `V` views.
    pub(crate) fn new(views: &Views<'static>, board: [u8; MAX_CELLS]) -> Self {
        let class = views.class;
        let views: [View<'static>; V] = core::array::from_fn(|v| views.as_slice()[v]);
        let cells = class.board.cells();
        Ida {
            class,
            states: core::array::from_fn(|v| leading(views[v].states(&board, cells))),
            views,
            board,
            bound: 0,
            next_bound: 0,
            path: [0; MAX_MOVES],
            nodes: 0,
            keep_going: None,
            stopped: false,
        }
    }

    /// A search from `seed`, with no `keep_going` yet.
    #[cfg(feature = "std")]
    fn of_seed(seed: &Seed<V, G, W>) -> Self {
        let cells = seed.class.board.cells();
        Ida {
            class: seed.class,
            states: core::array::from_fn(|v| leading(seed.views[v].states(&seed.board, cells))),
            views: seed.views,
            board: seed.board,
            bound: 0,
            next_bound: 0,
            path: [0; MAX_MOVES],
            nodes: 0,
            keep_going: None,
            stopped: false,
        }
    }

    /// View `v`.
    #[inline(always)]
    fn view(&self, v: usize) -> &View<'static> {
        &self.views[v]
    }

    /// The blank's cell and the root's values.
    fn root(&self) -> (u8, Values<V, G>) {
        let blank = self.class.blank(&self.board);
        let cells = self.class.board.cells();
        let values =
            core::array::from_fn(|v| leading(self.view(v).values(&self.board, cells, blank)));
        (blank, values)
    }

    /// The distance bound of a state whose groups have `values`: the
    /// largest over the views of the view's sum less its moves.
    #[inline(always)]
    fn bound_of(&self, values: &Values<V, G>) -> u8 {
        let mut bound = 0;
        for (v, values) in values.iter().enumerate() {
            bound = bound.max(sum(*values).saturating_sub(self.view(v).moves));
        }
        bound
    }

    /// Makes the search give up once `keep_going`, asked every few
    /// thousand nodes with the nodes so far, returns `false`.
    pub fn keep_going_while(&mut self, keep_going: &'a mut dyn FnMut(u64, u8) -> bool) {
        self.keep_going = Some(keep_going);
    }

    /// Whether the search must stop now: at every [`STOP_EVERY`]-th node,
    /// `keep_going` is asked. A stopped search unwinds at once.
    #[inline]
    fn must_stop(&mut self) -> bool {
        self.nodes.is_multiple_of(STOP_EVERY) && self.asked_to_stop()
    }

    #[cold]
    fn asked_to_stop(&mut self) -> bool {
        let nodes = self.nodes;
        if let Some(keep_going) = self.keep_going.as_deref_mut() {
            self.stopped = !keep_going(nodes, self.bound);
        }
        self.stopped
    }

    /// Runs the search to the end: an optimal path; `None` when it was
    /// stopped (see [`Ida::keep_going_while`]).
    pub fn run(&mut self, helpers: Helpers<'_>) -> Option<Found> {
        let found = deepen(self, self.class.max_moves, helpers);
        // The bound only grows, and reaches the distance of a goal that
        // can be reached (the caller checked), at most the board's most.
        assert!(
            found.is_some() || self.stopped,
            "no board is more moves from its goal than its published most"
        );
        found
    }

    /// The search's root, as a subtree.
    fn root_subtree(&self) -> Subtree<V, G> {
        let (blank, values) = self.root();
        Subtree {
            board: self.board,
            values,
            blank,
            automaton: START,
            depth: 0,
            path: [0; MAX_SPLIT_DEPTH],
        }
    }

    /// Puts the search on `node`: its board, its groups' states, the
    /// path to it.
    fn enter(&mut self, node: &Subtree<V, G>) {
        self.board = node.board;
        let cells = self.class.board.cells();
        self.states = core::array::from_fn(|v| leading(self.views[v].states(&self.board, cells)));
        let depth = usize::from(node.depth);
        self.path[..depth].copy_from_slice(&node.path[..depth]);
    }

    /// Gives `visit` every optimal path from the board, which is
    /// `distance` moves from the goal (the blank's cells after each move),
    /// in the order the last IDA* iteration meets them (run to the end with
    /// the bound at `distance`; no optimal path undoes its previous move,
    /// so the pruning loses none), until `visit`
    /// returns `true` (stop). Returns whether it was stopped, by `visit`
    /// or by [`Ida::keep_going_while`] ([`Deepening::stopped`] tells which).
    #[cfg(feature = "alloc")]
    pub fn for_each_optimal(&mut self, distance: u8, visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        let (blank, values) = self.root();
        self.bound = distance;
        self.list_below(blank, NO_CELL, 0, values, visit)
    }

    /// The paths to the goals within the bound below the current state,
    /// as [`Ida::descend`] walks to them, but to the end of the bound.
    #[cfg(feature = "alloc")]
    fn list_below(
        &mut self,
        blank: u8,
        back: u8,
        depth: u8,
        values: Values<V, G>,
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        self.nodes += 1;
        if sum(values[0]) == 0 {
            return visit(&self.path[..usize::from(depth)]);
        }
        if self.must_stop() {
            return true;
        }
        let reads = self.read_children(blank, |_, to| (to != back).then_some(START));
        for (n, &to) in reads.to[..reads.len].iter().enumerate() {
            let Ok((_, child)) = self.child_values(&reads, n, depth, &values) else {
                continue;
            };
            let saved = self.play(&reads, n, blank);
            self.path[usize::from(depth)] = to;
            let stop = self.list_below(to, blank, depth + 1, child, visit);
            self.undo(&reads, n, blank, saved);
            if stop {
                return true;
            }
        }
        false
    }

    /// Searches below the current state, reached in `depth` moves with the
    /// blank on `blank`, the moves having led the move automaton to
    /// `automaton`. Returns the solution's length when one is found within
    /// the bound.
    fn descend(
        &mut self,
        blank: u8,
        automaton: u16,
        depth: u8,
        values: Values<V, G>,
    ) -> Option<u8> {
        self.nodes += 1;
        if sum(values[0]) == 0 {
            return Some(depth);
        }
        if self.must_stop() {
            // Unwinds as a solution would; `run` knows better.
            return Some(depth);
        }
        let steps = &self.class.steps[usize::from(blank)];
        let reads = self.read_children(blank, |k, _| move_automaton::after(automaton, steps[k]));
        let mut order = [(0u32, 0usize, [[0u8; G]; V]); 4];
        let within = self.order_children(&reads, depth, &values, &mut order);
        for &(_, n, child) in &order[..within] {
            let to = reads.to[n];
            let saved = self.play(&reads, n, blank);
            self.path[usize::from(depth)] = to;
            if let Some(len) = self.descend(to, reads.automaton[n], depth + 1, child) {
                return Some(len);
            }
            self.undo(&reads, n, blank, saved);
        }
        None
    }

    /// Puts the children of `reads` within the bound in `order`, those
    /// estimated nearest first (in the last iteration that finds a
    /// solution sooner), and lowers the next bound by those beyond it.
    /// Returns how many are within.
    #[inline(always)]
    fn order_children(
        &mut self,
        reads: &ChildReads<V>,
        depth: u8,
        values: &Values<V, G>,
        order: &mut [Ordered<V, G>; 4],
    ) -> usize {
        let mut within = 0;
        for n in 0..reads.len {
            match self.child_values(reads, n, depth, values) {
                Ok((key, child)) => {
                    let mut slot = within;
                    while slot > 0 && order[slot - 1].0 > key {
                        order[slot] = order[slot - 1];
                        slot -= 1;
                    }
                    order[slot] = (key, n, child);
                    within += 1;
                }
                Err(estimate) => self.next_bound = self.next_bound.min(estimate),
            }
        }
        within
    }

    /// The stored bytes every child of the current state needs, in every
    /// view: all indices first, then all loads, so that the loads are
    /// independent and their cache misses overlap. A child is made when
    /// `allowed`, given its place among the blank's neighbours and its
    /// cell, gives the move automaton's state after it (it is asked of the
    /// padding past the last neighbour too, whose cell is [`NO_CELL`]).
    #[inline(always)]
    fn read_children(
        &self,
        blank: u8,
        allowed: impl Fn(usize, u8) -> Option<u16>,
    ) -> ChildReads<V> {
        let mut reads = ChildReads {
            to: [NO_CELL; 4],
            group: [[0; V]; 4],
            slot: [[0; V]; 4],
            order: [[0; V]; 4],
            index: [[0; V]; 4],
            byte: [[0; V]; 4],
            automaton: [START; 4],
            len: 0,
        };
        // Which neighbours are children, as bits, without a branch on each
        // (which neighbours the automaton allows is data, and mispredicted):
        // then one pass over the children alone.
        let neighbours = &self.class.neighbours[usize::from(blank)];
        let mut after = [START; 4];
        let mut children = 0u8;
        for (k, &to) in neighbours.iter().enumerate() {
            let automaton = allowed(k, to);
            after[k] = automaton.unwrap_or(START);
            children |= u8::from((to != NO_CELL) & automaton.is_some()) << k;
        }
        while children != 0 {
            let k = children.trailing_zeros() as usize;
            children &= children - 1;
            let to = neighbours[k];
            let n = reads.len;
            reads.automaton[n] = after[k];
            let tile = usize::from(self.board[usize::from(to)]);
            for v in 0..V {
                let view = self.view(v);
                let (group, i) = view.slot[tile];
                let (group, i) = (usize::from(group), usize::from(i));
                let alias = view.alias[group];
                if v > 0 && alias != NO_ALIAS {
                    let u = usize::from(alias);
                    reads.group[n][v] = group as u8;
                    reads.index[n][v] = reads.index[n][u];
                    reads.slot[n][v] = i as u8;
                    reads.order[n][v] = reads.order[n][u];
                    continue;
                }
                // The first view reads the board itself.
                let (from, into) = if v == 0 {
                    (to, blank)
                } else {
                    (view.cell[usize::from(to)], view.cell[usize::from(blank)])
                };
                let database = &view.groups[group];
                let moved = database.moved(&self.states[v][group], i, from, into);
                reads.group[n][v] = group as u8;
                reads.index[n][v] = database.state_index::<W>(&moved, from) as u32;
                reads.slot[n][v] = i as u8;
                reads.order[n][v] = moved.order;
            }
            reads.to[n] = to;
            reads.len += 1;
        }
        for n in 0..reads.len {
            for v in 0..V {
                let group = usize::from(reads.group[n][v]);
                reads.byte[n][v] = self.view(v).groups[group].byte_of(reads.index[n][v] as usize);
            }
        }
        reads
    }

    /// The values of child `n` of `reads`, reached `depth + 1` moves in,
    /// with the key the children are visited in (the largest of the
    /// views' estimates, then their sum: a child more views bound low is
    /// likelier on a path within the bound); or its estimate when that is
    /// beyond the bound.
    #[inline(always)]
    fn child_values(
        &self,
        reads: &ChildReads<V>,
        n: usize,
        depth: u8,
        values: &Values<V, G>,
    ) -> Result<(u32, Values<V, G>), u8> {
        let mut child = *values;
        let (mut largest, mut total) = (0, 0);
        for v in 0..V {
            let bit = (reads.byte[n][v] >> (reads.index[n][v] % 8)) & 1;
            let group = usize::from(reads.group[n][v]);
            child[v][group] = Group::value_from_bit(values[v][group], bit);
            let estimate = (depth + 1 + sum(child[v])).saturating_sub(self.view(v).moves);
            if estimate > self.bound {
                return Err(estimate);
            }
            largest = largest.max(estimate);
            total += u32::from(estimate);
        }
        Ok(((u32::from(largest) << 16) | total, child))
    }

    /// Plays child `n` of `reads`: its tile slides into the blank on
    /// `blank`. Returns what [`Ida::undo`] needs to take it back.
    #[inline(always)]
    fn play(&mut self, reads: &ChildReads<V>, n: usize, blank: u8) -> [GroupState; V] {
        let to = reads.to[n];
        let saved = core::array::from_fn(|v| self.states[v][usize::from(reads.group[n][v])]);
        for v in 0..V {
            let (from, into) = if v == 0 {
                (to, blank)
            } else {
                let view = self.view(v);
                (view.cell[usize::from(to)], view.cell[usize::from(blank)])
            };
            let state = &mut self.states[v][usize::from(reads.group[n][v])];
            *state = GroupState {
                at: state.at.moved(usize::from(reads.slot[n][v]), from, into),
                order: reads.order[n][v],
            };
        }
        self.board.swap(usize::from(blank), usize::from(to));
        saved
    }

    /// Takes back child `n` of `reads`, played from the blank on `blank`.
    #[inline(always)]
    fn undo(&mut self, reads: &ChildReads<V>, n: usize, blank: u8, saved: [GroupState; V]) {
        for (v, saved) in saved.into_iter().enumerate() {
            self.states[v][usize::from(reads.group[n][v])] = saved;
        }
        self.board
            .swap(usize::from(blank), usize::from(reads.to[n]));
    }
}

impl<'a, const V: usize, const G: usize, const W: bool> Deepening for Ida<'a, V, G, W> {
    type Node = Subtree<V, G>;
    type Found = Found;
    #[cfg(feature = "std")]
    type Seed = Seed<V, G, W>;

    fn root(&self) -> Subtree<V, G> {
        self.root_subtree()
    }

    fn first_bound(&self, root: &Subtree<V, G>) -> u8 {
        self.bound_of(&root.values)
    }

    fn start_iteration(&mut self, bound: u8) {
        self.bound = bound;
        self.next_bound = u8::MAX;
    }

    #[cfg(feature = "std")]
    fn bound(&self) -> u8 {
        self.bound
    }

    fn next_bound(&self) -> u8 {
        self.next_bound
    }

    #[cfg(feature = "std")]
    fn lower_next_bound(&mut self, bound: u8) {
        self.next_bound = self.next_bound.min(bound);
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    #[cfg(feature = "std")]
    fn set_nodes(&mut self, nodes: u64) {
        self.nodes = nodes;
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    #[cfg(feature = "std")]
    fn mark_stopped(&mut self) {
        self.stopped = true;
    }

    #[cfg(feature = "std")]
    fn keep_going(&mut self) -> Option<&mut (dyn FnMut(u64, u8) -> bool + '_)> {
        match &mut self.keep_going {
            Some(keep_going) => Some(&mut **keep_going),
            None => None,
        }
    }

    fn search_below(&mut self, node: &Subtree<V, G>) -> Option<Found> {
        self.enter(node);
        self.stopped = false;
        let len = self.descend(node.blank, node.automaton, node.depth, node.values)?;
        if self.stopped {
            return None;
        }
        Some(Found {
            path: self.path,
            len,
        })
    }

    /// A goal is a leaf, and a node's path must fit.
    #[cfg(feature = "std")]
    fn can_split(&self, node: &Subtree<V, G>) -> bool {
        sum(node.values[0]) != 0 && usize::from(node.depth) < MAX_SPLIT_DEPTH
    }

    #[cfg(feature = "std")]
    fn split(&mut self, node: &Subtree<V, G>, child: &mut dyn FnMut(Subtree<V, G>)) {
        self.enter(node);
        self.nodes += 1;
        let (blank, depth) = (node.blank, node.depth);
        let steps = &self.class.steps[usize::from(blank)];
        let reads = self.read_children(blank, |k, _| {
            move_automaton::after(node.automaton, steps[k])
        });
        let mut order = [(0u32, 0usize, [[0u8; G]; V]); 4];
        let within = self.order_children(&reads, depth, &node.values, &mut order);
        for &(_, n, values) in &order[..within] {
            let to = reads.to[n];
            let saved = self.play(&reads, n, blank);
            let mut path = node.path;
            path[usize::from(depth)] = to;
            child(Subtree {
                board: self.board,
                values,
                blank: to,
                automaton: reads.automaton[n],
                depth: depth + 1,
                path,
            });
            self.undo(&reads, n, blank, saved);
        }
    }

    #[cfg(feature = "std")]
    fn seed(&self) -> Seed<V, G, W> {
        Seed {
            class: self.class,
            views: self.views,
            board: self.board,
        }
    }
}

#[cfg(feature = "std")]
impl<const V: usize, const G: usize, const W: bool> Spawn for Seed<V, G, W> {
    type Node = Subtree<V, G>;
    type Found = Found;
    type Search<'k> = Ida<'k, V, G, W>;

    fn search<'k>(&'k self, keep_going: &'k mut dyn FnMut(u64, u8) -> bool) -> Ida<'k, V, G, W> {
        let mut search = Ida::of_seed(self);
        search.keep_going_while(keep_going);
        search
    }
}

/// An IDA* search through however many views its class has, on a narrow
/// board (at most [`NARROW_GROUPS`] groups) or a wide one (see
/// [`MAX_NARROW_CELLS`](super::limits::MAX_NARROW_CELLS)). A wide board's
/// class borrows no other class's databases (`build.rs` refuses it), so
/// it has at most two views, its own and its mirror: no wide variant
/// reads more, which spares compiling two searches no board uses. Wide
/// boards come only with the cache (their databases are too large to
/// embed), so without it no wide search is compiled.
pub(crate) enum Search<'a> {
    One(Ida<'a, 1, NARROW_GROUPS, false>),
    Two(Ida<'a, 2, NARROW_GROUPS, false>),
    Three(Ida<'a, 3, NARROW_GROUPS, false>),
    Four(Ida<'a, 4, NARROW_GROUPS, false>),
    #[cfg(feature = "cache")]
    WideOne(Ida<'a, 1, MAX_GROUPS, true>),
    #[cfg(feature = "cache")]
    WideTwo(Ida<'a, 2, MAX_GROUPS, true>),
}

/// `$body` on the search inside `$search`, named `$ida`.
macro_rules! on_each {
    ($search:expr, $ida:ident => $body:expr) => {
        match $search {
            Search::One($ida) => $body,
            Search::Two($ida) => $body,
            Search::Three($ida) => $body,
            Search::Four($ida) => $body,
            #[cfg(feature = "cache")]
            Search::WideOne($ida) => $body,
            #[cfg(feature = "cache")]
            Search::WideTwo($ida) => $body,
        }
    };
}

impl<'a> Search<'a> {
    /// A search from `board` (`board[cell]` the tile, in the canonical
    /// frame of the class `views` read; cells past the board ignored),
    /// which must be able to reach the goal.
    pub fn new(views: &Views<'static>, board: [u8; MAX_CELLS]) -> Self {
        let wide = super::pattern::is_wide(views.cells());
        match (views.as_slice().len(), wide) {
            (1, false) => Search::One(Ida::new(views, board)),
            (2, false) => Search::Two(Ida::new(views, board)),
            (3, false) => Search::Three(Ida::new(views, board)),
            (_, false) => Search::Four(Ida::new(views, board)),
            #[cfg(feature = "cache")]
            (1, true) => Search::WideOne(Ida::new(views, board)),
            #[cfg(feature = "cache")]
            (_, true) => Search::WideTwo(Ida::new(views, board)),
            #[cfg(not(feature = "cache"))]
            (_, true) => unreachable!("a wide board's databases are cached"),
        }
    }

    /// See [`Ida::keep_going_while`].
    pub fn keep_going_while(&mut self, keep_going: &'a mut dyn FnMut(u64, u8) -> bool) {
        on_each!(self, ida => ida.keep_going_while(keep_going));
    }

    /// See [`Ida::run`].
    pub fn run(&mut self, helpers: Helpers<'_>) -> Option<Found> {
        on_each!(self, ida => ida.run(helpers))
    }

    /// IDA* with bounds of at most `most` moves: see [`deepen`].
    pub fn run_within(&mut self, most: u8, helpers: Helpers<'_>) -> Option<Found> {
        on_each!(self, ida => deepen(ida, most, helpers))
    }

    /// See [`Ida::for_each_optimal`].
    #[cfg(feature = "alloc")]
    pub fn for_each_optimal(&mut self, distance: u8, visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        on_each!(self, ida => ida.for_each_optimal(distance, visit))
    }

    /// See [`Deepening::stopped`].
    pub fn stopped(&self) -> bool {
        on_each!(self, ida => ida.stopped())
    }

    /// Nodes expanded (bounds computed) over all iterations.
    pub fn nodes(&self) -> u64 {
        on_each!(self, ida => ida.nodes)
    }

    /// The bound of the iteration searched last.
    pub fn bound(&self) -> u8 {
        on_each!(self, ida => ida.bound)
    }
}

/// The first `G` of a class's groups' values or states: a search carries
/// only the groups its boards have (the others hold no tile).
fn leading<T: Copy, const G: usize>(all: [T; MAX_GROUPS]) -> [T; G] {
    core::array::from_fn(|group| all[group])
}

#[inline]
fn sum<const G: usize>(parts: [u8; G]) -> u8 {
    parts.iter().sum()
}
