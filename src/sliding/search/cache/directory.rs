//! The cache directory: where it is ([`Cache`], [`VARIABLE`]), what
//! building into it reports ([`Event`], [`report_builds_to`]), and what
//! can go wrong ([`CacheError`]).

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;
use std::vec::Vec;

use super::file;

/// The environment variable that names the cache directory.
pub const VARIABLE: &str = "PUZZLE_ORACLE_CACHE";

/// The directory cached databases are built into and mapped from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache in `dir`, created when a database is first written.
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Cache { dir: dir.into() }
    }

    /// The cache `$PUZZLE_ORACLE_CACHE` names, else `puzzle-oracle` in the
    /// platform's cache directory.
    ///
    /// # Errors
    ///
    /// [`CacheError::NoDirectory`] when the variable is unset or empty
    /// and the platform has no cache directory (no home directory).
    pub fn from_env() -> Result<Self, CacheError> {
        match std::env::var_os(VARIABLE) {
            Some(dir) if !dir.is_empty() => Ok(Cache::at(dir)),
            _ => dirs::cache_dir()
                .map(|dir| Cache::at(dir.join("puzzle-oracle")))
                .ok_or(CacheError::NoDirectory),
        }
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Removes every database file of this crate's from the directory
    /// (of any format version, temporary files a crash left, and the
    /// command's marks of the tiers it offered to build), then the
    /// directory if nothing else is in it; returns the files removed.
    /// Files this crate did not write are left alone.
    ///
    /// # Errors
    ///
    /// [`CacheError::Write`] when the directory cannot be read or a file
    /// cannot be removed.
    pub fn clean(&self) -> Result<Vec<PathBuf>, CacheError> {
        let failed = |source| CacheError::Write {
            dir: self.dir.clone(),
            source,
        };
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(failed(error)),
        };
        let mut removed = Vec::new();
        for entry in entries {
            let path = entry.map_err(failed)?.path();
            let name = path
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            // `.pdb` names other programs' files too: only files that
            // start as this crate's databases do are removed.
            let ours = if name.ends_with(".pdb") {
                file::is_ours(&path)
            } else {
                is_offer_mark(name) || file::is_temporary(name)
            };
            if ours {
                fs::remove_file(&path).map_err(failed)?;
                removed.push(path);
            }
        }
        // Left in place when something else is there.
        let _ = fs::remove_dir(&self.dir);
        removed.sort();
        Ok(removed)
    }
}

/// Whether `name` is the command's mark that it offered to build a
/// board's tier (`offered-4x4`).
fn is_offer_mark(name: &str) -> bool {
    name.strip_prefix("offered-")
        .and_then(|shape| shape.split_once('x'))
        .is_some_and(|(rows, cols)| {
            [rows, cols]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Where the builds a question starts on its own report to: see
/// [`report_builds_to`].
static BUILD_REPORTER: OnceLock<&'static (dyn Fn(Event<'_>) + Sync)> = OnceLock::new();

/// Has the builds that a question starts on its own report to `report`,
/// for the rest of the process: a question to a board whose tier (or the
/// goal class of its target) is not open yet opens it first, building what
/// is missing, which takes seconds to minutes. A program that shows
/// progress sets this once, early. Returns `false` (and changes nothing)
/// when it was already set.
pub fn report_builds_to(report: &'static (dyn Fn(Event<'_>) + Sync)) -> bool {
    BUILD_REPORTER.set(report).is_ok()
}

/// Tells the [`report_builds_to`] hook, if any, of `event`.
pub(crate) fn report_build(event: Event<'_>) {
    if let Some(report) = BUILD_REPORTER.get() {
        report(event);
    }
}

/// What building and opening a tier reports, as it happens.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A file was there but unusable, and is being rebuilt.
    Rebuilding {
        /// The file.
        path: &'a Path,
        /// Why it could not be used, in words.
        reason: &'a str,
    },
    /// A database's build started; it has `states` abstract states.
    Building {
        /// The file it will be written to.
        path: &'a Path,
        /// Its abstract states.
        states: u64,
    },
    /// Some database being built reached `states` more states.
    Reached {
        /// States newly given their value.
        states: u64,
    },
    /// A database was built and written.
    Built {
        /// The file.
        path: &'a Path,
        /// Its size.
        bytes: u64,
        /// How long its build took.
        elapsed: Duration,
    },
}

/// Why a cached tier could not be opened or built.
#[derive(Debug)]
#[non_exhaustive]
pub enum CacheError {
    /// No cache directory: `PUZZLE_ORACLE_CACHE` is unset and the platform
    /// has none.
    NoDirectory,
    /// The directory could not be created or written (read-only, full, no
    /// permission).
    Write {
        /// The directory.
        dir: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A database file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A database just built did not read back as written.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What was wrong with it.
        reason: std::string::String,
    },
}

impl CacheError {
    /// Why the database just built at `path` could not be read back.
    pub(crate) fn of_rebuilt(path: PathBuf, unusable: file::Unusable) -> Self {
        match unusable {
            file::Unusable::Unreadable(source) => CacheError::Read { path, source },
            file::Unusable::Missing => CacheError::Unreadable {
                path,
                reason: "it is gone".into(),
            },
            file::Unusable::Invalid(reason) => CacheError::Unreadable { path, reason },
        }
    }
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheError::NoDirectory => write!(
                f,
                "no cache directory for the databases: set {VARIABLE} to a directory"
            ),
            CacheError::Write { dir, source } => write!(
                f,
                "cannot write the databases into {}: {source} (set {VARIABLE} to another directory)",
                dir.display()
            ),
            CacheError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            CacheError::Unreadable { path, reason } => write!(
                f,
                "{} did not read back as written: {reason}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for CacheError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CacheError::Write { source, .. } | CacheError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}
