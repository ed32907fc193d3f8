//! A* over packed states, with a bucket queue, trying only a stubborn set
//! of moves from each state.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::card::Card;
use super::heuristic::{COST, estimate};
use super::layout::Layout;
use super::reduction::{Closing, cards_to_move};
use super::set::{Insert, Probe, StateSet};
use super::state::{GOAL, Key, OpenState, key_of, moved};

/// A reusable Gap solver. It keeps its memory between layouts, so solving
/// many layouts with one solver allocates only for the largest.
///
/// Exact: states are keyed by their whole packed form, never by a hash
/// alone; the search is A* with a consistent lower bound (its proof is in
/// `src/gap/heuristic.rs`), and a shortest solution always starts with
/// one of the moves it tries (the proof is in `src/gap/reduction.rs`), so
/// the first goal it reaches is at the fewest moves.
///
/// ```
/// use puzzle_oracle::gap::{Layout, Solver};
///
/// let layout = Layout::parse(
///     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11",
/// )?;
/// let mut solver = Solver::new();
/// assert_eq!(solver.min_moves(&layout), Some(0));
/// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
/// ```
pub struct Solver {
    states: StateSet,
    /// Depth and bound of each state, by index. Depths are `u16`: no known
    /// layout needs 100 moves, but nothing bounds them by 255.
    depth: Vec<u16>,
    bound: Vec<u8>,
    /// `open[f]`: the indices of states waiting with `depth + bound == f`.
    open: Vec<Vec<u32>>,
    /// Scratch for the move reduction.
    closing: Box<Closing>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl core::fmt::Debug for Solver {
    /// What a solver holds: the states of its last search, not their bytes.
    ///
    /// ```
    /// let solver = puzzle_oracle::gap::Solver::new();
    /// assert_eq!(format!("{solver:?}"), "Solver { states_seen: 0 }");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("states_seen", &self.states_seen())
            .finish()
    }
}

