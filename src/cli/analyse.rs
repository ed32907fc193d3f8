//! The `analyse` command: grades solutions against the optimum, move by
//! move, as speedsolvers ask a solver to.
//!
//! A line is a move sequence, which solves the position obtained by
//! undoing it from the goal (as slidy-cli's `opt-diff` and the
//! speedsliding bot take it), or `POSITION: MOVES` for an explicit start.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::{
    Board, Budget, Metric, MetricKind, MetricOracle, Notation, Oracle, Puzzle, Slide,
};

use super::cases::{describe, nth_number, parse_target};
use super::input::{self, Lines, quoted};
use super::metric::{self, MetricArg};
use super::runner::CacheArgs;
use super::{NotationArg, board_names};

/// Arguments of `analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The board: its shape (`3x3`, `4x4`, ...) or a puzzle's name, any
    /// case.
    #[arg(value_name = "BOARD", value_parser = board_names(), ignore_case = true)]
    board: String,
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The goal the solutions reach: numbers in row-major order, rows
    /// separated by `/` or not, or `first` (`0 1 2 ...`, the default) or
    /// `last` (`1 2 ... 0`).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// How the moves are written: `blank` (the direction the blank
    /// travels, the default) or `tile` (the direction the tile slides).
    #[arg(long, value_enum, default_value_t = NotationArg::Blank)]
    notation: NotationArg,
    /// How moves are counted: `stm`, a tile a move (the default; `R3` is
    /// three moves), or `mtm`, a slide a move (each letter with its count
    /// is one move: `R3` is one, `RRR` three); `mtm` grades every board up
    /// to 16 cells (those over 10 cells by search over a database in the
    /// cache).
    #[arg(long, value_enum, default_value_t = MetricArg::Stm)]
    metric: MetricArg,
    /// One JSON object per solution: `length`, `optimal`, `diff`, and for
    /// each move its letter, the optimal distance before and after it, and
    /// whether it was a mistake (the distance did not go down).
    #[arg(long)]
    json: bool,
    /// After the lines: the count, the optimal mean, the solutions' mean,
    /// and how many solutions were `+k` moves above optimal; with `--json`,
    /// as one more JSON line, `{"summary":{...}}`. A sequence `-` is no
    /// moves, as `random --as-moves` writes a board at distance 0.
    #[arg(long)]
    summary: bool,
    #[command(flatten)]
    cache: CacheArgs,
}

pub fn run(args: &AnalyseArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", quoted(&args.board)))?;
    let metric = args.metric.into();
    super::tables::prepare(spec.geometry, metric, args.cache.cache_dir.as_deref())?;
    metric::visit_in_metric(spec.geometry, metric, Analyse(args))
}

/// [`analyse`] on a board chosen at run time: a lookup or a search a
/// position.
struct Analyse<'a>(&'a AnalyseArgs);

impl<M: Metric> Visitor<M> for Analyse<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let mut distance = |start: &Board<N, COLS>, target: &Board<N, COLS>| {
            M::distance_within(start, target, &mut Budget::unlimited()).found()
        };
        analyse::<N, COLS>(self.0, M::KIND, &mut distance)
    }
}

/// One graded move: as written (`U`, or a slide `U2`), the optimal
/// distance before and after.
struct Graded {
    letter: String,
    before: u8,
    after: u8,
}

