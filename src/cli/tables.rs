//! The `tables` command (what is built into the program and what is in
//! the cache; builds, checks and empties the cache), and the opening of
//! what a board reads from the cache before its first question (the
//! library's `cache::prepare`), with its progress and its warnings.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use puzzle_oracle::cache::{
    self, BoardDatabases, Cache, CachedFile, CachedTier, Event, FileState, Prepared,
};
use puzzle_oracle::{Geometry, MetricKind, catalog};

use super::input::quoted;
use super::metric::MetricArg;
use super::progress::Progress;

/// Arguments of `tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// The cache directory [default: $PUZZLE_ORACLE_CACHE, else
    /// `puzzle-oracle` in the platform's cache directory, such as
    /// ~/.cache/puzzle-oracle].
    #[arg(long, value_name = "DIR", global = true)]
    cache_dir: Option<PathBuf>,
}

/// What `tables` does.
#[derive(Debug, Subcommand)]
enum Action {
    /// Every board with what answers it: the bytes built into the program
    /// (the multi-tile tables or databases apart, `in slides`) and the
    /// databases in the cache (the default).
    List,
    /// Builds the cached databases of each BOARD (`2x8`, `3x5`, `3x6`,
    /// `2x9`, `4x5`, `5x5`, `4x4`, or `all`) now, every goal class's,
    /// rather than on their first question (for a container image or a
    /// machine set up ahead of time; 5x5's 226 MB, about two minutes;
    /// 4x5's 714 MB), and 4x4's strong tier (214.6 MB, about two minutes),
    /// which 4x4 reads once built.
    Build {
        /// Boards (shapes or names), or `all`.
        #[arg(required = true, value_name = "BOARD")]
        boards: Vec<String>,
        /// `mtm`: build the multi-tile databases of the boards of 12 to 16
        /// cells instead (4x4's and 2x8's about 200 MB and 30 to 35 s each
        /// on two cores; `all`: the six boards', about 480 MB).
        #[arg(long, value_enum, default_value_t = MetricArg::Stm)]
        metric: MetricArg,
    },
    /// Reads every cached database whole and checks its header and
    /// checksum; exits with status 2 when one is damaged (3x5's and 2x8's
    /// next question rebuilds it, `tables build` any).
    Verify,
    /// Removes the cached databases (only files this program wrote).
    Clean,
}

pub fn run(args: &TablesArgs) -> Result<()> {
    let cache = cache_at(args.cache_dir.as_deref())?;
    match &args.action {
        None | Some(Action::List) => list(&cache, args.cache_dir.is_some()),
        Some(Action::Build { boards, metric }) => build(&cache, boards, (*metric).into()),
        Some(Action::Verify) => verify(&cache),
        Some(Action::Clean) => clean(&cache),
    }
}

/// The cache in `dir`, else where the environment says.
fn cache_at(dir: Option<&Path>) -> Result<Cache> {
    match dir {
        Some(dir) => Ok(Cache::at(dir)),
        None => Cache::from_env().map_err(|error| anyhow!("{error}")),
    }
}

/// Bytes in decimal units, to one decimal.
fn size(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} B"),
        1_000..1_000_000 => format!("{:.1} kB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

fn list(cache: &Cache, named: bool) -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "board  answered by  built in   in slides        in the cache"
    )?;
    for spec in catalog::ALL.iter() {
        let geometry = spec.geometry;
        if geometry.rows() > geometry.cols() {
            continue;
        }
        let (engine, built_in) = if spec.tables.is_empty() {
            ("search", spec.embedded_databases as u64)
        } else {
            let bytes = spec
                .tables
                .iter()
                .map(|table| table.bytes().len())
                .sum::<usize>();
            ("tables", bytes as u64)
        };
        let sized = |bytes: u64| {
            if bytes == 0 {
                "-".to_string()
            } else {
                size(bytes)
            }
        };
        let built_in = sized(built_in);
        let files = cache::multi_tile_files(geometry);
        let in_slides = match files.is_empty() {
            false => {
                let bytes = files.iter().map(|file| file.bytes).sum();
                let there = files
                    .iter()
                    .all(|file| CachedFile::Slides(file.clone()).is_in(cache));
                format!(
                    "{} {}",
                    size(bytes),
                    if there { "cached" } else { "on use" }
                )
            }
            true => sized(
                spec.multi_tile_tables
                    .iter()
                    .map(|table| table.bytes().len() as u64)
                    .sum(),
            ),
        };
        let cached = match cache::tier_of(geometry) {
            None => "-".to_string(),
            Some(tier) => cached_state(cache, tier),
        };
        writeln!(
            out,
            "{:<6} {engine:<12} {built_in:<10} {in_slides:<16} {cached}",
            spec.name
        )?;
    }
    writeln!(
        out,
        "cache directory: {}{}",
        cache.dir().display(),
        if !named && std::env::var_os(cache::VARIABLE).is_some_and(|dir| !dir.is_empty()) {
            format!(" (from {})", cache::VARIABLE)
        } else {
            String::new()
        }
    )?;
    out.flush()?;
    Ok(())
}

