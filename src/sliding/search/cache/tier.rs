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
use std::vec::Vec;

use super::super::databases::ClassDatabases;
use super::super::generator::{DatabaseKey, Layout};
use super::super::geometry::Geometry;
use super::super::pattern::{MAX_GROUPS, MapEntry, PatternClass};
use super::file::{self, HEADER_LEN, Header, Unusable};
use super::{Cache, CacheError, Event};

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
    opened: OnceLock<&'static [ClassDatabases]>,
    /// Opening on first use failed, and the board answers from its
    /// embedded tier for the rest of the process.
    fell_back: AtomicBool,
    /// Held while opening, so that one thread builds.
    opening: Mutex<()>,
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
            .get_or_init(|| Layout::new(self.key.board, self.key.goal_cells.len()).len as u64)
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
            opened: OnceLock::new(),
            fell_back: AtomicBool::new(false),
            opening: Mutex::new(()),
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

    /// Whether the tier is open: the board's searches read it.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.opened.get().is_some()
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

    /// Opens the tier from `cache`: maps each file after checking it, and
    /// when `build` builds the files that are missing or unusable first,
    /// on every core, telling `report` how it goes. Returns whether the
    /// tier is open: `false` when files are missing and `build` is off.
    /// Once open, the board's searches read it for the rest of the process.
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
        let _opening = self.opening.lock().unwrap_or_else(PoisonError::into_inner);
        if self.is_open() {
            return Ok(true);
        }
        let (files, uses) = self.plan();
        let mut mapped: Vec<Option<file::Mapped>> = Vec::with_capacity(files.len());
        let mut to_build = Vec::new();
        for (index, database) in files.iter().enumerate() {
            let path = cache.dir().join(&database.name);
            mapped.push(match file::map(&path, || database.header()) {
                Ok(map) => Some(map),
                Err(Unusable::Missing) => {
                    to_build.push(index);
                    None
                }
                Err(Unusable::Invalid(reason)) => {
                    if build {
                        report(Event::Rebuilding {
                            path: &path,
                            reason: &reason,
                        });
                    }
                    to_build.push(index);
                    None
                }
                Err(Unusable::Unreadable(source)) => return Err(CacheError::Read { path, source }),
            });
        }
        if !to_build.is_empty() {
            if !build {
                return Ok(false);
            }
            build_files(cache, &files, &to_build, report)?;
            for index in to_build {
                let path = cache.dir().join(&files[index].name);
                mapped[index] = Some(match file::map(&path, || files[index].header()) {
                    Ok(map) => map,
                    Err(Unusable::Unreadable(source)) => {
                        return Err(CacheError::Read { path, source });
                    }
                    Err(Unusable::Missing) => {
                        return Err(CacheError::Unreadable {
                            path,
                            reason: "it is gone".into(),
                        });
                    }
                    Err(Unusable::Invalid(reason)) => {
                        return Err(CacheError::Unreadable { path, reason });
                    }
                });
            }
        }
        // Every file checked: now mapped for good.
        let bits: Vec<Option<&'static [u8]>> = mapped
            .into_iter()
            .map(|map| map.map(file::Mapped::leak))
            .collect();
        let classes = self.databases(&uses, &bits);
        self.opened
            .set(classes)
            .expect("the tier is opened once, under its lock");
        Ok(true)
    }

    /// The classes' databases over the mapped `bits` of the tier's files:
    /// leaked, as the search reads them for the rest of the process.
    fn databases(&self, uses: &Uses, bits: &[Option<&'static [u8]>]) -> &'static [ClassDatabases] {
        let mut layouts: Vec<(usize, &'static [MapEntry])> = Vec::new();
        let mut layout_of = |tiles: usize| match layouts.iter().find(|(t, _)| *t == tiles) {
            Some(&(_, entries)) => entries,
            None => {
                let entries: &'static [MapEntry] =
                    Box::leak(Layout::new(self.board, tiles).entries.into_boxed_slice());
                layouts.push((tiles, entries));
                entries
            }
        };
        // A group of no tiles: one state, worth nothing.
        static NOTHING: [u8; 1] = [0];
        let classes: Vec<ClassDatabases> = self
            .classes
            .iter()
            .zip(uses)
            .map(|(class, uses)| {
                let tables = core::array::from_fn(|group| {
                    let layout = layout_of(class.groups[group].len());
                    let bits = match uses[group] {
                        Some(file) => bits[file].expect("every file is mapped"),
                        None => &NOTHING[..],
                    };
                    (layout, bits)
                });
                ClassDatabases::new(self.board, self.max_moves, *class, tables)
            })
            .collect();
        Box::leak(classes.into_boxed_slice())
    }

    /// What the board's searches read: this tier once open; before that,
    /// for a tier built on first use, this tier opened from
    /// [`Cache::from_env`] now (built first when missing, silently), else
    /// `embedded`.
    ///
    /// # Panics
    ///
    /// When the tier cannot be opened and there is no `embedded` tier to
    /// fall back on: the message names the cache error.
    pub(crate) fn classes_or(
        &self,
        embedded: Option<&'static [ClassDatabases]>,
    ) -> &'static [ClassDatabases] {
        if let Some(classes) = self.opened.get() {
            return classes;
        }
        if self.on_first_use && !self.fell_back.load(Ordering::Relaxed) {
            let opened = Cache::from_env().and_then(|cache| self.open(&cache, true, &|_| {}));
            match (opened, embedded) {
                (Ok(_), _) => {
                    if let Some(classes) = self.opened.get() {
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

/// Builds the databases `which` of `files` into `cache`, largest first, on
/// as many threads as there are cores (and files).
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
    let threads = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(order.len());
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let build_one = |database: &DatabaseFile| -> Result<(), CacheError> {
        let path = cache.dir().join(&database.name);
        report(Event::Building {
            path: &path,
            states: database.states(),
        });
        let started = Instant::now();
        let layout = Layout::new(database.key.board, database.key.goal_cells.len());
        let bits = database.key.generate(&layout, &mut |states| {
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
    };
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    while !failed.load(Ordering::Relaxed) {
                        let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            return Ok(());
                        };
                        if let Err(error) = build_one(&files[index]) {
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

impl DatabaseFile {
    /// The file's path in `cache`.
    #[must_use]
    pub fn path(&self, cache: &Cache) -> std::path::PathBuf {
        cache.dir().join(&self.name)
    }
}
