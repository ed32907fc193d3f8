//! Random boards without a table: a uniform permutation that reaches a
//! target, from a small generator whose seed gives the same words on
//! every platform.

use super::{Board, Puzzle};

/// A small, fast generator of uniform 64-bit words (`SplitMix64`, Steele et
/// al. 2014): the same seed gives the same words on every platform.
///
/// ```
/// use puzzle_oracle::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Words a draw rejects before it takes one anyway: a source stuck on a
/// rejected word still gives a board.
pub(crate) const MAX_REJECTIONS: usize = 16;

impl<const N: usize, const COLS: usize> Board<N, COLS>
where
    Self: Puzzle,
{
    /// A board drawn uniformly among every board that can reach `target`,
    /// using `random` for uniform 64-bit words: for any board, tabled or
    /// searched, without a table or an allocator. A uniform permutation
    /// (Fisher and Yates), and when it is in the half that cannot reach
    /// `target`, its first two tiles (blank aside) swapped, a one-to-one
    /// map between the halves. `puzzle-oracle random` draws its searched
    /// boards this way, so a seed gives the same boards from both.
    ///
    /// ```
    /// use puzzle_oracle::{EightBoard, SplitMix64};
    /// let mut random = SplitMix64::new(3);
    /// let goal = EightBoard::goal();
    /// let board = EightBoard::random_reaching(&goal, &mut || random.next_u64());
    /// assert!(board.can_reach(&goal));
    /// ```
    pub fn random_reaching(target: &Self, random: &mut impl FnMut() -> u64) -> Self {
        let mut cells: [u8; N] = core::array::from_fn(|cell| cell as u8);
        for i in (1..N).rev() {
            cells.swap(i, below_by_modulo(random, i as u64 + 1) as usize);
        }
        let board = Board::new(cells).unwrap_or_else(|_| unreachable!("a permutation"));
        if board.can_reach(target) {
            return board;
        }
        let mut tiles = (0..N).filter(|&cell| cells[cell] != 0);
        let (a, b) = (tiles.next().unwrap_or(0), tiles.next().unwrap_or(1));
        cells.swap(a, b);
        Board::new(cells).unwrap_or_else(|_| unreachable!("a permutation"))
    }
}

/// A number uniform in `0..n` (`n > 0`): words at or above the largest
/// multiple of `n` are drawn again, at most [`MAX_REJECTIONS`] times. Not
/// the tables' unbiased draw, so that a seed keeps drawing the boards
/// `puzzle-oracle random` has always drawn from it.
fn below_by_modulo(random: &mut impl FnMut() -> u64, n: u64) -> u64 {
    let limit = u64::MAX - u64::MAX % n;
    let mut word = random();
    for _ in 0..MAX_REJECTIONS {
        if word < limit {
            break;
        }
        word = random();
    }
    word % n
}