/// A tier's files in `cache` in a few words: whether each is there at its
/// size (the checksums are `tables verify`'s).
fn cached_state(cache: &Cache, tier: &'static CachedTier) -> String {
    let files = BoardDatabases::Tier(tier).files();
    let total: u64 = files.iter().map(CachedFile::bytes).sum();
    let there = files.iter().filter(|file| file.is_in(cache)).count();
    let shape = format!("{}x{}", tier.board().rows(), tier.board().cols());
    if there == files.len() {
        format!("{}, built ({} files)", size(total), files.len())
    } else {
        format!(
            "{}, {} ({there} of {} files; `puzzle-oracle tables build {shape}`)",
            size(total),
            if tier.builds_on_first_use() {
                "built on first use"
            } else {
                "built on request"
            },
            files.len()
        )
    }
}

/// Builds every file of the databases `boards` (or `all`) read in
/// `metric` that is missing or damaged.
fn build(cache: &Cache, boards: &[String], metric: MetricKind) -> Result<()> {
    let mut chosen: Vec<BoardDatabases> = Vec::new();
    for board in boards {
        if board.eq_ignore_ascii_case("all") {
            chosen.extend(
                cache::every_board_databases().filter(|databases| databases.metric() == metric),
            );
            continue;
        }
        let spec = catalog::lookup(board).ok_or_else(|| {
            anyhow!(
                "unknown board {}: name a board (`2x8`, `3x5`, `5x5`, ...) or `all`",
                quoted(board)
            )
        })?;
        let databases = match cache::databases_of(spec.geometry, metric) {
            Some(databases) => databases,
            None if metric == MetricKind::Stm => bail!(
                "{} has no databases in the cache: everything it needs is built into the program",
                spec.name
            ),
            None if spec.multi_tile_tables.is_empty() => {
                return Err(super::metric::not_in_multi_tile(spec.geometry));
            }
            None => bail!(
                "{} has no multi-tile database: its multi-tile tables are built into the program",
                spec.name
            ),
        };
        chosen.push(databases);
    }
    let mut seen: Vec<Geometry> = Vec::new();
    for databases in chosen {
        let geometry = databases.board();
        if seen.contains(&geometry) {
            continue;
        }
        seen.push(geometry);
        let files = databases.files();
        let missing = files
            .iter()
            .filter(|file| !file.is_in(cache))
            .map(CachedFile::states)
            .sum();
        with_progress(&named(&databases, geometry), missing, |report| {
            databases.build_every_file(cache, report)
        })
        .map_err(|error| anyhow!("{error}"))
        .with_context(|| format!("cannot build {}", named(&databases, geometry)))?;
        let shape = format!("{}x{}", geometry.rows(), geometry.cols());
        let bytes = size(files.iter().map(CachedFile::bytes).sum());
        let dir = cache.dir().display();
        match metric {
            MetricKind::Stm => {
                println!("{shape}: {bytes} in {} files, ready in {dir}", files.len())
            }
            MetricKind::Mtm => println!("{shape} in slides: {bytes}, ready in {dir}"),
        }
    }
    Ok(())
}

/// What a board's databases in the cache are called in the command's
/// messages: `3x5's databases`, `4x4's multi-tile database`.
fn named(databases: &BoardDatabases, geometry: Geometry) -> String {
    let shape = format!("{}x{}", geometry.rows(), geometry.cols());
    match databases.metric() {
        MetricKind::Stm => format!("{shape}'s databases"),
        MetricKind::Mtm => format!("{shape}'s multi-tile {}", in_number(databases)),
    }
}

/// `database` or `databases`, as many as `databases` has files.
fn in_number(databases: &BoardDatabases) -> &'static str {
    match databases.files().len() {
        1 => "database",
        _ => "databases",
    }
}

/// What `verify` says of a file in `state`, counting it in `damaged`
/// when it is.
fn said_of(state: FileState, damaged: &mut usize) -> String {
    match state {
        FileState::Ready => "ok".to_string(),
        FileState::Missing => "not built".to_string(),
        FileState::Invalid(reason) => {
            *damaged += 1;
            format!("damaged: {reason}")
        }
        FileState::Unreadable(error) => {
            *damaged += 1;
            format!("unreadable: {error}")
        }
        _ => "unknown".to_string(),
    }
}

