//! The `tables` command (what is built into the program and what is in
//! the cache; builds, checks and empties the cache), and the opening of a
//! board's cached tier before its first question, with its progress.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use puzzle_oracle::cache::{self, Cache, CachedTier, Event, FileState};
use puzzle_oracle::{Geometry, catalog};

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
        Some(Action::Build {
            boards,
            metric: MetricArg::Stm,
        }) => build(&cache, boards),
        Some(Action::Build {
            boards,
            metric: MetricArg::Mtm,
        }) => build_multi_tile(&cache, boards),
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
                let there = files.iter().all(|file| in_cache(cache, file));
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
fn cached_state(cache: &Cache, tier: &CachedTier) -> String {
    let files = tier.files();
    let total: u64 = files.iter().map(|file| file.bytes()).sum();
    let there = files
        .iter()
        .filter(|file| {
            std::fs::metadata(file.path(cache)).is_ok_and(|meta| meta.len() == file.bytes())
        })
        .count();
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

fn build(cache: &Cache, boards: &[String]) -> Result<()> {
    let mut tiers: Vec<&'static CachedTier> = Vec::new();
    for board in boards {
        let chosen: Vec<&'static CachedTier> = if board.eq_ignore_ascii_case("all") {
            cache::tiers().to_vec()
        } else {
            let spec = catalog::lookup(board).ok_or_else(|| {
                anyhow!(
                    "unknown board {}: name a board (`2x8`, `3x5`, `5x5`, ...) or `all`",
                    quoted(board)
                )
            })?;
            let tier = cache::tier_of(spec.geometry).ok_or_else(|| {
                anyhow!(
                    "{} has no databases in the cache: everything it needs is built into the program",
                    spec.name
                )
            })?;
            vec![tier]
        };
        for tier in chosen {
            if !tiers.iter().any(|known| std::ptr::eq(*known, tier)) {
                tiers.push(tier);
            }
        }
    }
    for tier in tiers {
        open_tier(cache, tier, None)?;
        let files = tier.files();
        println!(
            "{}x{}: {} in {} files, ready in {}",
            tier.board().rows(),
            tier.board().cols(),
            size(files.iter().map(|file| file.bytes()).sum()),
            files.len(),
            cache.dir().display()
        );
    }
    Ok(())
}

