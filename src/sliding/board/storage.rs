//! How a board is stored: in one `u128`, the tile on cell `i` in bits
//! `4i..4i + 4` on a narrow board (up to
//! [`MAX_NARROW_CELLS`](super::limits::MAX_NARROW_CELLS) cells, tiles
//! below 16: the low word alone, as the tables' ranking reads it), in bits
//! `5i..5i + 5` on a wider one (up to
//! [`MAX_CELLS`](super::limits::MAX_CELLS), 125 bits). Shared with
//! `build.rs`.

use super::limits::{MAX_CELLS, MAX_NARROW_CELLS};

/// Bits a tile takes on a board of `cells` cells.
#[inline(always)]
#[must_use]
pub(crate) const fn tile_bits(cells: usize) -> u32 {
    if cells <= MAX_NARROW_CELLS { 4 } else { 5 }
}

/// Packs the cells of a board of `cells.len()` cells, cell 0 lowest
/// (`[0, 1, 2]` is `0x210`), [`tile_bits`] each.
#[inline]
#[must_use]
pub(crate) const fn pack(cells: &[u8]) -> u128 {
    if cells.len() <= MAX_NARROW_CELLS {
        // In a `u64`: a 128-bit shift by a variable costs several
        // instructions where a 64-bit one costs one, and every board a
        // command reads is packed.
        let mut packed: u64 = 0;
        let mut cell = 0;
        while cell < cells.len() {
            packed |= ((cells[cell] & 15) as u64) << (4 * cell);
            cell += 1;
        }
        return packed as u128;
    }
    let bits = tile_bits(cells.len());
    let mask = (1 << bits) - 1;
    let mut packed = 0;
    let mut cell = 0;
    while cell < cells.len() && cell < MAX_CELLS {
        packed |= ((cells[cell] & mask) as u128) << (bits * cell as u32);
        cell += 1;
    }
    packed
}

/// The tile on `cell` of a board of `cells` cells packed as by [`pack`].
#[inline(always)]
#[must_use]
pub(crate) const fn tile_of(packed: u128, cells: usize, cell: usize) -> u8 {
    if cells <= MAX_NARROW_CELLS {
        ((packed as u64 >> (4 * cell)) & 15) as u8
    } else {
        ((packed >> (5 * cell)) & 31) as u8
    }
}

/// `packed` (a narrow board's, four bits a cell) with the blank on
/// `blank` moved to `tile_cell` (and that cell's tile to `blank`).
#[inline]
pub(crate) fn swap_with_blank(packed: u64, blank: usize, tile_cell: usize) -> u64 {
    let tile = (packed >> (4 * tile_cell)) & 15;
    packed & !(15 << (4 * tile_cell)) | tile << (4 * blank)
}

/// The same on a board of `cells` cells packed as by [`pack`].
#[inline]
pub(crate) fn swap_with_blank_wide(
    packed: u128,
    cells: usize,
    blank: usize,
    tile_cell: usize,
) -> u128 {
    if cells <= MAX_NARROW_CELLS {
        return u128::from(swap_with_blank(packed as u64, blank, tile_cell));
    }
    let tile = (packed >> (5 * tile_cell)) & 31;
    packed & !(31 << (5 * tile_cell)) | tile << (5 * blank)
}
