//! How many boards lie at each distance from a target (what `stats`
//! prints), from the cheapest source a build has for the board and
//! metric: its complete table, the published counts, or a breadth-first
//! search over every board. The command, the page and the Python package
//! all ask here, so that each answers the same boards.

use core::fmt;

use super::in_metric::MetricOracle;
#[cfg(feature = "fifteen")]
use crate::sliding::board::Geometry;
use crate::sliding::board::{Board, Puzzle};
#[cfg(any(feature = "fifteen", all(feature = "multi-tile", feature = "cache")))]
use crate::sliding::metric::MetricKind;
#[cfg(all(feature = "multi-tile", feature = "cache"))]
use crate::sliding::metric::{Metric, Mtm, Stm};
use crate::sliding::tables::DistanceTable;

/// The most cells a board may have for its depth counts to be searched
/// for: the 12-cell boards' 239,500,800 boards a goal class take about
/// 15 s on two cores; 14 cells would be 43.6 billion.
pub const MOST_CELLS_COUNTED: usize = 12;

/// Where the depth counts of a target come from: see
/// [`DepthCounts::of`].
///
/// ```
/// use puzzle_oracle::{DepthCounts, EightBoard, Stm};
///
/// let counts = DepthCounts::of::<Stm, 9, 3>(&EightBoard::goal()).unwrap();
/// assert!(!counts.searches());
/// # #[cfg(feature = "alloc")] {
/// let depths = counts.count(1);
/// assert_eq!(depths.len(), 32);
/// assert_eq!(depths.iter().sum::<u64>(), 181_440);
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum DepthCounts {
    /// The board's complete table in the metric: at once.
    Table(&'static DistanceTable),
    /// Published counts: 4x4's goals with the blank in a corner, a tile a
    /// move (OEIS A089484).
    Published(&'static [u64]),
    /// A breadth-first search over every board of the target's goal
    /// class (the boards of [`MOST_CELLS_COUNTED`] cells, features
    /// `multi-tile` and `cache`): seconds, and every thread it is given.
    #[cfg(all(feature = "multi-tile", feature = "cache"))]
    Search {
        /// The board's shape.
        geometry: crate::sliding::board::Geometry,
        /// The target's blank cell: its goal class.
        blank: usize,
        /// The metric counted in.
        metric: MetricKind,
    },
}

/// Why a target has no depth counts: its board is answered by search,
/// one board at a time, and too large to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoDepthCounts {
    name: &'static str,
    cells: usize,
    /// 4x4 a tile a move, where only the corner goals' are published.
    off_the_corners: bool,
}

impl DepthCounts {
    /// The depth counts of `target` in the metric `M`: the table where
    /// the board has one, else the published ones, else a breadth-first
    /// search on a board of at most [`MOST_CELLS_COUNTED`] cells.
    ///
    /// ```
    /// # #[cfg(feature = "fifteen")] {
    /// use puzzle_oracle::{DepthCounts, FifteenBoard, Stm};
    ///
    /// let corner = DepthCounts::of::<Stm, 16, 4>(&FifteenBoard::goal()).unwrap();
    /// assert_eq!(corner.count(1)[80], 17);
    /// let edge: FifteenBoard = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse().unwrap();
    /// assert!(DepthCounts::of::<Stm, 16, 4>(&edge).is_err());
    /// # }
    /// ```
    ///
    /// # Errors
    ///
    /// [`NoDepthCounts`] on a searched board too large to count.
    pub fn of<M, const N: usize, const COLS: usize>(
        target: &Board<N, COLS>,
    ) -> Result<DepthCounts, NoDepthCounts>
    where
        Board<N, COLS>: Puzzle,
        M: MetricOracle<Board<N, COLS>>,
    {
        if let Some(table) = M::goal_table(target) {
            return Ok(DepthCounts::Table(table));
        }
        let none = NoDepthCounts {
            name: Board::<N, COLS>::NAME,
            cells: N,
            off_the_corners: false,
        };
        #[cfg(feature = "fifteen")]
        if Board::<N, COLS>::GEOMETRY == Geometry::FIFTEEN && M::KIND == MetricKind::Stm {
            let (row, col) = (target.blank() / 4, target.blank() % 4);
            return match row % 3 == 0 && col % 3 == 0 {
                true => Ok(DepthCounts::Published(
                    &crate::sliding::search::fifteen::CORNER_DEPTH_COUNTS,
                )),
                false => Err(NoDepthCounts {
                    off_the_corners: true,
                    ..none
                }),
            };
        }
        #[cfg(all(feature = "multi-tile", feature = "cache"))]
        if N <= MOST_CELLS_COUNTED {
            return Ok(DepthCounts::Search {
                geometry: Board::<N, COLS>::GEOMETRY,
                blank: target.blank(),
                metric: M::KIND,
            });
        }
        Err(none)
    }

    /// Whether [`count`](DepthCounts::count) searches, for seconds,
    /// rather than reading counts kept.
    #[must_use]
    pub const fn searches(&self) -> bool {
        !matches!(self, DepthCounts::Table(_) | DepthCounts::Published(_))
    }

    /// The boards at each distance, from 0 to the farthest: a search on
    /// `threads` threads where [`searches`](DepthCounts::searches).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn count(&self, threads: usize) -> alloc::vec::Vec<u64> {
        let _ = threads;
        match *self {
            DepthCounts::Table(table) => table.depth_counts().iter().map(|&n| n.into()).collect(),
            DepthCounts::Published(counts) => counts.to_vec(),
            #[cfg(all(feature = "multi-tile", feature = "cache"))]
            DepthCounts::Search {
                geometry,
                blank,
                metric,
            } => match metric {
                MetricKind::Stm => count_by_search::<Stm>(geometry, blank, threads),
                MetricKind::Mtm => count_by_search::<Mtm>(geometry, blank, threads),
            },
        }
    }
}

/// Every board of `geometry`'s goal class of blank cell `blank`, counted
/// by distance in `M`.
#[cfg(all(feature = "multi-tile", feature = "cache"))]
fn count_by_search<M: Metric>(
    geometry: crate::sliding::board::Geometry,
    blank: usize,
    threads: usize,
) -> alloc::vec::Vec<u64> {
    crate::sliding::search::multi_tile::histogram_by_search::<M>(
        geometry,
        blank,
        threads.max(1),
        &|_| {},
    )
}

impl fmt::Display for NoDepthCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.off_the_corners {
            return f.write_str(
                "no depth histogram for 4x4 targets with the blank on an edge or in the centre: \
                 the board is solved by search, one board at a time, and only the corner \
                 targets' counts are published (OEIS A089484)",
            );
        }
        write!(f, "no depth histogram for the {} board: its ", self.name)?;
        // The reachable states, cells! / 2, with commas.
        let states: u128 = (3..=self.cells as u128).product();
        write_with_commas(f, states)?;
        f.write_str(
            " reachable states are out of reach of a table (it is solved by search, one board at a time)",
        )
    }
}

impl core::error::Error for NoDepthCounts {}

/// `n` in digits, with a comma every three.
fn write_with_commas(f: &mut fmt::Formatter<'_>, n: u128) -> fmt::Result {
    let mut digits = [0u8; 39];
    let mut len = 0;
    let mut rest = n;
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for i in (0..len).rev() {
        write!(f, "{}", char::from(digits[i]))?;
        if i > 0 && i % 3 == 0 {
            f.write_str(",")?;
        }
    }
    Ok(())
}