/// Grades every line of the input in `metric`; `distance` is the oracle.
fn analyse<const N: usize, const COLS: usize>(
    args: &AnalyseArgs,
    metric: MetricKind,
    distance: &mut dyn FnMut(&Board<N, COLS>, &Board<N, COLS>) -> Option<u8>,
) -> Result<()>
where
    Board<N, COLS>: Puzzle,
{
    let notation = Notation::from(args.notation);
    let goal = parse_target::<N, COLS>(args.target.as_deref())?.unwrap_or_else(Board::goal);
    let mut lines = Lines::new(input::open(args.file.as_deref())?);
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut summary = Summary {
        every_move_flips_parity: metric == MetricKind::Stm,
        ..Summary::default()
    };
    while let Some((number, line)) = lines.next_line()? {
        if line.trim_ascii().is_empty() {
            continue;
        }
        let (start, moves) = solution(line, notation, metric, &goal).map_err(|why| {
            // Moves that solve to the other goal go off the board when
            // undone from this one: say so when the goal was left at its
            // default and the other goal explains them.
            let other_goal = args.target.is_none()
                && why.contains("off the board")
                && solution(line, notation, metric, &Board::goal_last()).is_ok();
            if other_goal {
                anyhow!(
                    "line {number}: {why}; these moves do solve to the goal with the blank last (`1 2 ... 0`): add `-t last`"
                )
            } else {
                anyhow!("line {number}: {why}")
            }
        })?;
        let graded = grade(&start, &moves, &goal, notation, distance)
            .map_err(|why| anyhow!("line {number}: {why}"))?;
        let optimal = graded.first().map_or(0, |g| g.before);
        let length = moves.len();
        summary.add(length, optimal);
        write_line(&mut out, length, optimal, &graded, args.json)?;
        // Out at once when the next line may wait: a program that writes a
        // solution and waits gets its grade.
        if interactive || !lines.has_buffered_input() {
            out.flush()?;
        }
    }
    if args.summary && args.json {
        summary.write_json(&mut out)?;
    } else if args.summary {
        summary.write(&mut out)?;
    }
    out.flush().context("cannot write output")
}

/// The start and the moves of one line: in the single-tile metric each
/// move one tile (`R3` three moves), in the multi-tile metric each letter
/// and its count one slide.
fn solution<const N: usize, const COLS: usize>(
    line: &str,
    notation: Notation,
    metric: MetricKind,
    goal: &Board<N, COLS>,
) -> Result<(Board<N, COLS>, Vec<Slide>), String>
where
    Board<N, COLS>: Puzzle,
{
    let (start, moves_text) = match line.split_once(':') {
        Some((position, moves)) => {
            let start = Board::parse(position).map_err(|error| {
                let why = describe(&error, |at| nth_number(position, at));
                format!("the position: {why}")
            })?;
            (Some(start), moves)
        }
        None => (None, line),
    };
    // `-` is no moves, as `random --as-moves` writes a board at distance 0.
    let moves_text = if moves_text.trim_ascii() == "-" {
        ""
    } else {
        moves_text
    };
    let moves: Vec<Slide> = match metric {
        MetricKind::Stm => notation
            .parse_moves(moves_text)
            .map(|dir| dir.map(Slide::from))
            .collect::<Result<_, _>>(),
        MetricKind::Mtm => notation.parse_slides(moves_text).collect::<Result<_, _>>(),
    }
    .map_err(|error| error.to_string())?;
    let start = match start {
        Some(start) => start,
        // Undo the moves from the goal, last first.
        None => {
            let mut board = *goal;
            for (index, &slide) in moves.iter().enumerate().rev() {
                let undo = Slide::new(slide.dir.opposite(), slide.tiles);
                board = board.slid(undo).ok_or_else(|| {
                    format!(
                        "no position reaches the goal with these moves: move {} ({}) \
                         would have to come from off the board",
                        index + 1,
                        slide.written(notation)
                    )
                })?;
            }
            board
        }
    };
    Ok((start, moves))
}

