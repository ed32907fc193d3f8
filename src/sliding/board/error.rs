//! Why a board was rejected, and the parsing of one tile number.

use core::fmt;

use crate::number::parse_digits;

/// Why a board was rejected. Positions count from 1.
///
/// A number is one or more ASCII digits: no sign (`-0`, `+3` are not
/// numbers), leading zeros allowed.
///
/// ```
/// use puzzle_oracle::{BoardError, SevenBoard};
///
/// assert_eq!("0 1 2 3 4 5 6".parse::<SevenBoard>(), Err(BoardError::WrongCount { expected: 8, found: 7 }));
/// assert_eq!("0 1 2 x 4 5 6 7".parse::<SevenBoard>(), Err(BoardError::NotANumber { position: 4 }));
/// assert_eq!("0 1 2 8 4 5 6 7".parse::<SevenBoard>(), Err(BoardError::OutOfRange { position: 4, cells: 8 }));
/// assert_eq!("0 1 2 2 4 5 6 7".parse::<SevenBoard>(), Err(BoardError::Repeated { tile: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoardError {
    /// The board needs `expected` numbers; the text had `found`.
    WrongCount {
        /// Numbers a board needs.
        expected: usize,
        /// Numbers given.
        found: usize,
    },
    /// The item at `position` is not a number (one or more ASCII digits).
    NotANumber {
        /// Its position among the items, from 1.
        position: usize,
    },
    /// The number at `position` is not a tile of a `cells`-cell board.
    OutOfRange {
        /// Its position among the items, from 1.
        position: usize,
        /// Cells of the board: tiles run from 0 to `cells - 1`.
        cells: usize,
    },
    /// `tile` appears more than once.
    Repeated {
        /// The repeated tile.
        tile: u8,
    },
    /// In the `/` form, row `row` (from 1) has `found` numbers; the board
    /// is `expected` wide.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// The board's width.
        expected: usize,
        /// Numbers in the row.
        found: usize,
    },
    /// In the `/` form, the board has `expected` rows; the text had
    /// `found`.
    RowCount {
        /// The board's rows.
        expected: usize,
        /// Rows given.
        found: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::WrongCount { expected, found } => {
                write!(f, "expected {expected} numbers, found {found}")
            }
            BoardError::NotANumber { position } => write!(f, "item {position} is not a number"),
            BoardError::OutOfRange { position, cells } => write!(
                f,
                "number {position} is out of range: tiles are 0 to {}",
                cells - 1
            ),
            BoardError::Repeated { tile } => write!(f, "tile {tile} appears more than once"),
            BoardError::RowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} numbers: the board is {expected} wide"
            ),
            BoardError::RowCount { expected, found } => {
                write!(f, "expected {expected} rows, found {found}")
            }
        }
    }
}

impl core::error::Error for BoardError {}

/// Parses one tile number of an `cells`-cell board; `position` is only for
/// the error. A number is one or more ASCII digits (see the crate docs).
pub(crate) fn parse_tile(token: &str, cells: usize, position: usize) -> Result<u8, BoardError> {
    match parse_digits(token) {
        None => Err(BoardError::NotANumber { position }),
        Some(value) if value < cells as u64 => Ok(value as u8),
        Some(_) => Err(BoardError::OutOfRange { position, cells }),
    }
}
