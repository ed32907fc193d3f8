//! The searched boards' command (`solve 3x4`, `solve 4x4`, `fifteen`):
//! cases solved by several threads through the ordered pool, answered in
//! input order as soon as each is ready.

use std::io::{self, BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog::SearchedVisitor;
use puzzle_oracle::{Board, Direction, Moves, Puzzle, Searched, Solution, Solver};

use super::answer::Answer;
use super::answer::Listing;
use super::cases::{Case, CaseLines, LastGoalNote, parse_case, parse_target};
use super::input::{self, Lines};
use super::pool::{self, Dispatch, Sink};
use super::progress::Progress;
use super::{CaseArgs, OutputArgs, TableArgs};

/// Arguments of `fifteen`.
#[derive(Debug, Args)]
pub struct FifteenArgs {
    #[command(flatten)]
    pub cases: CaseArgs,
    #[command(flatten)]
    pub table: TableArgs,
    /// Cases solved at once, at most 64 [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = super::options::threads)]
    pub threads: Option<NonZeroUsize>,
}

/// A solved case, ready to be written.
struct Solved<const N: usize, const COLS: usize> {
    case: Case<N, COLS>,
    solution: Option<Solution<N>>,
    /// Every optimal first move, when asked for (`Some(None)` when
    /// unreachable).
    hints: Option<Option<Moves>>,
    /// The number of optimal solutions, when asked for.
    solutions: Option<Option<u64>>,
    /// Optimal move sequences, when asked for.
    listing: Option<Listing>,
    /// Nodes the searches expanded.
    nodes: u64,
}

/// The command on one searched board, chosen at run time (see
/// [`puzzle_oracle::catalog::visit_searched`]).
pub struct Run<'a> {
    pub args: &'a CaseArgs,
    pub threads: Option<NonZeroUsize>,
    pub table: &'a TableArgs,
}

impl SearchedVisitor for Run<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Searched,
    {
        run::<N, COLS>(self.args, self.threads, self.table)
    }
}

/// Answers the cases of `args` on `Board<N, COLS>` with `threads`
/// solvers, with the hints, counts and listings `table` asks for.
pub fn run<const N: usize, const COLS: usize>(
    args: &CaseArgs,
    threads: Option<NonZeroUsize>,
    table: &TableArgs,
) -> Result<()>
where
    Board<N, COLS>: Searched,
{
    let (hints, count, limit) = (table.hints, table.count_solutions, table.listing_limit());
    let target = parse_target::<N, COLS>(args.target.as_deref())?;
    let threads = threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    // Set when the output fails (a closed pipe): the searches under way
    // give up instead of running to the end for nobody.
    let stop = Arc::new(AtomicBool::new(false));
    let solver = || {
        let mut solver = Solver::new();
        let stop = Arc::clone(&stop);
        move |case: Case<N, COLS>| {
            // A stopped case is never written: the output has failed.
            let solution = solver
                .solve_until(&case.start, &case.target, &stop)
                .unwrap_or(None);
            let mut nodes = solver.nodes();
            let hints = hints.then(|| {
                let distance = solution.as_ref()?.len();
                Some(optimal_moves(&mut solver, &case, distance, &mut nodes))
            });
            let solutions = count.then(|| {
                let counted = solver.count_optimal_solutions(&case.start, &case.target);
                nodes += solver.nodes();
                counted
            });
            let listing = limit.map(|limit| {
                let listing = list_optimal(&mut solver, &case, limit);
                nodes += solver.nodes();
                listing
            });
            Solved {
                case,
                solution,
                hints,
                solutions,
                listing,
                nodes,
            }
        }
    };
    let sink = Answers {
        out: io::BufWriter::with_capacity(64 * 1024, io::stdout()),
        output: &args.output,
        default_target: args.target.is_none(),
        note: LastGoalNote::new::<N, COLS>(
            !Board::<N, COLS>::goal().can_reach(&Board::goal_last()),
        ),
        progress: Progress::new(),
        started: Instant::now(),
        stop: Arc::clone(&stop),
    };
    pool::run(threads, solver, sink, |dispatch| match &args.board {
        Some(text) => parse_case(text, target)
            .map_err(|why| anyhow!("--board: {why}"))
            .map(|case| {
                dispatch.send(vec![case]);
            }),
        None => input::open(args.file.as_deref())
            .and_then(|reader| read_cases(Lines::new(reader), target, dispatch)),
    })
}

/// How long a run goes before it shows progress.
const PROGRESS_AFTER: Duration = Duration::from_millis(200);

/// Most cases in one batch.
const BATCH_CASES: usize = 64;

/// A case whose bound reaches this many moves takes long enough to be
/// worth a thread of its own: it closes its batch.
const HARD_BOUND: u8 = 30;

