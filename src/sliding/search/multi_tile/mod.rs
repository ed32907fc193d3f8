//! The 4x4 board in the multi-tile metric (features `multi-tile` and
//! `cache`): IDA* over slides, bounded by an abstraction database built
//! on first use into the cache.
//!
//! Pattern databases that add up are not admissible in the multi-tile
//! metric (one slide moves tiles of several groups), so the bound is an
//! abstraction of the whole board instead: the fifteen tiles relabelled
//! into five classes, tiles of one class alike, and the abstract board's
//! exact distance in slides, which no slide can beat. The classes split
//! one of Tomas Rokicki's four (the abstraction slidy reads, 151,351,200
//! states: a 2x2 block of four alike) into its two columns, two tiles,
//! two, two, five and four, `0 4 4 3 / 4 4 3 3 / 5 2 3 3 / 5 2 1 1` with
//! the blank first: 908,107,200 states, each state's distance modulo 3 in
//! 1.6 bits (182 MB). Of the splits measured it searched the fewest nodes
//! on random boards (a fifth of what Rokicki's does, and a third of what
//! Rokicki's with a second abstraction of its size does) and as few as
//! any on the 43-slide boards.
//!
//! The database is probed for the board and for its transpose (the
//! goal's blank is on the diagonal), the larger bound kept. A target with
//! its blank in a corner (both standard goals) is carried there by a
//! symmetry; one with its blank on an edge or in the middle has the
//! abstraction with the blank's label moved to its cell, built for that
//! class on its first question (an edge's is probed for the board only,
//! and searches slower). Building a database takes about 90 s on two
//! cores and holds two bits a state (227 MB) until written.

mod abstraction;
mod database;
mod search;

use std::sync::{Mutex, OnceLock, PoisonError};
use std::vec::Vec;

use abstraction::{Abstraction, CELLS};
use search::{AtTarget, Ended, Probe, Search, target_of};

use super::cache::{Cache, CacheError, Event};
use super::symmetry::Frames;
use crate::sliding::board::{Board, Direction, Geometry};
use crate::sliding::metric::Slide as Move;

/// The most slides any 4x4 board needs (Norskog, 2010).
pub(crate) const MAX_SLIDES: u8 = 43;

/// The abstraction, with the blank's goal cell first.
const LABELS: [u8; CELLS] = [0, 4, 4, 3, 4, 4, 3, 3, 5, 2, 3, 3, 5, 2, 1, 1];

static FRAMES: Frames<CELLS> = Frames::new(Geometry::FIFTEEN);

/// The abstraction of the goal class whose blank cell is `class_cell`
/// (0, 1 or 5): [`LABELS`] with the blank's label and that cell's swapped.
fn abstraction(class_cell: usize) -> Abstraction {
    let mut labels = LABELS;
    labels.swap(0, class_cell);
    Abstraction::new(labels).expect("one blank, labels up to 5")
}

/// The cache the databases are opened from: the one
/// [`open_multi_tile_4x4`] was first given, else [`Cache::from_env`].
static OPENED_FROM: OnceLock<Cache> = OnceLock::new();

/// Opens the multi-tile database of 4x4's goals with the blank in a
/// corner (both standard goals) from `cache`, building it into it first
/// when it is missing or unusable, unless `build` is false: then answers
/// `false` when it is missing. One file of 182 MB, about 90 s to build on
/// two cores. A target of another goal class opens its own from the same
/// cache on its first question.
///
/// A multi-tile question to 4x4 opens them on its own when this was not
/// called (from [`Cache::from_env`], reporting to
/// [`report_builds_to`](super::cache::report_builds_to)), and panics if
/// they cannot be: call this first to handle the error.
///
/// # Errors
///
/// As [`CachedTier::open`](super::cache::CachedTier::open).
pub fn open_multi_tile_4x4(
    cache: &Cache,
    build: bool,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<bool, CacheError> {
    let _ = OPENED_FROM.set(cache.clone());
    Ok(database::open(&abstraction(0), cache, build, report)?.is_some())
}

/// The probes of the goal class whose blank cell is `class_cell`, its
/// database opened (built first when missing).
///
/// # Panics
///
/// When they cannot be opened: the message names the cache error.
fn probes(class_cell: usize) -> Probes {
    static OPENED: Mutex<Vec<(usize, Probes)>> = Mutex::new(Vec::new());
    let mut opened = OPENED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&(_, probes)) = opened.iter().find(|(cell, _)| *cell == class_cell) {
        return probes;
    }
    let cache = match OPENED_FROM.get() {
        Some(cache) => Ok(cache.clone()),
        None => Cache::from_env(),
    };
    let database = cache
        .and_then(|cache| {
            database::open(
                &abstraction(class_cell),
                &cache,
                true,
                &super::cache::report_build,
            )
        })
        .map(|database| database.expect("opened with build"))
        .unwrap_or_else(|error| {
            panic!(
                "the 4x4 board's multi-tile database: {error} (open it with puzzle_oracle::cache::open_multi_tile_4x4 to handle this)"
            )
        });
    let probe = |transposed| Probe {
        database,
        transposed,
    };
    let probes = if usize::from(abstraction::TRANSPOSE[class_cell]) == class_cell {
        Probes::Two([probe(false), probe(true)])
    } else {
        Probes::One([probe(false)])
    };
    opened.push((class_cell, probes));
    probes
}

