//! An ordered pool: items read on the calling thread, worked on by several
//! threads, and their results written in input order by a writer thread,
//! as soon as each is next in line.
//!
//! The reader hands items out in batches, so that quick items do not cost
//! a thread handoff each. A batch takes a ticket before it is handed out
//! and gives it back once its results are written, so memory is bounded
//! by the tickets however slow one item is. When the writer fails (a
//! closed pipe, a full disk) the reader stops at its next batch and the
//! workers skip what is still queued.
//!
//! A worker with no batch to take helps the searches of the pool's
//! [`Crew`] still running, so the tail of a run (its last hard case) has
//! every thread.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result};
use puzzle_oracle::Crew;

/// How often the writer wakes, when nothing is ready, to show progress.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(200);

/// Batches in flight for each thread: enough to keep every thread busy
/// past a slow one.
const TICKETS_PER_THREAD: usize = 8;

/// Where the results go, in input order. Lives on the writer thread.
pub trait Sink<R>: Send {
    /// Writes the results of consecutive items, the next in input order.
    fn write(&mut self, results: &[R]) -> Result<()>;
    /// Nothing is ready: a good time to write out what is buffered, so
    /// that a closed or full output stops the run early.
    fn flush(&mut self) -> Result<()>;
    /// `written` results are out and more are being worked on: refresh a
    /// progress line, if any. Not called while the run only waits for
    /// input.
    fn progress(&mut self, written: u64);
    /// The run ended (or failed): clear the progress line, flush.
    fn finish(&mut self) -> Result<()>;
}

/// Hands batches to the workers; given to the reader.
pub struct Dispatch<'a, T> {
    next: u64,
    /// Woken when a batch is sent.
    crew: &'a Crew,
    /// Items handed out so far, for the writer to tell a run that waits
    /// for input from one that works.
    sent: &'a AtomicU64,
    stopped: &'a AtomicBool,
    tickets: &'a Receiver<()>,
    jobs: SyncSender<(u64, Vec<T>)>,
}

impl<T> Dispatch<'_, T> {
    /// Hands out `items`, the next in input order; waits for a ticket.
    /// `false` when the run has stopped (the writer failed): read no more.
    pub fn send(&mut self, items: Vec<T>) -> bool {
        if items.is_empty() {
            // Nothing to number: a batch with no item would share its first
            // number with the next one.
            return !self.stopped.load(Ordering::Relaxed);
        }
        let first = self.next;
        self.next += items.len() as u64;
        let sent = !self.stopped.load(Ordering::Relaxed)
            && self.tickets.recv().is_ok()
            && self.jobs.send((first, items)).is_ok();
        self.sent.store(self.next, Ordering::Relaxed);
        self.crew.notify();
        sent
    }
}

/// Runs `read` on this thread, which hands items out through its
/// [`Dispatch`]; `threads` workers, each made by `worker`, turn every item
/// into a result, and help `crew`'s searches while no item waits; `sink`
/// gets the results in input order. Returns the writer's error first,
/// then the reader's: the items read before a bad one are still worked on
/// and written.
pub fn run<T, R, W>(
    threads: usize,
    crew: &Crew,
    worker: impl Fn() -> W + Sync,
    sink: impl Sink<R>,
    read: impl FnOnce(&mut Dispatch<'_, T>) -> Result<()>,
) -> Result<()>
where
    T: Send,
    R: Send,
    W: FnMut(T) -> R,
{
    let threads = threads.max(1);
    let tickets = TICKETS_PER_THREAD * threads;
    let stopped = &AtomicBool::new(false);
    let sent = &AtomicU64::new(0);
    let working = &AtomicUsize::new(0);
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Vec<T>)>(threads);
    let job_rx = &Mutex::new(job_rx);
    let (result_tx, result_rx) = mpsc::channel::<(u64, Vec<R>)>();
    let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(tickets);
    for _ in 0..tickets {
        ticket_tx.send(()).expect("the receiver is alive");
    }
    let worker = &worker;
    thread::scope(|scope| {
        for _ in 0..threads {
            let result_tx = result_tx.clone();
            // A thread the system refuses is one line of error, not a
            // panic; the ones already started end with the channels.
            thread::Builder::new()
                .spawn_scoped(scope, move || {
                    work(job_rx, &result_tx, stopped, crew, working, worker());
                })
                .with_context(|| format!("cannot start {threads} threads"))?;
        }
        drop(result_tx);
        // The writer owns the ticket sender: when it stops, a reader
        // waiting for a ticket wakes up.
        let writer = thread::Builder::new()
            .spawn_scoped(scope, move || {
                let written = write_in_order(&result_rx, &ticket_tx, sent, stopped, sink);
                if written.is_err() {
                    stopped.store(true, Ordering::Relaxed);
                }
                written
            })
            .context("cannot start the writer thread")?;
        let mut dispatch = Dispatch {
            next: 0,
            crew,
            sent,
            stopped,
            tickets: &ticket_rx,
            jobs: job_tx,
        };
        let read = read(&mut dispatch);
        drop(dispatch);
        // The workers waiting for a batch see the queue closed.
        crew.notify();
        let written = writer.join().expect("the writer does not panic");
        written.and(read)
    })
}

