//! The `fifteen` command: 4x4 cases solved by several threads, answered in
//! input order as soon as each is ready.
//!
//! The reader (this thread) parses cases and hands them to the solver
//! threads in batches; a writer thread puts the answers back in order. A
//! batch takes a ticket before it is handed out and gives it back once its
//! answers are written, so memory is bounded by the tickets however slow
//! one case is.
#![allow(
    clippy::similar_names,
    reason = "job/jobs and answer/answers name one thing and its channel"
)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use puzzle_oracle::{Direction, FifteenBoard, fifteen};

use super::cases::{self, parse_case, parse_target};
use super::input::{self, Lines};
use super::progress::Progress;
use super::{CaseArgs, OutputArgs};

/// Arguments of `fifteen`.
#[derive(Debug, Args)]
pub struct FifteenArgs {
    #[command(flatten)]
    pub cases: CaseArgs,
    /// Cases solved at once [default: the number of cores].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}

/// One 4x4 question.
type Case = cases::Case<16, 4>;

/// Consecutive cases handed to one solver together, so that easy cases do
/// not cost a thread handoff each; `first` numbers the first in input
/// order.
struct Batch {
    first: u64,
    cases: Vec<Case>,
}

/// A solved case, ready to be written.
struct Answer {
    case: Case,
    solution: Option<fifteen::Solution>,
    /// Nodes the search expanded.
    nodes: u64,
}

/// Answers the 4x4 cases of `args` with `threads` solvers.
pub fn run(args: &CaseArgs, threads: Option<NonZeroUsize>) -> Result<()> {
    let target = parse_target::<16, 4>(args.target.as_deref())?;
    let threads = threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    // Enough batches in flight to keep every thread busy past a slow one.
    let tickets = 8 * threads;

    // Set when the output fails: the reader stops and the solvers skip the
    // cases still queued.
    let stopped = &AtomicBool::new(false);
    let (job_tx, job_rx) = mpsc::sync_channel::<Batch>(threads);
    let job_rx = &Mutex::new(job_rx);
    let (answer_tx, answer_rx) = mpsc::channel::<(u64, Vec<Answer>)>();
    let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(tickets);
    for _ in 0..tickets {
        ticket_tx.send(()).expect("the receiver is alive");
    }
    thread::scope(|scope| {
        for _ in 0..threads {
            let answer_tx = answer_tx.clone();
            scope.spawn(move || solve_batches(job_rx, &answer_tx, stopped));
        }
        drop(answer_tx);
        // The writer owns the ticket sender: when it stops, a reader
        // waiting for a ticket wakes up.
        let writer = scope.spawn(move || {
            let written = write_answers(&answer_rx, &ticket_tx, &args.output);
            if written.is_err() {
                stopped.store(true, Ordering::Relaxed);
            }
            written
        });

        let mut dispatch = |batch: Batch| -> bool {
            !stopped.load(Ordering::Relaxed)
                && ticket_rx.recv().is_ok()
                && job_tx.send(batch).is_ok()
        };
        let read = match &args.board {
            Some(text) => parse_case(text, target)
                .map_err(|why| anyhow!("--board: {why}"))
                .map(|case| {
                    dispatch(Batch {
                        first: 0,
                        cases: vec![case],
                    });
                }),
            None => input::open(args.file.as_deref())
                .and_then(|reader| read_cases(Lines::new(reader), target, &mut dispatch)),
        };
        // The cases read before a bad one are still answered.
        drop(job_tx);
        let written = writer.join().expect("the writer does not panic");
        written.and(read)
    })
}

/// How often the progress line is refreshed while a case is solved.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(200);

/// Most cases in one batch.
const BATCH_CASES: usize = 64;

/// A case whose bound reaches this many moves takes long enough to be
/// worth a thread of its own: it closes its batch.
const HARD_BOUND: u8 = 30;

/// One case a line, 16 or 32 numbers; blank lines are skipped. A batch
/// goes out when it is full, when it holds a hard case, or when no more
/// input is ready (so that a terminal gets its answers at once).
fn read_cases<R: Read>(
    mut lines: Lines<BufReader<R>>,
    target: Option<FifteenBoard>,
    dispatch: &mut impl FnMut(Batch) -> bool,
) -> Result<()> {
    let mut batch = Batch {
        first: 0,
        cases: Vec::with_capacity(BATCH_CASES),
    };
    let mut read = || -> Result<bool> {
        while let Some((number, line)) = lines.next_line()? {
            if line.trim_ascii().is_empty() {
                continue;
            }
            let case = parse_case(line, target).map_err(|why| anyhow!("line {number}: {why}"))?;
            batch.cases.push(case);
            let hard = case
                .start
                .lower_bound(&case.target)
                .is_some_and(|bound| bound >= HARD_BOUND);
            if batch.cases.len() == BATCH_CASES || hard || !lines.has_buffered_input() {
                let next = batch.first + batch.cases.len() as u64;
                let full = std::mem::replace(
                    &mut batch,
                    Batch {
                        first: next,
                        cases: Vec::with_capacity(BATCH_CASES),
                    },
                );
                if !dispatch(full) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    };
    let result = read();
    // What was read before the end, or before a bad line, is answered.
    let output_closed = matches!(result, Ok(false));
    if !output_closed && !batch.cases.is_empty() {
        dispatch(batch);
    }
    result.map(|_| ())
}

fn solve_batches(
    batches: &Mutex<Receiver<Batch>>,
    answers: &Sender<(u64, Vec<Answer>)>,
    stopped: &AtomicBool,
) {
    let mut solver = fifteen::Solver::new();
    loop {
        // The lock is held only while waiting for the next batch.
        let batch = match batches.lock() {
            Ok(batches) => batches.recv(),
            Err(_) => return,
        };
        let Ok(Batch { first, cases }) = batch else {
            return;
        };
        // Keep taking batches after the output failed, so the reader
        // never waits on a full queue.
        if stopped.load(Ordering::Relaxed) {
            continue;
        }
        let solved = cases
            .into_iter()
            .map(|case| Answer {
                case,
                solution: solver.solve(&case.start, &case.target),
                nodes: solver.nodes(),
            })
            .collect();
        let _ = answers.send((first, solved));
    }
}

/// Writes the answers in input order, giving a ticket back for each.
fn write_answers(
    answers: &Receiver<(u64, Vec<Answer>)>,
    tickets: &SyncSender<()>,
    output: &OutputArgs,
) -> Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut progress = Progress::new();
    let started = Instant::now();
    // `fifteen: k solved, 3.2 s`, once the run has taken a moment.
    let show_progress = |progress: &mut Progress, solved: u64| {
        let elapsed = started.elapsed();
        if elapsed >= PROGRESS_INTERVAL {
            let seconds = elapsed.as_secs_f64();
            progress.show(format_args!("fifteen: {solved} solved, {seconds:.1} s"));
        }
    };
    // Batches that came back before the ones ahead of them.
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let result = (|| -> Result<()> {
        loop {
            let (first, batch) = match answers.try_recv() {
                Ok(batch) => batch,
                Err(TryRecvError::Empty) => {
                    // Nothing ready: a good time to write out what is
                    // buffered, so that a closed or full output stops the
                    // run early.
                    out.flush()?;
                    match answers.recv_timeout(PROGRESS_INTERVAL) {
                        Ok(batch) => batch,
                        Err(RecvTimeoutError::Timeout) => {
                            show_progress(&mut progress, next);
                            continue;
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            waiting.insert(first, batch);
            while let Some(batch) = waiting.remove(&next) {
                progress.clear();
                for answer in &batch {
                    write_answer(&mut out, answer, output)?;
                }
                next += batch.len() as u64;
                // The reader may have stopped; a ticket nobody takes is fine.
                let _ = tickets.try_send(());
            }
            show_progress(&mut progress, next);
        }
        Ok(())
    })()
    .context("cannot write output");
    progress.clear();
    // Answers before an error stay on stdout.
    let flushed = out.flush().context("cannot write output");
    result.and(flushed)
}

fn write_answer(out: &mut impl Write, answer: &Answer, output: &OutputArgs) -> io::Result<()> {
    let case = &answer.case;
    let moves: Option<String> = answer
        .solution
        .clone()
        .map(|moves| moves.map(Direction::letter).collect());
    if output.json {
        let value = serde_json::json!({
            "start": &case.start.cells()[..],
            "target": &case.target.cells()[..],
            "distance": moves.as_ref().map(String::len),
            "moves": moves,
            "nodes": answer.nodes,
        });
        serde_json::to_writer(&mut *out, &value)?;
        return writeln!(out);
    }
    let Some(moves) = moves else {
        return writeln!(out, "Impossible");
    };
    let mut line = moves.len().to_string();
    if output.moves && !moves.is_empty() {
        let _ = write!(line, " {moves}");
    }
    writeln!(out, "{line}")?;
    if output.show {
        let mut board = case.start;
        writeln!(out, "{board:#}")?;
        for (step, dir) in answer.solution.clone().into_iter().flatten().enumerate() {
            // The solution only yields moves that stay on the board.
            board = board.moved(dir).unwrap_or(board);
            writeln!(out, "{}. {}\n{board:#}", step + 1, dir.letter())?;
        }
        writeln!(out)?;
    }
    Ok(())
}
