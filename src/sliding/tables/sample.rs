//! Boards drawn uniformly at random: at an exact distance from a target,
//! or among all boards that can reach it.
//!
//! Every board that reaches a target is one slot of its goal class's table
//! (in the target's canonical frame), so a uniform slot is a uniform board.
//! For an exact distance the sampler lists that distance's slots once; a
//! draw is then one random number, an unranking and a renaming.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

use super::rank::{slots, unrank};
use super::{DistanceTable, Tabled};
use crate::sliding::board::Board;
use crate::sliding::board::random::MAX_REJECTIONS;
use crate::sliding::board::shape::frames::Frames as _;
use crate::sliding::board::storage::pack;

/// Draws boards, each from the random words the closure it is given
/// returns: what a board offers [`AnyBoard::drawer`](crate::AnyBoard::drawer).
pub(crate) type Drawer<B> = Box<dyn FnMut(&mut dyn FnMut() -> u64) -> B>;

/// A number uniform in `0..n` (`n > 0`) from uniform 64-bit words, without
/// modulo bias (Lemire's multiply-and-reject).
///
/// A uniform source is rejected with probability below `n / 2^64`, so a
/// second rejection in a row never happens in practice. A broken source
/// (one stuck at 0, say) would be rejected forever: after
/// [`MAX_REJECTIONS`] the last product is taken as it is, so a draw always
/// returns, and is only as uniform as its source.
fn below(random: &mut impl FnMut() -> u64, n: u64) -> u64 {
    let threshold = n.wrapping_neg() % n;
    let mut product = u128::from(random()) * u128::from(n);
    for _ in 0..MAX_REJECTIONS {
        if (product as u64) >= threshold {
            break;
        }
        product = u128::from(random()) * u128::from(n);
    }
    (product >> 64) as u64
}

/// Why a [`Sampler`] cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SampleError {
    /// No board is that far from the target.
    TooFar {
        /// The distance asked for.
        distance: u8,
        /// The largest distance of any board from the target.
        max: u8,
    },
    /// A board at an exact distance was asked of a board answered by
    /// search, which has no complete table to draw from.
    NoTable,
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SampleError::TooFar { distance, max } => write!(
                f,
                "no board is {distance} moves from the target: the most is {max}"
            ),
            SampleError::NoTable => f.write_str(
                "a board at an exact distance needs a complete table: \
                 only the boards up to 10 cells have one",
            ),
        }
    }
}

impl core::error::Error for SampleError {}

/// Draws boards uniformly: every board at the chosen distance from the
/// target (or every board that reaches it) equally likely. Needs the
/// `alloc` feature.
///
/// ```
/// use puzzle_oracle::{EightBoard, Sampler, SplitMix64};
///
/// let goal = EightBoard::goal();
/// let sampler = Sampler::at_distance(&goal, 31).unwrap();
/// assert_eq!(sampler.len(), 2); // the two hardest boards
/// let mut random = SplitMix64::new(1);
/// let board = sampler.draw(&mut || random.next_u64());
/// assert_eq!(board.distance_to(&goal), Some(31));
/// assert!(Sampler::at_distance(&goal, 32).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Sampler<const N: usize, const COLS: usize> {
    table: &'static DistanceTable,
    /// The slots to draw from; `None` for every slot of the table.
    slots: Option<Vec<u32>>,
    /// Maps canonical cells to the caller's cells.
    from_canonical: &'static [u8],
    /// `tile_of[name]`: the target's tile that the canonical goal calls
    /// `name`.
    tile_of: [u8; N],
}

