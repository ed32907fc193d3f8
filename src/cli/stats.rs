//! The `stats` command: how many boards lie at each distance from a goal.

use std::io::{self, Write};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::fifteen::CORNER_DEPTH_COUNTS;
use puzzle_oracle::{
    Board, Engine, FifteenBoard, Geometry, Metric, MetricKind, MetricOracle, Mtm, Oracle, Puzzle,
    Stm, tables,
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
        MetricKind::Stm if spec.geometry == Geometry::FIFTEEN => {
            return write_histogram(fifteen_counts(args.target.as_deref())?);
        }
        MetricKind::Stm if spec.geometry.cells() == 12 => {
            return write_histogram(&twelve_cells::<Stm>(spec.geometry, args.target.as_deref())?);
        }
        MetricKind::Stm => catalog::visit(spec.geometry, target).unwrap_or_else(|| {
            unreachable!("the catalog names only the boards this build answers")
        }),
        MetricKind::Mtm if spec.geometry.cells() == 12 => {
            return write_histogram(&twelve_cells::<Mtm>(spec.geometry, args.target.as_deref())?);
        }
        MetricKind::Mtm => catalog::visit_in::<Mtm, _>(spec.geometry, target)
            .unwrap_or_else(|| Err(metric::not_in_multi_tile(spec.geometry))),
    }?;
    write_histogram(&depths)
}

/// The 4x4 counts of the target's goal class: published for the corner
/// class only, since no table holds the 4x4 board.
fn fifteen_counts(target: Option<&str>) -> Result<&'static [u64]> {
    let target = parse_target::<16, 4>(target)?.unwrap_or_else(FifteenBoard::goal);
    let (row, col) = (target.blank() / 4, target.blank() % 4);
    if row % 3 != 0 || col % 3 != 0 {
        bail!(
            "no depth histogram for 4x4 targets with the blank on an edge or in the centre: \
             the board is solved by search, one board at a time, and only the corner \
             targets' counts are published (OEIS A089484)"
        );
    }
    Ok(&CORNER_DEPTH_COUNTS)
}

/// The histogram in metric `M` of a 12-cell board (3x4, 2x6 and their
/// transposes) to `target`, by a breadth-first search over all its
/// 239,500,800 boards: there is no table to read it from.
fn twelve_cells<M: Metric>(geometry: Geometry, target: Option<&str>) -> Result<Vec<u64>> {
    /// The target's blank cell.
    struct TargetBlank<'a>(Option<&'a str>);
    impl Visitor for TargetBlank<'_> {
        type Output = Result<usize>;
        fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
        where
            Board<N, COLS>: Oracle,
        {
            Ok(parse_target::<N, COLS>(self.0)?.map_or(0, |target| target.blank()))
        }
    }
    let blank = catalog::visit(geometry, TargetBlank(target))
        .ok_or_else(|| metric::not_in_multi_tile(geometry))??;
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
    let histogram = tables::histogram_by_search::<M>(geometry, blank, threads, &|_| {});
    eprintln!(
        "puzzle-oracle: counted in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(histogram)
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
        let name = Board::<N, COLS>::NAME;
        if M::ENGINE == Engine::Search {
            bail!(
                "no depth histogram for the {name} board: its {} reachable states are out of reach \
                 of a table (it is solved by search, one board at a time)",
                with_commas(reachable_states(N))
            );
        }
        let target = parse_target::<N, COLS>(self.0)?.unwrap_or_else(Board::goal);
        let table = M::goal_table(&target).expect("a tabled board has its tables");
        Ok(table.depth_counts().iter().map(|&n| n.into()).collect())
    }
}

/// The states that reach one goal on a board of `cells` cells: `cells! / 2`.
fn reachable_states(cells: usize) -> u128 {
    (3..=cells as u128).product()
}

/// `n` with a comma between groups of three digits.
pub(super) fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}
