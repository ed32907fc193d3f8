//! The `stats` command: how many boards lie at each distance from a goal.

use std::io::{self, Write};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::{
    Board, DepthCounts, Geometry, Metric, MetricKind, MetricOracle, Mtm, Oracle, Puzzle,
};

use super::board_names;
use super::cases::parse_target;
use super::input::quoted;
use super::metric::{self, MetricArg};

/// Arguments of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The board: its shape (`2x3`, `3x3`, ...) or a puzzle's name, any
    /// case. The boards up to 10 cells read their tables; 3x4 and 2x6 (and
    /// their transposes) count every board by a breadth-first search, about
    /// 15 s on two cores; 4x4 prints the published counts of the corner targets
    /// (OEIS A089484).
    #[arg(value_parser = board_names(), ignore_case = true)]
    board: String,
    /// The target, as numbers in row-major order (rows may be separated
    /// by `/`), or `first` (`0 1 2 ...`, the default) or `last`
    /// (`1 2 ... 0`).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// How moves are counted: `stm`, a tile a move (the default), or
    /// `mtm`, a slide a move (the boards up to 10 cells, 3x4 and 2x6).
    #[arg(long, value_enum, default_value_t = MetricArg::Stm)]
    metric: MetricArg,
}

/// Width of the longest bar.
const BAR_WIDTH: u32 = 60;

pub fn run(args: &StatsArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", quoted(&args.board)))?;
    let target = GoalDepths(args.target.as_deref());
    let depths = match args.metric.into() {
        MetricKind::Stm => catalog::visit(spec.geometry, target).unwrap_or_else(|| {
            unreachable!("the catalog names only the boards this build answers")
        }),
        MetricKind::Mtm => catalog::visit_in::<Mtm, _>(spec.geometry, target)
            .unwrap_or_else(|| Err(metric::not_in_multi_tile(spec.geometry))),
    }?;
    write_histogram(&depths)
}

/// The library's depth counts of a target, with a word on standard error
/// around a breadth-first search, which takes seconds.
fn count<M: Metric>(counts: DepthCounts, geometry: Geometry) -> Vec<u64> {
    if !counts.searches() {
        return counts.count(1);
    }
    let shape = format!("{}x{}", geometry.rows(), geometry.cols());
    let moves = match M::KIND {
        MetricKind::Stm => "single-tile moves",
        MetricKind::Mtm => "slides",
    };
    eprintln!(
        "puzzle-oracle: counting {shape}'s 239,500,800 boards by {moves} (a breadth-first search, about 15 s on two cores)"
    );
    let started = std::time::Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let histogram = counts.count(threads);
    eprintln!(
        "puzzle-oracle: counted in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    histogram
}

/// One line per depth: the depth, the count, a bar.
fn write_histogram(depths: &[u64]) -> Result<()> {
    let widest = depths.iter().copied().max().unwrap_or(1).max(1);
    let digits = widest.to_string().len().max(6);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (depth, &count) in depths.iter().enumerate() {
        // At most 784 billion boards a depth: times 60 fits a u64.
        let bar = (count * u64::from(BAR_WIDTH)).div_ceil(widest);
        writeln!(
            out,
            "{depth:>2} {count:>digits$} {}",
            "#".repeat(bar as usize)
        )?;
    }
    out.flush().context("cannot write output")
}

/// How many boards lie at each distance from the target (the standard
/// goal if absent), from its goal class's complete table: one entry per
/// depth up to the deepest, counted by `build.rs`.
struct GoalDepths<'a>(Option<&'a str>);

impl<M: Metric> Visitor<M> for GoalDepths<'_> {
    type Output = Result<Vec<u64>>;

    fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let target = parse_target::<N, COLS>(self.0)?.unwrap_or_else(Board::goal);
        let counts = DepthCounts::of::<M, N, COLS>(&target).map_err(|no| anyhow!("{no}"))?;
        Ok(count::<M>(counts, Board::<N, COLS>::GEOMETRY))
    }
}
