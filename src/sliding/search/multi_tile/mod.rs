//! The boards of 12 to 16 cells in the multi-tile metric (features
//! `multi-tile` and `cache`): IDA* over slides, bounded by abstraction
//! databases built on first use into the cache.
//!
//! Pattern databases that add up are not admissible in the multi-tile
//! metric (one slide moves tiles of several groups), so the bound is an
//! abstraction of the whole board instead: the tiles relabelled into at
//! most five classes, tiles of one class alike, and the abstract board's
//! exact distance in slides, which no slide can beat. Each state's
//! distance is kept modulo 3, in 1.6 bits.
//!
//! On 4x4 the classes split one of Tomas Rokicki's four (the abstraction
//! slidy reads, 151,351,200 states: a 2x2 block of four alike) into its
//! two columns, two tiles, two, two, five and four, `0 4 4 3 / 4 4 3 3 /
//! 5 2 3 3 / 5 2 1 1` with the blank first: 908,107,200 states, 182 MB.
//! Of the splits measured it searched the fewest nodes on random boards
//! (a fifth of what Rokicki's does, and a third of what Rokicki's with a
//! second abstraction of its size does) and as few as any on the 43-slide
//! boards. The other boards take blocks of two columns in the same way
//! (the board specs, `src/build/spec.rs`, name each board's); on 12
//! cells five classes make a small abstraction (under five million
//! states), which the search makes up for in nodes.
//!
//! The database is probed for the board and, on 4x4, for its transpose
//! (the goal's blank is on the diagonal), the larger bound kept. 2x7, 3x5
//! and 2x8, whose long rows a transpose cannot help, probe a second,
//! smaller abstraction beside the first: its blocks a column over, so
//! that the tiles one alikens the other tells apart. On 2x8 (a second
//! database of 50 MB) the search took a tenth of the nodes and the time;
//! on 2x7 and 3x5 a seventh and a fifth of the time. A target
//! with its blank in a corner (both standard goals) is carried there by a
//! symmetry (a tall board is transposed to its wide one); one with its
//! blank elsewhere has the abstraction with the blank's label moved to
//! its cell, built for that class on its first question (a 4x4 edge's is
//! probed for the board only, and searches slower). Building 4x4's
//! database takes about 35 s on two cores (a minute where the processor
//! has no fast `pext`) and 340 MB until written; 2x8's two about as
//! long.

mod abstraction;
mod breadth_first;
mod complete;
mod database;
mod search;

use std::string::String;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::vec::Vec;

use abstraction::{Abstraction, CELLS, MOST_ALONG};
use search::{AtTarget, Probe, Question, Search, target_of};

use super::SearchRun;
use super::cache::{Cache, CacheError, Event, FileState};
use super::deepening::{Deepening, Helpers, deepen};
use crate::sliding::board::Slide as Move;
use crate::sliding::board::shape::frames::Frames;
use crate::sliding::board::{Board, Direction, Geometry, Puzzle};

/// A board searched in slides, in its wide orientation: its spec's
/// `InSlides::Search`.
#[derive(Debug)]
pub(crate) struct Plan {
    pub geometry: Geometry,
    /// The abstraction of the goal with the blank on cell 0, by cell.
    labels: &'static [u8],
    /// A second abstraction of the same goal, its blocks a column over,
    /// probed beside the first (the larger bound kept): on the boards
    /// whose slides are long.
    second: Option<&'static [u8]>,
}

/// The most slides a search looks for: more than any board of 16 cells
/// needs to any target. The radii are known for the standard goals only
/// (43 slides on 4x4, 57 on 2x8: Norskog, 2010, and lightln2's complete
/// searches), so the search is not stopped there: a board that can reach
/// its target is answered, however far.
const MOST_SLIDES: u8 = 250;

// The boards searched in slides, `PLANS`, generated from the board specs
// (their labels, with the blank's goal cell first, in rows; label 5 is
// the class of the tiles left).
include!(concat!(env!("OUT_DIR"), "/slide_plans.rs"));

/// The plan of `geometry` (either orientation), when it is searched in
/// slides.
pub(crate) fn plan(geometry: Geometry) -> Option<&'static Plan> {
    let wide = geometry.canonical();
    PLANS.iter().find(|plan| plan.geometry == wide)
}

impl Plan {
    /// The abstraction `labels_at_0` (labels for the blank on cell 0) of the
    /// goal class whose blank cell is `class_cell`: the blank's label and
    /// that cell's swapped.
    fn abstraction(&self, labels_at_0: &[u8], class_cell: usize) -> Abstraction {
        let mut labels = [0; CELLS];
        let labels = &mut labels[..labels_at_0.len()];
        labels.copy_from_slice(labels_at_0);
        labels.swap(0, class_cell);
        Abstraction::new(self.geometry, labels).expect("one blank, labels up to 5")
    }