impl<const N: usize, const COLS: usize> Sampler<N, COLS>
where
    Board<N, COLS>: Tabled,
{
    fn new(
        target: &Board<N, COLS>,
        table: &'static DistanceTable,
        slots: Option<Vec<u32>>,
    ) -> Self {
        let blank = target.blank();
        let mut tile_of = [0; N];
        for (cell, &name) in Board::<N, COLS>::goal_name(blank).iter().enumerate() {
            tile_of[usize::from(name)] = target.tile(cell);
        }
        Sampler {
            table,
            slots,
            from_canonical: Board::<N, COLS>::from_canonical(blank),
            tile_of,
        }
    }

    /// A sampler of the boards exactly `distance` moves from `target`.
    /// Lists them once, a scan of the table (well under a millisecond).
    ///
    /// # Errors
    ///
    /// [`SampleError::TooFar`] when no board is that far from the target.
    pub fn at_distance(target: &Board<N, COLS>, distance: u8) -> Result<Self, SampleError> {
        Self::at_distance_in(target, target.goal_table(), distance)
    }

    /// [`Sampler::at_distance`] in the metric of `table`, the table of
    /// `target`'s goal class in that metric.
    pub(crate) fn at_distance_in(
        target: &Board<N, COLS>,
        table: &'static DistanceTable,
        distance: u8,
    ) -> Result<Self, SampleError> {
        let max = table.max_distance();
        if distance > max {
            return Err(SampleError::TooFar { distance, max });
        }
        let mut slots = Vec::with_capacity(table.depth_counts()[usize::from(distance)] as usize);
        slots.extend(table.slots_at(distance).map(|index| index as u32));
        Ok(Sampler::new(target, table, Some(slots)))
    }

    /// A sampler of every board that can reach `target`. Lists nothing.
    ///
    /// ```
    /// use puzzle_oracle::{Sampler, SevenBoard, SplitMix64};
    /// let sampler = Sampler::reachable(&SevenBoard::goal());
    /// assert_eq!(sampler.len(), 20_160);
    /// let mut random = SplitMix64::new(5);
    /// assert!(sampler.draw(&mut || random.next_u64()).distance_to_goal().is_some());
    /// ```
    #[must_use]
    pub fn reachable(target: &Board<N, COLS>) -> Self {
        Sampler::new(target, target.goal_table(), None)
    }

    /// How many boards the sampler draws from.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.as_ref().map_or(slots(N), Vec::len)
    }

    /// Whether there is nothing to draw (never: every distance up to the
    /// largest has boards).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One board, uniformly, using `random` for uniform 64-bit words. It
    /// takes one word, and in rare cases a few more: a source that is not
    /// uniform still gets a board after at most 17 words, drawn as
    /// uniformly as the source allows.
    ///
    /// ```
    /// use puzzle_oracle::{Sampler, SevenBoard};
    /// let board = Sampler::reachable(&SevenBoard::goal()).draw(&mut || 0);
    /// assert!(board.distance_to_goal().is_some());
    /// ```
    pub fn draw(&self, random: &mut impl FnMut() -> u64) -> Board<N, COLS> {
        let pick = below(random, self.len() as u64) as usize;
        let slot = match &self.slots {
            Some(slots) => slots[pick] as usize,
            None => pick,
        };
        let canonical = unrank(slot, N, self.table.goal_half_parity(slot));
        let mut cells = [0u8; N];
        for (cell, &name) in canonical[..N].iter().enumerate() {
            cells[usize::from(self.from_canonical[cell])] = self.tile_of[usize::from(name)];
        }
        let blank = cells.iter().position(|&tile| tile == 0).unwrap_or_default();
        Board::from_packed(pack(&cells), blank)
    }
}

/// Draws boards for [`AnyBoard`](crate::AnyBoard) on a tabled board: every
/// board that reaches `target`, or every board exactly `distance` moves
/// from it.
pub(crate) fn table_drawer<const N: usize, const COLS: usize>(
    target: &Board<N, COLS>,
    distance: Option<u8>,
) -> Result<Drawer<Board<N, COLS>>, SampleError>
where
    Board<N, COLS>: Tabled,
{
    table_drawer_in(target, target.goal_table(), distance)
}

/// [`table_drawer`] in the metric of `table`, the table of `target`'s
/// goal class in that metric.
pub(crate) fn table_drawer_in<const N: usize, const COLS: usize>(
    target: &Board<N, COLS>,
    table: &'static DistanceTable,
    distance: Option<u8>,
) -> Result<Drawer<Board<N, COLS>>, SampleError>
where
    Board<N, COLS>: Tabled,
{
    let sampler = match distance {
        Some(distance) => Sampler::at_distance_in(target, table, distance)?,
        None => Sampler::reachable(target),
    };
    Ok(Box::new(move |random| sampler.draw(&mut || random())))
}
