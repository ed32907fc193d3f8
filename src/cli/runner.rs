//! The one case runner of every sliding command (`solve`, `seven`, `eight`,
//! `fifteen`): the options resolved once into a [`Run`], then one loop
//! that reads cases, answers each with [`answer_case`] and writes it
//! through [`Answers`], whatever engine answers the board. A tabled board
//! answers in the reading thread (a lookup is faster than a handoff); a
//! searched board's cases go through the ordered pool, answered in input
//! order as soon as each is ready.

use std::cell::Cell;
use std::io::{self, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog::Visitor;
use puzzle_oracle::{Board, Budget, Crew, Engine, Metric, MetricOracle, Oracle, Outcome};

use super::answer::{Answer, Listing};
use super::cases::{
    self, Case, CaseLines, Format, OtherGoal, OtherGoalNote, parse_case, parse_target,
};
use super::input::{self, Lines};
use super::pool::{self, Dispatch, Sink};
use super::progress::Progress;
use super::search_progress;
use super::{CaseArgs, OutputArgs, TableArgs};

/// How a searched board's cases are searched: how many at once, and how
/// far each may go.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Threads that search on a searched board [default: the number of
    /// cores]; at most 64 are started, more are taken as 64 with a note. They solve several cases at once, and a thread
    /// out of cases helps the searches still running, so one hard case
    /// has every thread. The answers are the same whatever the number;
    /// only the node counts of `--json` may differ. A tabled board
    /// answers in one thread: a lookup is faster than a handoff.
    #[arg(long, value_name = "N", value_parser = super::options::threads)]
    pub threads: Option<NonZeroUsize>,
    /// Give up a case once its searches (the answer, hints, counts and
    /// listings together) have expanded this many nodes: its line says
    /// `Stopped after K nodes (--max-nodes N)`, then after a colon what was
    /// found before (the distance, hints, count) or, with the distance
    /// unknown, `at least M moves` (the bound the search had proven), and
    /// the command exits with status 1 after the last answer. Looked at
    /// every 8,192 nodes.
    #[arg(long, value_name = "N", value_parser = super::options::node_limit)]
    pub max_nodes: Option<u64>,
    /// Give up a case after this many seconds of search (a decimal, such
    /// as `0.5`), as `--max-nodes` does.
    #[arg(long, value_name = "SECONDS", value_parser = super::options::seconds)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `--cache-dir`, for every command that may open or build a database
/// in the cache.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// Where the databases too large to build into the program are kept:
    /// those built on a board's first question that needs one (3x5's,
    /// 2x8's, 3x6's, 2x9's, 4x5's and 5x5's, and the multi-tile ones of
    /// the boards of 12 to 16 cells), and 4x4's strong tier once built
    /// with `puzzle-oracle tables build 4x4` [default:
    /// $PUZZLE_ORACLE_CACHE, else `puzzle-oracle` in the platform's cache
    /// directory, such as ~/.cache/puzzle-oracle].
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// Everything a run of cases needs, resolved once from the command line:
/// the case reader's layout, the questions each case asks, the limits of
/// its searches and the threads that answer them.
pub struct Run<'a> {
    pub cases: &'a CaseArgs,
    pub format: Format,
    pub questions: Questions,
    pub limits: Limits,
    /// Threads of the pool, on a searched board.
    pub threads: usize,
    /// The cache directory `--cache-dir` names.
    pub cache_dir: Option<&'a Path>,
}

impl<'a> Run<'a> {
    /// The run of `cases` laid out as `format`, asking what `table` asks,
    /// within `search`'s limits.
    pub fn resolve(
        cases: &'a CaseArgs,
        table: &TableArgs,
        search: Option<&'a SearchArgs>,
        format: Format,
    ) -> Self {
        let threads = super::options::thread_count(search.and_then(|search| search.threads));
        Run {
            cases,
            format,
            questions: Questions {
                hints: table.hints,
                count: table.count_solutions,
                listing: table.listing_limit(),
            },
            limits: Limits::of(search),
            threads,
            cache_dir: search.and_then(|search| search.cache.cache_dir.as_deref()),
        }
    }
}

impl<M: Metric> Visitor<M> for &Run<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        self.answer_all::<N, COLS, M>()
    }
}