fn verify(cache: &Cache) -> Result<()> {
    let mut damaged = 0;
    let mut out = io::stdout().lock();
    for databases in cache::every_board_databases() {
        for (file, state) in databases.check(cache) {
            let said = said_of(state, &mut damaged);
            writeln!(out, "{}: {said}", file.path(cache).display())?;
        }
    }
    out.flush()?;
    if damaged > 0 {
        let files = if damaged == 1 { "file" } else { "files" };
        bail!(
            "{damaged} damaged {files}: `puzzle-oracle tables build all` rebuilds them (`--metric mtm` the multi-tile databases; 3x5's and 2x8's, and the multi-tile ones, are also rebuilt on their board's next question)"
        );
    }
    Ok(())
}

fn clean(cache: &Cache) -> Result<()> {
    let removed = cache.clean().map_err(|error| anyhow!("{error}"))?;
    println!(
        "removed {} files from {}",
        removed.len(),
        cache.dir().display()
    );
    Ok(())
}

/// Opens what the board of `geometry` reads from the cache in `metric`
/// before its first question (see `cache::prepare`): a build with its
/// progress on standard error. A board that answers from the databases
/// built into the program instead says why, on standard error.
pub fn prepare(geometry: Geometry, metric: MetricKind, cache_dir: Option<&Path>) -> Result<()> {
    let Some(databases) = cache::databases_of(geometry, metric) else {
        return Ok(());
    };
    let cache = match cache_dir {
        Some(dir) => Some(Cache::at(dir)),
        None => Cache::from_env().ok(),
    };
    let what = named(&databases, geometry);
    // The progress runs over the states of the files to build (0, the
    // first build's own, when they are all there but one is damaged).
    let missing = match &cache {
        Some(cache) if databases.build_on_first_use() => databases.states_to_build(cache),
        _ => 0,
    };
    let prepared = with_progress(&what, missing, |report| {
        cache::prepare(geometry, metric, cache.as_ref(), report)
    });
    let shape = format!("{}x{}", geometry.rows(), geometry.cols());
    // A build that failed is named in the error.
    let failed = |error| {
        let error = anyhow!("{error}");
        if databases.build_on_first_use() && metric == MetricKind::Stm {
            error.context(format!("cannot build {what}"))
        } else {
            error
        }
    };
    match prepared {
        Ok(Prepared::NotBuilt { damaged }) => {
            if let Some(cache) = &cache {
                warn_damaged(cache, &shape, &damaged);
                offer(cache, &databases, &shape);
            }
            Ok(())
        }
        Ok(Prepared::FellBack(error)) => {
            eprintln!(
                "puzzle-oracle: warning: {:#}; answering {shape} from the databases built into the program, which search many times longer",
                failed(error)
            );
            Ok(())
        }
        Ok(_) => Ok(()),
        Err(error) => Err(failed(error).context(match metric {
            MetricKind::Stm => format!("{shape} needs its databases in the cache"),
            MetricKind::Mtm => format!(
                "{shape} in the multi-tile metric needs its {} in the cache",
                in_number(&databases)
            ),
        })),
    }
}

