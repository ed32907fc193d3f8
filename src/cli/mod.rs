//! Command-line parsing and dispatch.

mod analyse;
mod answer;
mod cases;
mod closed_output;
mod gap;
mod input;
mod metric;
mod options;
mod pool;
mod progress;
mod random;
mod runner;
mod search_progress;
pub use runner::SearchesStopped;
mod solve;
mod stats;
mod tables;

use std::num::NonZeroU64;
use std::path::PathBuf;

use std::io::{self, Write};

use anyhow::{Context, Result, anyhow, bail};
use cases::Format;
use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};
use metric::MetricArg;
use puzzle_oracle::{Geometry, catalog};
use runner::{Run, SearchArgs};

/// Exact fewest-move answers for sliding puzzles of every rectangle up to
/// 16 cells and of 3x6, 2x9, 4x5 and 5x5 and their transposes (the Seven,
/// Eight, Fifteen and Twenty-four Puzzles among them), and for Gap.
///
/// Boards up to 10 cells are answered from distance tables built into the
/// program: no search at run time. The larger boards' answers come from a
/// search guided by pattern databases, built into the program or, for 3x5,
/// 2x8 and the boards of 18 cells and more, into the cache on the board's
/// first question. Moves count one tile each (with `--metric mtm` on the
/// boards up to 16 cells, one slide each) and are written as the
/// direction the blank travels: U, D, L, R.
#[derive(Debug, Parser)]
#[command(
    name = "puzzle-oracle",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Print a shell's completions or the man page, and exit:
    /// `complete-bash`, `complete-zsh`, `complete-fish` or `man`.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    generate: Option<Generate>,
}

/// What `--generate` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Generate {
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// The man page, in roff.
    Man,
}

/// Writes what `--generate` asks for to standard output.
fn generate(what: Generate) -> Result<()> {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut out = io::stdout().lock();
    let shell = match what {
        Generate::CompleteBash => clap_complete::Shell::Bash,
        Generate::CompleteZsh => clap_complete::Shell::Zsh,
        Generate::CompleteFish => clap_complete::Shell::Fish,
        Generate::Man => {
            return clap_mangen::Man::new(command)
                .render(&mut out)
                .and_then(|()| out.flush())
                .context("cannot write output");
        }
    };
    clap_complete::generate(shell, &mut command, PROGRAM, &mut out);
    out.flush().context("cannot write output")
}

/// What `--version` names, for every subcommand too.
const PROGRAM: &str = "puzzle-oracle";

#[derive(Debug, Subcommand)]
enum Command {
    /// Any sliding board by its shape, rows x columns (`2x3`, `3x2`, `3x3`,
    /// `4x4`, ...): one case a line, R*C numbers (a start, solved to the
    /// standard goal `0 1 2 ...` or to `--target`) or 2*R*C (a start, then
    /// its target); prints the fewest moves, or `Impossible`.
    #[command(display_name = PROGRAM, after_help = solve::AFTER_HELP)]
    Solve(solve::SolveArgs),
    /// Seven Puzzle (2x4): one board of 8 numbers a line (0 is the blank);
    /// prints the fewest moves to `0 1 2 3 4 5 6 7`, or `Impossible`.
    #[command(
        display_name = PROGRAM,
        after_help = "Example: `puzzle-oracle seven -m --hints -b \"7 6 5 4 3 2 1 0\"` \
                      prints `28 UL ULLLDRRRULLLDRRRULLLDRRRULLL`."
    )]
    Seven(SlidingArgs),
    /// Eight Puzzle (3x3): cases of 18 numbers (9 start, then 9 target)
    /// separated by any whitespace, or of 9 with `--target`; prints the
    /// fewest moves, or `Impossible`.
    #[command(
        display_name = PROGRAM,
        after_help = "Example: `puzzle-oracle eight -m -b \"1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5\"` \
                      prints `2 RU`."
    )]
    Eight(SlidingArgs),
    /// Fifteen Puzzle (4x4): one case a line, 16 numbers (a start, solved to
    /// `0 1 2 ... 15`) or 32 (a start and a target); prints the fewest moves,
    /// or `Impossible`. The same as `solve 4x4`.
    #[command(
        display_name = PROGRAM,
        after_help = "Example: `puzzle-oracle fifteen -m -b \"4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15\"` \
                      prints `2 LU`."
    )]
    Fifteen(FifteenArgs),
    /// Gap: a count, then layouts of 4 rows of 7 cards; prints the fewest
    /// moves for each, or -1.
    #[command(display_name = PROGRAM)]
    Gap(gap::GapArgs),
    /// Grades solutions: one a line, a move sequence (which solves the
    /// position obtained by undoing it from the goal) or `POSITION: MOVES`;
    /// prints its length, the optimal length and the difference (`57 53
    /// +4`).
    #[command(
        display_name = PROGRAM,
        after_help = "On 3x3, the line `1 2 0 3 4 5 6 7 8: LL` prints `2 2 +0`, and the line `RRLL` \
                      (from the goal and back) prints `4 0 +4`."
    )]
    Analyse(analyse::AnalyseArgs),
    /// Boards drawn uniformly, one a line: every board that reaches the
    /// target equally likely, or (tabled boards) every board exactly
    /// `--distance` moves from it. Pipes into `solve` with the same board.
    #[command(display_name = PROGRAM)]
    Random(random::RandomArgs),
    /// Depth histogram of a goal: the number of boards at each distance.
    #[command(display_name = PROGRAM)]
    Stats(stats::StatsArgs),
    /// What answers each board: the tables and databases built into the
    /// program, and the databases in the cache (3x5's and 2x8's, built on
    /// the board's first question; 4x4's strong tier, built on request);
    /// builds, checks and empties the cache.
    #[command(display_name = PROGRAM)]
    Tables(tables::TablesArgs),
}

