//! Gap, the card game: the fewest moves from a dealt layout to the goal,
//! searched at run time. Needs the `alloc` feature (the search's state set
//! grows with the layout).
//!
//! 28 cards `11`..`47` (suit 1-4, value 1-7) are dealt in 4 rows of 7,
//! right of an empty column 0. The four value-1 cards move to column 0
//! (`11` to row 1, `21` to row 2, ...), leaving four gaps; those moves are
//! not counted. A move fills a gap with the successor (same suit, one
//! value higher) of the card to the gap's left; nothing can fill a gap
//! whose left neighbour is a gap or a 7. The goal: row `r` holds
//! `r1 r2 ... r7` and then a gap.
//!
//! ```
//! use puzzle_oracle::gap::Layout;
//!
//! let layout = Layout::parse(
//!     "26 31 13 44 21 24 42\n\
//!      17 45 23 25 41 36 11\n\
//!      46 34 14 12 37 32 47\n\
//!      16 43 27 35 22 33 15",
//! )?;
//! assert_eq!(layout.min_moves(), Some(33));
//! # Ok::<(), puzzle_oracle::gap::LayoutError>(())
//! ```

mod card;
mod heuristic;
mod layout;
mod position;
mod reduction;
mod search;
mod set;
mod state;

pub use card::{Card, CardError};
pub use layout::{Layout, LayoutError, ROW_LEN, ROWS, parse_row};
pub use position::Position;
pub use search::Solver;

use alloc::vec::Vec;

impl Layout {
    /// The fewest moves that solve this layout, or `None` when it cannot be
    /// solved. For many layouts, reuse a [`Solver`].
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let layout = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?;
    /// assert_eq!(layout.min_moves(), Some(0));
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn min_moves(&self) -> Option<u32> {
        Solver::new().min_moves(self)
    }

    /// An optimal move sequence (the cards moved, in order), or `None` when
    /// the layout cannot be solved.
    ///
    /// ```
    /// use puzzle_oracle::gap::Layout;
    /// let layout = Layout::parse("12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11")?;
    /// assert_eq!(layout.solve(), Some(vec![]));
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn solve(&self) -> Option<Vec<Card>> {
        Solver::new().solve(self)
    }
}
