//! Which moves to try: a *stubborn set* of the legal moves, a partial-order
//! reduction that keeps every shortest solution's length.
//!
//! Many moves in Gap are independent: filling two gaps in either order
//! reaches the same position, so a plain search visits every interleaving.
//! From each state the search tries only the moves of a set `C` of cards,
//! closed under three rules, and no other move:
//!
//! 1. the predecessor of a card of `C` is in `C` (when it can move:
//!    value 3 and up);
//! 2. a card of `C` that can move now brings its successor (unless it is
//!    a 7);
//! 3. a card of `C` that cannot move now brings the card on its
//!    destination, the cell right of its predecessor (unless that cell is
//!    off the board).
//!
//! `C` starts from one card off its goal cell. Call the cards outside `C`
//! *other* cards.
//!
//! **Other moves leave `C` alone.** A card `X` moves only into the cell
//! right of its predecessor `P`, and only `X` can fill that cell.
//! - If `X` can move now, no run of other moves can stop it or change
//!   where it goes. Only `P` moving could do that, and `P` is in `C` by
//!   rule 1.
//! - If `X` cannot move now, no run of other moves can free it. Its
//!   destination is either off the board or held by a card of `C` (rule 3),
//!   and `P` stays put (rule 1).
//!
//! **A move of `C` commutes past other moves.** Say `X` in `C` moves from
//! `a` to `b`. Any other card `Z` still reaches the same cell in both
//! orders, because `Z`'s predecessor is not `X`: that would make `Z`
//! `X`'s successor, which is in `C` by rule 2. `Z`'s destination is free in
//! both orders too, since `X`'s move changes only `a` and `b`:
//! - it is not `b`, since only `X` fills `b`;
//! - it is not `a`, which `X` holds until it moves last.
//!
//! **Every solution keeps its length.** Take a shortest solution from a
//! state `s`. It moves the seed card, which is off its goal cell, so it
//! contains a move of `C`. Let `t` be the first one. By the first claim `t`
//! can move at `s` already. By the second, playing `t` first and then the
//! other moves that came before it reaches the same state, in the same
//! number of moves. So one of the tried moves starts a shortest solution.
//! By induction on the length, the reduced search finds the goal at the
//! true fewest moves, and it finds no goal when there is none. When the
//! closure contains no movable card, that argument shows that the goal is
//! out of reach: a dead end (this subsumes cards frozen off their goal
//! cells).
//!
//! The closure of any card contains its predecessors' closures (rule 1).
//! So the candidate seeds are the lowest misplaced card of each suit. The
//! search takes the closure with the fewest movable cards.

use super::card::MOVABLE;
use super::state::{ON_GAP, OpenState};

/// `RUN_TO[card]`: the card with its predecessors, a bit each (rule 1);
/// nothing for indices past the cards (`WALL` and `ON_GAP` land there).
const RUN_TO: [u32; 32] = {
    let mut table = [0; 32];
    let mut card = 0;
    while card < MOVABLE {
        table[card] = (2 << card) - (1 << (card - card % 6));
        card += 1;
    }
    table
};

/// `SUCCESSOR[card]`: `card + 1` within its suit, or an index past the
/// cards for a 7.
const SUCCESSOR: [u8; 32] = {
    let mut table = [31; 32];
    let mut card = 0;
    while card < MOVABLE {
        if card % 6 != 5 {
            table[card] = card as u8 + 1;
        }
        card += 1;
    }
    table
};

/// The cards to move from `board`, a bit each: a subset of those that
/// can move. Empty when the goal is out of reach (or reached).
#[inline]
pub(crate) fn cards_to_move(board: &OpenState, closing: &mut Closing) -> u32 {
    // Which cards can move, and `closing[64 * suit + run]`: what the
    // suit's cards in `run` (its `k` lowest, `2^k - 1`) bring by rules 2
    // and 3, with predecessors (rule 1). Indexed by the run itself, so
    // that a lookup needs no counting.
    let mut movable = 0;
    for suit in 0..4 {
        let mut brought = 0;
        for value in 0..6 {
            let card = 6 * suit + value;
            let ahead = board.ahead(card);
            let free = ahead == ON_GAP;
            movable |= u32::from(free) << card;
            // `WALL` lands past the cards, on nothing. Which card is
            // brought follows no pattern: choose without a branch.
            let take_successor = 0u8.wrapping_sub(u8::from(free));
            let brought_card = (SUCCESSOR[card] & take_successor) | (ahead & !take_successor);
            brought |= RUN_TO[usize::from(brought_card) & 31];
            closing[64 * suit + (2 << value) - 1] = brought;
        }
    }
    // One closure per suit, seeded with its lowest misplaced card (or
    // everything, for a suit all home, so that it is never chosen), run
    // side by side: they are independent, so their rounds overlap.
    let mut closed = board
        .lowest_misplaced()
        .map(|seed| seed.map_or(u32::MAX, |card| RUN_TO[card]));
    loop {
        let mut changed = false;
        for set in &mut closed {
            let mut next = *set;
            for suit in 0..4 {
                next |= closing[64 * suit + ((*set >> (6 * suit)) & 0b11_1111) as usize];
            }
            changed |= next != *set;
            *set = next;
        }
        if !changed {
            break;
        }
    }
    let mut best = movable;
    for set in closed {
        let chosen = set & movable;
        if ones_in_four(chosen) < ones_in_four(best) {
            best = chosen;
        }
    }
    best
}