/// One case a line, `N` or `2N` numbers (or a grid of lines); blank lines
/// are skipped. A batch goes out when it is full, when no more input is
/// ready (so that a terminal gets its answers at once), and before and
/// after a hard case, which goes alone.
fn read_cases<R: Read, const N: usize, const COLS: usize>(
    mut lines: Lines<BufReader<R>>,
    target: Option<Board<N, COLS>>,
    dispatch: &mut Dispatch<'_, Case<N, COLS>>,
) -> Result<()>
where
    Board<N, COLS>: Searched,
{
    let mut batch = Vec::with_capacity(BATCH_CASES);
    let mut cases = CaseLines::new(target);
    let mut read = || -> Result<bool> {
        while let Some((number, line)) = lines.next_line()? {
            let Some(case) = cases.feed(number, line) else {
                continue;
            };
            let case = case?;
            let hard = case
                .start
                .lower_bound(&case.target)
                .is_some_and(|bound| bound >= HARD_BOUND);
            // A hard case goes alone: the easy ones before it are answered
            // without waiting for it.
            if hard && !batch.is_empty() {
                let easy = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_CASES));
                if !dispatch.send(easy) {
                    return Ok(false);
                }
            }
            batch.push(case);
            if batch.len() == BATCH_CASES || hard || !lines.has_buffered_input() {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_CASES));
                if !dispatch.send(full) {
                    return Ok(false);
                }
            }
        }
        cases.finish().map_or(Ok(true), Err)
    };
    let result = read();
    // What was read before the end, or before a bad line, is answered.
    let output_closed = matches!(result, Ok(false));
    if !output_closed && !batch.is_empty() {
        dispatch.send(batch);
    }
    result.map(|_| ())
}

/// Every optimal first move of a case `distance` moves from its target:
/// the moves whose board is one move nearer, by one search each (at most
/// four). `nodes` counts their nodes too.
fn optimal_moves<const N: usize, const COLS: usize>(
    solver: &mut Solver,
    case: &Case<N, COLS>,
    distance: usize,
    nodes: &mut u64,
) -> Moves
where
    Board<N, COLS>: Searched,
{
    let Some(nearer) = distance.checked_sub(1) else {
        return Moves::NONE;
    };
    let mut moves = Moves::NONE;
    for dir in Direction::ALL {
        let Some(next) = case.start.moved(dir) else {
            continue;
        };
        let reached = solver.solve(&next, &case.target).map(|moves| moves.len());
        *nodes += solver.nodes();
        if reached == Some(nearer) {
            moves = moves.with(dir);
        }
    }
    moves
}

/// Where the answers go: standard output, with a progress line on a
/// terminal while the run takes a while.
struct Answers<'a, W> {
    out: W,
    output: &'a OutputArgs,
    /// Whether the cases go to the standard goal, not to `--target`.
    default_target: bool,
    note: LastGoalNote,
    progress: Progress,
    started: Instant,
    /// Set when the output fails, to stop the searches.
    stop: Arc<AtomicBool>,
}

impl<W: Write> Answers<'_, W> {
    /// `result`, setting the stop flag when it is an error.
    fn stopping_on_error<T>(&self, result: io::Result<T>) -> Result<T> {
        if result.is_err() {
            self.stop.store(true, Ordering::Relaxed);
        }
        result.context("cannot write output")
    }
}

impl<W: Write + Send, const N: usize, const COLS: usize> Sink<Solved<N, COLS>> for Answers<'_, W>
where
    Board<N, COLS>: Searched,
{
    fn write(&mut self, answers: &[Solved<N, COLS>]) -> Result<()> {
        self.progress.clear();
        for answer in answers {
            let written = write_answer(&mut self.out, answer, self.output);
            self.stopping_on_error(written)?;
            let start = &answer.case.start;
            if self.default_target
                && answer.solution.is_none()
                && self.note.pending()
                && answer.case.target == Board::goal()
                && start.can_reach(&Board::goal_last())
            {
                self.flush()?;
                self.note.say(&start.to_string());
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        let flushed = self.out.flush();
        self.stopping_on_error(flushed)
    }

    /// `4x4: k solved, 3.2 s`, once the run has taken a moment.
    fn progress(&mut self, solved: u64) {
        let elapsed = self.started.elapsed();
        if elapsed >= PROGRESS_AFTER {
            let seconds = elapsed.as_secs_f64();
            self.progress.show_below(
                &mut self.out,
                format_args!(
                    "{}: {solved} solved, {seconds:.1} s",
                    Board::<N, COLS>::NAME
                ),
            );
        }
    }

    fn finish(&mut self) -> Result<()> {
        self.progress.clear();
        self.flush()
    }
}

fn write_answer<const N: usize, const COLS: usize>(
    out: &mut impl Write,
    answer: &Solved<N, COLS>,
    output: &OutputArgs,
) -> io::Result<()>
where
    Board<N, COLS>: Puzzle,
{
    Answer {
        case: &answer.case,
        solution: answer.solution.clone(),
        hints: answer.hints,
        solutions: answer.solutions,
        listing: answer.listing.as_ref(),
        nodes: Some(answer.nodes),
    }
    .write(out, output)
}

/// The first `limit` optimal move sequences of `case` (none when the
/// target cannot be reached), and whether there were more: the search
/// stops at the one past the limit.
fn list_optimal<const N: usize, const COLS: usize>(
    solver: &mut Solver,
    case: &Case<N, COLS>,
    limit: u64,
) -> Listing
where
    Board<N, COLS>: Searched,
{
    let mut solutions = Vec::new();
    let mut complete = true;
    solver.for_each_optimal_solution(&case.start, &case.target, |moves| {
        if solutions.len() as u64 == limit {
            complete = false;
            return ControlFlow::Break(());
        }
        solutions.push(moves.collect());
        ControlFlow::Continue(())
    });
    Listing {
        solutions,
        complete,
    }
}