/// Builds the multi-tile databases of `boards` (or `all`) that are missing.
fn build_multi_tile(cache: &Cache, boards: &[String]) -> Result<()> {
    let mut chosen: Vec<Geometry> = Vec::new();
    for board in boards {
        if board.eq_ignore_ascii_case("all") {
            chosen.extend(cache::multi_tile_boards());
            continue;
        }
        let spec = catalog::lookup(board).ok_or_else(|| {
            anyhow!(
                "unknown board {}: name a board (`4x4`, `2x8`, ...) or `all`",
                quoted(board)
            )
        })?;
        if !cache::has_multi_tile_database(spec.geometry) {
            if spec.multi_tile_tables.is_empty() {
                return Err(super::metric::not_in_multi_tile(spec.geometry));
            }
            bail!(
                "{} has no multi-tile database: its multi-tile tables are built into the program",
                spec.name
            );
        }
        chosen.push(spec.geometry.canonical());
    }
    let mut seen: Vec<Geometry> = Vec::new();
    for geometry in chosen {
        if seen.contains(&geometry) {
            continue;
        }
        seen.push(geometry);
        prepare_multi_tile(geometry, Some(cache.dir()))?;
        let bytes = cache::multi_tile_files(geometry)
            .iter()
            .map(|file| file.bytes)
            .sum();
        println!(
            "{}x{} in slides: {}, ready in {}",
            geometry.rows(),
            geometry.cols(),
            size(bytes),
            cache.dir().display()
        );
    }
    Ok(())
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
    for tier in cache::tiers() {
        for (file, state) in tier.check(cache) {
            let said = said_of(state, &mut damaged);
            writeln!(out, "{}: {said}", file.path(cache).display())?;
        }
    }
    for (name, state) in
        cache::multi_tile_boards().flat_map(|geometry| cache::check_multi_tile(geometry, cache))
    {
        let said = said_of(state, &mut damaged);
        writeln!(out, "{}: {said}", cache.dir().join(name).display())?;
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

/// Opens the cached tier of the board of `geometry`, if it has one, before
/// its first question: a tier built on first use is built now when it is
/// missing, with progress on standard error; a board with an embedded tier
/// to fall back on answers from it, with a warning, when the cache cannot
/// be written.
pub fn prepare(geometry: Geometry, cache_dir: Option<&Path>) -> Result<()> {
    let Some(tier) = cache::tier_of(geometry) else {
        return Ok(());
    };
    // The sizes `opens_by_class` adds up take numbering the states of every
    // file: asked only of a tier the question opens.
    if tier.is_open()
        || (tier.builds_on_first_use() && tier.opens_by_class() && tier.is_class_open(0))
    {
        return Ok(());
    }
    let opened = cache_at(cache_dir).and_then(|cache| {
        if tier.builds_on_first_use() {
            // A large tier: the class of both standard goals (the blank in
            // a corner); another target's class on its first question.
            let classes: &[usize] = if tier.opens_by_class() { &[0] } else { &[] };
            open_tier(&cache, tier, (!classes.is_empty()).then_some(classes))
        } else {
            let opened = tier
                .open(&cache, false, &|_| {})
                .map_err(|error| anyhow!("{error}"))?;
            if !opened {
                warn_damaged(&cache, tier);
                offer(&cache, tier);
            }
            Ok(())
        }
    });
    match opened {
        Ok(()) => Ok(()),
        Err(error) if tier.falls_back() => {
            eprintln!(
                "puzzle-oracle: warning: {error:#}; answering {}x{} from the databases built into the program, which search many times longer",
                geometry.rows(),
                geometry.cols()
            );
            tier.fall_back();
            Ok(())
        }
        Err(error) => Err(error.context(format!(
            "{}x{} needs its databases in the cache",
            geometry.rows(),
            geometry.cols()
        ))),
    }
}

/// Opens the multi-tile databases of a board searched in slides (12 to
/// 16 cells) before its first question in that metric, building them when
/// missing with progress on standard error (about 200 MB and 30 to 35 s
/// on two cores for 4x4 and 2x8, less for the others); other boards need
/// nothing.
pub fn prepare_multi_tile(geometry: Geometry, cache_dir: Option<&Path>) -> Result<()> {
    if !cache::has_multi_tile_database(geometry) {
        return Ok(());
    }
    let shape = format!("{}x{}", geometry.rows(), geometry.cols());
    let files = cache::multi_tile_files(geometry);
    let databases = match files.len() {
        1 => "database",
        _ => "databases",
    };
    let opened = cache_at(cache_dir).and_then(|cache| {
        let open = |build, report: &(dyn Fn(Event<'_>) + Sync)| {
            cache::open_multi_tile(geometry, &cache, build, report)
        };
        if open(false, &|_| {}).map_err(|error| anyhow!("{error}"))? {
            return Ok(());
        }
        // The progress runs over the states of the files to build (0, the
        // first build's own, when they are all there but one is damaged).
        let missing = files
            .iter()
            .filter(|file| !in_cache(&cache, file))
            .map(|file| file.states)
            .sum();
        let reporter = Mutex::new(Reporter::new(
            &format!("{shape}'s multi-tile {databases}"),
            missing,
        ));
        let report = |event: Event<'_>| {
            reporter
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .report(&event);
        };
        let opened = open(true, &report);
        let mut reporter = reporter
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        reporter.finish(&cache, opened.is_ok());
        opened.map(drop).map_err(|error| anyhow!("{error}"))
    });
    opened.with_context(|| {
        format!("{shape} in the multi-tile metric needs its {databases} in the cache")
    })
}

/// Whether `file` is in `cache` at its full size (not read: `verify`
/// checks what is inside).
fn in_cache(cache: &Cache, file: &cache::MultiTileFile) -> bool {
    std::fs::metadata(cache.dir().join(&file.name)).is_ok_and(|meta| meta.len() == file.bytes)
}

/// Warns about each file of a tier built only on request that is there
/// but unusable: the board answers from its built-in databases until
/// `tables build` rebuilds it.
fn warn_damaged(cache: &Cache, tier: &CachedTier) {
    let shape = format!("{}x{}", tier.board().rows(), tier.board().cols());
    for (file, state) in tier.check(cache) {
        let why = match state {
            FileState::Invalid(reason) => reason,
            FileState::Unreadable(error) => error.to_string(),
            _ => continue,
        };
        eprintln!(
            "puzzle-oracle: warning: {}: {why}; {shape} answers from the databases built into the program until `puzzle-oracle tables build {shape}` rebuilds it",
            file.path(cache).display()
        );
    }
}

/// Tells a person at a terminal, once for each cache directory, that the
/// board has a faster tier to build (a program reading the output is
/// never told: nothing is written when standard error is not a terminal).
fn offer(cache: &Cache, tier: &CachedTier) {
    let shape = format!("{}x{}", tier.board().rows(), tier.board().cols());
    let marker = cache.dir().join(format!("offered-{shape}"));
    if !io::stderr().is_terminal() || marker.exists() {
        return;
    }
    let bytes: u64 = tier.files().iter().map(|file| file.bytes()).sum();
    eprintln!(
        "puzzle-oracle: note: faster databases for {shape} can be built once into {}: `puzzle-oracle tables build {shape}` ({}, a few minutes)",
        cache.dir().display(),
        size(bytes)
    );
    // Not told again; nothing is lost if the note cannot be recorded.
    let _ = std::fs::create_dir_all(cache.dir()).and_then(|()| std::fs::write(&marker, ""));
}

/// Opens `tier` from `cache`, the goal classes `classes` of it (every one
/// when `None`), building what is missing with progress.
fn open_tier(cache: &Cache, tier: &CachedTier, classes: Option<&[usize]>) -> Result<()> {
    let shape = format!("{}x{}", tier.board().rows(), tier.board().cols());
    let files = match classes {
        Some(classes) => tier.files_of(classes),
        None => tier.files(),
    };
    let missing: u64 = files
        .iter()
        .filter(|file| {
            !std::fs::metadata(file.path(cache)).is_ok_and(|meta| meta.len() == file.bytes())
        })
        .map(|file| file.states())
        .sum();
    let reporter = Mutex::new(Reporter::new(&format!("{shape}'s databases"), missing));
    let report = |event: Event<'_>| {
        reporter
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .report(&event);
    };
    let opened = match classes {
        Some(classes) => tier.open_classes(cache, true, &report, classes),
        None => tier.open(cache, true, &report),
    };
    let mut reporter = reporter
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    reporter.finish(cache, opened.is_ok());
    opened
        .map(drop)
        .map_err(|error| anyhow!("{error}"))
        .with_context(|| format!("cannot build {shape}'s databases"))
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
                if !self.announced && !self.terminal {
                    self.announced = true;
                    eprintln!(
                        "puzzle-oracle: building {} into {} (once)",
                        self.what,
                        path.parent().unwrap_or(Path::new(".")).display()
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

    fn finish(&mut self, cache: &Cache, built: bool) {
        self.progress.clear();
        if self.terminal && built && self.built > 0 {
            eprintln!(
                "puzzle-oracle: built {} into {} in {:.1} s",
                self.what,
                cache.dir().display(),
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}
