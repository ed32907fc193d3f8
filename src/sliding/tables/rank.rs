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
//! Ranking is O(n) and branch-free: nibble counters of the smaller tiles
//! already seen give each Lehmer digit. This file is shared with
//! `build.rs`, so it uses `core` only.

use super::storage::pack;

/// Number of index slots for a board of `cells` cells: `cells! / 2`
/// (20,160 for 8 cells, 181,440 for 9); `cells` is at most
/// [`MAX_CELLS`], which the tables' boards are by construction.
#[must_use]
pub(crate) const fn slots(cells: usize) -> usize {
    slots_per_blank_cell(cells) * cells
}

/// Number of index slots that share one blank cell: `(cells - 1)! / 2`
/// (20,160 for 9 cells); `cells` is at most [`MAX_CELLS`].
#[must_use]
pub(crate) const fn slots_per_blank_cell(cells: usize) -> usize {
    assert!(cells <= MAX_CELLS, "more slots than a 32-bit usize holds");
    let mut product = 1;
    let mut k = 3;
    while k < cells {
        product *= k;
        k += 1;
    }
    product
}

/// What ranking a board yields.
///
/// ```
/// let ranked = puzzle_oracle::rank::rank(&[1, 0, 2, 3, 4, 5, 6, 7]).unwrap();
/// assert_eq!((ranked.index, ranked.blank, ranked.odd), (2520, 1, false));
/// ```
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

/// Largest board [`rank`] accepts: `12! / 2` slots still fit a 32-bit
/// `usize`.
///
/// ```
/// use puzzle_oracle::rank::{rank, MAX_CELLS};
/// assert!(rank(&[0; MAX_CELLS + 1]).is_none());
/// ```
pub const MAX_CELLS: usize = super::limits::MAX_TABLED_CELLS;

/// Ranks `cells`, a permutation of `0..n` (0 is the blank), with
/// `3 <= n <= MAX_CELLS`.
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
#[must_use]
pub fn rank(cells: &[u8]) -> Option<Ranked> {
    let n = cells.len();
    if !(3..=MAX_CELLS).contains(&n) {
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

/// `HALF_WEIGHTS[n][p]`: what the Lehmer digit of the tile at position `p`
/// (blank dropped) adds to the halved rank on an `n`-cell board:
/// `(n - 2 - p)! / 2`, and 0 for the last two positions, whose order is
/// what halving drops.
const HALF_WEIGHTS: [[usize; MAX_CELLS]; MAX_CELLS + 1] = {
    let mut weights = [[0; MAX_CELLS]; MAX_CELLS + 1];
    let mut n = 3;
    while n <= MAX_CELLS {
        let tiles = n - 1;
        let mut p = 0;
        while p + 2 < tiles {
            weights[n][p] = slots_per_blank_cell(tiles - p);
            p += 1;
        }
        n += 1;
    }
    weights
};

const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// [`rank`] without the validity check: `cells` must be a permutation of
/// `0..n` with `3 <= n <= MAX_CELLS`.
#[inline]
pub(crate) fn rank_permutation(cells: &[u8]) -> Ranked {
    // At most 12 cells: four bits a tile, in the low word.
    let packed = pack(cells) as u64;
    // The lowest zero nibble is the blank (the unused high nibbles are
    // zero too, but higher).
    let zero_nibbles = packed.wrapping_sub(NIBBLE_ONES) & !packed & (NIBBLE_ONES << 3);
    let blank = (zero_nibbles.trailing_zeros() / 4) as usize;
    rank_packed(packed, blank, cells.len())
}

/// Ranks an `n`-cell permutation packed by [`pack`] whose blank is on
/// `blank`.
///
/// No branches, so the blank's position costs no misprediction, and each
/// digit's contribution is independent of the others (no Horner chain).
#[inline]
pub(crate) fn rank_packed(packed: u64, blank: usize, n: usize) -> Ranked {
    let below_blank = (1u64 << (4 * blank)) - 1;
    let tiles = (packed & below_blank) | ((packed >> 4) & !below_blank);

    let weights = &HALF_WEIGHTS[n];
    // Nibble k of `smaller_seen` counts the tiles below k seen so far.
    let mut smaller_seen: u64 = 0;
    let mut half_rank = 0;
    let mut inversions = 0;
    for (position, &weight) in weights.iter().enumerate().take(n - 1) {
        let tile = ((tiles >> (4 * position)) & 15) as u32 - 1;
        // The Lehmer digit: smaller tiles not seen yet, so still to come.
        let digit = (tile - ((smaller_seen >> (4 * tile)) & 15) as u32) as usize;
        smaller_seen += NIBBLE_ONES << (4 * (tile + 1));
        inversions += digit;
        half_rank += digit * weight;
    }
    Ranked {
        index: blank * slots_per_blank_cell(n) + half_rank,
        blank,
        odd: inversions % 2 == 1,
    }
}

/// The inverse of ranking: the cells (0 the blank) of slot `index` of an
/// `n`-cell board, in the half of the state space whose tile order
/// (blank dropped) has odd inversions when `odd`.
#[cfg(feature = "alloc")]
pub(crate) fn unrank(index: usize, n: usize, odd: bool) -> [u8; MAX_CELLS] {
    debug_assert!((3..=MAX_CELLS).contains(&n) && index < slots(n));
    let per_blank = slots_per_blank_cell(n);
    let (blank, mut half_rank) = (index / per_blank, index % per_blank);
    let tiles = n - 1;
    // The tiles not yet placed, in increasing order.
    let mut left = [0u8; MAX_CELLS];
    for (i, slot) in left.iter_mut().enumerate().take(tiles) {
        *slot = i as u8 + 1;
    }
    let mut order = [0u8; MAX_CELLS];
    let mut inversions = 0;
    for position in 0..tiles - 2 {
        let weight = HALF_WEIGHTS[n][position];
        let digit = half_rank / weight;
        half_rank %= weight;
        inversions += digit;
        order[position] = left[digit];
        left.copy_within(digit + 1..tiles - position, digit);
    }
    // The last two tiles: the order that gives the wanted parity.
    let (low, high) = (left[0], left[1]);
    let swap = (inversions % 2 == 1) != odd;
    (order[tiles - 2], order[tiles - 1]) = if swap { (high, low) } else { (low, high) };
    let mut cells = [0u8; MAX_CELLS];
    cells[..blank].copy_from_slice(&order[..blank]);
    cells[blank + 1..n].copy_from_slice(&order[blank..tiles]);
    cells
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    #[test]
    fn unrank_inverts_rank_on_every_3x3_slot() {
        for index in 0..slots(9) {
            for odd in [false, true] {
                let cells = unrank(index, 9, odd);
                let ranked = rank(&cells[..9]).expect("a permutation");
                assert_eq!((ranked.index, ranked.odd), (index, odd), "{cells:?}");
            }
        }
    }
}
