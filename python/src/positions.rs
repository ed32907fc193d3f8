//! Boards, positions, targets and notations from Python objects.
//!
//! A position is a sequence of numbers (a list, a tuple, a numpy array,
//! any iterable of integers) or text in any of the command's formats
//! (numbers with rows separated by `/` or newlines). A target is `None`
//! or `"first"` (the standard goal, `0 1 2 ...`), `"last"` (`1 2 ... 0`)
//! or a position. Every error is a `ValueError` whose message says what
//! is wrong, as the command says it.

use std::cell::RefCell;

use puzzle_oracle::limits::MAX_CELLS;
use puzzle_oracle::{
    AnyBoard, BoardError, MetricKind, Notation, UnknownMetric, boards, find_board,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

thread_local! {
    /// The name the last call on this thread asked for, and its board: a
    /// loop asks the same board over and over, and a comparison of two
    /// short strings costs less than the catalog's lookup.
    static LAST_BOARD: RefCell<(String, Option<&'static dyn AnyBoard>)> =
        const { RefCell::new((String::new(), None)) };
}

/// The board named `name`: a shape (`3x3`, `4x4`) or a puzzle's name
/// (`eight`, `fifteen`), any case.
pub fn board(name: &str) -> PyResult<&'static dyn AnyBoard> {
    LAST_BOARD.with_borrow_mut(|(last_name, last_board)| {
        if let Some(board) = *last_board
            && last_name == name
        {
            return Ok(board);
        }
        let board =
            find_board(name).map_err(|unknown| PyValueError::new_err(unknown.to_string()))?;
        last_name.clear();
        last_name.push_str(name);
        *last_board = Some(board);
        Ok(board)
    })
}

/// The board named `name` answering in the metric named `metric`
/// (`"stm"`, a tile a move, or `"mtm"`, a slide a move: the boards up to
/// 16 cells).
pub fn board_in(name: &str, metric: &str) -> PyResult<&'static dyn AnyBoard> {
    let board = board(name)?;
    let metric: MetricKind = metric
        .parse()
        .map_err(|unknown: UnknownMetric| PyValueError::new_err(unknown.to_string()))?;
    if board.metric() == metric {
        return Ok(board);
    }
    board.in_metric(metric).ok_or_else(|| {
        let answered: Vec<&str> = boards()
            .filter(|board| board.in_metric(metric).is_some())
            .map(|board| board.name())
            .collect();
        PyValueError::new_err(format!(
            "`{}` has no answers in the multi-tile metric: metric=\"mtm\" answers {}",
            board.name(),
            answered.join(", ")
        ))
    })
}

/// A board's cells, held without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Cells {
    len: usize,
    cells: [u8; MAX_CELLS],
}

impl Cells {
    /// The cells, `cells[i]` the tile on cell `i`.
    pub fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len]
    }

    /// Cells copied from `cells`, which hold at most [`MAX_CELLS`].
    pub fn from_slice(cells: &[u8]) -> Self {
        let mut held = Cells {
            len: cells.len(),
            cells: [0; MAX_CELLS],
        };
        held.cells[..cells.len()].copy_from_slice(cells);
        held
    }

    /// The standard goal of `board`, `0 1 2 ...`.
    pub fn goal(board: &dyn AnyBoard) -> Self {
        let mut goal = Cells {
            len: board.geometry().cells(),
            cells: [0; MAX_CELLS],
        };
        for (cell, tile) in goal.cells.iter_mut().zip(0..) {
            *cell = tile;
        }
        goal
    }
}

/// The position `value` on `board`: its numbers, each a tile of the
/// board (each tile once is the question's check).
pub fn position(board: &dyn AnyBoard, value: &Bound<'_, PyAny>) -> PyResult<Cells> {
    let cells = board.geometry().cells();
    let numbers = if let Ok(text) = value.cast::<PyString>() {
        let parsed = board.parse(&text.to_cow()?).map_err(board_error)?;
        Cells::from_slice(&parsed)
    } else if let Ok(list) = value.cast::<PyList>() {
        numbers(cells, list.len(), list.iter())?
    } else if let Ok(tuple) = value.cast::<PyTuple>() {
        numbers(cells, tuple.len(), tuple.iter())?
    } else if let Ok(items) = value.try_iter() {
        let items: Vec<Bound<'_, PyAny>> = items.collect::<PyResult<_>>()?;
        numbers(cells, items.len(), items.into_iter())?
    } else {
        return Err(PyTypeError::new_err(format!(
            "a position is a sequence of numbers or a string, not {}",
            value.get_type().name()?
        )));
    };
    // Each tile once is checked by the question asked about it.
    Ok(numbers)
}

