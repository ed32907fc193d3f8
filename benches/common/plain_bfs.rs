//! The baseline a Gap search must beat: breadth-first from the start,
//! every state kept as a 120-bit key (5 bits a movable card: its cell,
//! `row * 7 + column - 1`) in a `HashSet<u128>`. The `gap` bench times the
//! crate against it; `gap_hard_set` climbs on the states it stores, a
//! measure of hardness that does not depend on the crate's search.
use std::collections::{HashSet, VecDeque};

use puzzle_oracle::gap::Layout;

/// The fewest moves for `layout` (`None` when it cannot be solved) and
/// the states stored on the way.
pub fn plain_bfs(layout: &Layout) -> (Option<u32>, usize) {
    let start = layout.start();
    let mut key: u128 = 0;
    for row in 0..4 {
        for column in 1..8 {
            if let Some(card) = start.cell(row, column).filter(|card| card.value() > 1) {
                let id = (card.suit() as usize - 1) * 6 + card.value() as usize - 2;
                key |= ((row * 7 + column - 1) as u128) << (5 * id);
            }
        }
    }
    let goal: u128 = (0..24)
        .map(|id| (((id / 6) * 7 + id % 6) as u128) << (5 * id))
        .sum();
    let mut seen = HashSet::from([key]);
    let mut queue = VecDeque::from([(key, 0u32)]);
    while let Some((key, depth)) = queue.pop_front() {
        if key == goal {
            return (Some(depth), seen.len());
        }
        let mut card_on = [u8::MAX; 28];
        for id in 0..24 {
            card_on[((key >> (5 * id)) & 31) as usize] = id as u8;
        }
        for gap in (0..28).filter(|&cell| card_on[cell] == u8::MAX) {
            let mover = if gap % 7 == 0 {
                gap / 7 * 6
            } else {
                match card_on[gap - 1] {
                    left if left == u8::MAX || left % 6 == 5 => continue,
                    left => usize::from(left) + 1,
                }
            };
            let from = ((key >> (5 * mover)) & 31) as usize;
            let next = key ^ (((from ^ gap) as u128) << (5 * mover));
            if seen.insert(next) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    (None, seen.len())
}