/// The probes of a goal class: the transpose too where the class's
/// blank cell is on the diagonal.
#[derive(Clone, Copy, Debug)]
enum Probes {
    Two([Probe; 2]),
    One([Probe; 1]),
}

/// A question framed: the start's tiles renamed to their target cells and
/// carried by the symmetry that takes the target's blank to its class's
/// cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Framed {
    /// The framed start, a nibble a cell: the framed target cell of the
    /// tile on each cell, exclusive-or the framed blank's.
    cells: u64,
    blank: usize,
    /// The target's blank cell, which names the symmetry.
    target_blank: usize,
}

impl Framed {
    pub(crate) fn new(start: &Board<CELLS, 4>, target: &Board<CELLS, 4>) -> Self {
        let target_blank = target.blank();
        let to_frame = &FRAMES.to_canonical[target_blank];
        let mut target_cell_of = [0u8; CELLS];
        for cell in 0..CELLS {
            target_cell_of[usize::from(target.tile(cell))] = cell as u8;
        }
        // Each tile as its framed target cell, less the blank's: the blank
        // is then 0, which the slides' shifts leave behind them.
        let class_cell = to_frame[target_blank];
        let mut cells = 0u64;
        for cell in 0..CELLS {
            let goal = to_frame[usize::from(target_cell_of[usize::from(start.tile(cell))])];
            cells |= u64::from(goal ^ class_cell) << (4 * to_frame[cell]);
        }
        Framed {
            cells,
            blank: usize::from(to_frame[start.blank()]),
            target_blank,
        }
    }

    fn class_cell(&self) -> usize {
        usize::from(FRAMES.to_canonical[self.target_blank][self.target_blank])
    }

    /// The board's slides of the framed path (the framed blank's cells
    /// after each slide).
    pub(crate) fn slides(&self, path: &[u8]) -> Vec<Move> {
        let from_frame = &FRAMES.from_canonical[self.target_blank];
        let mut blank = usize::from(from_frame[self.blank]);
        path.iter()
            .map(|&framed| {
                let to = usize::from(from_frame[usize::from(framed)]);
                let slide = slide_between(blank, to);
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

    /// Searches: see [`Search::run`].
    pub(crate) fn search<'a>(
        &self,
        most: u8,
        exactly: bool,
        keep_going: &'a mut dyn FnMut(u64, u8) -> bool,
        at_target: AtTarget<'a>,
    ) -> Ended {
        match probes(self.class_cell()) {
            Probes::Two(probes) => {
                Search::new(probes, target_of(self.class_cell()), keep_going, at_target)
                    .run(self.cells, self.blank, most, exactly)
            }
            Probes::One(probes) => {
                Search::new(probes, target_of(self.class_cell()), keep_going, at_target)
                    .run(self.cells, self.blank, most, exactly)
            }
        }
    }

    /// The largest of the databases' bounds, at once when they are open.
    pub(crate) fn lower_bound(&self) -> u8 {
        let mut never = |_, _| true;
        match probes(self.class_cell()) {
            Probes::Two(probes) => Search::new(
                probes,
                target_of(self.class_cell()),
                &mut never,
                AtTarget::First,
            )
            .lower_bound(self.cells),
            Probes::One(probes) => Search::new(
                probes,
                target_of(self.class_cell()),
                &mut never,
                AtTarget::First,
            )
            .lower_bound(self.cells),
        }
    }
}

/// The slide that takes the blank from `from` to `to` (on one line).
fn slide_between(from: usize, to: usize) -> Move {
    let (from_row, from_col) = (from / 4, from % 4);
    let (to_row, to_col) = (to / 4, to % 4);
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

pub(crate) use search::AtTarget as Visit;
