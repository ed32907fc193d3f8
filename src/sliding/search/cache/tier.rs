//! One board's tier of databases in the cache: which files it needs, how
//! they are built (on every core), and how the search reads them once
//! mapped.

use std::boxed::Box;
use std::cmp::Reverse;
use std::format;
use std::io;
use std::string::String;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::Instant;
use std::vec;
use std::vec::Vec;

use super::super::databases::ClassDatabases;
use super::super::generator::{DatabaseKey, Layout};
use super::super::geometry::Geometry;
use super::super::limits::MAX_CELLS;
use super::super::pattern::{MAX_GROUPS, PatternClass};
use super::directory::{Cache, CacheError, Event, report_build};
use super::file::{self, HEADER_LEN, Header, Unusable};

/// A searched board's tier of databases kept in the cache: its classes'
/// groups, the files their distinct databases take, and, once open, the
/// databases the search reads.
#[derive(Debug)]
pub struct CachedTier {
    board: Geometry,
    max_moves: u8,
    classes: &'static [PatternClass],
    on_first_use: bool,
    /// The board has an embedded tier to answer from until this one is
    /// open, or when it cannot be.
    embedded: bool,
    /// For each class once it is open: the tier's classes, in which that
    /// class, the class it borrows from and every class opened before are
    /// read from their files (a class not open yet holds no tile).
    opened: [OnceLock<&'static [ClassDatabases]>; MAX_CELLS],
    /// The tier's classes once every one is open.
    all_open: OnceLock<&'static [ClassDatabases]>,
    /// The cache the tier was first opened from: a class opened later, on
    /// its first question, is opened from there too.
    opened_from: OnceLock<Cache>,
    /// Opening on first use failed, and the board answers from its
    /// embedded tier for the rest of the process.
    fell_back: AtomicBool,
    /// Held while opening, so that one thread builds: the files mapped so
    /// far, by their place among [`CachedTier::files`].
    opening: Mutex<Vec<Option<&'static [u8]>>>,
}

/// One distinct database of a tier, as a file of the cache.
#[derive(Clone, Debug)]
pub struct DatabaseFile {
    key: DatabaseKey,
    name: String,
    /// Worked out when first asked: numbering the states takes a while
    /// (tens of milliseconds for 4x4's groups of eight), and a question
    /// that finds the file missing never needs it.
    states: OnceLock<u64>,
}

/// What [`CachedTier::check`] found of one file.
#[derive(Debug)]
#[non_exhaustive]
pub enum FileState {
    /// There, whole, and the database it should be.
    Ready,
    /// Not there.
    Missing,
    /// There but not usable: why, in words. Opening the tier rebuilds it.
    Invalid(String),
    /// There but unreadable.
    Unreadable(io::Error),
}

impl DatabaseFile {
    fn new(key: DatabaseKey) -> Self {
        let cells: Vec<String> = key
            .goal_cells
            .iter()
            .map(|cell| format!("{cell}"))
            .collect();
        let name = format!(
            "{}x{}-{}-b{}.pdb",
            key.board.rows(),
            key.board.cols(),
            cells.join("."),
            key.goal_blank()
        );
        DatabaseFile {
            key,
            name,
            states: OnceLock::new(),
        }
    }

    /// Its file name in the cache directory.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its abstract states, one bit each.
    #[must_use]
    pub fn states(&self) -> u64 {
        *self
            .states
            .get_or_init(|| layout(self.key.board, self.key.goal_cells.len()).len as u64)
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        HEADER_LEN as u64 + self.states().div_ceil(8)
    }

