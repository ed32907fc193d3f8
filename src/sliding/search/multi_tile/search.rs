//! IDA* over slides, bounded by abstraction databases: one probed for the
//! board and, on 4x4 where the goal's blank lies on the diagonal, for its
//! transpose; or, on 2x7, 3x5 and 2x8, two probed for the board.
//!
//! The board is framed first: a symmetry carries the target's blank to
//! its goal class's cell `b` and each tile is renamed to its target cell
//! exclusive-or `b`, so that the blank is 0 (what a slide's shift leaves
//! behind) and the target the board holding `c ^ b` on cell `c`, one
//! nibble a cell. Every node expands along the axis its slide did not use
//! (two slides along one axis in a row are one slide, or none), so a 4x4
//! node has three children; their database entries are asked for all at
//! once, before any is read, so that the memory fetches overlap.

use std::vec::Vec;

use super::super::deepening::{Deepening, MAX_SPLIT_DEPTH, Spawn};
use super::abstraction::{CLASSES, Masks, ROW, SlideTable, TRANSPOSE};
use super::database::Database;

/// The framed target of the goal class whose blank cell is `class_cell`
/// on a board of `cells` cells: cell `c` holds `c ^ class_cell` (see
/// [`Framed`](super::Framed)).
pub(super) fn target_of(cells: usize, class_cell: usize) -> u64 {
    (0..cells).fold(0, |board, cell| {
        board | ((cell ^ class_cell) as u64) << (4 * cell)
    })
}

/// Nodes between two calls of the search's `keep_going`.
const STOP_EVERY: u64 = 1 << 14;

/// No slide yet: the first may go along either axis.
const EITHER_AXIS: usize = 2;

/// How a database sees the board: directly, or transposed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probe {
    pub database: &'static Database,
    pub transposed: bool,
}

/// The board as one probe sees it, with its distance there.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct View {
    masks: Masks,
    blank: u8,
    distance: u8,
}

impl Probe {
    /// The view of the framed board `cells`.
    fn view(&self, cells: u64) -> View {
        let abstraction = &self.database.abstraction;
        let goal_blank = abstraction.goal_blank();
        let mut masks = 0;
        let mut blank = 0;
        for (cell, &transposed_cell) in TRANSPOSE
            .iter()
            .enumerate()
            .take(abstraction.geometry().cells())
        {
            let goal = (cells >> (4 * cell) & 0xf) as usize ^ goal_blank;
            let (cell, goal) = if self.transposed {
                (usize::from(transposed_cell), usize::from(TRANSPOSE[goal]))
            } else {
                (cell, goal)
            };
            match abstraction.label(goal) {
                0 => blank = cell as u8,
                CLASSES => {}
                label => masks |= 1 << (16 * (usize::from(label) - 1) + cell),
            }
        }
        View {
            masks,
            blank,
            distance: self.database.distance(masks, usize::from(blank)),
        }
    }
}

/// What the search does at the target.
pub(crate) enum AtTarget<'a> {
    /// Stops at the first path.
    First,
    /// Gives each path (the framed blank's cells after each slide) to the
    /// visitor, which answers whether to stop.
    Each(&'a mut dyn FnMut(&[u8]) -> bool),
}

/// The axes a node's slides go along, after a slide along `last_axis`:
/// the other one (two slides along one axis in a row are one slide, or
/// none), or both at the start.
#[inline(always)]
fn axes_after(last_axis: u8) -> &'static [usize] {
    match usize::from(last_axis) {
        ROW => &[1],
        EITHER_AXIS => &[0, 1],
        _ => &[ROW],
    }
}

/// A node where a subtree starts (see [`Deepening`]): the framed board,
/// its views, the axis of the slide that led there and the framed
/// blank's cells after each slide from the start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Subtree<const V: usize> {
    cells: u64,
    views: [View; V],
    blank: u8,
    last_axis: u8,
    depth: u8,
    path: [u8; MAX_SPLIT_DEPTH],
}

/// One question's search: `V` probes, at most `A` slides from a cell
/// along an axis, and exactly `A` from every cell when `EXACT` (4x4): a
/// count known when compiled, which the loops over the children are
/// unrolled for (4x4's random boards took 1.03 times as long without).
pub(super) struct Search<'a, const V: usize, const A: usize, const EXACT: bool> {
    question: Question<V>,
    slides: &'static SlideTable,
    /// The framed blank's cells after each slide of the path so far.
    path: Vec<u8>,
    nodes: u64,
    bound: u8,
    stopped: bool,
    keep_going: &'a mut dyn FnMut(u64, u8) -> bool,
    at_target: AtTarget<'a>,
}

/// A question as its searches on every thread start from it: the probes,
/// the framed target and the framed start (the blank on `blank`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Question<const V: usize> {
    pub probes: [Probe; V],
    pub target: u64,
    pub cells: u64,
    pub blank: u8,
}

/// The question's search on another thread, with its arrays' shape.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seed<const V: usize, const A: usize, const EXACT: bool>(Question<V>);

