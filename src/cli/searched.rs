//! The searched boards' command (`solve 3x4`, `solve 4x4`, `fifteen`):
//! cases solved by several threads through the ordered pool, answered in
//! input order as soon as each is ready.

use std::io::{self, BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog::SearchedVisitor;
use puzzle_oracle::{Board, Moves, Puzzle, Searched, Solution, Solver, Stopped};

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
    #[command(flatten)]
    pub search: SearchArgs,
}

/// How a searched board's cases are searched: how many at once, and how
/// far each may go.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Cases solved at once on a searched board, at most 64 [default: the
    /// number of cores]. A tabled board answers in one thread: a lookup is
    /// faster than a handoff.
    #[arg(long, value_name = "N", value_parser = super::options::threads)]
    pub threads: Option<NonZeroUsize>,
    /// Give up a case once its searches (the answer, hints, counts and
    /// listings together) have expanded this many nodes: its line says
    /// `Stopped after K nodes (--max-nodes N)`, and the command exits
    /// with status 1 after the last answer. Looked at every 8,192 nodes.
    #[arg(long, value_name = "N", value_parser = super::options::number::<u64>)]
    pub max_nodes: Option<u64>,
    /// Give up a case after this many seconds of search (a decimal, such
    /// as `0.5`), as `--max-nodes` does.
    #[arg(long, value_name = "SECONDS", value_parser = super::options::seconds)]
    pub timeout: Option<Duration>,
}

impl SearchArgs {
    /// The limits of each case.
    fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            timeout_text: self.timeout.map(|timeout| {
                let seconds = timeout.as_secs_f64();
                format!("--timeout {seconds}")
            }),
            max_nodes_text: self.max_nodes.map(|max| format!("--max-nodes {max}")),
        }
    }
}

/// How far one case's searches may go, and how each limit is named in
/// its answer.
struct Limits {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    max_nodes_text: Option<String>,
    timeout_text: Option<String>,
}

/// One case's spending against its [`Limits`]: the nodes of its searches
/// so far and the time since it started. The output's stop flag ends it
/// too.
struct Budget<'a> {
    limits: &'a Limits,
    stop: &'a AtomicBool,
    started: Instant,
}

impl Budget<'_> {
    /// The `keep_going` of a search that starts after `spent` nodes of the
    /// case's earlier searches.
    fn keep_going(&self, spent: u64) -> impl FnMut(u64) -> bool + '_ {
        move |nodes| {
            !self.stop.load(Ordering::Relaxed)
                && self.limits.max_nodes.is_none_or(|max| spent + nodes < max)
                && self
                    .limits
                    .timeout
                    .is_none_or(|timeout| self.started.elapsed() < timeout)
        }
    }

    /// The limit a stopped search ran into (an output stop is never
    /// written, so either name will do).
    fn reached(&self) -> String {
        let timed_out = self
            .limits
            .timeout
            .is_some_and(|timeout| self.started.elapsed() >= timeout);
        let text = match timed_out {
            true => &self.limits.timeout_text,
            false => &self.limits.max_nodes_text,
        };
        text.clone()
            .unwrap_or_else(|| "the output closed".to_string())
    }
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
    /// The limit a search of the case stopped at.
    stopped: Option<String>,
}

/// The command on one searched board, chosen at run time (see
/// [`puzzle_oracle::catalog::visit_searched`]).
pub struct Run<'a> {
    pub args: &'a CaseArgs,
    pub search: &'a SearchArgs,
    pub table: &'a TableArgs,
}

impl SearchedVisitor for Run<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Searched,
    {
        run::<N, COLS>(self.args, self.search, self.table)
    }
}

