//! A position of the game: the 4x8 board with four gaps, and its moves.

use core::fmt;

use super::card::{Card, SUITS, VALUES};

const ROWS: usize = SUITS as usize;
/// Columns that cards move in (1..=7); column 0 is fixed.
const COLUMNS: usize = VALUES as usize;

/// The board during play. Column 0 holds `11`, `21`, `31`, `41` (row by
/// row) and never changes; columns 1..=7 hold the 24 other cards and four
/// gaps.
///
/// A move fills a gap with the successor of the card to its left: nothing
/// can fill a gap whose left neighbour is a gap or a 7.
///
/// ```
/// use puzzle_oracle::gap::{Card, Layout};
///
/// let layout = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 11 47")?;
/// let start = layout.start();
/// // The gap at row 4, column 6 follows 46, so 47 may fill it.
/// let card = Card::new(4, 7).unwrap();
/// assert_eq!(start.legal_moves().collect::<Vec<_>>(), [card]);
/// assert!(start.play(card).unwrap().is_goal());
/// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `cells[row][column - 1]` for columns 1..=7; `None` is a gap.
    cells: [[Option<Card>; COLUMNS]; ROWS],
}

impl Position {
    pub(crate) const fn from_cells(cells: [[Option<Card>; COLUMNS]; ROWS]) -> Self {
        Position { cells }
    }

    /// The card at `row` (0..4) and `column` (0..8), or `None` for a gap or
    /// a cell off the board.
    ///
    /// ```
    /// use puzzle_oracle::gap::{Card, Layout};
    /// let start = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?.start();
    /// assert_eq!(start.cell(1, 0), Card::new(2, 1));
    /// assert_eq!(start.cell(1, 7), None);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn cell(&self, row: usize, column: usize) -> Option<Card> {
        match column {
            0 if row < ROWS => Card::new(row as u8 + 1, 1),
            _ => *self.cells.get(row)?.get(column.checked_sub(1)?)?,
        }
    }

    /// Whether every row reads `r1 r2 ... r7` and then a gap.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let start = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?.start();
    /// assert!(start.is_goal());
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn is_goal(&self) -> bool {
        (0..ROWS).all(|row| {
            (0..=COLUMNS)
                .all(|column| self.cell(row, column) == Card::new(row as u8 + 1, column as u8 + 1))
        })
    }

    /// The cards that can move now, one per fillable gap (at most four).
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let start = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?.start();
    /// assert_eq!(start.legal_moves().count(), 0);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Card> + '_ {
        (0..ROWS).flat_map(move |row| {
            (1..=COLUMNS).filter_map(move |column| match self.cell(row, column) {
                Some(_) => None,
                None => self.cell(row, column - 1)?.successor(),
            })
        })
    }

    /// The position after `card` fills the gap to the right of its
    /// predecessor, or `None` when that is not a legal move.
    ///
    /// ```
    /// use puzzle_oracle::gap::{Card, Layout};
    /// let start = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?.start();
    /// assert_eq!(start.play(Card::new(1, 2).unwrap()), None);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn play(&self, card: Card) -> Option<Position> {
        let predecessor = Card::new(card.suit(), card.value().checked_sub(1)?)?;
        let (row, column) = self.find(predecessor)?;
        let target = (row, column + 1);
        if target.1 > COLUMNS || self.cell(target.0, target.1).is_some() || card.value() == 1 {
            return None;
        }
        let (from_row, from_column) = self.find(card)?;
        let mut next = *self;
        next.cells[from_row][from_column - 1] = None;
        next.cells[target.0][target.1 - 1] = Some(card);
        Some(next)
    }

    /// Row and column of `card`.
    fn find(&self, card: Card) -> Option<(usize, usize)> {
        (0..ROWS)
            .flat_map(|row| (0..=COLUMNS).map(move |column| (row, column)))
            .find(|&(row, column)| self.cell(row, column) == Some(card))
    }
}

impl fmt::Display for Position {
    /// Four lines of eight columns; `--` marks a gap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..ROWS {
            for column in 0..=COLUMNS {
                let sep = if column == 0 { "" } else { " " };
                match self.cell(row, column) {
                    Some(card) => write!(f, "{sep}{card}")?,
                    None => write!(f, "{sep}--")?,
                }
            }
            if row + 1 < ROWS {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