    /// The abstractions probed for the goal class whose blank cell is
    /// `class_cell`: one or two.
    fn abstractions(&self, class_cell: usize) -> impl Iterator<Item = Abstraction> + '_ {
        core::iter::once(self.labels)
            .chain(self.second)
            .map(move |labels| self.abstraction(labels, class_cell))
    }
}

/// The cache the databases are opened from: the one [`open_multi_tile`]
/// was first given, else [`Cache::from_env`].
static OPENED_FROM: OnceLock<Cache> = OnceLock::new();

/// Opens the multi-tile databases of `geometry`'s goals with the blank
/// in a corner (both standard goals) from `cache`, building them into it
/// first when missing or unusable, unless `build` is false: then answers
/// `false` when one is missing. Answers `true` at once for a board that
/// needs none (a board of at most 10 cells has complete tables). 4x4's
/// is a file of 182 MB, about 35 s to build on two cores; 2x8's two
/// 202 MB, about as long; 3x5's two 69 MB; 2x7's two 23 MB; the 12-cell
/// boards' 1 MB ([`multi_tile_files`]). A target of another goal class opens its own
/// from the same cache on its first question.
///
/// A multi-tile question opens them on its own when this was not called
/// (from [`Cache::from_env`], reporting to
/// [`report_builds_to`](super::cache::report_builds_to)), and panics if
/// they cannot be: call this first to handle the error.
///
/// # Errors
///
/// As [`CachedTier::open`](super::cache::CachedTier::open).
pub fn open_multi_tile(
    geometry: Geometry,
    cache: &Cache,
    build: bool,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<bool, CacheError> {
    let _ = OPENED_FROM.set(cache.clone());
    let Some(plan) = plan(geometry) else {
        return Ok(true);
    };
    for abstraction in plan.abstractions(0) {
        if database::open(&abstraction, cache, build, report)?.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the multi-tile databases of `geometry`'s standard goals are
/// open in this process (`true` for a board that needs none).
pub(crate) fn is_multi_tile_open(geometry: Geometry) -> bool {
    plan(geometry).is_none_or(|plan| plan.abstractions(0).all(|a| database::is_open(&a)))
}

/// Whether `geometry` (either orientation) answers in slides by search
/// over databases in the cache: the boards of 12 to 16 cells.
#[must_use]
pub fn has_multi_tile_database(geometry: Geometry) -> bool {
    plan(geometry).is_some()
}

/// The boards whose multi-tile answers read databases in the cache, in
/// their wide orientation: 4x4, 3x4, 2x6, 2x7, 3x5 and 2x8.
pub fn multi_tile_boards() -> impl Iterator<Item = Geometry> {
    PLANS.iter().map(|plan| plan.geometry)
}

/// One file of a board's multi-tile databases.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MultiTileFile {
    /// Its name in the cache directory.
    pub name: String,
    /// Its size.
    pub bytes: u64,
    /// The abstract states it holds: what a build reports reaching.
    pub states: u64,
}

/// The files of the multi-tile databases of `geometry`'s standard goals
/// (the blank in a corner): one, or two on 2x7, 3x5 and 2x8; none for a
/// board that has none.
#[must_use]
pub fn multi_tile_files(geometry: Geometry) -> Vec<MultiTileFile> {
    plan(geometry)
        .into_iter()
        .flat_map(|plan| plan.abstractions(0))
        .map(|abstraction| MultiTileFile {
            name: database::file_name(&abstraction),
            bytes: database::file_bytes(&abstraction),
            states: abstraction.states() as u64,
        })
        .collect()
}

/// The state of each multi-tile database of `geometry`'s standard goals
/// in `cache`, its header and checksum checked (reading it whole), with
/// its file's name; none for a board that has none.
#[must_use]
pub fn check_multi_tile(geometry: Geometry, cache: &Cache) -> Vec<(String, FileState)> {
    plan(geometry)
        .into_iter()
        .flat_map(|plan| plan.abstractions(0))
        .map(|abstraction| {
            (
                database::file_name(&abstraction),
                database::check(&abstraction, cache),
            )
        })
        .collect()
}

/// [`open_multi_tile`] for 4x4.
///
/// # Errors
///
/// As [`CachedTier::open`](super::cache::CachedTier::open).
pub fn open_multi_tile_4x4(
    cache: &Cache,
    build: bool,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<bool, CacheError> {
    open_multi_tile(Geometry::FIFTEEN, cache, build, report)
}

/// The probes of the goal class of `plan` whose blank cell is
/// `class_cell`, its databases opened (built first when missing).
///
/// # Panics
///
/// When they cannot be opened: the message names the cache error.
fn probes(plan: &'static Plan, class_cell: usize) -> Probes {
    static OPENED: Mutex<Vec<(Geometry, usize, Probes)>> = Mutex::new(Vec::new());
    let mut opened = OPENED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&(_, _, probes)) = opened
        .iter()
        .find(|(geometry, cell, _)| (*geometry, *cell) == (plan.geometry, class_cell))
    {
        return probes;
    }
    let fail = |error: CacheError| -> ! {
        panic!(
            "the {}x{} board's multi-tile database: {error} (open it with puzzle_oracle::cache::open_multi_tile to handle this)",
            plan.geometry.rows(),
            plan.geometry.cols()
        )
    };
    let cache = match OPENED_FROM.get() {
        Some(cache) => cache.clone(),
        None => Cache::from_env().unwrap_or_else(|error| fail(error)),
    };
    let open = |abstraction: &Abstraction| {
        database::open(abstraction, &cache, true, &super::cache::report_build)
            .unwrap_or_else(|error| fail(error))
            .expect("opened with build")
    };
    let mut databases = plan
        .abstractions(class_cell)
        .map(|abstraction| open(&abstraction));
    let first = databases.next().expect("every plan has an abstraction");
    let probe = |database, transposed| Probe {
        database,
        transposed,
    };
    let on_diagonal = plan.geometry == Geometry::FIFTEEN
        && usize::from(abstraction::TRANSPOSE[class_cell]) == class_cell;
    // No board has both a second abstraction and 4x4's transpose.
    let probes = match databases.next() {
        Some(second) => Probes::TwoWide([probe(first, false), probe(second, false)]),
        None if on_diagonal => Probes::Two([probe(first, false), probe(first, true)]),
        None => Probes::One([probe(first, false)]),
    };
    opened.push((plan.geometry, class_cell, probes));
    probes
}

/// The probes of a goal class: on 4x4 the transpose too where the
/// class's blank cell is on the diagonal (`Two`, 4x4's unrolled search);
/// the second abstraction on the boards that have one (`TwoWide`).
#[derive(Clone, Copy, Debug)]
enum Probes {
    Two([Probe; 2]),
    TwoWide([Probe; 2]),
    One([Probe; 1]),
}

/// `$body` with `$search` a search of `$framed`'s question, asking
/// `$keep_going` and doing `$at_target` there: the search's shape is the
/// probes' (see [`Probes`]), its arrays of children as long as the
/// board's longest slide (three on 4x4 and 3x4).
macro_rules! on_search {
    ($framed:expr, $keep_going:expr, $at_target:expr, $search:ident => $body:expr) => {{
        let framed: &Framed = $framed;
        let short = framed.plan.geometry.cols() <= 4;
        match probes(framed.plan, framed.class_cell) {
            Probes::Two(probes) => {
                #[allow(unused_mut, reason = "the lower bound reads the search")]
                let mut $search =
                    Search::<2, 3, true>::new(framed.question(probes), $keep_going, $at_target);
                $body
            }
            Probes::TwoWide(probes) => {
                #[allow(unused_mut, reason = "the lower bound reads the search")]
                let mut $search = Search::<2, MOST_ALONG, false>::new(
                    framed.question(probes),
                    $keep_going,
                    $at_target,
                );
                $body
            }
            Probes::One(probes) if short => {
                #[allow(unused_mut, reason = "the lower bound reads the search")]
                let mut $search =
                    Search::<1, 3, false>::new(framed.question(probes), $keep_going, $at_target);
                $body
            }
            Probes::One(probes) => {
                #[allow(unused_mut, reason = "the lower bound reads the search")]
                let mut $search = Search::<1, MOST_ALONG, false>::new(
                    framed.question(probes),
                    $keep_going,
                    $at_target,
                );
                $body
            }
        }
    }};
}

/// A question framed: the start's tiles renamed to their target cells and
/// carried by the symmetry that takes the target's blank to its class's
/// cell, on the board's wide orientation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Framed {
    plan: &'static Plan,
    /// The framed start, a nibble a cell: the framed target cell of the
    /// tile on each cell, exclusive-or the framed blank's.
    cells: u64,
    blank: usize,
    class_cell: usize,
    /// The board's cell of each framed cell.
    from_frame: [u8; CELLS],
    /// The board's columns.
    board_cols: usize,
}

impl Framed {
    /// The question from `start` to `target`, on a board searched in
    /// slides (one [`plan`] has).
    pub(crate) fn new<const N: usize, const COLS: usize>(
        start: &Board<N, COLS>,
        target: &Board<N, COLS>,
    ) -> Self
    where
        Board<N, COLS>: Puzzle,
    {
        let plan = plan(Board::<N, COLS>::GEOMETRY).expect("a board searched in slides");
        let target_blank = target.blank();
        let to_frame = <Board<N, COLS> as Frames>::to_canonical(target_blank);
        let mut target_cell_of = [0u8; N];
        for cell in 0..N {
            target_cell_of[usize::from(target.tile(cell))] = cell as u8;
        }
        // Each tile as its framed target cell, less the blank's: the blank
        // is then 0, which the slides' shifts leave behind them.
        let class_cell = usize::from(to_frame[target_blank]);
        let mut cells = 0u64;
        for cell in 0..N {
            let goal = to_frame[usize::from(target_cell_of[usize::from(start.tile(cell))])];
            cells |= u64::from(goal ^ class_cell as u8) << (4 * to_frame[cell]);
        }
        let mut from_frame = [0; CELLS];
        from_frame[..N].copy_from_slice(<Board<N, COLS> as Frames>::from_canonical(target_blank));
        Framed {
            plan,
            cells,
            blank: usize::from(to_frame[start.blank()]),
            class_cell,
            from_frame,
            board_cols: COLS,
        }
    }

    /// The board's slides of the framed path (the framed blank's cells
    /// after each slide).
    pub(crate) fn slides(&self, path: &[u8]) -> Vec<Move> {
        let mut blank = usize::from(self.from_frame[self.blank]);
        path.iter()
            .map(|&framed| {
                let to = usize::from(self.from_frame[usize::from(framed)]);
                let slide = slide_between(self.board_cols, blank, to);
                blank = to;
                slide
            })
            .collect()
    }

    /// The board's single-tile steps of the framed path.
    pub(crate) fn steps(&self, path: &[u8], steps: &mut Vec<Direction>) {
        steps.clear();
        for slide in self.slides(path) {
            steps.extend(slide.steps());
        }
    }

    /// The question of the probes `probes`.
    fn question<const V: usize>(&self, probes: [Probe; V]) -> Question<V> {
        Question {
            probes,
            target: target_of(self.plan.geometry.cells(), self.class_cell),
            cells: self.cells,
            blank: self.blank as u8,
        }
    }

    /// An optimal path within `most` slides (the framed blank's cells
    /// after each slide), by IDA* (see `deepening.rs`): `helpers` search
    /// its large iterations with this thread (the answer is the same);
    /// `keep_going` is asked every few thousand nodes, with the nodes so
    /// far and the bound, whether to go on.
    pub(crate) fn search(
        &self,
        most: u8,
        helpers: Helpers<'_>,
        keep_going: &mut dyn FnMut(u64, u8) -> bool,
    ) -> SearchRun<Vec<u8>> {
        on_search!(self, keep_going, AtTarget::First, search => {
            let found = deepen(&mut search, most, helpers);
            SearchRun {
                found,
                nodes: search.nodes(),
                stopped: search.stopped(),
                bound: search.bound(),
            }
        })
    }

    /// Gives `visit` each path of `distance` slides, the start's distance
    /// (the framed blank's cells after each slide), until it answers
    /// stop: found when any was given.
    pub(crate) fn for_each_optimal(
        &self,
        distance: u8,
        keep_going: &mut dyn FnMut(u64, u8) -> bool,
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> SearchRun<()> {
        on_search!(self, keep_going, AtTarget::Each(visit), search => {
            let found = search.each_path(distance);
            SearchRun {
                found: (found && !search.stopped()).then_some(()),
                nodes: search.nodes(),
                stopped: search.stopped(),
                bound: distance,
            }
        })
    }

    /// The largest of the databases' bounds, at once when they are open.
    pub(crate) fn lower_bound(&self) -> u8 {
        let mut never_stop = |_, _| true;
        on_search!(self, &mut never_stop, AtTarget::First, search => search.lower_bound())
    }

    /// The most slides a search looks for.
    pub(crate) fn most_slides(&self) -> u8 {
        MOST_SLIDES
    }
}

/// The slide that takes the blank from `from` to `to` (on one line of a
/// board of `cols` columns).
fn slide_between(cols: usize, from: usize, to: usize) -> Move {
    let (from_row, from_col) = (from / cols, from % cols);
    let (to_row, to_col) = (to / cols, to % cols);
    let (dir, tiles) = if from_row == to_row {
        if to_col < from_col {
            (Direction::Left, from_col - to_col)
        } else {
            (Direction::Right, to_col - from_col)
        }
    } else if to_row < from_row {
        (Direction::Up, from_row - to_row)
    } else {
        (Direction::Down, to_row - from_row)
    };
    Move::new(dir, tiles as u16)
}

pub use complete::histogram_by_search;
