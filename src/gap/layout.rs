//! A dealt layout: 4 rows of 7 cards, parsed from text and validated.

use core::fmt;

use super::card::{CELLS, Card, SUITS, VALUES};
use super::position::Position;
use crate::number::parse_digits;

/// Cards in a row of the layout.
///
/// ```
/// assert_eq!(puzzle_oracle::gap::ROW_LEN, 7);
/// ```
pub const ROW_LEN: usize = VALUES as usize;
/// Rows in a layout.
///
/// ```
/// assert_eq!(puzzle_oracle::gap::ROWS, 4);
/// ```
pub const ROWS: usize = SUITS as usize;

/// The 28 cards as dealt, before the four value-1 cards go to column 0.
/// Every card appears exactly once.
///
/// ```
/// use puzzle_oracle::gap::Layout;
///
/// let layout = Layout::parse(
///     "12 13 14 15 16 17 21\n\
///      22 23 24 25 26 27 31\n\
///      32 33 34 35 36 37 41\n\
///      42 43 44 45 46 47 11",
/// )?;
/// assert_eq!(layout.rows()[3][6].code(), 11);
/// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    rows: [[Card; ROW_LEN]; ROWS],
}

/// Why a layout was rejected. Rows and columns count from 1.
///
/// ```
/// use puzzle_oracle::gap::{Layout, LayoutError};
///
/// let mut rows = [[0u8; 7]; 4];
/// for (r, row) in rows.iter_mut().enumerate() {
///     for (c, code) in row.iter_mut().enumerate() {
///         *code = (r as u8 + 1) * 10 + c as u8 + 1;
///     }
/// }
/// rows[0][0] = 18;
/// assert_eq!(Layout::new(rows), Err(LayoutError::UnknownCard { row: 1, column: 1, code: 18 }));
/// rows[0][0] = 12;
/// assert!(matches!(Layout::new(rows), Err(LayoutError::Repeated { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LayoutError {
    /// The text did not have 4 non-blank lines.
    RowCount {
        /// Non-blank lines found.
        found: usize,
    },
    /// A row did not have 7 cards.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Cards found in it.
        found: usize,
    },
    /// An item is not a whole number.
    NotACard {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
    },
    /// A number is not one of the 28 cards (suit 1-4, value 1-7).
    UnknownCard {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The number, saturated at `u64::MAX`.
        code: u64,
    },
    /// A card appears twice, so another is missing.
    Repeated {
        /// The card seen twice.
        card: Card,
        /// The row of its second appearance, from 1.
        row: usize,
        /// The column of its second appearance, from 1.
        column: usize,
        /// A card that does not appear.
        missing: Card,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LayoutError::RowCount { found } => {
                write!(f, "expected {ROWS} rows of cards, found {found}")
            }
            LayoutError::RowLength { row, found } => {
                write!(f, "row {row} has {found} cards, expected {ROW_LEN}")
            }
            LayoutError::NotACard { row, column } => {
                write!(f, "row {row}, column {column} is not a number")
            }
            LayoutError::UnknownCard { row, column, code } => write!(
                f,
                "row {row}, column {column}: {code} is not a card (suit 1-4, value 1-7)"
            ),
            LayoutError::Repeated {
                card,
                missing,
                row,
                column,
            } => write!(
                f,
                "row {row}, column {column}: card {card} appears twice and card {missing} is missing"
            ),
        }
    }
}

impl core::error::Error for LayoutError {}

impl core::str::FromStr for Layout {
    type Err = LayoutError;

    /// [`Layout::parse`].
    ///
    /// ```
    /// let layout: puzzle_oracle::gap::Layout =
    ///     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11".parse()?;
    /// assert_eq!(layout.to_string().lines().count(), 4);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, LayoutError> {
        Layout::parse(text)
    }
}

impl fmt::Display for Layout {
    /// The 4 rows of 7 cards, as the input format writes them; it parses
    /// back to the same layout.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let text = "26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15";
    /// let layout = Layout::parse(text)?;
    /// assert_eq!(layout.to_string(), text);
    /// assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.rows.iter().enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            for (c, card) in row.iter().enumerate() {
                let separator = if c > 0 { " " } else { "" };
                write!(f, "{separator}{card}")?;
            }
        }
        Ok(())
    }
}