/// What each case asks besides its answer.
#[derive(Clone, Copy, Debug)]
pub struct Questions {
    /// Every optimal first move.
    pub hints: bool,
    /// The number of optimal solutions.
    pub count: bool,
    /// The optimal solutions, at most this many.
    pub listing: Option<u64>,
}

/// How far one case's searches may go, and how each limit is named in
/// its answer.
pub struct Limits {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    max_nodes_text: Option<String>,
    timeout_text: Option<String>,
}

impl Limits {
    fn of(search: Option<&SearchArgs>) -> Limits {
        let (max_nodes, timeout) = search.map_or((None, None), |s| (s.max_nodes, s.timeout));
        Limits {
            max_nodes,
            timeout,
            max_nodes_text: max_nodes.map(|max| format!("--max-nodes {max}")),
            timeout_text: timeout.map(|timeout| format!("--timeout {}", timeout.as_secs_f64())),
        }
    }

    /// The limit a case that ended with `outcome` ran into, with the
    /// time it started and its timeout (an output stop is never written,
    /// so any name will do).
    fn reached<T>(&self, outcome: &Outcome<T>, started: Option<(Instant, Duration)>) -> String {
        let timed_out = started.is_some_and(|(started, timeout)| started.elapsed() >= timeout);
        let text = match outcome {
            Outcome::OverBudget => &self.max_nodes_text,
            _ if timed_out => &self.timeout_text,
            _ => &None,
        };
        text.clone()
            .unwrap_or_else(|| "the output closed".to_string())
    }
}

/// A case and what is known of it, ready to be written.
pub struct Solved<const N: usize, const COLS: usize, M>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    case: Case<N, COLS>,
    solution: Option<M::Solution>,
    /// Every optimal first move, when asked for (`Some(None)` when
    /// unreachable).
    hints: Option<Option<M::FirstMoves>>,
    /// The number of optimal solutions, when asked for.
    solutions: Option<Option<u64>>,
    /// Optimal move sequences, when asked for.
    listing: Option<Listing>,
    /// Nodes the searches expanded; `None` on a tabled board.
    nodes: Option<u64>,
    /// The limit a search of the case stopped at.
    stopped: Option<String>,
    /// The fewest moves the answer can have, when its search stopped
    /// before the distance was known.
    at_least: Option<u8>,
}

impl<const N: usize, const COLS: usize, M> Solved<N, COLS, M>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    /// `case`, nothing known of it yet.
    #[inline]
    fn new(case: Case<N, COLS>) -> Self {
        Solved {
            case,
            solution: None,
            hints: None,
            solutions: None,
            listing: None,
            nodes: None,
            stopped: None,
            at_least: None,
        }
    }
}

/// Answers `solved`'s case within `budget`, question by question: the
/// answer, then what `questions` asks. A search that ends early leaves
/// the rest unknown, and its outcome is the error. Inlined always into
/// the tabled boards' loop: as a call, `seven` on a million lines took
/// about 1.5 times as long (the answer's parts were copied in and out).
#[inline(always)]
fn answer_case<const N: usize, const COLS: usize, M>(
    solved: &mut Solved<N, COLS, M>,
    questions: Questions,
    budget: &mut Budget<'_>,
) -> Result<(), Outcome<()>>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    let (start, target) = (solved.case.start, solved.case.target);
    solved.solution = known(M::solution_within(&start, &target, budget))?;
    if solved.solution.is_none() {
        // Unreachable: nothing more to search.
        solved.hints = questions.hints.then_some(None);
        solved.solutions = questions.count.then_some(None);
        solved.listing = questions.listing.map(|_| Listing {
            solutions: Vec::new(),
            complete: true,
        });
        return Ok(());
    }
    if questions.hints {
        solved.hints = Some(known(M::optimal_moves_within(&start, &target, budget))?);
    }
    if questions.count {
        solved.solutions = Some(known(M::count_optimal_solutions_within(
            &start, &target, budget,
        ))?);
    }
    if let Some(limit) = questions.listing {
        solved.listing = Some(list_optimal::<N, COLS, M>(&start, &target, limit, budget)?);
    }
    Ok(())
}