    fn header(&self) -> Header {
        Header::new(
            (self.key.board.rows(), self.key.board.cols()),
            &self.key.goal_cells,
            self.key.blank_region,
            self.states(),
            self.states().div_ceil(8),
        )
    }
}

/// Which database each group of each class reads: an index into the
/// tier's files, or `None` for a group of no tiles (built in memory).
type Uses = Vec<[Option<usize>; MAX_GROUPS]>;

impl CachedTier {
    /// The tier of the board `board` (wide orientation), whose answers take
    /// at most `max_moves` moves, with `classes`' groups; built on the
    /// board's first question when `on_first_use`; `embedded` when the
    /// board has an embedded tier too.
    pub(crate) const fn new(
        board: Geometry,
        max_moves: u8,
        classes: &'static [PatternClass],
        on_first_use: bool,
        embedded: bool,
    ) -> Self {
        CachedTier {
            board,
            max_moves,
            classes,
            on_first_use,
            embedded,
            opened: [const { OnceLock::new() }; MAX_CELLS],
            all_open: OnceLock::new(),
            opened_from: OnceLock::new(),
            fell_back: AtomicBool::new(false),
            opening: Mutex::new(Vec::new()),
        }
    }

    /// The board, in its wide orientation; its transpose reads the same
    /// tier.
    #[must_use]
    pub fn board(&self) -> Geometry {
        self.board
    }

    /// Whether a question to the board opens the tier, building it when it
    /// is not in the cache; otherwise it is opened only when asked
    /// ([`CachedTier::open`]).
    #[must_use]
    pub fn builds_on_first_use(&self) -> bool {
        self.on_first_use
    }

    /// Whether the board has databases built into the program to answer
    /// from when this tier is not open.
    #[must_use]
    pub fn falls_back(&self) -> bool {
        self.embedded
    }

    /// Gives up on opening the tier for the rest of the process: the board
    /// answers from its embedded tier (when it [falls back](Self::falls_back)).
    pub fn fall_back(&self) {
        self.fell_back.store(true, Ordering::Relaxed);
    }

    /// Whether the tier is open, every class of it: the board's searches
    /// read it.
    #[must_use]
    pub fn is_open(&self) -> bool {
        (0..self.classes.len()).all(|class| self.is_class_open(class))
    }

    /// Whether the goal class `class` (its index among the board's classes,
    /// in the order of their canonical blank cells) is open.
    #[must_use]
    pub fn is_class_open(&self, class: usize) -> bool {
        self.opened
            .get(class)
            .is_some_and(|opened| opened.get().is_some())
    }

    /// Whether the command opens the tier a goal class at a time (the
    /// standard goals' class before the first question, another on the
    /// first question to its targets) rather than whole: when its files
    /// take more than 64 MB in all (5x5's ten take 226 MB, a class 90 MB).
    #[must_use]
    pub fn opens_by_class(&self) -> bool {
        const WHOLE_UP_TO: u64 = 64_000_000;
        self.files().iter().map(DatabaseFile::bytes).sum::<u64>() > WHOLE_UP_TO
    }

    /// The board's goal classes, by their canonical blank cells (in the
    /// board's wide orientation), in order: what [`CachedTier::open_classes`]
    /// numbers them by.
    #[must_use]
    pub fn class_blanks(&self) -> Vec<u8> {
        self.classes.iter().map(|class| class.blank).collect()
    }

    /// The classes `wanted` and those they borrow from.
    fn with_borrowed(&self, wanted: &[usize]) -> Vec<usize> {
        let mut classes: Vec<usize> = wanted.to_vec();
        for &class in wanted {
            if let Some(blank) = self.classes[class].borrows {
                classes.extend(self.classes.iter().position(|other| other.blank == blank));
            }
        }
        classes.sort_unstable();
        classes.dedup();
        classes
    }

    /// The distinct files the classes `wanted` (and those they borrow
    /// from) read; `wanted` out of range are ignored.
    #[must_use]
    pub fn files_of(&self, wanted: &[usize]) -> Vec<DatabaseFile> {
        let wanted: Vec<usize> = wanted
            .iter()
            .copied()
            .filter(|&class| class < self.classes.len())
            .collect();
        let (files, uses) = self.plan();
        let mut needed: Vec<usize> = self
            .with_borrowed(&wanted)
            .into_iter()
            .flat_map(|class| uses[class].into_iter().flatten())
            .collect();
        needed.sort_unstable();
        needed.dedup();
        needed
            .into_iter()
            .map(|index| files[index].clone())
            .collect()
    }

