//! The packed search state and its moves.
//!
//! Column 0 never changes, so a state is where each of the 24 movable cards
//! sits: cell `row * 7 + (column - 1)` (0..28), five bits per card, card
//! `i` (suit `i / 6 + 1`, value `i % 6 + 2`) in bits `5i .. 5i + 5`: 120
//! bits in a `u128`. The whole state is the key; two different states never
//! share one.

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

/// The goal state.
pub(crate) const GOAL: Key = {
    let mut key = 0;
    let mut card = 0;
    while card < MOVABLE {
        key |= (goal_cell(card) as Key) << (BITS as usize * card);
        card += 1;
    }
    key
};

/// The cell of `card` in `key`.
#[inline]
pub(crate) fn cell_of(key: Key, card: usize) -> usize {
    ((key >> (BITS as usize * card)) & 31) as usize
}

/// `key` with `card` moved from cell `from` to cell `to`.
#[inline]
pub(crate) fn moved(key: Key, card: usize, from: usize, to: usize) -> Key {
    key ^ (((from ^ to) as Key) << (BITS as usize * card))
}

/// The key of a position.
pub(crate) fn key_of(position: &Position) -> Key {
    let mut key = 0;
    for cell in 0..CELLS {
        let (row, column) = (cell / ROW_CELLS, cell % ROW_CELLS + 1);
        if let Some(card) = position.cell(row, column).and_then(Card::movable_index) {
            key |= (cell as Key) << (BITS as usize * card);
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

/// The cell-to-card view of a key, for finding moves.
pub(crate) struct Board {
    /// Movable card on each cell; meaningful only where `occupied` is set.
    card_on: [u8; CELLS],
    /// Cell of each card.
    cell_of: [u8; MOVABLE],
    occupied: u32,
}

impl Board {
    #[inline]
    pub fn new(key: Key) -> Self {
        // Locals, not fields: the running mask stays in a register.
        let mut card_on = [0; CELLS];
        let mut cells = [0; MOVABLE];
        let mut occupied = 0u32;
        let mut rest = key;
        for (card, cell_slot) in cells.iter_mut().enumerate() {
            let cell = (rest & 31) as usize;
            rest >>= BITS;
            card_on[cell] = card as u8;
            *cell_slot = cell as u8;
            occupied |= 1 << cell;
        }
        Board {
            card_on,
            cell_of: cells,
            occupied,
        }
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

    /// The card on an occupied `cell`.
    #[inline]
    pub fn card_on(&self, cell: usize) -> usize {
        usize::from(self.card_on[cell])
    }

    /// The cell of `card`.
    #[inline]
    pub fn cell_of(&self, card: usize) -> usize {
        usize::from(self.cell_of[card])
    }

    /// The card that may fill gap `gap`, if any: the successor of its left
    /// neighbour (in column 0 that is the row's value-1 card, whose
    /// successor is the row's value-2 card).
    #[inline]
    pub fn filler(&self, gap: usize) -> Option<usize> {
        if gap % ROW_CELLS == 0 {
            return Some(gap / ROW_CELLS * 6);
        }
        let left = gap - 1;
        if !self.is_occupied(left) {
            return None;
        }
        let card = self.card_on(left);
        // A 7 has no successor.
        (card % 6 != 5).then_some(card + 1)
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