/// Where the cases come from and how answers are printed: every sliding
/// command.
#[derive(Debug, Args)]
pub struct CaseArgs {
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Answer this one case instead of reading input: a start (solved to
    /// the target), or a start and then its target, as numbers in
    /// row-major order.
    #[arg(short, long, value_name = "NUMBERS", conflicts_with = "file")]
    board: Option<String>,
    /// The target of every case, as numbers in row-major order (rows may
    /// be separated by `/`), or `first` (`0 1 2 ...`, the default) or
    /// `last` (`1 2 ... 0`); each case is then a start only.
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// How moves are counted: `stm`, a tile a move (the default), or
    /// `mtm`, a slide a move, however many tiles of the blank's row or
    /// column it pushes. In `mtm` the moves are written with counts (`U2`
    /// is one move: the blank travels two cells up); it answers the
    /// boards up to 10 cells from tables, and those of 12 to 16 cells by a
    /// search over databases built once into the cache on the board's
    /// first question (4x4's and 2x8's: about 200 MB, 30 to 35 s).
    #[arg(long, value_enum, default_value_t = MetricArg::Stm)]
    metric: MetricArg,
    #[command(flatten)]
    output: OutputArgs,
}

/// Hints, counts and listings: what the complete tables answer (`seven`,
/// `eight`, `solve` on the boards up to 10 cells), and on the larger
/// boards a search.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// After the count, every optimal first move, as letters in the order
    /// U D L R (`-` on the target itself; with `--metric mtm`, each slide
    /// with its count: `UL2`). On a searched board it costs up to four
    /// more searches a case.
    #[arg(long)]
    pub hints: bool,
    /// After the count (and the hints), how many distinct optimal move
    /// sequences there are; on a searched board by search (a few times the
    /// cost of the answer).
    #[arg(long)]
    pub count_solutions: bool,
    /// After the answer, the distinct optimal move sequences, one a line
    /// indented by two spaces (`solutions` in JSON), at most `--limit`; on
    /// a searched board by search, as `--count-solutions`.
    #[arg(long)]
    pub all_solutions: bool,
    /// The most sequences `--all-solutions` lists a case; a last line
    /// `  ... (stopped at --limit N)` (`"solutions_complete":false`) says
    /// there are more.
    #[arg(
        long,
        value_name = "N",
        default_value = "100",
        value_parser = options::count,
        requires = "all_solutions"
    )]
    pub limit: NonZeroU64,
}

impl TableArgs {
    /// The most sequences to list a case, when listing.
    fn listing_limit(&self) -> Option<u64> {
        self.all_solutions.then_some(self.limit.get())
    }
}

/// Answers the cases of `run` on the board of `geometry`, which this
/// build answers (the commands name only such boards).
fn answer_cases(geometry: Geometry, run: &Run<'_>) -> Result<()> {
    run.cases
        .output
        .check_compact(run.questions.listing.is_some())?;
    let metric = run.cases.metric.into();
    tables::prepare(geometry, metric, run.cache_dir)?;
    metric::visit_in_metric(geometry, metric, run)
}

/// Arguments of `fifteen`.
#[derive(Debug, Args)]
pub struct FifteenArgs {
    #[command(flatten)]
    pub cases: CaseArgs,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Options of `seven` and `eight`.
#[derive(Debug, Args)]
pub struct SlidingArgs {
    #[command(flatten)]
    cases: CaseArgs,
    #[command(flatten)]
    table: TableArgs,
}

/// How answers are printed, shared by every command that answers cases.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Print an optimal move sequence after the count. `--json` always
    /// carries the moves.
    #[arg(short, long)]
    moves: bool,
    /// Draw the board after every move of an optimal sequence.
    #[arg(short, long, conflicts_with = "json")]
    show: bool,
    /// Print one JSON object per case.
    #[arg(long)]
    json: bool,
    /// How moves are written: `blank`, the direction the blank travels
    /// (the default, as contests write them), or `tile`, the direction the
    /// moved tile slides (as slidysim, slidy and csTimer write them).
    #[arg(long, value_enum, default_value_t = NotationArg::Blank)]
    notation: NotationArg,
    /// Write each run of one move as the letter and its length: `R3` for
    /// `RRR`.
    #[arg(long)]
    compact: bool,
    /// How positions are written by `--show` and `--json`: `grid` (rows
    /// on lines; numbers in JSON, the default) or `slash` (rows separated
    /// by `/` on one line, as speedsolvers share them).
    #[arg(long, value_enum, default_value_t = PositionFormat::Grid)]
    format: PositionFormat,
}