    /// The tier's distinct databases, each a file of the cache.
    #[must_use]
    pub fn files(&self) -> Vec<DatabaseFile> {
        self.plan().0
    }

    fn plan(&self) -> (Vec<DatabaseFile>, Uses) {
        let mut files: Vec<DatabaseFile> = Vec::new();
        let uses = self
            .classes
            .iter()
            .map(|class| {
                core::array::from_fn(|group| {
                    let cells = class.groups[group];
                    if cells.is_empty() {
                        return None;
                    }
                    let key = DatabaseKey::new(self.board, cells, class.blank);
                    Some(match files.iter().position(|file| file.key == key) {
                        Some(index) => index,
                        None => {
                            files.push(DatabaseFile::new(key));
                            files.len() - 1
                        }
                    })
                })
            })
            .collect();
        (files, uses)
    }

    /// The state of each of the tier's files in `cache`, each read whole
    /// and its checksum checked; builds nothing.
    #[must_use]
    pub fn check(&self, cache: &Cache) -> Vec<(DatabaseFile, FileState)> {
        self.files()
            .into_iter()
            .map(|database| {
                let state = match file::map(&cache.dir().join(&database.name), || database.header())
                {
                    Ok(_) => FileState::Ready,
                    Err(Unusable::Missing) => FileState::Missing,
                    Err(Unusable::Invalid(reason)) => FileState::Invalid(reason),
                    Err(Unusable::Unreadable(error)) => FileState::Unreadable(error),
                };
                (database, state)
            })
            .collect()
    }