/// The optimal distance before and after every move of `moves` from
/// `start`, which must end on `goal`.
fn grade<const N: usize, const COLS: usize>(
    start: &Board<N, COLS>,
    moves: &[Slide],
    goal: &Board<N, COLS>,
    notation: Notation,
    distance: &mut dyn FnMut(&Board<N, COLS>, &Board<N, COLS>) -> Option<u8>,
) -> Result<Vec<Graded>, String>
where
    Board<N, COLS>: Puzzle,
{
    let Some(mut before) = distance(start, goal) else {
        return Err("the position cannot reach the goal".to_string());
    };
    let mut board = *start;
    let mut graded = Vec::with_capacity(moves.len());
    for (index, &slide) in moves.iter().enumerate() {
        let letter = slide.written(notation).to_string();
        board = board.slid(slide).ok_or_else(|| {
            format!(
                "move {} ({letter}) cannot be made: it moves into the edge",
                index + 1
            )
        })?;
        let after = distance(&board, goal).unwrap_or_else(|| {
            unreachable!("a board one move from a reachable one reaches the goal")
        });
        graded.push(Graded {
            letter,
            before,
            after,
        });
        before = after;
    }
    match before {
        0 => {}
        1 => return Err("the moves end one move short of the goal".to_string()),
        _ => return Err(format!("the moves end {before} moves short of the goal")),
    }
    Ok(graded)
}

fn write_line(
    out: &mut impl Write,
    length: usize,
    optimal: u8,
    graded: &[Graded],
    json: bool,
) -> Result<()> {
    let diff = length - usize::from(optimal);
    if json {
        let moves: Vec<serde_json::Value> = graded
            .iter()
            .map(|g| {
                serde_json::json!({
                    "letter": g.letter,
                    "before": g.before,
                    "after": g.after,
                    "mistake": g.after >= g.before,
                })
            })
            .collect();
        let value = serde_json::json!({
            "length": length,
            "optimal": optimal,
            "diff": diff,
            "moves": moves,
        });
        serde_json::to_writer(&mut *out, &value)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{length} {optimal} +{diff}")?;
    }
    Ok(())
}

/// What `--summary` prints.
#[derive(Default)]
struct Summary {
    count: usize,
    lengths: usize,
    optimal: usize,
    /// `diffs[k]`: solutions `k` moves above optimal.
    diffs: Vec<usize>,
    /// Whether every move changes the distance's parity (one tile a
    /// move), so that every diff is even.
    every_move_flips_parity: bool,
}

impl Summary {
    fn add(&mut self, length: usize, optimal: u8) {
        let diff = length - usize::from(optimal);
        self.count += 1;
        self.lengths += length;
        self.optimal += usize::from(optimal);
        if self.diffs.len() <= diff {
            self.diffs.resize(diff + 1, 0);
        }
        self.diffs[diff] += 1;
    }

    fn write(&self, out: &mut impl Write) -> Result<()> {
        if self.count == 0 {
            writeln!(out, "0 solutions")?;
            return Ok(());
        }
        let mean = |sum: usize| sum as f64 / self.count as f64;
        writeln!(
            out,
            "{} solution{}: optimal mean {:.2}, mean {:.2}",
            self.count,
            if self.count == 1 { "" } else { "s" },
            mean(self.optimal),
            mean(self.lengths)
        )?;
        // With one tile a move, every move changes the distance's parity,
        // so the diffs are even; a slide may keep it.
        let step = if self.every_move_flips_parity { 2 } else { 1 };
        for (diff, &count) in self.diffs.iter().enumerate().step_by(step) {
            writeln!(out, "+{diff} {count}")?;
        }
        Ok(())
    }

    /// The summary as one more JSON line, after the solutions' lines:
    /// `{"summary":{"solutions":2,"optimal_mean":3.0,"mean":4.0,
    /// "above_optimal":[{"moves":0,"solutions":1},{"moves":2,...}]}}`,
    /// only the counts above zero listed, and the means `null` when there
    /// are no solutions.
    fn write_json(&self, out: &mut impl Write) -> Result<()> {
        let mean = |sum: usize| (self.count > 0).then(|| sum as f64 / self.count as f64);
        let above: Vec<serde_json::Value> = self
            .diffs
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count > 0)
            .map(|(diff, &count)| serde_json::json!({"moves": diff, "solutions": count}))
            .collect();
        let summary = serde_json::json!({
            "summary": {
                "solutions": self.count,
                "optimal_mean": mean(self.optimal),
                "mean": mean(self.lengths),
                "above_optimal": above,
            }
        });
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out)?;
        Ok(())
    }
}
