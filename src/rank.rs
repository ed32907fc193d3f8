//! The state index: a sliding-puzzle board to a dense slot number.
//!
//! Drop the blank and read the tiles in cell order. Take the lexicographic
//! rank of that order among all orders of the `n - 1` tiles, and halve it:
//! ranks `2k` and `2k + 1` differ only in the order of the last two tiles,
//! so they have opposite permutation parity, and with the blank on a given
//! cell exactly one parity is reachable from any goal. Then
//!
//! ```text
//! index = blank_cell * (n - 1)! / 2 + rank / 2
//! ```
//!
//! maps the reachable states of one goal onto `0 .. n! / 2` without gaps:
//! 20,160 slots for the 2x4 board and 181,440 for the 3x3 board.
//!
//! Ranking is O(n): a bitmask of the tiles already seen and `count_ones`
//! give each Lehmer digit. This file is shared with `build.rs`, so it uses
//! `core` only.

/// Number of index slots for a board of `cells` cells: `cells! / 2`.
///
/// ```
/// assert_eq!(puzzle_oracle::rank::slots(8), 20_160);
/// assert_eq!(puzzle_oracle::rank::slots(9), 181_440);
/// ```
pub const fn slots(cells: usize) -> usize {
    slots_per_blank_cell(cells) * cells
}

/// Number of index slots that share one blank cell: `(cells - 1)! / 2`.
///
/// ```
/// assert_eq!(puzzle_oracle::rank::slots_per_blank_cell(9), 20_160);
/// ```
pub const fn slots_per_blank_cell(cells: usize) -> usize {
    let mut product = 1;
    let mut k = 3;
    while k < cells {
        product *= k;
        k += 1;
    }
    product
}

/// What ranking a board yields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The dense slot number, in `0 .. slots(n)`.
    pub index: usize,
    /// The blank's cell.
    pub blank: usize,
    /// `true` when the tile order (blank dropped) has an odd number of
    /// inversions.
    pub odd: bool,
}

/// Ranks `cells`, a permutation of `0..n` (0 is the blank), `3 <= n <= 16`.
///
/// Returns `None` when `cells` is not such a permutation.
///
/// ```
/// use puzzle_oracle::rank::rank;
///
/// let goal = rank(&[0, 1, 2, 3, 4, 5, 6, 7]).unwrap();
/// assert_eq!((goal.index, goal.blank, goal.odd), (0, 0, false));
/// // Swapping the last two tiles keeps the slot but flips the parity.
/// let swapped = rank(&[0, 1, 2, 3, 4, 5, 7, 6]).unwrap();
/// assert_eq!((swapped.index, swapped.odd), (0, true));
/// assert_eq!(rank(&[0, 1, 1, 3, 4, 5, 6, 7]), None);
/// ```
pub fn rank(cells: &[u8]) -> Option<Ranked> {
    let n = cells.len();
    if !(3..=16).contains(&n) {
        return None;
    }
    let mut seen: u32 = 0;
    for &cell in cells {
        if usize::from(cell) >= n {
            return None;
        }
        seen |= 1 << cell;
    }
    (seen == (1 << n) - 1).then(|| rank_permutation(cells))
}

/// [`rank`] without the validity check: `cells` must be a permutation of
/// `0..n` with `3 <= n <= 16`.
#[inline]
pub(crate) fn rank_permutation(cells: &[u8]) -> Ranked {
    let tiles = cells.len() - 1;
    let mut seen: u32 = 0;
    let mut half_rank = 0;
    let mut inversions = 0;
    let mut blank = 0;
    let mut position = 0;
    for (cell, &value) in cells.iter().enumerate() {
        if value == 0 {
            blank = cell;
            continue;
        }
        // Tile `value` is `value - 1` among the tiles; its Lehmer digit is
        // how many smaller tiles are still to come.
        let tile = u32::from(value - 1);
        let smaller_seen = (seen & ((1 << tile) - 1)).count_ones();
        let digit = (tile - smaller_seen) as usize;
        seen |= 1 << tile;
        inversions += digit;
        // The last two digits (radix 2 and 1) are what halving drops.
        if position + 2 < tiles {
            half_rank = half_rank * (tiles - position) + digit;
        }
        position += 1;
    }
    Ranked {
        index: blank * slots_per_blank_cell(cells.len()) + half_rank,
        blank,
        odd: inversions % 2 == 1,
    }
}