impl Layout {
    /// A layout from two-digit card codes, row by row.
    ///
    /// # Errors
    ///
    /// [`LayoutError::UnknownCard`] for a code that is not a card,
    /// [`LayoutError::Repeated`] for a card given twice.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let rows = [
    ///     [12, 13, 14, 15, 16, 17, 21],
    ///     [22, 23, 24, 25, 26, 27, 31],
    ///     [32, 33, 34, 35, 36, 37, 41],
    ///     [42, 43, 44, 45, 46, 47, 11],
    /// ];
    /// assert!(Layout::new(rows).is_ok());
    /// ```
    pub fn new(codes: [[u8; ROW_LEN]; ROWS]) -> Result<Self, LayoutError> {
        let mut rows = [[Card::from_movable_index(0); ROW_LEN]; ROWS];
        let mut seen: u64 = 0;
        for (r, row) in codes.iter().enumerate() {
            for (c, &code) in row.iter().enumerate() {
                let card = Card::from_code(code).ok_or(LayoutError::UnknownCard {
                    row: r + 1,
                    column: c + 1,
                    code: code.into(),
                })?;
                let bit = 1u64 << code;
                if seen & bit != 0 {
                    return Err(LayoutError::Repeated {
                        card,
                        row: r + 1,
                        column: c + 1,
                        missing: first_missing(&codes),
                    });
                }
                seen |= bit;
                rows[r][c] = card;
            }
        }
        Ok(Layout { rows })
    }

    /// A layout from text: 4 non-blank lines of 7 cards each, separated by
    /// any whitespace.
    ///
    /// # Errors
    ///
    /// [`LayoutError::RowCount`] unless 4 non-blank lines; then the errors
    /// of [`parse_row`] and [`Layout::new`].
    ///
    /// ```
    /// use puzzle_oracle::gap::{Layout, LayoutError};
    /// let text = "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47";
    /// assert_eq!(Layout::parse(text), Err(LayoutError::RowLength { row: 4, found: 6 }));
    /// ```
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        let mut codes = [[0u8; ROW_LEN]; ROWS];
        let mut found = 0;
        for line in text.lines().filter(|line| !line.trim_ascii().is_empty()) {
            if found < ROWS {
                codes[found] = parse_row(line, found + 1)?;
            }
            found += 1;
        }
        if found != ROWS {
            return Err(LayoutError::RowCount { found });
        }
        Layout::new(codes)
    }

    /// The cards as dealt.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let layout = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?;
    /// assert_eq!(layout.rows()[0][0].code(), 12);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub const fn rows(&self) -> [[Card; ROW_LEN]; ROWS] {
        self.rows
    }

    /// The position the game starts from: the value-1 cards moved to
    /// column 0 (those four moves are not counted), gaps where they were.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let layout = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?;
    /// assert!(layout.start().is_goal());
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> Position {
        let mut cells = [[None; ROW_LEN]; ROWS];
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &card) in row.iter().enumerate() {
                cells[r][c] = (card.value() != 1).then_some(card);
            }
        }
        Position::from_cells(cells)
    }
}

/// Parses one row of 7 card codes; `row` (from 1) is for errors. For
/// readers that take a layout a line at a time and report a bad row as
/// soon as they read it, as the command does; [`Layout::new`] then checks
/// the four rows together.
///
/// # Errors
///
/// [`LayoutError::NotACard`] or [`LayoutError::UnknownCard`] for a bad
/// item, [`LayoutError::RowLength`] unless 7 cards.
///
/// ```
/// use puzzle_oracle::gap::{parse_row, LayoutError};
/// assert_eq!(parse_row("12 13 14 15 16 17 21", 1), Ok([12, 13, 14, 15, 16, 17, 21]));
/// assert_eq!(parse_row("12 13 14 15 16 17 51", 2), Err(LayoutError::UnknownCard { row: 2, column: 7, code: 51 }));
/// assert_eq!(parse_row("12 x", 3), Err(LayoutError::NotACard { row: 3, column: 2 }));
/// ```
pub fn parse_row(line: &str, row: usize) -> Result<[u8; ROW_LEN], LayoutError> {
    let mut codes = [0u8; ROW_LEN];
    let mut found = 0;
    for (column, token) in line.split_ascii_whitespace().enumerate() {
        let position = (row, column + 1);
        let code = parse_digits(token).ok_or(LayoutError::NotACard {
            row: position.0,
            column: position.1,
        })?;
        let card = u8::try_from(code).ok().and_then(Card::from_code);
        let Some(card) = card else {
            return Err(LayoutError::UnknownCard {
                row: position.0,
                column: position.1,
                code,
            });
        };
        if found < ROW_LEN {
            codes[found] = card.code();
        }
        found += 1;
    }
    if found != ROW_LEN {
        return Err(LayoutError::RowLength { row, found });
    }
    Ok(codes)
}

/// The first of the 28 cards missing from `codes`, which holds 28 valid
/// codes with one repeated, so one is always missing.
fn first_missing(codes: &[[u8; ROW_LEN]; ROWS]) -> Card {
    let present = |card: Card| codes.iter().flatten().any(|&code| code == card.code());
    (0..CELLS as u8)
        .filter_map(|i| Card::new(i / VALUES + 1, i % VALUES + 1))
        .find(|&card| !present(card))
        .unwrap_or_else(|| unreachable!("28 cards with one repeated leave one out"))
}
