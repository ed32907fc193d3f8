//! The board: typed sliding-puzzle boards, parsed and validated from
//! text, with their storage, geometry, symmetries, notation, errors and
//! caps.

use core::fmt;
use core::str::FromStr;

pub(crate) mod error;
pub(crate) mod geometry;
pub mod limits;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod random;
pub(crate) mod shape;
pub(crate) mod slide;
pub(crate) mod storage;
pub(crate) mod symmetry;

pub use error::BoardError;
use error::parse_tile;
pub use geometry::{Direction, Geometry};
#[cfg(pattern_search)]
pub(crate) use moves::MovePath;
pub use moves::{Moves, MovesIter};
pub use notation::{MoveError, Notation, ParseMoves, ParseSlides, Written, WrittenSlide};
pub use random::SplitMix64;
pub use shape::Puzzle;
pub use slide::{Slide, Slides, SlidesIter};
use storage::{pack, swap_with_blank_wide, tile_of};

/// A valid board of `N` cells in rows of `COLS`: every number `0..N`
/// exactly once, 0 the blank, cells in row-major order.
///
/// The type is the board's shape: `Board<8, 4>` is 2x4 (the Seven Puzzle,
/// alias [`SevenBoard`]), `Board<8, 2>` is 4x2, `Board<9, 3>` is 3x3
/// ([`EightBoard`]), `Board<16, 4>` is 4x4 (`FifteenBoard`). So 3x4 and
/// 2x6, or 4x4 and 2x8, are distinct types. A shape is usable when the
/// crate answers it (see [`Puzzle`]).
///
/// A board stores its cells in one `u128`: four bits a tile up to 16
/// cells, five bits a tile above (the 24-puzzle's 25 cells take 125
/// bits). The width is the shape's, so a narrow board's code reads its
/// low word alone; the rest of the type (parsing, moves, framing) does
/// not depend on the width of a tile.
///
/// ```
/// use puzzle_oracle::SevenBoard;
///
/// let board: SevenBoard = "7 6 5 4 3 2 1 0".parse()?;
/// assert_eq!(board.blank(), 7);
/// assert!("7 6 5 4 3 2 1".parse::<SevenBoard>().is_err());
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board<const N: usize, const COLS: usize> {
    /// The cells four bits each (five above 16 cells), cell 0 lowest:
    /// the form ranking reads.
    packed: u128,
    blank: u8,
}

/// The Seven Puzzle's 2x4 board.
///
/// ```
/// let board: puzzle_oracle::SevenBoard = "1 0 2 3 4 5 6 7".parse()?;
/// assert_eq!(board.distance_to_goal(), Some(1));
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
pub type SevenBoard = Board<8, 4>;
/// The Eight Puzzle's 3x3 board.
///
/// ```
/// let board: puzzle_oracle::EightBoard = "1 0 2 3 4 5 6 7 8".parse()?;
/// assert_eq!(board.distance_to_goal(), Some(1));
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
pub type EightBoard = Board<9, 3>;