/// The values of `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PositionFormat {
    /// Rows on lines (`--show`), a list of numbers (`--json`, `random`).
    Grid,
    /// Rows separated by `/` on one line: `1 2 3/4 5 6/7 8 0`.
    Slash,
}

/// `board` in the `/` form: `1 2 3/4 5 6/7 8 0`.
fn slash_form<const N: usize, const COLS: usize>(board: &puzzle_oracle::Board<N, COLS>) -> String
where
    puzzle_oracle::Board<N, COLS>: puzzle_oracle::Puzzle,
{
    board
        .cells()
        .chunks(COLS)
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("/")
}

/// The values of `--notation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum NotationArg {
    /// The direction the blank travels.
    Blank,
    /// The direction the moved tile slides.
    Tile,
}

impl From<NotationArg> for puzzle_oracle::Notation {
    fn from(notation: NotationArg) -> Self {
        match notation {
            NotationArg::Blank => puzzle_oracle::Notation::Blank,
            NotationArg::Tile => puzzle_oracle::Notation::Tile,
        }
    }
}

impl OutputArgs {
    /// `--compact` shapes written moves: with none written (no `-m`,
    /// `--show`, `--json` or `--all-solutions`), it is a mistake to say.
    fn check_compact(&self, listing: bool) -> Result<()> {
        if self.compact && !(self.moves || self.show || self.json || listing) {
            bail!(
                "--compact shapes the moves that -m, --show, --json or --all-solutions write; add one of them"
            );
        }
        Ok(())
    }

    /// The notation moves are written in.
    fn notation(&self) -> puzzle_oracle::Notation {
        self.notation.into()
    }

    /// Whether moves are written as the tile slides, as speedsolvers do.
    fn tile_notation(&self) -> bool {
        self.notation == NotationArg::Tile
    }
}

/// The catalog's shapes and names, in the order `--help` lists them.
fn board_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        catalog::ALL
            .iter()
            .flat_map(|spec| std::iter::once(spec.name).chain(spec.aliases.iter().copied())),
    )
}

/// What to say when the board clap refused is one this crate answers
/// but this build leaves out: the feature that builds it.
fn left_out_board(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::InvalidValue {
        return None;
    }
    let Some(ContextValue::String(value)) = error.get(ContextKind::InvalidValue) else {
        return None;
    };
    let (shape, feature) = catalog::LEFT_OUT
        .iter()
        .find(|(shape, _)| shape.eq_ignore_ascii_case(value))?;
    Some(format!(
        "`{shape}` is not in this build: it needs the feature `{feature}` \
         (cargo build --release --features {feature})"
    ))
}

/// Parses the command line and runs it.
pub fn run() -> Result<()> {
    tables::report_lazy_builds();
    let parsed = Cli::try_parse();
    if let Err(error) = &parsed
        && let Some(left_out) = left_out_board(error)
    {
        return Err(anyhow!(left_out));
    }
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => error.exit(),
        // `--help` and `--version`: written here rather than by clap, so
        // that an output that cannot take them is an error, not silence.
        Err(help) => {
            let mut out = io::stdout().lock();
            return write!(out, "{}", help.render())
                .and_then(|()| out.flush())
                .context("cannot write output");
        }
    };
    let Some(command) = cli.command else {
        // Without a subcommand the only argument clap takes is
        // `--generate`, and it takes some argument.
        let what = cli
            .generate
            .unwrap_or_else(|| unreachable!("clap requires an argument"));
        return generate(what);
    };
    match command {
        Command::Solve(args) => solve::run(&args),
        Command::Seven(args) => {
            let run = Run::resolve(&args.cases, &args.table, None, Format::CasePerLine);
            answer_cases(Geometry::SEVEN, &run)
        }
        Command::Eight(args) => {
            let run = Run::resolve(&args.cases, &args.table, None, Format::NumberStream);
            answer_cases(Geometry::EIGHT, &run)
        }
        Command::Fifteen(args) => {
            let run = Run::resolve(
                &args.cases,
                &args.table,
                Some(&args.search),
                Format::CasePerLine,
            );
            answer_cases(Geometry::FIFTEEN, &run)
        }
        Command::Gap(args) => gap::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Random(args) => random::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Tables(args) => tables::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