impl<'a, const V: usize, const A: usize, const EXACT: bool> Search<'a, V, A, EXACT> {
    pub fn new(
        question: Question<V>,
        keep_going: &'a mut dyn FnMut(u64, u8) -> bool,
        at_target: AtTarget<'a>,
    ) -> Self {
        let slides = question.probes[0].database.abstraction.slides();
        assert!(
            slides
                .iter()
                .flatten()
                .all(|along| along.slides().len() <= A && (!EXACT || along.slides().len() == A)),
            "at most A slides along an axis, exactly A when EXACT"
        );
        Search {
            question,
            slides,
            path: Vec::with_capacity(64),
            nodes: 0,
            bound: 0,
            stopped: false,
            keep_going,
            at_target,
        }
    }

    /// The largest of the probes' distances for the start.
    pub fn lower_bound(&self) -> u8 {
        self.first_bound(&self.root())
    }

    /// Gives the visitor of [`AtTarget::Each`] every path of `distance`
    /// slides, the start's distance, in the order the last iteration of
    /// IDA* meets them, until it answers stop or `keep_going` stops the
    /// search ([`Deepening::stopped`]): answers whether any was given.
    pub fn each_path(&mut self, distance: u8) -> bool {
        let root = self.root();
        self.bound = distance;
        self.path.clear();
        let mut found = false;
        self.expand_from(&root, &mut found);
        found
    }

    /// Expands `node` with the bound's slides left, with the processor's
    /// bit extract when it has a fast one.
    fn expand_from(&mut self, node: &Subtree<V>, found: &mut bool) -> bool {
        let left = self.bound - node.depth;
        let (cells, blank) = (node.cells, usize::from(node.blank));
        #[cfg(target_arch = "x86_64")]
        if super::abstraction::has_fast_pext() {
            // SAFETY: the processor has BMI2.
            #[allow(
                unsafe_code,
                reason = "a function compiled for BMI2, called where it is there"
            )]
            return unsafe {
                self.expand_by_pext(cells, blank, &node.views, left, node.last_axis, found)
            };
        }
        self.expand(cells, blank, &node.views, left, node.last_axis, found)
    }

    /// At the target: answers whether the search ends.
    fn reached(&mut self, found_any: &mut bool) -> bool {
        *found_any = true;
        match &mut self.at_target {
            AtTarget::First => true,
            AtTarget::Each(visit) => visit(&self.path),
        }
    }

    /// Child `child` of the slides along `axis` as probe `probe` sees
    /// it, from its parent's view: its masks and blank (its distance is
    /// read from the database at the index of its masks).
    #[inline(always)]
    fn slid(&self, probe: usize, parent: &View, axis: usize, child: usize) -> View {
        let probe_axis = if self.question.probes[probe].transposed {
            1 - axis
        } else {
            axis
        };
        let slide = self.slides[usize::from(parent.blank)][probe_axis].slide(child);
        View {
            masks: slide.masks(parent.masks),
            blank: slide.to,
            distance: 0,
        }
    }

    /// The distance in probe `probe` of a child whose database index is
    /// `index`, from its parent's: the database keeps it modulo 3, and a
    /// slide changes it by at most one.
    #[inline(always)]
    fn distance_after(&self, probe: usize, parent: &View, index: usize) -> u8 {
        let remainder = self.question.probes[probe].database.remainder(index);
        match (remainder + 3 - parent.distance % 3) % 3 {
            0 => parent.distance,
            1 => parent.distance + 1,
            _ => parent.distance - 1,
        }
    }
}

impl<'a, const V: usize, const A: usize, const EXACT: bool> Deepening for Search<'a, V, A, EXACT> {
    type Node = Subtree<V>;
    type Found = Vec<u8>;
    type Seed = Seed<V, A, EXACT>;

    fn root(&self) -> Subtree<V> {
        let Question {
            probes,
            cells,
            blank,
            ..
        } = self.question;
        Subtree {
            cells,
            views: core::array::from_fn(|probe| probes[probe].view(cells)),
            blank,
            last_axis: EITHER_AXIS as u8,
            depth: 0,
            path: [0; MAX_SPLIT_DEPTH],
        }
    }

    fn first_bound(&self, root: &Subtree<V>) -> u8 {
        root.views
            .iter()
            .map(|view| view.distance)
            .max()
            .unwrap_or(0)
    }

    fn start_iteration(&mut self, bound: u8) {
        self.bound = bound;
    }

    fn bound(&self) -> u8 {
        self.bound
    }

    /// One more: a slide changes each probe's distance by at most one,
    /// so a node cut off is one slide beyond the bound, and an iteration
    /// that cut none has searched the whole tree (no bound finds more).
    fn next_bound(&self) -> u8 {
        self.bound.saturating_add(1)
    }

