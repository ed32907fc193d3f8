//! Dead ends: states from which the goal cannot be reached, recognised
//! without search.
//!
//! A set `F` of cards is *frozen* when, for every card `X` in `F`, the
//! cell right of `X`'s predecessor is off the board or holds a card of
//! `F` (the value-1 cards of column 0 never move, and count as frozen
//! predecessors). No card of `F` can ever move: `X` moves only into a gap
//! right of its predecessor, and by induction on the moves neither that
//! predecessor nor the card right of it ever moves. The largest frozen set
//! is found by starting from every card and striking out cards that break
//! the rule until none does. A frozen card off its goal cell never reaches
//! it, so the state is a dead end.

use super::card::MOVABLE;
use super::state::{Board, goal_cell};

/// Cells per row of the movable area.
const ROW_CELLS: usize = 7;

/// Whether `board` provably cannot reach the goal.
pub(crate) fn is_dead_end(board: &Board) -> bool {
    let mut frozen: u32 = (1 << MOVABLE) - 1;
    loop {
        let mut changed = false;
        let mut candidates = frozen;
        while candidates != 0 {
            let card = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if !stays_frozen(board, card, frozen) {
                frozen &= !(1 << card);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut check = frozen;
    while check != 0 {
        let card = check.trailing_zeros() as usize;
        check &= check - 1;
        if board.cell_of(card) != goal_cell(card) {
            return true;
        }
    }
    false
}

/// Whether `card` stays in the frozen set `frozen`.
fn stays_frozen(board: &Board, card: usize, frozen: u32) -> bool {
    // The cell right of the predecessor.
    let right = if card % 6 == 0 {
        // Value 2: the predecessor is fixed in column 0 of the suit's row.
        card / 6 * ROW_CELLS
    } else {
        if frozen & (1 << (card - 1)) == 0 {
            return false;
        }
        let predecessor = board.cell_of(card - 1);
        if predecessor % ROW_CELLS == ROW_CELLS - 1 {
            return true; // Column 7: nothing to its right.
        }
        predecessor + 1
    };
    board.is_occupied(right) && frozen & (1 << board.card_on(right)) != 0
}