/// `closing[64 * suit + run]`, kept between calls so that it is not
/// cleared for every state: the entries read are written first, except
/// those of empty runs, which stay 0.
pub(crate) type Closing = [u32; 256];

/// The set bits of `bits`, which has at most four (at most four cards can
/// move: one per gap). Branch-free, and cheaper than `count_ones` on CPUs
/// without a popcount instruction.
#[inline]
fn ones_in_four(bits: u32) -> u32 {
    let mut rest = bits;
    let mut ones = 0;
    for _ in 0..4 {
        ones += u32::from(rest != 0);
        rest &= rest.wrapping_sub(1);
    }
    ones
}

#[cfg(test)]
mod tests {
    //! The claim above checked state by state: on every state reachable
    //! from a few dozen shuffled layouts, distances come from a plain
    //! search over [`Position`]s, which shares no move code with the
    //! reduction.

    use alloc::collections::btree_map::Entry;
    use alloc::collections::{BTreeMap, VecDeque};
    use alloc::vec::Vec;

    use super::super::layout::Layout;
    use super::super::position::Position;
    use super::super::state::{Key, OpenState, key_of};
    use super::{Closing, cards_to_move};

    /// A reachable state: its position and, per legal move, the movable
    /// card's index and the key it leads to.
    type Graph = BTreeMap<Key, (Position, Vec<(usize, Key)>)>;

    fn explore(start: Position) -> Graph {
        let mut graph = Graph::new();
        let mut queue = VecDeque::from([start]);
        while let Some(position) = queue.pop_front() {
            let key = key_of(&position);
            if graph.contains_key(&key) {
                continue;
            }
            let mut successors = Vec::new();
            for card in position.legal_moves() {
                let next = position.play(card).expect("a legal move");
                let index = card.movable_index().expect("only movable cards move");
                successors.push((index, key_of(&next)));
                queue.push_back(next);
            }
            graph.insert(key, (position, successors));
        }
        graph
    }

    /// Moves to the goal from each state of `graph` that can reach it.
    fn distances(graph: &Graph) -> BTreeMap<Key, u32> {
        let mut predecessors: BTreeMap<Key, Vec<Key>> = BTreeMap::new();
        for (&key, (_, successors)) in graph {
            for &(_, next) in successors {
                predecessors.entry(next).or_default().push(key);
            }
        }
        let mut distance = BTreeMap::new();
        let mut queue: VecDeque<Key> = graph
            .iter()
            .filter(|(_, (position, _))| position.is_goal())
            .map(|(&key, _)| key)
            .collect();
        for &goal in &queue {
            distance.insert(goal, 0);
        }
        while let Some(key) = queue.pop_front() {
            let next_distance = distance[&key] + 1;
            for &before in predecessors.get(&key).into_iter().flatten() {
                if let Entry::Vacant(entry) = distance.entry(before) {
                    entry.insert(next_distance);
                    queue.push_back(before);
                }
            }
        }
        distance
    }

    #[test]
    fn a_shortest_solution_starts_with_a_tried_move_from_every_state() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        let mut closing: Closing = [0; 256];
        let (mut solvable, mut dead_ends, mut pruned) = (0, 0, 0);
        for _ in 0..40 {
            let mut cards: Vec<u8> = (0..28).map(|i| (i / 7 + 1) * 10 + i % 7 + 1).collect();
            for i in (1..cards.len()).rev() {
                cards.swap(i, random(i + 1));
            }
            let rows = core::array::from_fn(|r| core::array::from_fn(|c| cards[r * 7 + c]));
            let graph = explore(Layout::new(rows).expect("a shuffle").start());
            let distance = distances(&graph);
            for (key, (position, successors)) in &graph {
                let tried = cards_to_move(&OpenState::new(*key), &mut closing);
                let legal = successors
                    .iter()
                    .fold(0u32, |all, &(card, _)| all | 1 << card);
                assert_eq!(tried & !legal, 0, "only legal moves are tried");
                pruned += (legal & !tried).count_ones();
                match distance.get(key) {
                    Some(0) => assert!(position.is_goal()),
                    Some(&moves) => {
                        solvable += 1;
                        assert!(
                            successors.iter().any(|&(card, next)| tried & 1 << card != 0
                                && distance.get(&next) == Some(&(moves - 1))),
                            "no tried move starts a shortest solution from {position:?}"
                        );
                    }
                    None => dead_ends += u32::from(tried == 0 && legal != 0),
                }
            }
        }
        // Both kinds of state are exercised, and moves are really skipped.
        assert!(solvable > 1000, "{solvable}");
        assert!(dead_ends > 1000, "{dead_ends}");
        assert!(pruned > 10_000, "{pruned}");
    }
}