    fn lower_next_bound(&mut self, _: u8) {}

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn set_nodes(&mut self, nodes: u64) {
        self.nodes = nodes;
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn mark_stopped(&mut self) {
        self.stopped = true;
    }

    fn keep_going(&mut self) -> Option<&mut (dyn FnMut(u64, u8) -> bool + '_)> {
        Some(&mut *self.keep_going)
    }

    fn search_below(&mut self, node: &Subtree<V>) -> Option<Vec<u8>> {
        self.stopped = false;
        self.path.clear();
        self.path
            .extend_from_slice(&node.path[..usize::from(node.depth)]);
        let mut found = false;
        self.expand_from(node, &mut found);
        (found && !self.stopped).then(|| self.path.clone())
    }

    /// A node with one slide or none left is searched by a rule of its
    /// own (only the target is within none), and its path must fit.
    fn can_split(&self, node: &Subtree<V>) -> bool {
        self.bound - node.depth >= 2 && usize::from(node.depth) < MAX_SPLIT_DEPTH
    }

    fn split(&mut self, node: &Subtree<V>, child: &mut dyn FnMut(Subtree<V>)) {
        self.nodes += 1;
        let left = self.bound - node.depth;
        for &axis in axes_after(node.last_axis) {
            let along = &self.slides[usize::from(node.blank)][axis];
            'children: for (n, slide) in along.slides().iter().enumerate() {
                let mut views = [View::default(); V];
                for (probe, parent) in node.views.iter().enumerate() {
                    let mut view = self.slid(probe, parent, axis, n);
                    let abstraction = &self.question.probes[probe].database.abstraction;
                    let index = abstraction.index(view.masks, usize::from(view.blank));
                    view.distance = self.distance_after(probe, parent, index);
                    if view.distance >= left {
                        continue 'children;
                    }
                    views[probe] = view;
                }
                let mut path = node.path;
                path[usize::from(node.depth)] = slide.to;
                child(Subtree {
                    cells: slide.nibbles(node.cells),
                    views,
                    blank: slide.to,
                    last_axis: axis as u8,
                    depth: node.depth + 1,
                    path,
                });
            }
        }
    }

    fn seed(&self) -> Seed<V, A, EXACT> {
        Seed(self.question)
    }
}

impl<const V: usize, const A: usize, const EXACT: bool> Spawn for Seed<V, A, EXACT> {
    type Node = Subtree<V>;
    type Found = Vec<u8>;
    type Search<'k> = Search<'k, V, A, EXACT>;

    fn search<'k>(
        &'k self,
        keep_going: &'k mut dyn FnMut(u64, u8) -> bool,
    ) -> Search<'k, V, A, EXACT> {
        Search::new(self.0, keep_going, AtTarget::First)
    }
}

/// The expansion of a node, written once for each way of numbering
/// abstract states: `$name` calls itself, so that the one with the
/// processor's bit extract is compiled for it throughout.
macro_rules! expand {
    ($(#[$attribute:meta])* $name:ident, $index:ident) => {
        /// Expands the node `cells` with `left` slides to go, its last slide
        /// along `last_axis`: answers whether the search ends (a path found
        /// and the search stops there, or stopped).
        $(#[$attribute])*
        fn $name(
            &mut self,
            cells: u64,
            blank: usize,
            views: &[View; V],
            left: u8,
            last_axis: u8,
            found_any: &mut bool,
        ) -> bool {
            self.nodes += 1;
            if self.nodes.is_multiple_of(STOP_EVERY) && !(self.keep_going)(self.nodes, self.bound) {
                self.stopped = true;
                return true;
            }
            let target = self.question.target;
            if left == 0 {
                return cells == target && self.reached(found_any);
            }
            let axes = axes_after(last_axis);
            if left == 1 {
                // Only the target itself is within no slide of the target.
                for &axis in axes {
                    for slide in self.slides[blank][axis].slides() {
                        if slide.nibbles(cells) == target {
                            self.path.push(slide.to);
                            if self.reached(found_any) {
                                return true;
                            }
                            self.path.pop();
                        }
                    }
                }
                return false;
            }
            for &axis in axes {
                let along = &self.slides[blank][axis];
                let count = if EXACT { A } else { along.slides().len() };
                let mut children = [[View::default(); V]; A];
                let mut indices = [[0usize; V]; A];
                for (child, (children, indices)) in children.iter_mut().zip(&mut indices).take(count).enumerate() {
                    for (probe, parent) in views.iter().enumerate() {
                        let view = self.slid(probe, parent, axis, child);
                        let database = self.question.probes[probe].database;
                        let index = database.abstraction.$index(view.masks, usize::from(view.blank));
                        database.prefetch(index);
                        children[probe] = view;
                        indices[probe] = index;
                    }
                }
                'children: for child in 0..count {
                    let slide = along.slide(child);
                    for (probe, parent) in views.iter().enumerate() {
                        let distance = self.distance_after(probe, parent, indices[child][probe]);
                        if distance >= left {
                            continue 'children;
                        }
                        children[child][probe].distance = distance;
                    }
                    self.path.push(slide.to);
                    if self.$name(
                        slide.nibbles(cells),
                        usize::from(slide.to),
                        &children[child],
                        left - 1,
                        axis as u8,
                        found_any,
                    ) {
                        return true;
                    }
                    self.path.pop();
                }
            }
            false
        }
    };
}

impl<const V: usize, const A: usize, const EXACT: bool> Search<'_, V, A, EXACT> {
    expand!(expand, index);

    expand!(
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "bmi2")]
        expand_by_pext,
        index_by_pext
    );
}
