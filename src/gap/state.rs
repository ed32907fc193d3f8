//! The packed search state and its moves.
//!
//! Column 0 never changes, so a state is where each of the 24 movable cards
//! sits: cell `row * 8 + (column - 1)` (0..31; `row * 8 + 7`, past the last
//! column, is never used), five bits per card: 120 bits in a `u128`. Card
//! `i` (suit `i / 6 + 1`, value `i % 6 + 2`) is field `i % 12` of the low
//! half (`i < 12`) or the high half, field `k` being bits `5k .. 5k + 5` of
//! its `u64`: no field straddles the halves, so decoding runs on plain
//! `u64` shifts. The whole state is the key; two different states never
//! share one.

use super::card::{Card, MOVABLE};
use super::position::Position;

/// A packed state.
pub(crate) type Key = u128;

/// Cells from one row to the next: the 7 columns that cards move in, and
/// one past the last column, where no card ever is. So the cell right of
/// any card is the next one, and a card's move needs no special case at
/// the end of a row.
pub(crate) const ROW_STRIDE: usize = 8;
/// Cells in the grid, past-the-end ones included.
pub(crate) const GRID: usize = 4 * ROW_STRIDE;
/// Bits per card in a key.
const BITS: u32 = 5;

/// The goal cell of movable card `card`: its suit's row, column `value - 1`.
pub(crate) const fn goal_cell(card: usize) -> usize {
    (card / 6) * ROW_STRIDE + card % 6
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

/// What [`OpenState::ahead`] finds on a gap.
pub(crate) const ON_GAP: u8 = u8::MAX;
/// What [`OpenState::ahead`] finds past the last column. Masked to five bits
/// it is 30, past every card index.
const WALL: u8 = 254;

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
    for row in 0..4 {
        for column in 1..ROW_STRIDE {
            if let Some(card) = position.cell(row, column).and_then(Card::movable_index) {
                key |= ((row * ROW_STRIDE + column - 1) as Key) << offset(card);
            }
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

/// A key opened up: each card's cell and each cell's card, for finding
/// moves.
#[derive(Clone, Copy)]
pub(crate) struct OpenState {
    key: Key,
    /// `cell[card]`; 32 entries, so that a masked index needs no bounds
    /// check.
    cell: [u8; 32],
    /// `card[cell]`: `ON_GAP` on a gap, `WALL` past the last column.
    card: [u8; GRID],
}

/// `card` of a board with no cards: gaps, and walls past each row.
const EMPTY: [u8; GRID] = {
    let mut cells = [ON_GAP; GRID];
    let mut row = 0;
    while row < 4 {
        cells[row * ROW_STRIDE + ROW_STRIDE - 1] = WALL;
        row += 1;
    }
    cells
};

impl OpenState {
    /// Opens `key`.
    #[inline]
    pub fn new(key: Key) -> Self {
        let mut board = OpenState {
            key,
            cell: [0; 32],
            card: EMPTY,
        };
        for (half, bits) in [key as u64, (key >> 64) as u64].into_iter().enumerate() {
            for field in 0..FIELDS {
                let card = half * FIELDS + field;
                let cell = ((bits >> (BITS as usize * field)) & 31) as usize;
                board.cell[card] = cell as u8;
                board.card[cell] = card as u8;
            }
        }
        board
    }

    /// The cell of `card`.
    #[inline]
    pub fn cell_of(&self, card: usize) -> usize {
        usize::from(self.cell[card & 31])
    }

    /// The cell `card` moves into, right of its predecessor (for a value-2
    /// card, column 1 of its suit's row); past the last column when the
    /// predecessor is in it.
    #[inline]
    fn target(&self, card: usize) -> usize {
        match card % 6 {
            0 => card / 6 * ROW_STRIDE,
            _ => (self.cell_of(card - 1) + 1) & (GRID - 1),
        }
    }

    /// What is on `card`'s destination: `ON_GAP` when it is a gap (the card
    /// can move), `WALL` when there is no destination, else the card there.
    #[inline]
    pub fn ahead(&self, card: usize) -> u8 {
        self.card[self.target(card)]
    }

    /// The lowest card of each suit that is off its goal cell, if any.
    #[inline]
    pub fn lowest_misplaced(&self) -> [Option<usize>; 4] {
        // A suit's six fields are 30 bits of one half of the key.
        let diff = self.key ^ GOAL;
        let halves = [diff as u64, (diff >> 64) as u64];
        core::array::from_fn(|suit| {
            let fields = (halves[suit / 2] >> (30 * (suit % 2))) & ((1 << 30) - 1);
            (fields != 0).then(|| 6 * suit + fields.trailing_zeros() as usize / BITS as usize)
        })
    }

    /// The move of `card`, which must be movable.
    #[inline]
    pub fn move_of(&self, card: usize) -> Move {
        Move {
            card,
            from: self.cell_of(card),
            to: self.target(card),
        }
    }

    /// Calls `visit` with every move that leads *into* this board: a card
    /// whose left neighbour is its predecessor goes back to any gap.
    pub fn for_each_move_back(&self, mut visit: impl FnMut(Move)) {
        for card in 0..MOVABLE {
            let cell = self.cell_of(card);
            if self.target(card) != cell {
                continue;
            }
            for gap in (0..GRID).filter(|&gap| self.card[gap] == ON_GAP) {
                visit(Move {
                    card,
                    from: gap,
                    to: cell,
                });
            }
        }
    }
}