/// Answers the cases of `args` on `Board<N, COLS>`, searched as `search`
/// says, with the hints, counts and listings `table` asks for.
pub fn run<const N: usize, const COLS: usize>(
    args: &CaseArgs,
    search: &SearchArgs,
    table: &TableArgs,
) -> Result<()>
where
    Board<N, COLS>: Searched,
{
    let target = parse_target::<N, COLS>(args.target.as_deref())?;
    let threads = search
        .threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let limits = Arc::new(search.limits());
    // Set when the output fails or its pipe closes: the searches under
    // way give up instead of running to the end for nobody.
    let stop = Arc::new(AtomicBool::new(false));
    super::closed_output::watch(&stop);
    let stopped_cases = Arc::new(AtomicU64::new(0));
    let solver = || {
        let mut solver = Solver::new();
        let (stop, limits) = (Arc::clone(&stop), Arc::clone(&limits));
        move |case: Case<N, COLS>| {
            let budget = Budget {
                limits: &limits,
                stop: &stop,
                started: Instant::now(),
            };
            answer_case(&mut solver, case, table, &budget)
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
        stopped_cases: Arc::clone(&stopped_cases),
    };
    pool::run(threads, solver, sink, |dispatch| match &args.board {
        Some(text) => parse_case(text, target)
            .map_err(|why| anyhow!("--board: {why}"))
            .map(|case| {
                dispatch.send(vec![case]);
            }),
        None => input::open(args.file.as_deref())
            .and_then(|reader| read_cases(Lines::new(reader), target, dispatch)),
    })?;
    match stopped_cases.load(Ordering::Relaxed) {
        0 => Ok(()),
        cases => Err(SearchesStopped { cases }.into()),
    }
}

/// Some cases' searches stopped at a limit: their lines say so, and the
/// command exits with status 1.
#[derive(Debug)]
pub struct SearchesStopped {
    cases: u64,
}

impl std::fmt::Display for SearchesStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (cases, s) = (self.cases, if self.cases == 1 { "" } else { "s" });
        write!(
            f,
            "{cases} case{s} stopped at a limit before the search ended (their lines say `Stopped`)"
        )
    }
}

impl std::error::Error for SearchesStopped {}

/// The answers of one case, within `budget`: the search, then what
/// `table` asks for. A search that stops leaves the rest unknown.
fn answer_case<const N: usize, const COLS: usize>(
    solver: &mut Solver,
    case: Case<N, COLS>,
    table: &TableArgs,
    budget: &Budget<'_>,
) -> Solved<N, COLS>
where
    Board<N, COLS>: Searched,
{
    let mut solved = Solved {
        case,
        solution: None,
        hints: None,
        solutions: None,
        listing: None,
        nodes: 0,
        stopped: None,
    };
    if let Err(Stopped) = answer_within(solver, &mut solved, table, budget) {
        solved.stopped = Some(budget.reached());
    }
    solved
}

/// Fills `solved` in, part by part, until a search stops.
fn answer_within<const N: usize, const COLS: usize>(
    solver: &mut Solver,
    solved: &mut Solved<N, COLS>,
    table: &TableArgs,
    budget: &Budget<'_>,
) -> Result<(), Stopped>
where
    Board<N, COLS>: Searched,
{
    let case = solved.case;
    let searched = solver.solve_while(&case.start, &case.target, budget.keep_going(0));
    solved.nodes = solver.nodes();
    solved.solution = searched?;
    if solved.solution.is_none() {
        // Unreachable: nothing more to search.
        solved.hints = table.hints.then_some(None);
        solved.solutions = table.count_solutions.then_some(None);
        solved.listing = table.listing_limit().map(|_| Listing {
            solutions: Vec::new(),
            complete: true,
        });
        return Ok(());
    }
    if table.hints {
        let hints =
            solver.optimal_moves_while(&case.start, &case.target, budget.keep_going(solved.nodes));
        solved.nodes += solver.nodes();
        solved.hints = Some(hints?);
    }
    if table.count_solutions {
        let counted = solver.count_optimal_solutions_while(
            &case.start,
            &case.target,
            budget.keep_going(solved.nodes),
        );
        solved.nodes += solver.nodes();
        solved.solutions = Some(counted?);
    }
    if let Some(limit) = table.listing_limit() {
        let listing = list_optimal(solver, &case, limit, budget, solved.nodes);
        solved.nodes += solver.nodes();
        solved.listing = Some(listing?);
    }
    Ok(())
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
    /// The cases written whose search stopped at a limit.
    stopped_cases: Arc<AtomicU64>,
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
            if answer.stopped.is_some() {
                self.stopped_cases.fetch_add(1, Ordering::Relaxed);
                continue;
            }
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
        stopped: answer.stopped.as_deref(),
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
    budget: &Budget<'_>,
    spent: u64,
) -> Result<Listing, Stopped>
where
    Board<N, COLS>: Searched,
{
    let mut solutions = Vec::new();
    let mut complete = true;
    solver.for_each_optimal_solution_while(
        &case.start,
        &case.target,
        budget.keep_going(spent),
        |moves| {
            if solutions.len() as u64 == limit {
                complete = false;
                return ControlFlow::Break(());
            }
            solutions.push(moves.collect());
            ControlFlow::Continue(())
        },
    )?;
    Ok(Listing {
        solutions,
        complete,
    })
}