/// A worker: takes batches until the queue is closed and no other worker
/// is still on one (whose searches it may help to the end).
fn work<T, R>(
    jobs: &Mutex<Receiver<(u64, Vec<T>)>>,
    results: &Sender<(u64, Vec<R>)>,
    stopped: &AtomicBool,
    crew: &Crew,
    working: &AtomicUsize,
    mut worker: impl FnMut(T) -> R,
) {
    // A worker that panics would lose its batch, and the writer wait for
    // it forever: the run stops instead, this thread goes on draining the
    // queue so that the reader never blocks, and the panic is passed on
    // at the end.
    let mut panic = None;
    loop {
        // The next batch, or the end; meanwhile, help. Asked under the
        // crew's lock, as `working` is counted down before a notify.
        let job = crew.help_until(|| match jobs.lock().map(|jobs| jobs.try_recv()) {
            Ok(Ok(job)) => {
                working.fetch_add(1, Ordering::Relaxed);
                Some(Some(job))
            }
            Ok(Err(TryRecvError::Empty)) => None,
            _ if working.load(Ordering::Relaxed) > 0 => None,
            _ => Some(None),
        });
        let Some((first, items)) = job else {
            break;
        };
        // Keep taking batches after the output failed, so the reader
        // never waits on a full queue.
        if !stopped.load(Ordering::Relaxed) && panic.is_none() {
            let done = panic::catch_unwind(AssertUnwindSafe(|| {
                items.into_iter().map(&mut worker).collect::<Vec<R>>()
            }));
            match done {
                Ok(done) => {
                    let _ = results.send((first, done));
                }
                Err(payload) => {
                    stopped.store(true, Ordering::Relaxed);
                    panic = Some(payload);
                }
            }
        }
        working.fetch_sub(1, Ordering::Relaxed);
        crew.notify();
    }
    if let Some(payload) = panic {
        panic::resume_unwind(payload);
    }
}

