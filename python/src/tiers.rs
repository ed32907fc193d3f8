//! The cached databases, as the command uses them (the library's
//! `cache::prepare`): what a board reads from the cache in its metric is
//! opened before its first question, built there when missing (3x5's and
//! 2x8's large tiers, the databases of 3x6, 2x9, 4x5 and 5x5 a goal class
//! at a time, the multi-tile databases of the boards of 12 to 16 cells),
//! and 4x4's strong tier read when it was built (by `build_tables("4x4")`
//! or `puzzle-oracle tables build 4x4`). The cache directory is the
//! command's: `$PUZZLE_ORACLE_CACHE`, else the platform's cache
//! directory. A build writes its progress to Python's `sys.stderr`, one
//! line a database.

use puzzle_oracle::cache::{self, BoardDatabases, Cache, CachedFile, Event, Prepared};
use puzzle_oracle::{AnyBoard, MetricKind};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// Opens what `board` reads from the cache in its metric before its
/// first question (once a process: see `cache::prepare`), with the GIL
/// released while it builds.
pub fn prepare(py: Python<'_>, board: &dyn AnyBoard) -> PyResult<()> {
    let (geometry, metric) = (board.geometry(), board.metric());
    let Some(databases) = cache::databases_of(geometry, metric) else {
        return Ok(());
    };
    let cache = Cache::from_env().ok();
    let building = building(&databases);
    let prepared = py.detach(|| {
        let report = |event: Event<'_>| say_event(event, &building, "");
        cache::prepare(geometry, metric, cache.as_ref(), &report)
    });
    let shape = board.name();
    match prepared {
        Ok(Prepared::NotBuilt { damaged }) => {
            if let Some(cache) = &cache {
                warn_damaged(py, cache, &databases, &damaged);
            }
            Ok(())
        }
        Ok(Prepared::FellBack(error)) => {
            say(
                py,
                &format!(
                    "puzzle-oracle: warning: {error}; answering {shape} from the databases built into the package, which search many times longer"
                ),
            );
            Ok(())
        }
        Ok(_) => Ok(()),
        // The next question tries again (and fails at once while the
        // directory cannot be written).
        Err(error) => Err(PyOSError::new_err(format!(
            "{shape} needs its databases in the cache: {error}"
        ))),
    }
}

/// How a build of `databases` names what it builds: `4x4's multi-tile
/// database `, `3x5's database `.
fn building(databases: &BoardDatabases) -> String {
    let board = databases.board();
    let shape = format!("{}x{}", board.rows(), board.cols());
    match databases.metric() {
        MetricKind::Mtm => format!("{shape}'s multi-tile database "),
        _ => format!("{shape}'s database "),
    }
}

/// Names each file of databases built only on request that is there but
/// cannot be used.
fn warn_damaged(
    py: Python<'_>,
    cache: &Cache,
    databases: &BoardDatabases,
    damaged: &[(CachedFile, String)],
) {
    let board = databases.board();
    let shape = format!("{}x{}", board.rows(), board.cols());
    for (file, why) in damaged {
        say(
            py,
            &format!(
                "puzzle-oracle: warning: {}: {why}; {shape} answers from the databases built into the package until build_tables(\"{shape}\") rebuilds it",
                file.path(cache).display()
            ),
        );
    }
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

/// Builds every file of the databases `board` reads from the cache in
/// its metric now (4x4's strong tier is built only this way), and returns
/// the files' paths; a board without any is a `ValueError`.
pub fn build(py: Python<'_>, board: &dyn AnyBoard) -> PyResult<Vec<String>> {
    let Some(databases) = cache::databases_of(board.geometry(), board.metric()) else {
        return Err(PyValueError::new_err(format!(
            "{} has no databases to build in {}: its answers come from the package itself",
            board.name(),
            board.metric()
        )));
    };
    let cache = Cache::from_env().map_err(|error| PyOSError::new_err(error.to_string()))?;
    let building = building(&databases);
    py.detach(|| {
        let report = |event: Event<'_>| say_event(event, &building, "");
        databases.build_every_file(&cache, &report)
    })
    .map_err(|error| {
        PyOSError::new_err(format!(
            "cannot build {}'s databases: {error}",
            board.name()
        ))
    })?;
    Ok(databases
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