/// A searched case answered within `limits` (and `stop`, set when the
/// output closes), with the nodes its searches took and the limit it ran
/// into, if any.
fn search_case<const N: usize, const COLS: usize, M>(
    case: Case<N, COLS>,
    questions: Questions,
    limits: &Limits,
    stop: &AtomicBool,
    crew: Option<&Crew>,
) -> Solved<N, COLS, M>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    let started = limits.timeout.map(|timeout| (Instant::now(), timeout));
    let mut deadline =
        |_: u64| started.is_none_or(|(started, timeout)| started.elapsed() < timeout);
    let watch = search_progress::Watch::start();
    let mut show = |nodes: u64, bound: u8| watch.saw(nodes, bound);
    let mut budget = Budget::unlimited().stop_flag(stop).watch(&mut show);
    if let Some(most) = limits.max_nodes {
        budget = budget.max_nodes(most);
    }
    if limits.timeout.is_some() {
        budget = budget.check(&mut deadline);
    }
    if let Some(crew) = crew {
        budget = budget.crew(crew);
    }
    let mut solved = Solved::new(case);
    let ended = answer_case(&mut solved, questions, &mut budget);
    solved.nodes = Some(budget.spent());
    if let Err(ended) = ended {
        solved.stopped = Some(limits.reached(&ended, started));
        solved.at_least = budget.at_least();
        // Asked for and left unknown: `null` in JSON, as the README says.
        if questions.hints && solved.hints.is_none() {
            solved.hints = Some(None);
        }
        if questions.count && solved.solutions.is_none() {
            solved.solutions = Some(None);
        }
    }
    solved
}

/// What `outcome` tells: the answer or that there is none; a search that
/// ended early as the error.
#[inline]
fn known<T>(outcome: Outcome<T>) -> Result<Option<T>, Outcome<()>> {
    match outcome {
        Outcome::Found(answer) => Ok(Some(answer)),
        Outcome::Impossible => Ok(None),
        Outcome::OverBudget => Err(Outcome::OverBudget),
        Outcome::Stopped => Err(Outcome::Stopped),
    }
}

/// The first `limit` optimal move sequences from `start` to `target`, and
/// whether there were more: the walk stops at the one past the limit.
fn list_optimal<const N: usize, const COLS: usize, M>(
    start: &Board<N, COLS>,
    target: &Board<N, COLS>,
    limit: u64,
    budget: &mut Budget<'_>,
) -> Result<Listing, Outcome<()>>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    let mut solutions = Vec::new();
    let mut complete = true;
    let walked = M::for_each_optimal_solution_within(start, target, budget, &mut |moves| {
        if solutions.len() as u64 == limit {
            complete = false;
            return ControlFlow::Break(());
        }
        solutions.push(moves.to_vec());
        ControlFlow::Continue(())
    });
    known(walked)?;
    Ok(Listing {
        solutions,
        complete,
    })
}

