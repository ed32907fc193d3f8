//! What the progress line says of long searches: each case being searched
//! records the bound it searches (the answer's length proven so far) and
//! its nodes, and the line (see `runner.rs`) shows the case that has run
//! longest once it has searched for a second. Nothing is recorded when
//! standard error is not a terminal, where there is no line.

use std::fmt;
use std::io::{self, IsTerminal as _};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// How long a case searches before the line shows it.
const SHOWN_AFTER: Duration = Duration::from_secs(1);

/// Each case searching: its number, start, bound and nodes.
static RUNNING: Mutex<Vec<(u64, Instant, u8, u64)>> = Mutex::new(Vec::new());

/// Whether standard error is a terminal, asked once.
fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| io::stderr().is_terminal())
}

fn running() -> std::sync::MutexGuard<'static, Vec<(u64, Instant, u8, u64)>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One case's part in the line, from its start to its end (dropped).
pub struct Watch {
    /// The case's number; `None` when there is no line.
    id: Option<u64>,
}

impl Watch {
    /// A case starts searching.
    pub fn start() -> Watch {
        static NEXT: Mutex<u64> = Mutex::new(0);
        if !enabled() {
            return Watch { id: None };
        }
        let mut next = NEXT.lock().unwrap_or_else(PoisonError::into_inner);
        let id = *next;
        *next += 1;
        running().push((id, Instant::now(), 0, 0));
        Watch { id: Some(id) }
    }

    /// The case's searches have spent `nodes` and search bound `bound`.
    pub fn saw(&self, nodes: u64, bound: u8) {
        let Some(id) = self.id else {
            return;
        };
        if let Some(entry) = running().iter_mut().find(|entry| entry.0 == id) {
            (entry.2, entry.3) = (bound, nodes);
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            running().retain(|entry| entry.0 != id);
        }
    }
}

/// The longest search running, once it has run a second: what the line
/// adds after the cases solved.
pub struct Searching {
    bound: u8,
    nodes: u64,
    elapsed: Duration,
    others: usize,
}

/// See [`Searching`].
pub fn longest() -> Option<Searching> {
    let running = running();
    let &(_, started, bound, nodes) = running.first()?;
    let elapsed = started.elapsed();
    (elapsed >= SHOWN_AFTER && bound > 0).then(|| Searching {
        bound,
        nodes,
        elapsed,
        others: running.len() - 1,
    })
}

impl fmt::Display for Searching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "searching one for {:.0} s, at least {} moves so far, {} nodes",
            self.elapsed.as_secs_f64(),
            self.bound,
            with_commas(u128::from(self.nodes))
        )?;
        if self.others > 0 {
            write!(f, " ({} more searching)", self.others)?;
        }
        Ok(())
    }
}

/// `n` with a comma between groups of three digits.
fn with_commas(n: u128) -> String {
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
