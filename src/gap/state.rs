//! The packed search state and its moves.
//!
//! Column 0 never changes, so a state is where each of the 24 movable cards
//! sits: cell `row * 7 + (column - 1)` (0..28), five bits per card: 120
//! bits in a `u128`. Card `i` (suit `i / 6 + 1`, value `i % 6 + 2`) is
//! field `i % 12` of the low half (`i < 12`) or the high half, field `k`
//! being bits `5k .. 5k + 5` of its `u64`: no field straddles the halves,
//! so decoding runs on plain `u64` shifts. The whole state is the key; two
//! different states never share one.

use super::card::{CELLS, Card, MOVABLE};
use super::position::Position;

/// A packed state.
pub(crate) type Key = u128;

/// Cells in a row of the movable area.
const ROW_CELLS: usize = 7;
/// Every cell's bit.
const ALL_CELLS: u32 = (1 << CELLS) - 1;
/// Bits per card in a key.
const BITS: u32 = 5;

/// The goal cell of movable card `card`: its suit's row, column `value - 1`.
pub(crate) const fn goal_cell(card: usize) -> usize {
    (card / 6) * ROW_CELLS + card % 6
}

/// Fields in each `u64` half of a key.
const FIELDS: usize = 12;

/// Where card `card`'s field starts in a key.
#[inline]
const fn offset(card: usize) -> usize {
    OFFSETS[card & 31] as usize
}

/// `OFFSETS[card]`: where the card's field starts (a table, so that the
/// hot path needs no division; 32 entries, so that it needs no bounds
/// check either).
const OFFSETS: [u8; 32] = {
    let mut table = [0; 32];
    let mut card = 0;
    while card < MOVABLE {
        table[card] = (BITS as usize * card + 4 * (card / FIELDS)) as u8;
        card += 1;
    }
    table
};

/// The first movable card of each cell's row when the cell is in column 1
/// (the card that may fill it: the row's value-2 card), else `NONE`.
const ROW_START: [u8; 32] = {
    let mut table = [NONE; 32];
    let mut row = 0;
    while row < 4 {
        table[row * ROW_CELLS] = (row * 6) as u8;
        row += 1;
    }
    table
};

/// No card.
const NONE: u8 = u8::MAX;

/// The value-7 cards, which have no successor.
const SEVENS: u32 = 0b100000_100000_100000_100000;

/// The goal state.
pub(crate) const GOAL: Key = {
    let mut key = 0;
    let mut card = 0;
    while card < MOVABLE {
        key |= (goal_cell(card) as Key) << offset(card);
        card += 1;
    }
    key
};

/// The cell of `card` in `key`.
#[inline]
pub(crate) fn cell_of(key: Key, card: usize) -> usize {
    ((key >> offset(card)) & 31) as usize
}

/// `key` with `card` moved from cell `from` to cell `to`.
#[inline]
pub(crate) fn moved(key: Key, card: usize, from: usize, to: usize) -> Key {
    key ^ (((from ^ to) as Key) << offset(card))
}

/// The key of a position.
pub(crate) fn key_of(position: &Position) -> Key {
    let mut key = 0;
    for cell in 0..CELLS {
        let (row, column) = (cell / ROW_CELLS, cell % ROW_CELLS + 1);
        if let Some(card) = position.cell(row, column).and_then(Card::movable_index) {
            key |= (cell as Key) << offset(card);
        }
    }
    key
}

/// One move: `card` goes from cell `from` into the gap at cell `to`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Move {
    pub card: usize,
    pub from: usize,
    pub to: usize,
}

/// Bit 0 of every field of a key half.
const FIELD_ONES: u64 = {
    let mut ones = 0;
    let mut field = 0;
    while field < FIELDS {
        ones |= 1 << (BITS as usize * field);
        field += 1;
    }
    ones
};

/// A key with the set of cells that hold cards, for finding moves.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    key: Key,
    occupied: u32,
}

impl Board {
    /// Opens `key`, working out which cells hold cards.
    #[inline]
    pub fn new(key: Key) -> Self {
        let mut occupied = 0u32;
        for half in [key as u64, (key >> 64) as u64] {
            for field in 0..FIELDS {
                occupied |= 1 << ((half >> (BITS as usize * field)) & 31);
            }
        }
        Board { key, occupied }
    }

    /// A board whose occupied cells are already known (the search carries
    /// them from parent to child instead of decoding every key).
    #[inline]
    pub fn with_occupied(key: Key, occupied: u32) -> Self {
        Board { key, occupied }
    }

    /// The occupied cells, a bit each.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.occupied
    }

    /// The cells that are gaps.
    #[inline]
    pub fn gaps(&self) -> u32 {
        !self.occupied & ALL_CELLS
    }

    /// Whether `cell` holds a card.
    #[inline]
    pub fn is_occupied(&self, cell: usize) -> bool {
        self.occupied & (1 << cell) != 0
    }

    /// The card on an occupied `cell` (meaningless on a gap).
    #[inline]
    pub fn card_on(&self, cell: usize) -> usize {
        // XOR leaves the field holding `cell` zero; the borrow trick flags
        // the lowest zero field exactly, and cells are distinct.
        let pattern = FIELD_ONES * cell as u64;
        let low = self.key as u64 ^ pattern;
        let zero = low.wrapping_sub(FIELD_ONES) & !low & (FIELD_ONES << 4);
        if zero != 0 {
            return zero.trailing_zeros() as usize / BITS as usize;
        }
        let high = (self.key >> 64) as u64 ^ pattern;
        let zero = high.wrapping_sub(FIELD_ONES) & !high & (FIELD_ONES << 4);
        FIELDS + zero.trailing_zeros() as usize / BITS as usize
    }

    /// The cell of `card`.
    #[inline]
    pub fn cell_of(&self, card: usize) -> usize {
        cell_of(self.key, card)
    }

    /// The card that may fill gap `gap`, if any: the successor of its left
    /// neighbour (in column 1 that neighbour is the row's value-1 card,
    /// whose successor is the row's value-2 card).
    #[inline]
    pub fn filler(&self, gap: usize) -> Option<usize> {
        let row_start = ROW_START[gap & 31];
        if row_start != NONE {
            return Some(usize::from(row_start));
        }
        let left = gap - 1;
        if !self.is_occupied(left) {
            return None;
        }
        let card = self.card_on(left);
        (SEVENS & (1 << card) == 0).then_some(card + 1)
    }

    /// Calls `visit` with every legal move.
    #[inline]
    pub fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        let mut gaps = self.gaps();
        while gaps != 0 {
            let to = gaps.trailing_zeros() as usize;
            gaps &= gaps - 1;
            if let Some(card) = self.filler(to) {
                visit(Move {
                    card,
                    from: self.cell_of(card),
                    to,
                });
            }
        }
    }

    /// Calls `visit` with every move that leads *into* this board: a card
    /// whose left neighbour is its predecessor goes back to any gap.
    pub fn for_each_move_back(&self, mut visit: impl FnMut(Move)) {
        for card in 0..MOVABLE {
            let cell = self.cell_of(card);
            let follows_predecessor = if card % 6 == 0 {
                cell == card / 6 * ROW_CELLS
            } else {
                cell % ROW_CELLS != 0 && self.cell_of(card - 1) == cell - 1
            };
            if !follows_predecessor {
                continue;
            }
            let mut gaps = self.gaps();
            while gaps != 0 {
                let gap = gaps.trailing_zeros() as usize;
                gaps &= gaps - 1;
                visit(Move {
                    card,
                    from: gap,
                    to: cell,
                });
            }
        }
    }
}