impl Run<'_> {
    /// Answers the cases on `Board<N, COLS>`.
    fn answer_all<const N: usize, const COLS: usize, M>(&self) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let target = parse_target::<N, COLS>(self.cases.target.as_deref())?;
        // Set when the output fails or its pipe closes: the searches under
        // way give up instead of running to the end for nobody.
        let stop = Arc::new(AtomicBool::new(false));
        let stopped_cases = Arc::new(AtomicU64::new(0));
        let searched = M::ENGINE == Engine::Search;
        if searched {
            super::closed_output::watch(&stop);
        }
        let sink = Answers {
            out: io::BufWriter::with_capacity(64 * 1024, io::stdout()),
            output: &self.cases.output,
            note: self.other_goal_note::<N, COLS, M>(),
            progress: searched.then(Progress::new),
            started: Instant::now(),
            stop: Arc::clone(&stop),
            stopped_cases: Arc::clone(&stopped_cases),
        };
        if searched {
            self.answer_in_pool::<N, COLS, M>(target, sink, &stop)?;
        } else {
            self.answer_in_turn::<N, COLS, M>(target, sink, &stop)?;
        }
        match stopped_cases.load(Ordering::Relaxed) {
            0 => Ok(()),
            cases => Err(SearchesStopped { cases }.into()),
        }
    }

    /// The note about the goal with the blank last this run may give.
    fn other_goal_note<const N: usize, const COLS: usize, M>(&self) -> OtherGoalNote
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        if self.cases.target.is_some() {
            return OtherGoalNote::never();
        }
        let board = self.cases.board.as_deref();
        let convention = if board.is_some_and(|text| text.contains('/')) {
            Some("`--board` with rows separated by `/`")
        } else if self.cases.output.tile_notation() {
            Some("`--notation tile`")
        } else {
            None
        };
        let compare = board.is_some() && M::ENGINE == Engine::Tables;
        OtherGoalNote::new(convention, compare)
    }

    /// Answers every case in this thread, in turn.
    fn answer_in_turn<const N: usize, const COLS: usize, M>(
        &self,
        target: Option<Board<N, COLS>>,
        sink: Answers<'_, impl Write + Send>,
        stop: &AtomicBool,
    ) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        // Each reader is its own loop, so that its iterator inlines into it.
        let Some(text) = &self.cases.board else {
            let mut lines = Lines::new(input::open(self.cases.file.as_deref())?);
            let drained = lines.watch_drained();
            return match self.format {
                Format::CasePerLine => {
                    let cases = cases::case_per_line(lines, target);
                    self.answer_each::<N, COLS, M>(cases, Some(&drained), sink, stop)
                }
                Format::NumberStream => {
                    let cases = cases::number_stream(lines, target);
                    self.answer_each::<N, COLS, M>(cases, Some(&drained), sink, stop)
                }
            };
        };
        let case = parse_case(text, target).map_err(|why| anyhow!("--board: {why}"));
        self.answer_each::<N, COLS, M>(std::iter::once(case), None, sink, stop)
    }

    /// Answers `cases` in order, up to the first bad one. The answers go
    /// out at once on a terminal, and whenever the input is `drained`
    /// (the next read may wait): a program that writes a case and waits
    /// gets its answer; a file still streams, flushed once a buffer.
    fn answer_each<const N: usize, const COLS: usize, M>(
        &self,
        cases: impl Iterator<Item = Result<Case<N, COLS>>>,
        drained: Option<&Cell<bool>>,
        mut sink: Answers<'_, impl Write + Send>,
        stop: &AtomicBool,
    ) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let interactive = io::stdout().is_terminal();
        // A lookup never spends its budget: one serves the whole run.
        let mut budget = Budget::unlimited().stop_flag(stop);
        // One answer, filled in again for each case: the questions are the
        // run's, so each case sets the same parts.
        let mut slot: Option<Solved<N, COLS, M>> = None;
        let mut answered = Ok(());
        for case in cases {
            // A bad case ends the run; the answers before it stay.
            answered = case.and_then(|case| {
                let solved = match &mut slot {
                    Some(solved) => {
                        solved.case = case;
                        solved
                    }
                    None => slot.insert(Solved::new(case)),
                };
                let ended = answer_case(solved, self.questions, &mut budget);
                debug_assert!(ended.is_ok(), "a table lookup never ends early");
                sink.write(std::slice::from_ref(solved))?;
                if interactive || drained.is_some_and(Cell::get) {
                    Sink::<Solved<N, COLS, M>>::flush(&mut sink)?;
                }
                Ok(())
            });
            if answered.is_err() {
                break;
            }
        }
        Sink::<Solved<N, COLS, M>>::finish(&mut sink)?;
        answered
    }

    /// Answers the cases in the ordered pool, `self.threads` at once.
    fn answer_in_pool<const N: usize, const COLS: usize, M>(
        &self,
        target: Option<Board<N, COLS>>,
        sink: Answers<'_, impl Write + Send>,
        stop: &Arc<AtomicBool>,
    ) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        // The threads out of cases help the searches still running: a
        // single hard case, or the last of a batch, has every thread.
        let crew = Crew::new();
        let helped = (self.threads > 1).then_some(&crew);
        let solver = || {
            let stop = Arc::clone(stop);
            move |case: Case<N, COLS>| {
                search_case::<N, COLS, M>(case, self.questions, &self.limits, &stop, helped)
            }
        };
        pool::run(self.threads, &crew, solver, sink, |dispatch| {
            match &self.cases.board {
                Some(text) => parse_case(text, target)
                    .map_err(|why| anyhow!("--board: {why}"))
                    .map(|case| {
                        dispatch.send(vec![case]);
                    }),
                None => input::open(self.cases.file.as_deref()).and_then(|reader| {
                    read_batches::<_, N, COLS, M>(Lines::new(reader), target, dispatch)
                }),
            }
        })
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
fn read_batches<R: Read, const N: usize, const COLS: usize, M>(
    mut lines: Lines<R>,
    target: Option<Board<N, COLS>>,
    dispatch: &mut Dispatch<'_, Case<N, COLS>>,
) -> Result<()>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    let mut batch = Vec::with_capacity(BATCH_CASES);
    let mut cases = CaseLines::new(target);
    let mut read = || -> Result<bool> {
        while let Some((number, line)) = lines.next_line()? {
            let Some(case) = cases.feed(number, line) else {
                continue;
            };
            let case = case?;
            let hard =
                M::lower_bound(&case.start, &case.target).is_some_and(|bound| bound >= HARD_BOUND);
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

/// Where the answers go: standard output, with the note about the other
/// goal, and on a searched board a progress line on a terminal while the
/// run takes a while.
struct Answers<'a, W> {
    out: W,
    output: &'a OutputArgs,
    note: OtherGoalNote,
    /// On a searched board only: a lookup never takes long.
    progress: Option<Progress>,
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

    /// Says the note about the goal with the blank last, if `answer` (a
    /// case to the standard goal by default) calls for it (see
    /// [`OtherGoalNote`]), after the answers before it.
    #[cold]
    fn note_the_other_goal<const N: usize, const COLS: usize, M>(
        &mut self,
        answer: &Solved<N, COLS, M>,
    ) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let start = &answer.case.start;
        let why = match answer.solution.as_ref().map(|solution| solution.len()) {
            None => start
                .can_reach(&Board::goal_last())
                .then_some(OtherGoal::Unreachable),
            Some(answer) if *start == Board::goal_last() => Some(OtherGoal::IsIt { answer }),
            Some(answer) if self.note.compares() => {
                M::distance_within(start, &Board::goal_last(), &mut Budget::unlimited())
                    .found()
                    .map(usize::from)
                    .filter(|&last| 2 * last <= answer)
                    .map(|last| OtherGoal::Nearer { answer, last })
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            self.flush_out()?;
            self.note.about(&start.to_string(), why);
        }
        Ok(())
    }

    /// Writes out what is buffered.
    fn flush_out(&mut self) -> Result<()> {
        let flushed = self.out.flush();
        self.stopping_on_error(flushed)
    }

    fn clear_progress(&mut self) {
        if let Some(progress) = &mut self.progress {
            progress.clear();
        }
    }
}

impl<W: Write + Send, const N: usize, const COLS: usize, M> Sink<Solved<N, COLS, M>>
    for Answers<'_, W>
where
    Board<N, COLS>: Oracle,
    M: MetricOracle<Board<N, COLS>>,
{
    /// Inlined always into the tabled boards' loop, with
    /// [`answer_case`], for the same reason.
    #[inline(always)]
    fn write(&mut self, answers: &[Solved<N, COLS, M>]) -> Result<()> {
        self.clear_progress();
        for answer in answers {
            let written = Answer::<N, COLS, M, _> {
                case: &answer.case,
                solution: answer.solution.as_ref(),
                hints: answer.hints,
                solutions: answer.solutions,
                listing: answer.listing.as_ref(),
                nodes: answer.nodes,
                stopped: answer.stopped.as_deref(),
                at_least: answer.at_least,
            }
            .write(&mut self.out, self.output);
            self.stopping_on_error(written)?;
            if answer.stopped.is_some() {
                self.stopped_cases.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            // While the note is pending, a case to the standard goal by
            // default is looked at further only when it may call for it: a
            // few compares a case.
            if self.note.pending() && !answer.case.own_target {
                self.note.defaulted();
                if answer.solution.is_none()
                    || answer.case.start == Board::goal_last()
                    || self.note.compares()
                {
                    self.note_the_other_goal(answer)?;
                }
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        self.flush_out()
    }

    /// `4x4: k solved, 3.2 s`, once the run has taken a moment, and what
    /// the longest search running has proven so far.
    fn progress(&mut self, solved: u64) {
        let elapsed = self.started.elapsed();
        let Some(progress) = &mut self.progress else {
            return;
        };
        if elapsed >= PROGRESS_AFTER {
            let seconds = elapsed.as_secs_f64();
            let searching = search_progress::longest()
                .map(|searching| format!("; {searching}"))
                .unwrap_or_default();
            progress.show_below(
                &mut self.out,
                format_args!(
                    "{}: {solved} solved, {seconds:.1} s{searching}",
                    <Board<N, COLS> as puzzle_oracle::Puzzle>::NAME
                ),
            );
        }
    }

    fn finish(&mut self) -> Result<()> {
        self.clear_progress();
        Sink::<Solved<N, COLS, M>>::flush(self)?;
        self.note.finish();
        Ok(())
    }
}
