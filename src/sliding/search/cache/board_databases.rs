//! One face for every family of databases in the cache: what a board
//! reads in one metric (a pattern-database tier in single tiles, the
//! abstraction databases in slides), listed, checked and opened alike;
//! and [`prepare`], which opens them before the board's first question
//! as every front end does (the command, the Python package).

use std::path::PathBuf;
use std::string::{String, ToString};
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

use super::tier::{CachedTier, DatabaseFile, FileState};
use super::{Cache, CacheError, Event, tier_of};
use crate::sliding::board::Geometry;
use crate::sliding::metric::MetricKind;
#[cfg(feature = "multi-tile")]
use crate::sliding::search::multi_tile::{self, MultiTileFile};

/// The databases in the cache that one board reads in one metric.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum BoardDatabases {
    /// A tier of pattern databases (single tiles): 3x5's and 2x8's large
    /// ones, 4x4's strong one, those of 3x6, 2x9, 4x5 and 5x5.
    Tier(&'static CachedTier),
    /// The abstraction databases of a board searched in slides (12 to 16
    /// cells), in its wide orientation.
    #[cfg(feature = "multi-tile")]
    Slides(Geometry),
}

/// The databases in the cache the board of `geometry` (either
/// orientation) reads in `metric`; `None` when it reads none there (its
/// answers are tables, or databases built into the program).
#[must_use]
pub fn databases_of(geometry: Geometry, metric: MetricKind) -> Option<BoardDatabases> {
    match metric {
        MetricKind::Stm => tier_of(geometry).map(BoardDatabases::Tier),
        #[cfg(feature = "multi-tile")]
        MetricKind::Mtm => multi_tile::has_multi_tile_database(geometry)
            .then(|| BoardDatabases::Slides(geometry.canonical())),
        #[cfg(not(feature = "multi-tile"))]
        MetricKind::Mtm => None,
    }
}

/// The databases in the cache of every board this build answers, in
/// single tiles (each tier) and then in slides (each board searched in
/// slides, in its wide orientation).
pub fn every_board_databases() -> impl Iterator<Item = BoardDatabases> {
    let tiers = super::tiers().iter().map(|tier| BoardDatabases::Tier(tier));
    #[cfg(feature = "multi-tile")]
    let tiers = tiers.chain(multi_tile::multi_tile_boards().map(BoardDatabases::Slides));
    tiers
}

/// One file of a board's databases.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum CachedFile {
    /// A pattern database of a tier.
    Pattern(DatabaseFile),
    /// An abstraction database.
    #[cfg(feature = "multi-tile")]
    Slides(MultiTileFile),
}

impl CachedFile {
    /// Its name in the cache directory.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            CachedFile::Pattern(file) => file.name(),
            #[cfg(feature = "multi-tile")]
            CachedFile::Slides(file) => &file.name,
        }
    }

    /// Its size in bytes.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        match self {
            CachedFile::Pattern(file) => file.bytes(),
            #[cfg(feature = "multi-tile")]
            CachedFile::Slides(file) => file.bytes,
        }
    }

    /// The abstract states it holds: what its build reports reaching.
    #[must_use]
    pub fn states(&self) -> u64 {
        match self {
            CachedFile::Pattern(file) => file.states(),
            #[cfg(feature = "multi-tile")]
            CachedFile::Slides(file) => file.states,
        }
    }

    /// Its path in `cache`.
    #[must_use]
    pub fn path(&self, cache: &Cache) -> PathBuf {
        cache.dir().join(self.name())
    }

    /// Whether it is in `cache` at its full size (not read: see
    /// [`BoardDatabases::check`]).
    #[must_use]
    pub fn is_in(&self, cache: &Cache) -> bool {
        std::fs::metadata(self.path(cache)).is_ok_and(|meta| meta.len() == self.bytes())
    }
}