/// The `count` numbers of `items`, each a tile of a `cells`-cell board.
fn numbers<'py>(
    cells: usize,
    count: usize,
    items: impl Iterator<Item = Bound<'py, PyAny>>,
) -> PyResult<Cells> {
    if count != cells {
        return Err(board_error(BoardError::WrongCount {
            expected: cells,
            found: count,
        }));
    }
    let mut held = Cells {
        len: cells,
        cells: [0; MAX_CELLS],
    };
    for (i, item) in items.enumerate() {
        held.cells[i] = tile(&item, i, cells)?;
    }
    Ok(held)
}

/// Item `i` of a position on a `cells`-cell board, as a tile.
fn tile(item: &Bound<'_, PyAny>, i: usize, cells: usize) -> PyResult<u8> {
    let out_of_range = || {
        board_error(BoardError::OutOfRange {
            position: i + 1,
            cells,
        })
    };
    // Any integer, a numpy one too (through `__index__`), but not a float
    // or a bool.
    if item.is_instance_of::<pyo3::types::PyBool>() {
        return Err(board_error(BoardError::NotANumber { position: i + 1 }));
    }
    let number: i64 = match item.extract() {
        Ok(number) => number,
        Err(_) if item.is_instance_of::<pyo3::types::PyInt>() => return Err(out_of_range()),
        Err(_) => return Err(board_error(BoardError::NotANumber { position: i + 1 })),
    };
    u8::try_from(number)
        .ok()
        .filter(|&tile| usize::from(tile) < cells)
        .ok_or_else(out_of_range)
}

/// The target `value` on `board`: `None` or `"first"` the standard goal,
/// `"last"` the goal with the blank last, else a position.
pub fn target(board: &dyn AnyBoard, value: Option<&Bound<'_, PyAny>>) -> PyResult<Cells> {
    let Some(value) = value else {
        return Ok(Cells::goal(board));
    };
    if let Ok(text) = value.cast::<PyString>() {
        let text: &str = &text.to_cow()?;
        if text.eq_ignore_ascii_case("first") {
            return Ok(Cells::goal(board));
        }
        if text.eq_ignore_ascii_case("last") {
            return Ok(Cells::from_slice(&board.goal_last()));
        }
        if !text.bytes().any(|byte| byte.is_ascii_digit()) {
            return Err(PyValueError::new_err(format!(
                "target: `{text}` is not `first`, `last` or a position"
            )));
        }
    }
    let target = position(board, value).map_err(|error| in_target(value.py(), error))?;
    // Checked here, where an error can say it is the target's.
    board
        .can_reach(target.as_slice(), target.as_slice())
        .map_err(|error| in_target(value.py(), board_error(error)))?;
    Ok(target)
}

/// `error` about a target, saying so.
fn in_target(py: Python<'_>, error: PyErr) -> PyErr {
    if error.is_instance_of::<PyValueError>(py) {
        PyValueError::new_err(format!("target: {}", error.value(py)))
    } else {
        error
    }
}

/// The notation `name`: `"blank"` (the direction the blank travels) or
/// `"tile"` (the direction the tile slides), any case.
pub fn notation(name: &str) -> PyResult<Notation> {
    if name.eq_ignore_ascii_case("blank") {
        Ok(Notation::Blank)
    } else if name.eq_ignore_ascii_case("tile") {
        Ok(Notation::Tile)
    } else {
        Err(PyValueError::new_err(format!(
            "unknown notation `{name}`: `blank` (the direction the blank travels) or `tile` (the direction the tile slides)"
        )))
    }
}

/// A board the crate rejected, as a `ValueError` with its message.
pub fn board_error(error: BoardError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
