//! Many positions of one board at once, on every core: the distances of
//! a 2-D numpy array or a list of positions, in order.
//!
//! The positions are read into one flat array with the GIL held, then
//! answered with it released. Worker threads take blocks of positions
//! from a shared counter (thousands at a time on a tabled board, one at a
//! time on a searched one) and answer each under a budget that lets the
//! crew's idle threads help the searches still running, so the last hard
//! position of a batch gets every thread. The calling thread watches:
//! Ctrl-C or the timeout sets the flag every search looks at.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use puzzle_oracle::{AnyBoard, BoardError, Budget, Crew, Engine, Outcome};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::limits::{Limits, SignalClock};
use crate::positions::{Cells, position};

/// The answer written for a position that cannot reach the target.
pub const IMPOSSIBLE: i16 = -1;

/// Positions a worker takes at once from a tabled board: enough that
/// handing them out costs nothing beside answering them.
const TABLED_BLOCK: usize = 4096;

/// The distances of `positions` to `target` on `board`, one per position,
/// [`IMPOSSIBLE`] where the target cannot be reached.
pub fn distances<'py>(
    py: Python<'py>,
    board: &dyn AnyBoard,
    positions: &Bound<'py, PyAny>,
    target: Cells,
    limits: Limits,
) -> PyResult<Bound<'py, PyArray1<i16>>> {
    let cells = board.geometry().cells();
    let flat = read(board, positions)?;
    let count = flat.len() / cells;
    let block = if board.engine() == Engine::Tables {
        TABLED_BLOCK
    } else {
        1
    };
    // A searched board starts every thread whatever the count: a thread
    // out of positions helps the searches still running.
    let workers = if block == 1 {
        limits.threads()
    } else {
        limits.threads().min(count.div_ceil(block)).max(1)
    };
    let answered = py.detach(|| answer(board, &flat, target, block, workers, limits))?;
    Ok(PyArray1::from_vec(py, answered))
}

/// Answers every position of `flat` on `workers` threads while this
/// thread watches for Ctrl-C and the timeout.
fn answer(
    board: &dyn AnyBoard,
    flat: &[u8],
    target: Cells,
    block: usize,
    workers: usize,
    limits: Limits,
) -> PyResult<Vec<i16>> {
    let cells = board.geometry().cells();
    let count = flat.len() / cells;
    let next = AtomicUsize::new(0);
    // Workers on a block: a worker out of blocks leaves once none is.
    let active = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let crew = Crew::new();
    let first_error: Mutex<Option<(usize, BoardError)>> = Mutex::new(None);
    let mut answered = vec![IMPOSSIBLE; count];
    let blocks: Mutex<Vec<(usize, Vec<i16>)>> = Mutex::new(Vec::new());
    let deadline = limits.deadline();
    let mut ended_early = None;
    let mut started = 0;
    std::thread::scope(|scope| {
        let (alive, finished) = mpsc::channel::<()>();
        for _ in 0..workers {
            let alive = alive.clone();
            let (next, active, stop, crew, first_error, blocks) =
                (&next, &active, &stop, &crew, &first_error, &blocks);
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                let _alive = alive;
                loop {
                    // The next block; with none left, help the searches
                    // still running until none is.
                    let taken = crew.help_until(|| {
                        if stop.load(Ordering::Relaxed) {
                            return Some(None);
                        }
                        if next.load(Ordering::Relaxed) < count {
                            let start = next.fetch_add(block, Ordering::Relaxed);
                            if start < count {
                                active.fetch_add(1, Ordering::SeqCst);
                                return Some(Some(start));
                            }
                        }
                        (active.load(Ordering::SeqCst) == 0).then_some(None)
                    });
                    let Some(start) = taken else {
                        break;
                    };
                    let end = (start + block).min(count);
                    let mut answers = Vec::with_capacity(end - start);
                    for i in start..end {
                        let mut budget = Budget::unlimited().stop_flag(stop).crew(crew);
                        let position = &flat[i * cells..(i + 1) * cells];
                        match board.distance(position, target.as_slice(), &mut budget) {
                            Ok(Outcome::Found(distance)) => answers.push(i16::from(distance)),
                            Ok(Outcome::Impossible) => answers.push(IMPOSSIBLE),
                            Ok(Outcome::OverBudget | Outcome::Stopped) => break,
                            Err(error) => {
                                let mut first = first_error
                                    .lock()
                                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                                if first.is_none_or(|(at, _)| i < at) {
                                    *first = Some((i, error));
                                }
                                // The batch fails: stop the others.
                                stop.store(true, Ordering::Relaxed);
                                answers.push(IMPOSSIBLE);
                            }
                        }
                    }
                    blocks
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((start, answers));
                    active.fetch_sub(1, Ordering::SeqCst);
                    crew.notify();
                }
            });
            // A thread the system refuses is one fewer worker.
            started += usize::from(spawned.is_ok());
        }
        drop(alive);
        let mut clock = SignalClock::new();
        loop {
            match finished.recv_timeout(Duration::from_millis(20)) {
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Ok(()) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if ended_early.is_some() {
                continue;
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                ended_early = Some(limits.exceeded(false));
                stop.store(true, Ordering::Relaxed);
            } else if let Err(interrupt) = clock.check() {
                ended_early = Some(interrupt);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if started == 0 {
        return Err(pyo3::exceptions::PyOSError::new_err(
            "the system refused every thread the batch asked for",
        ));
    }
    if let Some(error) = ended_early {
        return Err(error);
    }
    if let Some((at, error)) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(PyValueError::new_err(format!("position {at}: {error}")));
    }
    for (start, answers) in blocks.into_inner().unwrap_or_else(|e| e.into_inner()) {
        answered[start..start + answers.len()].copy_from_slice(&answers);
    }
    Ok(answered)
}

/// The positions as one flat array of cells: a 2-D numpy array of
/// integers, one position a row, or any sequence of positions.
fn read(board: &dyn AnyBoard, positions: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let cells = board.geometry().cells();
    if let Some(flat) = read_array(cells, positions)? {
        return Ok(flat);
    }
    if positions.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyValueError::new_err(
            "positions is a sequence of positions, not one string: wrap a single position in a list",
        ));
    }
    let mut flat = Vec::new();
    for (i, item) in positions.try_iter()?.enumerate() {
        let cells = position(board, &item?).map_err(|error| at_index(positions.py(), i, error))?;
        flat.extend_from_slice(cells.as_slice());
    }
    Ok(flat)
}

