//! The cached databases, as the command uses them: 3x5's and 2x8's large
//! tiers built on the board's first question, those of 3x6, 2x9, 4x5 and
//! 5x5 a goal class at a time (the standard goals' class on the board's
//! first question, another class on the first question to a target of
//! it), 4x4's strong tier read when
//! it was built (by `build_tables("4x4")` or `puzzle-oracle tables build
//! 4x4`). The cache directory is the command's: `$PUZZLE_ORACLE_CACHE`,
//! else the platform's cache directory. A build writes its progress to
//! Python's `sys.stderr`, one line a database.

use std::sync::Mutex;

use puzzle_oracle::cache::{self, Cache, CachedTier, Event, FileState};
use puzzle_oracle::{AnyBoard, Engine};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The tiers this process has tried to open, so that a board asked a
/// million times looks at the cache once.
static TRIED: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// Opens `board`'s cached tier before its first question, once a process.
pub fn prepare(py: Python<'_>, board: &dyn AnyBoard) -> PyResult<()> {
    if board.engine() != Engine::Search {
        return Ok(());
    }
    let Some(tier) = cache::tier_of(board.geometry()) else {
        return Ok(());
    };
    // A tier too large to open whole opens the class of both standard
    // goals (the blank in a corner) now, another class on the first
    // question to a target of it (reported by `report_lazy_builds`).
    let by_class = tier.builds_on_first_use() && tier.opens_by_class();
    if tier.is_open() || (by_class && tier.is_class_open(0)) {
        return Ok(());
    }
    if tried().contains(&board.name()) {
        return Ok(());
    }
    let classes: Option<&[usize]> = by_class.then_some(&[0]);
    let outcome = match open(py, tier, tier.builds_on_first_use(), classes) {
        Ok(true) => Ok(()),
        Ok(false) => {
            // Built only on request and not built, or damaged: the board
            // answers from its embedded tier; a damaged file is named.
            warn_damaged(py, tier);
            Ok(())
        }
        Err(error) if tier.falls_back() => {
            say(
                py,
                &format!(
                    "puzzle-oracle: warning: {error}; answering {} from the databases built into the package, which search many times longer",
                    board.name()
                ),
            );
            tier.fall_back();
            Ok(())
        }
        // Not remembered: the next question tries again (and fails at once
        // while the directory cannot be written).
        Err(error) => {
            return Err(PyOSError::new_err(format!(
                "{} needs its databases in the cache: {error}",
                board.name()
            )));
        }
    };
    tried().push(board.name());
    outcome
}

/// The boards whose tier this process has tried to open.
fn tried() -> std::sync::MutexGuard<'static, Vec<&'static str>> {
    TRIED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Names each file of `tier` that is there but cannot be used.
fn warn_damaged(py: Python<'_>, tier: &CachedTier) {
    let Ok(cache) = Cache::from_env() else {
        return;
    };
    let shape = format!("{}x{}", tier.board().rows(), tier.board().cols());
    for (file, state) in py.detach(|| tier.check(&cache)) {
        let why = match state {
            FileState::Invalid(reason) => reason,
            FileState::Unreadable(error) => error.to_string(),
            _ => continue,
        };
        say(
            py,
            &format!(
                "puzzle-oracle: warning: {}: {why}; {shape} answers from the databases built into the package until build_tables(\"{shape}\") rebuilds it",
                file.path(&cache).display()
            ),
        );
    }
}

/// Opens `tier` (only the goal classes `classes`, when given) from the
/// cache, building what is missing when `build`, with the GIL released;
/// whether it is open.
fn open(
    py: Python<'_>,
    tier: &CachedTier,
    build: bool,
    classes: Option<&[usize]>,
) -> Result<bool, String> {
    let cache = Cache::from_env().map_err(|error| error.to_string())?;
    let building = format!(
        "{}x{}'s database ",
        tier.board().rows(),
        tier.board().cols()
    );
    py.detach(|| {
        let report = |event: Event<'_>| say_event(event, &building, "");
        match classes {
            Some(classes) => tier.open_classes(&cache, build, &report, classes),
            None => tier.open(&cache, build, &report),
        }
        .map_err(|error| error.to_string())
    })
}

/// Has the builds that a question starts on its own (the databases of a
/// target's goal class that [`prepare`] did not open) say so on Python's
/// `sys.stderr`, a line as each database starts and one as it is written.
pub fn report_lazy_builds() {
    cache::report_builds_to(&|event| say_event(event, "", " for this target's goal class"));
}

/// Writes what a build reports to Python's `sys.stderr`, a line as each
/// database starts (`building {before}PATH (N states){after}, once`), is
/// rebuilt or is written.
fn say_event(event: Event<'_>, before: &str, after: &str) {
    let line = match event {
        Event::Rebuilding { path, reason } => format!(
            "puzzle-oracle: warning: {}: {reason}; rebuilding it",
            path.display()
        ),
        Event::Building { path, states } => format!(
            "puzzle-oracle: building {before}{} ({states} states){after}, once",
            path.display()
        ),
        Event::Built {
            path,
            bytes,
            elapsed,
        } => format!(
            "puzzle-oracle: built {} ({bytes} bytes) in {:.1} s",
            path.display(),
            elapsed.as_secs_f64()
        ),
        _ => return,
    };
    Python::attach(|py| say(py, &line));
}

/// Writes `line` to Python's `sys.stderr` (a notebook shows it there).
pub fn say(py: Python<'_>, line: &str) {
    let written = py
        .import("sys")
        .and_then(|sys| sys.getattr("stderr"))
        .and_then(|stderr| stderr.call_method1("write", (format!("{line}\n"),)));
    if written.is_err() {
        eprintln!("{line}");
    }
}

/// Builds `board`'s cached databases now (4x4's strong tier is built only
/// this way), and returns the files' paths; a board without cached
/// databases is a `ValueError`.
pub fn build(py: Python<'_>, board: &dyn AnyBoard) -> PyResult<Vec<String>> {
    let Some(tier) = cache::tier_of(board.geometry()) else {
        return Err(PyValueError::new_err(format!(
            "{} has no databases to build: its answers come from the package itself",
            board.name()
        )));
    };
    let cache = Cache::from_env().map_err(|error| PyOSError::new_err(error.to_string()))?;
    open(py, tier, true, None).map_err(|error| {
        PyOSError::new_err(format!(
            "cannot build {}'s databases: {error}",
            board.name()
        ))
    })?;
    Ok(tier
        .files()
        .iter()
        .map(|file| file.path(&cache).display().to_string())
        .collect())
}

/// The cache directory.
pub fn directory() -> PyResult<String> {
    Cache::from_env()
        .map(|cache| cache.dir().display().to_string())
        .map_err(|error| PyOSError::new_err(error.to_string()))
}