impl BoardDatabases {
    /// The board, in its wide orientation.
    #[must_use]
    pub fn board(&self) -> Geometry {
        match self {
            BoardDatabases::Tier(tier) => tier.board(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => *geometry,
        }
    }

    /// The metric they answer in.
    #[must_use]
    pub fn metric(&self) -> MetricKind {
        match self {
            BoardDatabases::Tier(_) => MetricKind::Stm,
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(_) => MetricKind::Mtm,
        }
    }

    /// Every file, each distinct database once.
    #[must_use]
    pub fn files(&self) -> Vec<CachedFile> {
        match self {
            BoardDatabases::Tier(tier) => {
                tier.files().into_iter().map(CachedFile::Pattern).collect()
            }
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => multi_tile::multi_tile_files(*geometry)
                .into_iter()
                .map(CachedFile::Slides)
                .collect(),
        }
    }

    /// The files [`prepare`] opens: every one, but for a tier opened a
    /// goal class at a time (see [`CachedTier::opens_by_class`]), those of
    /// the standard goals' class (the blank in a corner); another class's
    /// open on the first question to its targets. Abstraction databases
    /// likewise: those of the standard goals.
    #[must_use]
    pub fn files_to_prepare(&self) -> Vec<CachedFile> {
        match self {
            BoardDatabases::Tier(tier) if by_class(tier) => tier
                .files_of(&[0])
                .into_iter()
                .map(CachedFile::Pattern)
                .collect(),
            _ => self.files(),
        }
    }

    /// Whether a question to the board opens them on its own, building
    /// them when missing; otherwise (4x4's strong tier) they are built
    /// only on request, and the board answers from its embedded
    /// databases until then.
    #[must_use]
    pub fn build_on_first_use(&self) -> bool {
        match self {
            BoardDatabases::Tier(tier) => tier.builds_on_first_use(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(_) => true,
        }
    }

    /// Whether the board has databases built into the program to answer
    /// from when these cannot be opened.
    #[must_use]
    pub fn fall_back_to_embedded(&self) -> bool {
        match self {
            BoardDatabases::Tier(tier) => tier.falls_back(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(_) => false,
        }
    }

    /// The state of each file in `cache`, each read whole and its
    /// checksum checked; builds nothing.
    #[must_use]
    pub fn check(&self, cache: &Cache) -> Vec<(CachedFile, FileState)> {
        match self {
            BoardDatabases::Tier(tier) => tier
                .check(cache)
                .into_iter()
                .map(|(file, state)| (CachedFile::Pattern(file), state))
                .collect(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => multi_tile::multi_tile_files(*geometry)
                .into_iter()
                .zip(multi_tile::check_multi_tile(*geometry, cache))
                .map(|(file, (_, state))| (CachedFile::Slides(file), state))
                .collect(),
        }
    }

    /// Opens the files [`BoardDatabases::files_to_prepare`] names from
    /// `cache`, building those missing or unusable first when `build`,
    /// telling `report` how it goes: whether they are open (`false` when
    /// one is missing and `build` is off).
    ///
    /// # Errors
    ///
    /// As [`CachedTier::open`].
    pub fn open(
        &self,
        cache: &Cache,
        build: bool,
        report: &(dyn Fn(Event<'_>) + Sync),
    ) -> Result<bool, CacheError> {
        match self {
            BoardDatabases::Tier(tier) if by_class(tier) => {
                tier.open_classes(cache, build, report, &[0])
            }
            BoardDatabases::Tier(tier) => tier.open(cache, build, report),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => {
                multi_tile::open_multi_tile(*geometry, cache, build, report)
            }
        }
    }

    /// Opens every file from `cache`, building those missing or unusable
    /// (every goal class of a tier opened a class at a time): what
    /// building a board's databases ahead of its questions does.
    ///
    /// # Errors
    ///
    /// As [`CachedTier::open`].
    pub fn build_every_file(
        &self,
        cache: &Cache,
        report: &(dyn Fn(Event<'_>) + Sync),
    ) -> Result<(), CacheError> {
        let opened = match self {
            BoardDatabases::Tier(tier) => tier.open(cache, true, report),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => {
                multi_tile::open_multi_tile(*geometry, cache, true, report)
            }
        }?;
        debug_assert!(opened, "a build opens what it built");
        Ok(())
    }

    /// Gives up on them for the rest of the process: the board answers
    /// from its embedded databases (where it
    /// [has them](Self::fall_back_to_embedded)).
    fn fall_back(&self) {
        match self {
            BoardDatabases::Tier(tier) => tier.fall_back(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(_) => {}
        }
    }

    /// Whether what [`BoardDatabases::open`] opens is open now: the
    /// board's searches read it.
    fn is_open(&self) -> bool {
        match self {
            BoardDatabases::Tier(tier) if by_class(tier) => tier.is_class_open(0),
            BoardDatabases::Tier(tier) => tier.is_open(),
            #[cfg(feature = "multi-tile")]
            BoardDatabases::Slides(geometry) => multi_tile::is_multi_tile_open(*geometry),
        }
    }

    /// The states of the files to prepare that are not in `cache` at
    /// their full size: what opening them builds (a file there whole but
    /// damaged is rebuilt too, beyond this count), for a progress bar's
    /// total.
    #[must_use]
    pub fn states_to_build(&self, cache: &Cache) -> u64 {
        self.files_to_prepare()
            .iter()
            .filter(|file| !file.is_in(cache))
            .map(CachedFile::states)
            .sum()
    }
}

/// Whether `tier` opens a goal class at a time: asked only of a tier
/// built on first use (adding its files' sizes numbers the states of
/// every file).
fn by_class(tier: &CachedTier) -> bool {
    tier.builds_on_first_use() && tier.opens_by_class()
}

/// What [`prepare`] found and did.
#[derive(Debug)]
#[non_exhaustive]
pub enum Prepared {
    /// Nothing to do: the board reads nothing from the cache in this
    /// metric, what it reads is open, or this process prepared it before
    /// (and said so then).
    Ready,
    /// Opened from the cache, what was missing built first (as `report`
    /// was told).
    Opened,
    /// Built only on request (4x4's strong tier) and not in the cache
    /// whole: the board answers from its embedded databases. `damaged`
    /// are the files there but unusable, with why, in words.
    NotBuilt {
        /// Each file there that cannot be used, and why.
        damaged: Vec<(CachedFile, String)>,
    },
    /// The cache could not be used (the error says why): the board
    /// answers from its embedded databases, which search longer, for the
    /// rest of the process.
    FellBack(CacheError),
}

/// Opens what the board of `geometry` reads from the cache in `metric`
/// before its first question, as the command and the Python package do:
/// databases built on first use are built now when missing, telling
/// `report` how it goes (see [`BoardDatabases::states_to_build`] for a
/// progress bar's total); those built only on request are opened when
/// they are there whole. A board with embedded databases falls back to
/// them when the cache cannot be used. `cache` is where to look, `None`
/// where there is no cache directory (see [`Cache::from_env`]).
///
/// Each (board, metric) is prepared once a process: a later call answers
/// [`Prepared::Ready`] at once, but for one that ended in an error, which
/// tries again.
///
/// # Errors
///
/// The [`CacheError`] that kept a board without embedded databases from
/// its files: no cache directory, or one that cannot be written or read.
pub fn prepare(
    geometry: Geometry,
    metric: MetricKind,
    cache: Option<&Cache>,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<Prepared, CacheError> {
    /// The (board, metric) pairs prepared in this process.
    static PREPARED: Mutex<Vec<(Geometry, MetricKind)>> = Mutex::new(Vec::new());
    let Some(databases) = databases_of(geometry, metric) else {
        return Ok(Prepared::Ready);
    };
    let key = (databases.board(), metric);
    let prepared = || PREPARED.lock().unwrap_or_else(PoisonError::into_inner);
    if databases.is_open() || prepared().contains(&key) {
        return Ok(Prepared::Ready);
    }
    let build = databases.build_on_first_use();
    let outcome = cache.ok_or(CacheError::NoDirectory).and_then(|cache| {
        Ok(match databases.open(cache, build, report)? {
            true => Prepared::Opened,
            false => Prepared::NotBuilt {
                damaged: damaged(&databases, cache),
            },
        })
    });
    let outcome = match outcome {
        Err(error) if databases.fall_back_to_embedded() => {
            databases.fall_back();
            Prepared::FellBack(error)
        }
        outcome => outcome?,
    };
    prepared().push(key);
    Ok(outcome)
}

/// The files of `databases` in `cache` that are there but unusable, with
/// why.
fn damaged(databases: &BoardDatabases, cache: &Cache) -> Vec<(CachedFile, String)> {
    databases
        .check(cache)
        .into_iter()
        .filter_map(|(file, state)| match state {
            FileState::Invalid(reason) => Some((file, reason)),
            FileState::Unreadable(error) => Some((file, error.to_string())),
            _ => None,
        })
        .collect()
}