    /// Opens the tier from `cache`, every class of it: maps each file after
    /// checking it, and when `build` builds the files that are missing or
    /// unusable first, on every core, telling `report` how it goes. Returns
    /// whether the tier is open: `false` when files are missing and
    /// `build` is off. Once open, the board's searches read it for the rest
    /// of the process.
    ///
    /// # Errors
    ///
    /// [`CacheError::Write`] when a file has to be built and the directory
    /// cannot take it; [`CacheError::Read`] when a file cannot be read.
    pub fn open(
        &self,
        cache: &Cache,
        build: bool,
        report: &(dyn Fn(Event<'_>) + Sync),
    ) -> Result<bool, CacheError> {
        let all: Vec<usize> = (0..self.classes.len()).collect();
        self.open_classes(cache, build, report, &all)
    }

    /// Opens the goal classes `wanted` of the tier (by their index: see
    /// [`CachedTier::class_blanks`]) as [`CachedTier::open`] opens them all:
    /// only their files are checked, and built when missing. 5x5's standard
    /// goal needs 4 of the tier's 10 files, each other class one more.
    ///
    /// # Errors
    ///
    /// As [`CachedTier::open`].
    pub fn open_classes(
        &self,
        cache: &Cache,
        build: bool,
        report: &(dyn Fn(Event<'_>) + Sync),
        wanted: &[usize],
    ) -> Result<bool, CacheError> {
        let mut mapped = self.opening.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = self.opened_from.set(cache.clone());
        let wanted: Vec<usize> = wanted
            .iter()
            .copied()
            .filter(|&class| class < self.classes.len())
            .collect();
        let wanted = self.with_borrowed(&wanted);
        if wanted.iter().all(|&class| self.is_class_open(class)) {
            return Ok(true);
        }
        let (files, uses) = self.plan();
        mapped.resize(files.len(), None);
        let mut needed: Vec<usize> = wanted
            .iter()
            .flat_map(|&class| uses[class].into_iter().flatten())
            .filter(|&index| mapped[index].is_none())
            .collect();
        needed.sort_unstable();
        needed.dedup();
        let mut newly: Vec<(usize, file::Mapped)> = Vec::with_capacity(needed.len());
        let mut to_build = Vec::new();
        for &index in &needed {
            let database = &files[index];
            let path = cache.dir().join(&database.name);
            match file::map(&path, || database.header()) {
                Ok(map) => newly.push((index, map)),
                Err(Unusable::Missing) => to_build.push(index),
                Err(Unusable::Invalid(reason)) => {
                    if build {
                        report(Event::Rebuilding {
                            path: &path,
                            reason: &reason,
                        });
                    }
                    to_build.push(index);
                }
                Err(Unusable::Unreadable(source)) => return Err(CacheError::Read { path, source }),
            }
        }
        if !to_build.is_empty() {
            if !build {
                return Ok(false);
            }
            build_files(cache, &files, &to_build, report)?;
            for index in to_build {
                let path = cache.dir().join(&files[index].name);
                let map = file::map(&path, || files[index].header())
                    .map_err(|unusable| CacheError::of_rebuilt(path, unusable))?;
                newly.push((index, map));
            }
        }
        // Every file checked: now mapped for good.
        for (index, map) in newly {
            mapped[index] = Some(map.leak());
        }
        let open: Vec<bool> = (0..self.classes.len())
            .map(|class| self.is_class_open(class) || wanted.contains(&class))
            .collect();
        let classes = self.databases(&uses, &mapped, &open);
        if open.iter().all(|&open| open) {
            let _ = self.all_open.set(classes);
        }
        for class in wanted {
            // Set once: a class already open keeps the slice it had, which
            // reads the same files.
            let _ = self.opened[class].set(classes);
        }
        Ok(true)
    }

    /// The classes' databases over the mapped `bits` of the tier's files,
    /// those of the classes not `open` empty: leaked, as the search reads
    /// them for the rest of the process.
    fn databases(
        &self,
        uses: &Uses,
        bits: &[Option<&'static [u8]>],
        open: &[bool],
    ) -> &'static [ClassDatabases] {
        // A group of no tiles: one state, worth nothing.
        static NOTHING: [u8; 1] = [0];
        let classes: Vec<ClassDatabases> = self
            .classes
            .iter()
            .zip(uses)
            .zip(open)
            .map(|((class, uses), &open)| {
                let class = if open {
                    *class
                } else {
                    PatternClass {
                        groups: [&[]; MAX_GROUPS],
                        borrows: None,
                        ..*class
                    }
                };
                let tables = core::array::from_fn(|group| {
                    let entries = &layout(self.board, class.groups[group].len()).entries;
                    let bits = match uses[group] {
                        Some(file) if open => bits[file].expect("every file is mapped"),
                        _ => &NOTHING[..],
                    };
                    (&entries[..], bits)
                });
                ClassDatabases::new(self.board, self.max_moves, class, tables)
            })
            .collect();
        Box::leak(classes.into_boxed_slice())
    }

    /// What the board's searches for a target of the goal class `class`
    /// (all classes when `None`) read: this tier once that class is open;
    /// before that, for a tier built on first use, this tier's class opened
    /// now from the cache the tier was first opened from, else from
    /// [`Cache::from_env`] (built first when missing, reported to
    /// the [`cache::report_builds_to`](super::report_builds_to) hook), else
    /// `embedded`.
    ///
    /// # Panics
    ///
    /// When the tier cannot be opened and there is no `embedded` tier to
    /// fall back on: the message names the cache error.
    pub(crate) fn classes_or(
        &self,
        class: Option<usize>,
        embedded: Option<&'static [ClassDatabases]>,
    ) -> &'static [ClassDatabases] {
        let classes_of = |tier: &Self| match class {
            Some(class) => tier.opened[class].get().copied(),
            None => tier.all_open.get().copied(),
        };
        if let Some(classes) = classes_of(self) {
            return classes;
        }
        if self.on_first_use && !self.fell_back.load(Ordering::Relaxed) {
            let wanted: Vec<usize> = match class {
                Some(class) => vec![class],
                None => (0..self.classes.len()).collect(),
            };
            let opened = Cache::from_env()
                .and_then(|cache| self.open_classes(&cache, true, &report_build, &wanted));
            match (opened, embedded) {
                (Ok(_), _) => {
                    if let Some(classes) = classes_of(self) {
                        return classes;
                    }
                }
                (Err(_), Some(_)) => self.fell_back.store(true, Ordering::Relaxed),
                (Err(error), None) => panic!(
                    "the {}x{} board's databases: {error} (open them with puzzle_oracle::cache::CachedTier::open to handle this)",
                    self.board.rows(),
                    self.board.cols()
                ),
            }
        }
        embedded.expect("a tier opened only on request backs an embedded one")
    }
}

/// The numbering of the states of `tiles`-tile groups on `board`, worked
/// out once in a process (a fifth of a second for 5x5's groups of six)
/// and kept: every file of that size, and the search, read it.
fn layout(board: Geometry, tiles: usize) -> &'static Layout {
    static LAYOUTS: Mutex<Vec<&'static Layout>> = Mutex::new(Vec::new());
    let mut layouts = LAYOUTS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = layouts
        .iter()
        .find(|known| known.board == board && known.tiles == tiles)
    {
        return known;
    }
    let layout: &'static Layout = Box::leak(Box::new(Layout::new(board, tiles)));
    layouts.push(layout);
    layout
}

/// Databases of at least this many states are built one at a time, each
/// breadth-first layer shared over every core, so that a build holds one
/// table of a byte a state (5x5's 181,008,000 states: 212 MB at the
/// peak); smaller ones are built side by side, one a core, where sharing
/// layers measured slower (3x5's tier 7.8 s against 5.6 s).
const SHARED_FROM: u64 = 1 << 26;

/// Builds the databases `which` of `files` into `cache`, the large ones
/// first (see [`SHARED_FROM`]), then the rest on every core.
fn build_files(
    cache: &Cache,
    files: &[DatabaseFile],
    which: &[usize],
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<(), CacheError> {
    file::check_writable(cache.dir()).map_err(|source| CacheError::Write {
        dir: cache.dir().to_path_buf(),
        source,
    })?;
    let mut order = which.to_vec();
    order.sort_by_key(|&index| Reverse(files[index].states()));
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let (large, small): (Vec<usize>, Vec<usize>) = order
        .into_iter()
        .partition(|&index| files[index].states() >= SHARED_FROM);
    for index in large {
        build_file(cache, &files[index], cores, report)?;
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    thread::scope(|scope| {
        let workers: Vec<_> = (0..cores.min(small.len()))
            .map(|_| {
                scope.spawn(|| {
                    while !failed.load(Ordering::Relaxed) {
                        let Some(&index) = small.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            return Ok(());
                        };
                        if let Err(error) = build_file(cache, &files[index], 1, report) {
                            failed.store(true, Ordering::Relaxed);
                            return Err(error);
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| worker.join().expect("a database builder panicked"))
    })
}

/// Builds `database` into `cache` on `threads` threads.
fn build_file(
    cache: &Cache,
    database: &DatabaseFile,
    threads: usize,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<(), CacheError> {
    let path = cache.dir().join(&database.name);
    report(Event::Building {
        path: &path,
        states: database.states(),
    });
    let started = Instant::now();
    let layout = layout(database.key.board, database.key.goal_cells.len());
    let bits = database.key.generate(layout, threads, &mut |states| {
        report(Event::Reached {
            states: states as u64,
        });
    });
    file::write_atomically(cache.dir(), &database.name, &database.header(), &bits).map_err(
        |source| CacheError::Write {
            dir: cache.dir().to_path_buf(),
            source,
        },
    )?;
    report(Event::Built {
        path: &path,
        bytes: database.bytes(),
        elapsed: started.elapsed(),
    });
    Ok(())
}

impl DatabaseFile {
    /// The file's path in `cache`.
    #[must_use]
    pub fn path(&self, cache: &Cache) -> std::path::PathBuf {
        cache.dir().join(&self.name)
    }
}