/// Runs `open`, its builds shown by a [`Reporter`] of `what`, `total`
/// states in all.
fn with_progress<T>(
    what: &str,
    total: u64,
    open: impl FnOnce(&(dyn Fn(Event<'_>) + Sync)) -> Result<T, cache::CacheError>,
) -> Result<T, cache::CacheError> {
    let reporter = Mutex::new(Reporter::new(what, total));
    let report = |event: Event<'_>| {
        reporter
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .report(&event);
    };
    let opened = open(&report);
    reporter
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .finish(opened.is_ok());
    opened
}

/// Warns about each file of databases built only on request that is
/// there but unusable: the board answers from its built-in databases
/// until `tables build` rebuilds it.
fn warn_damaged(cache: &Cache, shape: &str, damaged: &[(CachedFile, String)]) {
    for (file, why) in damaged {
        eprintln!(
            "puzzle-oracle: warning: {}: {why}; {shape} answers from the databases built into the program until `puzzle-oracle tables build {shape}` rebuilds it",
            file.path(cache).display()
        );
    }
}

/// Tells a person at a terminal, once for each cache directory, that the
/// board has faster databases to build (a program reading the output is
/// never told: nothing is written when standard error is not a terminal).
fn offer(cache: &Cache, databases: &BoardDatabases, shape: &str) {
    let marker = cache.dir().join(format!("offered-{shape}"));
    if !io::stderr().is_terminal() || marker.exists() {
        return;
    }
    let bytes: u64 = databases.files().iter().map(CachedFile::bytes).sum();
    eprintln!(
        "puzzle-oracle: note: faster databases for {shape} can be built once into {}: `puzzle-oracle tables build {shape}` ({}, a few minutes)",
        cache.dir().display(),
        size(bytes)
    );
    // Not told again; nothing is lost if the note cannot be recorded.
    let _ = std::fs::create_dir_all(cache.dir()).and_then(|()| std::fs::write(&marker, ""));
}

/// Has the builds that a question starts on its own (the databases of a
/// target's goal class that [`prepare`] did not open) say so on standard
/// error, a line as each database starts and one as it is written.
pub fn report_lazy_builds() {
    cache::report_builds_to(&|event| match event {
        Event::Rebuilding { path, reason } => eprintln!(
            "puzzle-oracle: warning: rebuilding {}: {reason}",
            path.display()
        ),
        Event::Building { path, .. } => eprintln!(
            "puzzle-oracle: building {} for this target's goal class (once)",
            path.display()
        ),
        Event::Built {
            path,
            bytes,
            elapsed,
        } => eprintln!(
            "puzzle-oracle: built {} ({}, {:.1} s)",
            path.display(),
            size(bytes),
            elapsed.as_secs_f64()
        ),
        _ => {}
    });
}

/// How a build shows itself: on a terminal, one line rewritten with the
/// share done and an estimate of the time left; otherwise a line for each
/// database built.
struct Reporter {
    /// What is built: `3x5's databases`.
    what: String,
    progress: Progress,
    terminal: bool,
    started: Instant,
    drawn: Option<Instant>,
    total: u64,
    reached: u64,
    built: usize,
    announced: bool,
    /// The directory the files are built into, from the first build.
    into: Option<PathBuf>,
}

impl Reporter {
    /// The reporter of a build of `what` (`3x5's databases`), `total`
    /// states in all (0: the first database's, when it starts).
    fn new(what: &str, total: u64) -> Self {
        Reporter {
            what: what.to_string(),
            progress: Progress::new(),
            terminal: io::stderr().is_terminal(),
            started: Instant::now(),
            drawn: None,
            total,
            reached: 0,
            built: 0,
            announced: false,
            into: None,
        }
    }

    fn report(&mut self, event: &Event<'_>) {
        match event {
            Event::Rebuilding { path, reason } => {
                self.progress.clear();
                eprintln!(
                    "puzzle-oracle: warning: rebuilding {}: {reason}",
                    path.display()
                );
            }
            Event::Building { path, states } => {
                if self.total == 0 {
                    self.total = *states;
                }
                let into = path.parent().unwrap_or(Path::new("."));
                self.into.get_or_insert_with(|| into.to_path_buf());
                if !self.announced && !self.terminal {
                    self.announced = true;
                    eprintln!(
                        "puzzle-oracle: building {} into {} (once)",
                        self.what,
                        into.display()
                    );
                }
            }
            Event::Reached { states } => {
                self.reached += states;
                self.draw();
            }
            Event::Built {
                path,
                bytes,
                elapsed,
            } => {
                self.built += 1;
                if !self.terminal {
                    eprintln!(
                        "puzzle-oracle: built {} ({}, {:.1} s)",
                        path.display(),
                        size(*bytes),
                        elapsed.as_secs_f64()
                    );
                }
            }
            _ => {}
        }
    }

    fn draw(&mut self) {
        let now = Instant::now();
        if self
            .drawn
            .is_some_and(|drawn| now - drawn < Duration::from_millis(100))
        {
            return;
        }
        self.drawn = Some(now);
        let total = self.total.max(self.reached).max(1);
        let done = self.reached as f64 / total as f64;
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = if done > 0.02 {
            format!(", about {:.0} s left", elapsed * (1.0 - done) / done)
        } else {
            String::new()
        };
        self.progress.show(format_args!(
            "building {} (once): {:.0}% in {elapsed:.0} s{left}",
            self.what,
            100.0 * done
        ));
    }

    fn finish(&mut self, built: bool) {
        self.progress.clear();
        if let Some(into) = self
            .into
            .as_ref()
            .filter(|_| self.terminal && built && self.built > 0)
        {
            eprintln!(
                "puzzle-oracle: built {} into {} in {:.1} s",
                self.what,
                into.display(),
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}