/// The Fifteen Puzzle's 4x4 board. Its answers come from a search guided
/// by pattern databases (feature `fifteen`), not from a complete table.
/// Without the feature there is no such type: the compiler says so,
/// naming the feature.
///
/// ```
/// let board: puzzle_oracle::FifteenBoard = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse()?;
/// assert_eq!(board.blank(), 1);
/// # Ok::<(), puzzle_oracle::BoardError>(())
/// ```
#[cfg(feature = "fifteen")]
pub type FifteenBoard = Board<16, 4>;

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Puzzle,
{
    /// Whether `target` can be reached from this board, by parity alone:
    /// every move changes the tile order's inversions by the cells it
    /// passes (0 along a row, `COLS - 1` along a column), and the blank's
    /// row by one along a column, so on an odd-width board the inversions'
    /// parity is kept, and on an even-width board their sum with the
    /// blank's row; boards that agree on it are connected.
    ///
    /// ```
    /// use puzzle_oracle::{EightBoard, SevenBoard};
    /// let swapped = SevenBoard::parse("0 2 1 3 4 5 6 7")?;
    /// assert!(!swapped.can_reach(&SevenBoard::goal()));
    /// assert!(swapped.can_reach(&SevenBoard::parse("0 1 2 3 4 5 7 6")?));
    /// // Blank first or last: opposite classes on 2x4, the same on 3x3.
    /// assert!(!SevenBoard::goal().can_reach(&SevenBoard::goal_last()));
    /// assert!(EightBoard::goal().can_reach(&EightBoard::goal_last()));
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    #[must_use]
    pub fn can_reach(&self, target: &Self) -> bool {
        self.parity() == target.parity()
    }

    /// The invariant of [`Board::can_reach`].
    fn parity(&self) -> bool {
        let mut seen: u64 = 0;
        let mut inversions = 0;
        for cell in 0..N {
            let tile = self.tile(cell);
            if tile != 0 {
                inversions += (seen >> tile).count_ones();
                seen |= 1 << tile;
            }
        }
        let blank_row = if COLS.is_multiple_of(2) {
            self.blank() / COLS
        } else {
            0
        };
        (inversions as usize + blank_row) % 2 == 1
    }

    /// A board from its cells, row-major, 0 the blank.
    ///
    /// # Errors
    ///
    /// [`BoardError::OutOfRange`] for a tile of `N` or more,
    /// [`BoardError::Repeated`] for a tile given twice.
    ///
    /// ```
    /// use puzzle_oracle::{BoardError, EightBoard};
    ///
    /// assert!(EightBoard::new([1, 2, 3, 0, 8, 4, 7, 6, 5]).is_ok());
    /// assert_eq!(EightBoard::new([1, 1, 3, 0, 8, 4, 7, 6, 5]), Err(BoardError::Repeated { tile: 1 }));
    /// assert!(matches!(EightBoard::new([9, 2, 3, 0, 8, 4, 7, 6, 5]), Err(BoardError::OutOfRange { .. })));
    /// ```
    pub fn new(cells: [u8; N]) -> Result<Self, BoardError> {
        let mut seen: u32 = 0;
        let mut blank = 0;
        for (position, &tile) in cells.iter().enumerate() {
            if usize::from(tile) >= N {
                return Err(BoardError::OutOfRange {
                    position: position + 1,
                    cells: N,
                });
            }
            if seen & (1 << tile) != 0 {
                return Err(BoardError::Repeated { tile });
            }
            seen |= 1 << tile;
            if tile == 0 {
                blank = position as u8;
            }
        }
        Ok(Board {
            packed: pack(&cells),
            blank,
        })
    }

    /// The standard goal: the blank on cell 0, then tiles `1..N` in order
    /// (`0 1 2 3 4 5 6 7` for the Seven Puzzle, `0 1 2 ... 8` for the
    /// Eight Puzzle).
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().cells(), [0, 1, 2, 3, 4, 5, 6, 7]);
    /// ```
    #[must_use]
    pub fn goal() -> Self {
        let cells: [u8; N] = core::array::from_fn(|cell| cell as u8);
        Board {
            packed: pack(&cells),
            blank: 0,
        }
    }

    /// The goal with the blank last: tiles `1..N` in order, then the blank
    /// (`1 2 3 4 5 6 7 8 0`), the speedsolvers' and Sam Loyd's goal.
    ///
    /// ```
    /// use puzzle_oracle::EightBoard;
    /// assert_eq!(EightBoard::goal_last().cells(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// assert_eq!(EightBoard::goal().distance_to(&EightBoard::goal_last()), Some(22));
    /// ```
    #[must_use]
    pub fn goal_last() -> Self {
        let cells: [u8; N] = core::array::from_fn(|cell| ((cell + 1) % N) as u8);
        Board {
            packed: pack(&cells),
            blank: (N - 1) as u8,
        }
    }

    /// A board from its numbers, row-major: separated by any whitespace
    /// (`1 2 3 0 8 4 7 6 5`, a grid of lines too), or rows separated by
    /// `/` (`1 2 3/0 8 4/7 6 5`, the form speedsolvers share), where each
    /// row must have the board's width. The same as `str::parse`.
    ///
    /// # Errors
    ///
    /// As [`Board::from_tokens`], on the whitespace-separated items; in the
    /// `/` form also [`BoardError::RowCount`] and [`BoardError::RowLength`].
    ///
    /// ```
    /// use puzzle_oracle::{BoardError, EightBoard};
    /// let board = EightBoard::parse("1 2 3\t0 8 4\r\n7 6 5")?;
    /// assert_eq!(board.blank(), 3);
    /// assert_eq!(EightBoard::parse("1 2 3/0 8 4/7 6 5")?, board);
    /// assert_eq!(
    ///     EightBoard::parse("1 2 3 0/8 4/7 6 5"),
    ///     Err(BoardError::RowLength { row: 1, expected: 3, found: 4 })
    /// );
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, BoardError> {
        if text.contains('/') {
            Self::parse_rows(text)
        } else {
            Self::from_tokens(text.split_ascii_whitespace())
        }
    }

    /// The `/` form of [`Board::parse`].
    fn parse_rows(text: &str) -> Result<Self, BoardError> {
        let rows = N / COLS;
        let mut cells = [0; N];
        let mut found_rows = 0;
        for (row, line) in text.split('/').enumerate() {
            found_rows += 1;
            if row >= rows {
                continue;
            }
            let mut found = 0;
            for token in line.split_ascii_whitespace() {
                if found < COLS {
                    let position = row * COLS + found + 1;
                    cells[position - 1] = parse_tile(token, N, position)?;
                }
                found += 1;
            }
            if found != COLS {
                return Err(BoardError::RowLength {
                    row: row + 1,
                    expected: COLS,
                    found,
                });
            }
        }
        if found_rows != rows {
            return Err(BoardError::RowCount {
                expected: rows,
                found: found_rows,
            });
        }
        Self::new(cells)
    }

    /// Parses the tile number `token`, the `position`-th item (from 1) of a
    /// board; for readers that take boards apart themselves.
    ///
    /// # Errors
    ///
    /// [`BoardError::NotANumber`] unless `token` is one or more ASCII
    /// digits, [`BoardError::OutOfRange`] unless it is below `N`.
    ///
    /// ```
    /// use puzzle_oracle::{BoardError, SevenBoard};
    ///
    /// assert_eq!(SevenBoard::parse_tile("7", 1), Ok(7));
    /// assert_eq!(SevenBoard::parse_tile("007", 1), Ok(7));
    /// assert_eq!(SevenBoard::parse_tile("8", 2), Err(BoardError::OutOfRange { position: 2, cells: 8 }));
    /// assert_eq!(SevenBoard::parse_tile("-1", 3), Err(BoardError::NotANumber { position: 3 }));
    /// assert_eq!(SevenBoard::parse_tile("+3", 4), Err(BoardError::NotANumber { position: 4 }));
    /// ```
    pub fn parse_tile(token: &str, position: usize) -> Result<u8, BoardError> {
        parse_tile(token, N, position)
    }

    /// A board from exactly `N` number tokens.
    ///
    /// # Errors
    ///
    /// [`BoardError::WrongCount`] unless `N` tokens; [`BoardError::NotANumber`]
    /// or [`BoardError::OutOfRange`] for a bad token; then as [`Board::new`].
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// let board = SevenBoard::from_tokens(["1", "0", "2", "3", "4", "5", "6", "7"])?;
    /// assert_eq!(board.blank(), 1);
    /// # Ok::<(), puzzle_oracle::BoardError>(())
    /// ```
    pub fn from_tokens<'a>(tokens: impl IntoIterator<Item = &'a str>) -> Result<Self, BoardError> {
        let mut cells = [0; N];
        let mut found = 0;
        for token in tokens {
            if found < N {
                cells[found] = parse_tile(token, N, found + 1)?;
            }
            found += 1;
        }
        if found != N {
            return Err(BoardError::WrongCount { expected: N, found });
        }
        Self::new(cells)
    }

    /// The cells, row-major, 0 the blank.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().cells()[1], 1);
    /// ```
    #[must_use]
    pub fn cells(&self) -> [u8; N] {
        core::array::from_fn(|cell| self.tile(cell))
    }

    /// The tile on `cell` (0 for the blank); `cell < N`.
    #[inline]
    pub(crate) fn tile(&self, cell: usize) -> u8 {
        tile_of(self.packed, N, cell)
    }

    /// Builds a board from parts the caller has already validated.
    #[inline]
    pub(crate) fn from_packed(packed: u128, blank: usize) -> Self {
        Board {
            packed,
            blank: blank as u8,
        }
    }

    /// The cells packed four bits each, cell 0 in the lowest nibble, on a
    /// board of up to 16 cells; five bits each on a larger one.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().packed(), 0x7654_3210);
    /// ```
    #[must_use]
    pub const fn packed(&self) -> u128 {
        self.packed
    }

    /// The blank's cell.
    ///
    /// ```
    /// use puzzle_oracle::SevenBoard;
    /// assert_eq!(SevenBoard::goal().blank(), 0);
    /// ```
    #[must_use]
    pub const fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The board after the blank moves one cell in `dir`, or `None` when
    /// that would leave the board.
    ///
    /// ```
    /// use puzzle_oracle::{Direction, SevenBoard};
    ///
    /// let goal = SevenBoard::goal();
    /// assert_eq!(goal.moved(Direction::Right).unwrap().cells(), [1, 0, 2, 3, 4, 5, 6, 7]);
    /// assert_eq!(goal.moved(Direction::Up), None);
    /// ```
    #[must_use]
    pub fn moved(&self, dir: Direction) -> Option<Self> {
        let blank = self.blank();
        let tile = Self::GEOMETRY.neighbour(blank, dir)?;
        Some(Board::from_packed(
            swap_with_blank_wide(self.packed, N, blank, tile),
            tile,
        ))
    }

    /// The board after `slide` (the blank travelling `slide.tiles` cells
    /// in its direction, one multi-tile move), or `None` when that would
    /// leave the board.
    ///
    /// ```
    /// use puzzle_oracle::{Direction, SevenBoard, Slide};
    ///
    /// let goal = SevenBoard::goal();
    /// let slid = goal.slid(Slide::new(Direction::Right, 3)).unwrap();
    /// assert_eq!(slid.cells(), [1, 2, 3, 0, 4, 5, 6, 7]);
    /// assert_eq!(goal.slid(Slide::new(Direction::Right, 4)), None);
    /// ```
    #[must_use]
    pub fn slid(&self, slide: Slide) -> Option<Self> {
        slide.steps().try_fold(*self, |board, dir| board.moved(dir))
    }
}

impl<const N: usize, const COLS: usize> FromStr for Board<N, COLS>
where
    Self: Puzzle,
{
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Self, BoardError> {
        Self::parse(text)
    }
}

impl<const N: usize, const COLS: usize> fmt::Display for Board<N, COLS>
where
    Self: Puzzle,
{
    /// Space-separated cells on one line; `{:#}` draws the grid with `.`
    /// for the blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = usize::from(Self::GEOMETRY.cols());
        for (cell, tile) in self.cells().into_iter().enumerate() {
            if f.alternate() {
                let sep = if cell % cols == 0 { "" } else { " " };
                let end = if cell % cols == cols - 1 && cell + 1 < N {
                    "\n"
                } else {
                    ""
                };
                // Columns line up when some tiles take two digits.
                let width = if N > 10 { 2 } else { 1 };
                match tile {
                    0 => write!(f, "{sep}{:>width$}{end}", ".")?,
                    _ => write!(f, "{sep}{tile:>width$}{end}")?,
                }
            } else {
                let sep = if cell == 0 { "" } else { " " };
                write!(f, "{sep}{tile}")?;
            }
        }
        Ok(())
    }
}