/// Writes the results in input order, giving a ticket back for each batch.
fn write_in_order<R>(
    results: &Receiver<(u64, Vec<R>)>,
    tickets: &SyncSender<()>,
    sent: &AtomicU64,
    stopped: &AtomicBool,
    mut sink: impl Sink<R>,
) -> Result<()> {
    let working = |written: u64| sent.load(Ordering::Relaxed) > written;
    // Batches that came back before the ones ahead of them.
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let result = (|| -> Result<()> {
        loop {
            let (first, batch) = match results.try_recv() {
                Ok(batch) => batch,
                Err(TryRecvError::Empty) => {
                    sink.flush()?;
                    match results.recv_timeout(PROGRESS_INTERVAL) {
                        Ok(batch) => batch,
                        Err(RecvTimeoutError::Timeout) => {
                            // A worker panicked: its batch will never come.
                            if stopped.load(Ordering::Relaxed) {
                                break;
                            }
                            if working(next) {
                                sink.progress(next);
                            }
                            continue;
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            waiting.insert(first, batch);
            while let Some(batch) = waiting.remove(&next) {
                sink.write(&batch)?;
                next += batch.len() as u64;
                // The reader may have stopped; a ticket nobody takes is fine.
                let _ = tickets.try_send(());
            }
            if working(next) {
                sink.progress(next);
            }
        }
        Ok(())
    })();
    let finished = sink.finish();
    result.and(finished)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Collects what it is given, failing after `fail_after` results.
    struct Collect {
        results: Arc<Mutex<Vec<u64>>>,
        fail_after: usize,
    }

    impl Sink<u64> for Collect {
        fn write(&mut self, results: &[u64]) -> Result<()> {
            let mut all = self.results.lock().unwrap();
            if all.len() + results.len() > self.fail_after {
                anyhow::bail!("output closed");
            }
            all.extend_from_slice(results);
            Ok(())
        }
        fn flush(&mut self) -> Result<()> {
            Ok(())
        }
        fn progress(&mut self, _: u64) {}
        fn finish(&mut self) -> Result<()> {
            Ok(())
        }
    }

    fn collect(fail_after: usize) -> (Collect, Arc<Mutex<Vec<u64>>>) {
        let results = Arc::new(Mutex::new(Vec::new()));
        let sink = Collect {
            results: Arc::clone(&results),
            fail_after,
        };
        (sink, results)
    }

    #[test]
    fn results_come_out_in_input_order_whatever_finishes_first() {
        let (sink, results) = collect(usize::MAX);
        // Early items are slow, late ones quick: they finish out of order.
        let slow = |item: u64| {
            thread::sleep(Duration::from_micros(300u64.saturating_sub(item * 3)));
            item * item
        };
        run(
            4,
            &Crew::new(),
            || slow,
            sink,
            |dispatch| {
                for first in (0..100).step_by(5) {
                    assert!(dispatch.send((first..first + 5).collect()));
                }
                Ok(())
            },
        )
        .unwrap();
        let expected: Vec<u64> = (0..100).map(|item| item * item).collect();
        assert_eq!(*results.lock().unwrap(), expected);
    }

    #[test]
    fn the_reader_waits_while_too_many_batches_are_in_flight() {
        let (sink, _) = collect(usize::MAX);
        let started = AtomicUsize::new(0);
        let gate = Mutex::new(());
        let held = gate.lock().unwrap();
        let most_read = thread::scope(|scope| {
            let reader = scope.spawn(|| {
                let started = &started;
                let gate = &gate;
                let mut read = 0;
                run(
                    2,
                    &Crew::new(),
                    || {
                        move |item: u64| {
                            started.fetch_add(1, Ordering::Relaxed);
                            drop(gate.lock().unwrap());
                            item
                        }
                    },
                    sink,
                    |dispatch| {
                        for item in 0..1_000 {
                            read = item;
                            if !dispatch.send(vec![item]) {
                                break;
                            }
                        }
                        Ok(())
                    },
                )
                .unwrap();
                read
            });
            // The workers are stuck on the gate: the reader must stall
            // once every ticket is out.
            thread::sleep(Duration::from_millis(200));
            let in_flight = started.load(Ordering::Relaxed);
            assert!(in_flight <= 2, "{in_flight} items started");
            drop(held);
            reader.join().unwrap()
        });
        assert_eq!(most_read, 999);
    }

    #[test]
    fn a_failed_writer_stops_the_reader() {
        let (sink, results) = collect(10);
        let mut sent = 0;
        let outcome = run(
            2,
            &Crew::new(),
            || |item: u64| item,
            sink,
            |dispatch| {
                for item in 0..1_000_000 {
                    if !dispatch.send(vec![item]) {
                        break;
                    }
                    sent += 1;
                }
                Ok(())
            },
        );
        assert_eq!(outcome.unwrap_err().to_string(), "output closed");
        assert!(
            sent < 1_000_000,
            "the reader went on after the writer failed"
        );
        assert_eq!(*results.lock().unwrap(), (0..10).collect::<Vec<u64>>());
    }

    #[test]
    fn the_readers_error_comes_after_what_it_read() {
        let (sink, results) = collect(usize::MAX);
        let outcome = run(
            3,
            &Crew::new(),
            || |item: u64| item + 1,
            sink,
            |dispatch| {
                dispatch.send(vec![1, 2, 3]);
                anyhow::bail!("line 2: bad")
            },
        );
        assert_eq!(outcome.unwrap_err().to_string(), "line 2: bad");
        assert_eq!(*results.lock().unwrap(), [2, 3, 4]);
    }

    #[test]
    fn a_panicking_worker_ends_the_run_instead_of_hanging_it() {
        let (sink, _) = collect(usize::MAX);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run(
                1,
                &Crew::new(),
                || {
                    |item: u64| {
                        assert!(item != 5, "worker fails on 5");
                        item
                    }
                },
                sink,
                |dispatch| {
                    // Far more batches than tickets.
                    for item in 0..10_000 {
                        if !dispatch.send(vec![item]) {
                            break;
                        }
                    }
                    Ok(())
                },
            )
        }));
        assert!(outcome.is_err(), "the worker's panic is passed on");
    }

    #[test]
    fn an_empty_batch_is_not_numbered() {
        let (sink, results) = collect(usize::MAX);
        run(
            2,
            &Crew::new(),
            || |item: u64| item,
            sink,
            |dispatch| {
                dispatch.send(vec![1]);
                dispatch.send(Vec::new());
                dispatch.send(vec![2, 3]);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(*results.lock().unwrap(), [1, 2, 3]);
    }
}
