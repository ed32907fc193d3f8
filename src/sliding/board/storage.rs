//! How a board is stored: four bits a cell, the tile on cell `i` in bits
//! `4i..4i + 4` of a `u64` (so at most
//! [`MAX_CELLS`](super::limits::MAX_CELLS) cells, tiles below 16). Shared
//! with `build.rs`.

use super::limits::MAX_CELLS;

/// Packs cells four bits each, cell 0 in the lowest nibble (`[0, 1, 2]`
/// is `0x210`): at most 16 cells of tiles below 16, as on every board.
#[must_use]
pub(crate) const fn pack(cells: &[u8]) -> u64 {
    let mut packed = 0;
    let mut cell = 0;
    while cell < cells.len() && cell < MAX_CELLS {
        packed |= ((cells[cell] & 15) as u64) << (4 * cell);
        cell += 1;
    }
    packed
}

/// `packed` with the blank on `blank` moved to `tile_cell` (and that
/// cell's tile to `blank`).
#[inline]
pub(crate) fn swap_with_blank(packed: u64, blank: usize, tile_cell: usize) -> u64 {
    let tile = (packed >> (4 * tile_cell)) & 15;
    packed & !(15 << (4 * tile_cell)) | tile << (4 * blank)
}
