//! Gap, the card game: a layout from text (four lines of seven cards) or
//! from four rows of seven card codes, answered with the GIL released.

use puzzle_oracle::gap::{Layout, ROW_LEN, ROWS};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The layout `value`: text, or four rows of seven codes (`11` to `47`).
pub fn layout(value: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let layout = if let Ok(text) = value.cast::<PyString>() {
        Layout::parse(&text.to_cow()?)
    } else {
        let rows: Vec<Vec<i64>> = value.extract().map_err(|_| {
            PyTypeError::new_err(
                "a Gap layout is text (four lines of seven cards) or four rows of seven card codes",
            )
        })?;
        if rows.len() != ROWS || rows.iter().any(|row| row.len() != ROW_LEN) {
            return Err(PyValueError::new_err(format!(
                "a Gap layout has {ROWS} rows of {ROW_LEN} cards"
            )));
        }
        let mut codes = [[0u8; ROW_LEN]; ROWS];
        for (r, row) in rows.iter().enumerate() {
            for (c, &code) in row.iter().enumerate() {
                codes[r][c] = u8::try_from(code).map_err(|_| {
                    PyValueError::new_err(format!(
                        "row {}, column {}: {code} is not a card: two digits, suit 1-4 then value 1-7",
                        r + 1,
                        c + 1
                    ))
                })?;
            }
        }
        Layout::new(codes)
    };
    layout.map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The fewest moves that solve `layout`, `None` when nothing solves it.
pub fn min_moves(py: Python<'_>, layout: &Layout) -> Option<u32> {
    py.detach(|| layout.min_moves())
}

/// An optimal solution of `layout`, the cards moved in order as their
/// codes, `None` when nothing solves it.
pub fn solution(py: Python<'_>, layout: &Layout) -> Option<Vec<String>> {
    py.detach(|| {
        layout
            .solve()
            .map(|cards| cards.iter().map(ToString::to_string).collect())
    })
}