impl Solver {
    /// A solver with small starting tables (about 17 KiB); they grow with
    /// the largest search it runs.
    ///
    /// ```
    /// let _solver = puzzle_oracle::gap::Solver::new();
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Solver {
            states: StateSet::new(),
            depth: Vec::new(),
            bound: Vec::new(),
            open: Vec::new(),
            closing: Box::new([0; 256]),
        }
    }

    /// The fewest moves that solve `layout`, or `None` when it cannot be
    /// solved. The four opening moves of the value-1 cards are not counted.
    ///
    /// ```
    /// use puzzle_oracle::gap::{Layout, Solver};
    /// let layout = Layout::parse(
    ///     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 11 47",
    /// )?;
    /// assert_eq!(Solver::new().min_moves(&layout), Some(1));
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    pub fn min_moves(&mut self, layout: &Layout) -> Option<u32> {
        self.search(key_of(&layout.start()))
            .map(|goal| u32::from(self.depth[goal]))
    }

    /// An optimal solution: the cards moved, in order. `None` when the
    /// layout cannot be solved.
    ///
    /// ```
    /// use puzzle_oracle::gap::{Card, Layout, Solver};
    /// let layout = Layout::parse(
    ///     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 11 47",
    /// )?;
    /// assert_eq!(Solver::new().solve(&layout), Some(vec![Card::new(4, 7).unwrap()]));
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    pub fn solve(&mut self, layout: &Layout) -> Option<Vec<Card>> {
        let goal = self.search(key_of(&layout.start()))?;
        Some(self.path_to(goal))
    }

    /// States the last search stored.
    ///
    /// ```
    /// use puzzle_oracle::gap::{Layout, Solver};
    /// let layout = Layout::parse(
    ///     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11",
    /// )?;
    /// let mut solver = Solver::new();
    /// solver.min_moves(&layout);
    /// assert_eq!(solver.states_seen(), 1);
    /// # Ok::<(), puzzle_oracle::gap::LayoutError>(())
    /// ```
    #[must_use]
    pub fn states_seen(&self) -> usize {
        self.states.len()
    }

    /// Runs A* from `start`; returns the goal's index when reached.
    fn search(&mut self, start: Key) -> Option<usize> {
        self.states.clear();
        self.depth.clear();
        self.bound.clear();
        for bucket in &mut self.open {
            bucket.clear();
        }
        let start_bound = estimate(start);
        self.add(start, 0, start_bound);
        if start == GOAL {
            return Some(0);
        }
        let mut f = usize::from(start_bound);
        loop {
            let entry = loop {
                if let Some(entry) = self.open.get_mut(f)?.pop() {
                    break entry;
                }
                // Nothing can join a bucket below the current f again
                // (the bound is consistent): free it.
                self.open[f] = Vec::new();
                f += 1;
            };
            let index = entry as usize;
            let (depth, bound) = (self.depth[index], self.bound[index]);
            if usize::from(depth) + usize::from(bound) != f {
                continue; // Reached more cheaply since it was queued.
            }
            if bound == 0 {
                return Some(index);
            }
            self.expand(index, depth, bound);
        }
    }

    fn expand(&mut self, index: usize, depth: u16, bound: u8) {
        let key = self.states.key(index);
        let board = OpenState::new(key);
        // At most one move per gap, so four; the mask below drops the
        // bounds check.
        let mut moves = [(0, 0); 4];
        let mut count = 0;
        let mut cards = cards_to_move(&board, &mut self.closing);
        while cards != 0 {
            let step = board.move_of(cards.trailing_zeros() as usize);
            cards &= cards - 1;
            let card_cost = &COST[step.card];
            let next_bound = bound - card_cost[step.from] + card_cost[step.to];
            moves[count & 3] = (moved(key, step.card, step.from, step.to), next_bound);
            count += 1;
        }
        // Hash every successor first, so their table loads overlap.
        self.states.reserve(count);
        let mut probes = [Probe::default(); 4];
        for (probe, &(next, _)) in probes.iter_mut().zip(&moves[..count]) {
            *probe = self.states.probe(next);
        }
        self.states.warm(&probes[..count]);
        let next_depth = depth + 1;
        for (probe, &(_, next_bound)) in probes.iter().zip(&moves[..count]) {
            match self.states.insert_probed(probe) {
                Insert::New => self.add_known(next_depth, next_bound),
                Insert::Present(seen) if self.depth[seen] > next_depth => {
                    self.depth[seen] = next_depth;
                    self.queue(seen, next_depth, self.bound[seen]);
                }
                Insert::Present(_) => {}
            }
        }
    }

    /// Records a state just inserted into the set, and queues it.
    fn add_known(&mut self, depth: u16, bound: u8) {
        let index = self.depth.len();
        self.depth.push(depth);
        self.bound.push(bound);
        self.queue(index, depth, bound);
    }

    fn add(&mut self, key: Key, depth: u16, bound: u8) {
        if let Insert::New = self.states.insert(key) {
            self.add_known(depth, bound);
        }
    }

    fn queue(&mut self, index: usize, depth: u16, bound: u8) {
        let f = usize::from(depth) + usize::from(bound);
        if self.open.len() <= f {
            self.open.resize_with(f + 1, Vec::new);
        }
        self.open[f].push(index as u32);
    }

    /// The cards moved on the way to state `goal`, walking back one move
    /// at a time to a stored state one move shallower.
    fn path_to(&self, goal: usize) -> Vec<Card> {
        let mut moves = Vec::with_capacity(usize::from(self.depth[goal]));
        let (mut index, mut key) = (goal, self.states.key(goal));
        while self.depth[index] > 0 {
            let want = self.depth[index] - 1;
            let mut previous = None;
            OpenState::new(key).for_each_move_back(|step| {
                if previous.is_some() {
                    return;
                }
                let before = moved(key, step.card, step.to, step.from);
                if let Some(found) = self.states.get(before)
                    && self.depth[found] == want
                {
                    previous = Some((found, before, step.card));
                }
            });
            // A stored state at depth d > 0 was reached from one at d - 1
            // that still has that depth, so `previous` is always found; a
            // path cut short would be a wrong answer, so stop loudly.
            let Some((found, before, card)) = previous else {
                unreachable!(
                    "state {index} at depth {} has no stored parent",
                    self.depth[index]
                );
            };
            moves.push(Card::from_movable_index(card));
            (index, key) = (found, before);
        }
        moves.reverse();
        debug_assert_eq!(moves.len(), usize::from(self.depth[goal]));
        moves
    }
}