/// A numpy array's rows, when `positions` is one: `None` for anything
/// else. Each value is checked to be a tile of a `cells`-cell board.
fn read_array(cells: usize, positions: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    let Ok(array) = positions.cast::<numpy::PyUntypedArray>() else {
        return Ok(None);
    };
    if array.ndim() != 2 {
        return Err(PyValueError::new_err(format!(
            "positions as a numpy array must have two dimensions (one position a row), not {}",
            array.ndim()
        )));
    }
    if array.shape()[1] != cells {
        return Err(PyValueError::new_err(format!(
            "positions has rows of {} numbers; the board has {cells} cells",
            array.shape()[1]
        )));
    }
    macro_rules! rows_of {
        ($($kind:ty),*) => {
            $(
                if let Ok(rows) = positions.extract::<PyReadonlyArray2<'_, $kind>>() {
                    let rows = rows.as_array();
                    let mut flat = Vec::with_capacity(rows.len());
                    for (i, row) in rows.outer_iter().enumerate() {
                        for (j, &value) in row.iter().enumerate() {
                            let tile = u8::try_from(value)
                                .ok()
                                .filter(|&tile| usize::from(tile) < cells)
                                .ok_or_else(|| {
                                    PyValueError::new_err(format!(
                                        "position {i}: number {} is out of range: tiles are 0 to {}",
                                        j + 1,
                                        cells - 1
                                    ))
                                })?;
                            flat.push(tile);
                        }
                    }
                    return Ok(Some(flat));
                }
            )*
        };
    }
    rows_of!(u8, i8, u16, i16, u32, i32, u64, i64);
    Err(PyValueError::new_err(format!(
        "positions as a numpy array must hold integers, not {}",
        array.dtype()
    )))
}

/// `error` about the position at index `i`, saying so.
fn at_index(py: Python<'_>, i: usize, error: PyErr) -> PyErr {
    if error.is_instance_of::<PyValueError>(py) {
        PyValueError::new_err(format!("position {i}: {}", error.value(py)))
    } else {
        error
    }
}
