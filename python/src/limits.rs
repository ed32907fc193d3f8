//! How long one question may run: a node budget, a timeout, the threads
//! of its search, and Ctrl-C.
//!
//! A searched board's question runs with the GIL released, so other
//! Python threads go on meanwhile. The search looks at its budget every
//! 8,192 nodes (about a millisecond); at most every [`SIGNAL_INTERVAL`]
//! the look takes the GIL back for a moment to let Python run its signal
//! handlers, so Ctrl-C stops a search within a fraction of a second as a
//! `KeyboardInterrupt`. A tabled board answers in microseconds and keeps
//! the GIL.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use puzzle_oracle::{AnyBoard, BoardError, Budget, Engine, Outcome};
use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;

use crate::positions::board_error;

pyo3::create_exception!(
    puzzle_oracle,
    BudgetExceeded,
    PyTimeoutError,
    "A search ended by its `max_nodes` or `timeout` before its answer."
);

/// How often a search lets Python look for signals.
pub const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// What a question may spend.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    threads: usize,
}

impl Limits {
    /// Limits from a call's keywords: `threads` `None` is every core.
    pub fn new(
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        threads: Option<usize>,
    ) -> PyResult<Self> {
        Ok(Limits {
            max_nodes,
            timeout: timeout.map(seconds).transpose()?,
            threads: threads_or_all(threads)?,
        })
    }

    /// The threads a search or a batch may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The deadline of a question started now.
    pub fn deadline(&self) -> Option<Instant> {
        self.timeout.map(|timeout| Instant::now() + timeout)
    }

    /// Why a question asked under these limits ended early: `over_budget`
    /// when its nodes ran out, else its time.
    pub fn exceeded(&self, over_budget: bool) -> PyErr {
        match (over_budget, self.max_nodes, self.timeout) {
            (true, Some(nodes), _) => {
                BudgetExceeded::new_err(format!("not solved within {nodes} nodes (max_nodes)"))
            }
            (_, _, Some(timeout)) => BudgetExceeded::new_err(format!(
                "not solved within {} s (timeout)",
                timeout.as_secs_f64()
            )),
            _ => BudgetExceeded::new_err("the search was stopped"),
        }
    }
}

/// A timeout in seconds, checked.
fn seconds(timeout: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(timeout)
        .ok()
        .filter(|timeout| !timeout.is_zero())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "timeout must be a positive number of seconds, not {timeout}"
            ))
        })
}

/// Most threads a call starts, as the command: more are taken as this.
pub const MAX_THREADS: usize = 64;

/// `threads` (at most [`MAX_THREADS`]), or every core when `None`.
pub fn threads_or_all(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(PyValueError::new_err(
            "threads must be at least 1 (None uses every core)",
        )),
        Some(threads) => Ok(threads.min(MAX_THREADS)),
        None => Ok(every_core().min(MAX_THREADS)),
    }
}

/// The cores this process may use, asked once: the question reads the
/// cgroup's files, tens of microseconds.
fn every_core() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// A clock that says when to let Python look for signals.
pub struct SignalClock {
    last: Instant,
}

impl SignalClock {
    /// A clock started now.
    pub fn new() -> Self {
        SignalClock {
            last: Instant::now(),
        }
    }

    /// Runs Python's signal handlers when [`SIGNAL_INTERVAL`] has passed
    /// since the last time: their error (`KeyboardInterrupt`) if one
    /// raised. Called without the GIL.
    pub fn check(&mut self) -> PyResult<()> {
        if self.last.elapsed() < SIGNAL_INTERVAL {
            return Ok(());
        }
        self.last = Instant::now();
        Python::attach(|py| py.check_signals())
    }
}

/// Asks `question` of `board` under `limits`: its answer, `None` when the
/// target cannot be reached; [`BudgetExceeded`] or the interrupt when it
/// ended early.
pub fn ask<T: Send>(
    py: Python<'_>,
    board: &dyn AnyBoard,
    limits: Limits,
    question: impl FnOnce(&mut Budget<'_>) -> Result<Outcome<T>, BoardError> + Send,
) -> PyResult<Option<T>> {
    if board.engine() == Engine::Tables {
        // A few table reads: no budget to spend, nothing to wait for.
        let outcome = question(&mut Budget::unlimited()).map_err(board_error)?;
        return Ok(outcome.known().flatten());
    }
    let (outcome, interrupted) = py.detach(|| {
        let deadline = limits.deadline();
        let mut clock = SignalClock::new();
        let mut interrupted = None;
        let outcome = {
            let mut keep_going = |_nodes: u64| {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return false;
                }
                match clock.check() {
                    Ok(()) => true,
                    Err(error) => {
                        interrupted = Some(error);
                        false
                    }
                }
            };
            let mut budget = Budget::unlimited()
                .check(&mut keep_going)
                .threads(limits.threads);
            if let Some(nodes) = limits.max_nodes {
                budget = budget.max_nodes(nodes);
            }
            question(&mut budget)
        };
        (outcome, interrupted)
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    match outcome.map_err(board_error)? {
        Outcome::Found(answer) => Ok(Some(answer)),
        Outcome::Impossible => Ok(None),
        Outcome::OverBudget => Err(limits.exceeded(true)),
        Outcome::Stopped => Err(limits.exceeded(false)),
    }
}
