//! An admissible, consistent lower bound on the moves left.
//!
//! Every move moves exactly one card, so the bound adds up, per card, a
//! number of moves that card must still make:
//!
//! * 0 on its goal cell;
//! * 2 on its predecessor's goal cell (the cell just left of its own goal
//!   cell, for values 3 to 7);
//! * 1 anywhere else.
//!
//! **Why 2 is a lower bound.** A card `X` enters its goal cell by filling
//! the gap to the right of its predecessor, and the cell left of `X`'s goal
//! cell is the predecessor's goal cell: so at that moment the predecessor
//! sits there. A card `X` sitting on that cell now therefore cannot make
//! its last move from there: it must leave first and arrive later, two
//! moves at least.
//!
//! **Why the sum is consistent.** A move changes one card's cell, so the
//! bound changes by that card's term only. The term drops by at most 1: it
//! cannot go from 2 to 0, since that is exactly the move shown impossible
//! above. So `h(s) <= 1 + h(s')` for every move `s -> s'`, A* never reopens
//! a state, and the first time it takes the goal off the queue its depth is
//! the fewest moves.

use super::card::MOVABLE;
use super::state::{GRID, Key, ROW_STRIDE, cell_of, goal_cell};

/// `COST[card][cell]`: moves `card` must still make from `cell`.
pub(crate) const COST: [[u8; GRID]; MOVABLE] = {
    let mut cost = [[1; GRID]; MOVABLE];
    let mut card = 0;
    while card < MOVABLE {
        let goal = goal_cell(card);
        cost[card][goal] = 0;
        if !goal.is_multiple_of(ROW_STRIDE) {
            cost[card][goal - 1] = 2;
        }
        card += 1;
    }
    cost
};

/// The bound for a whole state.
pub(crate) fn estimate(key: Key) -> u8 {
    (0..MOVABLE)
        .map(|card| COST[card][cell_of(key, card)])
        .sum()
}
