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
struct View {
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

/// One question's search: `V` probes, at most `A` slides from a cell
/// along an axis, and exactly `A` from every cell when `EXACT` (4x4): a
/// count known when compiled, which the loops over the children are
/// unrolled for (4x4's random boards took 1.03 times as long without).
pub(super) struct Search<'a, const V: usize, const A: usize, const EXACT: bool> {
    probes: [Probe; V],
    /// The framed target.
    target: u64,
    slides: &'static SlideTable,
    /// The framed blank's cells after each slide of the path so far.
    path: Vec<u8>,
    nodes: u64,
    bound: u8,
    stopped: bool,
    keep_going: &'a mut dyn FnMut(u64, u8) -> bool,
    at_target: AtTarget<'a>,
}

/// How a search ended.
pub(crate) struct Ended {
    /// The path found (the blank's cells after each slide), when one was
    /// and the search stopped at the first.
    pub path: Option<Vec<u8>>,
    /// Whether the target was reached.
    pub found: bool,
    pub nodes: u64,
    pub stopped: bool,
    /// The last bound searched.
    pub bound: u8,
}

impl<'a, const V: usize, const A: usize, const EXACT: bool> Search<'a, V, A, EXACT> {
    pub fn new(
        probes: [Probe; V],
        target: u64,
        keep_going: &'a mut dyn FnMut(u64, u8) -> bool,
        at_target: AtTarget<'a>,
    ) -> Self {
        let slides = probes[0].database.abstraction.slides();
        assert!(
            slides
                .iter()
                .flatten()
                .all(|along| along.slides().len() <= A && (!EXACT || along.slides().len() == A)),
            "at most A slides along an axis, exactly A when EXACT"
        );
        Search {
            probes,
            target,
            slides,
            path: Vec::with_capacity(64),
            nodes: 0,
            bound: 0,
            stopped: false,
            keep_going,
            at_target,
        }
    }

    /// The largest of the probes' distances for the framed board.
    pub fn lower_bound(&self, cells: u64) -> u8 {
        self.probes
            .iter()
            .map(|probe| probe.view(cells).distance)
            .max()
            .unwrap_or(0)
    }

    /// Searches from the framed board `cells` (the blank on `blank`) with
    /// bounds from the probes' largest distance up to `most`, or the one
    /// bound `most` when `exactly`: ends at the first path, or, visiting
    /// each, after the first bound that had any.
    pub fn run(mut self, cells: u64, blank: usize, most: u8, exactly: bool) -> Ended {
        let views: [View; V] = core::array::from_fn(|probe| self.probes[probe].view(cells));
        let lowest = views.iter().map(|view| view.distance).max().unwrap_or(0);
        let mut found = false;
        let mut bound = if exactly { most } else { lowest };
        while bound <= most && (bound >= lowest || !exactly) {
            self.bound = bound;
            self.path.clear();
            self.expand_from(cells, blank, &views, bound, &mut found);
            if self.stopped || found || exactly {
                break;
            }
            bound += 1;
        }
        let first = matches!(self.at_target, AtTarget::First);
        Ended {
            path: (found && first && !self.stopped).then_some(self.path),
            found: found && !(first && self.stopped),
            nodes: self.nodes,
            stopped: self.stopped,
            bound: self.bound,
        }
    }

    /// Expands the first node, with the processor's bit extract when it
    /// has a fast one.
    fn expand_from(
        &mut self,
        cells: u64,
        blank: usize,
        views: &[View; V],
        bound: u8,
        found: &mut bool,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        if super::abstraction::has_fast_pext() {
            // SAFETY: the processor has BMI2.
            #[allow(
                unsafe_code,
                reason = "a function compiled for BMI2, called where it is there"
            )]
            return unsafe { self.expand_by_pext(cells, blank, views, bound, EITHER_AXIS, found) };
        }
        self.expand(cells, blank, views, bound, EITHER_AXIS, found)
    }

    /// At the target: answers whether the search ends.
    fn reached(&mut self, found_any: &mut bool) -> bool {
        *found_any = true;
        match &mut self.at_target {
            AtTarget::First => true,
            AtTarget::Each(visit) => visit(&self.path),
        }
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
            last_axis: usize,
            found_any: &mut bool,
        ) -> bool {
            self.nodes += 1;
            if self.nodes.is_multiple_of(STOP_EVERY) && !(self.keep_going)(self.nodes, self.bound) {
                self.stopped = true;
                return true;
            }
            if left == 0 {
                return cells == self.target && self.reached(found_any);
            }
            let axes: &[usize] = match last_axis {
                ROW => &[1],
                EITHER_AXIS => &[0, 1],
                _ => &[ROW],
            };
            if left == 1 {
                // Only the target itself is within no slide of the target.
                for &axis in axes {
                    for slide in self.slides[blank][axis].slides() {
                        if slide.nibbles(cells) == self.target {
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
                    for (probe, view) in views.iter().enumerate() {
                        let Probe {
                            database,
                            transposed,
                        } = self.probes[probe];
                        let probe_axis = if transposed { 1 - axis } else { axis };
                        let slide = self.slides[usize::from(view.blank)][probe_axis].slide(child);
                        let masks = slide.masks(view.masks);
                        let index = database.abstraction.$index(masks, usize::from(slide.to));
                        database.prefetch(index);
                        children[probe] = View {
                            masks,
                            blank: slide.to,
                            distance: 0,
                        };
                        indices[probe] = index;
                    }
                }
                'children: for child in 0..count {
                    let slide = along.slide(child);
                    for (probe, view) in views.iter().enumerate() {
                        let remainder = self.probes[probe].database.remainder(indices[child][probe]);
                        let distance = match (remainder + 3 - view.distance % 3) % 3 {
                            0 => view.distance,
                            1 => view.distance + 1,
                            _ => view.distance - 1,
                        };
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
                        axis,
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
