//! Every board of a shape, each tile its own: the complete state space,
//! searched breadth-first for its histogram (how many boards lie at each
//! distance from the goal), in slides or, taking only the slides of one
//! tile, in single-tile moves.
//!
//! The 12-cell boards have 239,500,800 boards a goal class: two bits each
//! while searched (60 MB, and a bit each marking it expanded, 30 MB), a
//! number each from the blank's cell and the tiles' Lehmer code over the
//! cells left. The last two tiles are not numbered: of their two orders
//! only one has the parity the blank's row asks for, so a number is one
//! of (cells - 1)! / 2 a blank cell.

use std::vec::Vec;

use core::marker::PhantomData;

use super::abstraction::{Along, CELLS, SlideTable, slides};
use super::breadth_first::{Space, build_remainders};
use crate::sliding::board::Geometry;
use crate::sliding::metric::{Metric, MetricKind};

/// The boards of one shape that reach a goal, a nibble a cell: the goal
/// holds its blank on `goal_blank` and the tiles 1, 2, ... in order on the
/// other cells. Their neighbours are a move of metric `M` away.
pub(super) struct Arrangements<M> {
    cells: usize,
    cols: usize,
    goal_blank: usize,
    /// The numbers of each blank cell: (cells - 1)! / 2.
    per_blank: usize,
    slides: &'static SlideTable,
    metric: PhantomData<M>,
}

impl<M: Metric> Arrangements<M> {
    /// The boards of `geometry` (at most 16 cells, at least 3) that reach
    /// the goal with the blank on `goal_blank`.
    pub fn new(geometry: Geometry, goal_blank: usize) -> Self {
        let cells = geometry.cells();
        assert!((3..=CELLS).contains(&cells), "3 to 16 cells");
        assert!(goal_blank < cells, "the goal's blank on the board");
        Arrangements {
            cells,
            cols: usize::from(geometry.cols()),
            goal_blank,
            per_blank: (2..cells).product::<usize>() / 2,
            slides: slides(geometry),
            metric: PhantomData,
        }
    }

    /// The parity of the tiles' order, read along the cells the blank is
    /// not on, that a board with the blank on `blank` has (the goal's is
    /// even): a slide along a row keeps the order, one cell along a column
    /// moves one tile past `cols - 1` others.
    fn parity(&self, blank: usize) -> usize {
        ((blank / self.cols + self.goal_blank / self.cols) * (self.cols - 1)) & 1
    }

    /// The number of `board` (a nibble a cell), the blank on `blank`.
    #[inline(always)]
    fn number(&self, board: u64, blank: usize) -> usize {
        let tiles = self.cells - 1;
        let mut unused: u32 = ((1 << tiles) - 1) << 1;
        let mut rank = 0;
        let mut place = 0;
        for cell in 0..self.cells {
            if place + 2 == tiles {
                break;
            }
            if cell == blank {
                continue;
            }
            let tile = (board >> (4 * cell) & 0xf) as u32;
            let smaller = (unused & ((1 << tile) - 1)).count_ones() as usize;
            rank = rank * (tiles - place) + smaller;
            unused &= !(1 << tile);
            place += 1;
        }
        blank * self.per_blank + rank
    }

    /// The board numbered `number`, and its blank's cell.
    #[inline(always)]
    fn board(&self, number: usize) -> (u64, usize) {
        let tiles = self.cells - 1;
        let (blank, mut rank) = (number / self.per_blank, number % self.per_blank);
        let mut digits = [0usize; CELLS];
        for place in (0..tiles - 2).rev() {
            let radix = tiles - place;
            digits[place] = rank % radix;
            rank /= radix;
        }
        let mut unused: u32 = ((1 << tiles) - 1) << 1;
        let mut order = [0u32; CELLS];
        let mut parity = 0;
        for (place, &digit) in digits.iter().enumerate().take(tiles - 2) {
            let tile = nth_one(unused, digit);
            order[place] = tile;
            unused &= !(1 << tile);
            parity ^= digit & 1;
        }
        let (low, high) = (unused.trailing_zeros(), 31 - unused.leading_zeros());
        // The last two in increasing order add no inversion.
        (order[tiles - 2], order[tiles - 1]) = if parity == self.parity(blank) {
            (low, high)
        } else {
            (high, low)
        };
        let mut board = 0u64;
        let mut place = 0;
        for cell in 0..self.cells {
            if cell != blank {
                board |= u64::from(order[place]) << (4 * cell);
                place += 1;
            }
        }
        (board, blank)
    }
}

/// The place of the `n`th one of `bits`, from the lowest.
#[inline(always)]
fn nth_one(mut bits: u32, n: usize) -> u32 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

impl<M: Metric> Space for Arrangements<M> {
    fn states(&self) -> usize {
        self.cells * self.per_blank
    }

    fn goal(&self) -> usize {
        let mut goal = 0u64;
        let cells = (0..self.cells).filter(|&cell| cell != self.goal_blank);
        for (tile, cell) in (1u64..).zip(cells) {
            goal |= tile << (4 * cell);
        }
        self.number(goal, self.goal_blank)
    }

    #[inline(always)]
    fn any_neighbour<const PEXT: bool>(
        &self,
        state: usize,
        mut each: impl FnMut(usize) -> bool,
    ) -> bool {
        let (board, blank) = self.board(state);
        let one_tile = M::KIND == MetricKind::Stm;
        self.slides[blank]
            .iter()
            .flat_map(Along::slides)
            .filter(|slide| !one_tile || slide.moves_one_tile())
            .any(|slide| each(self.number(slide.nibbles(board), usize::from(slide.to))))
    }
}

/// How many boards of `geometry` (3 to 16 cells) lie at each distance in
/// metric `M` from a target with its blank on `target_blank`, by a
/// breadth-first search over every board on `threads` threads, telling
/// `reached` how many boards each chunk reached. 3x4's and 2x6's take
/// about 90 MB and 15 s on two cores, in either metric;
/// a board of 14 cells or more would take hours. The boards up to 10
/// cells read theirs from their tables instead.
///
/// # Panics
///
/// When `geometry` has fewer than 3 cells or more than 16, or
/// `target_blank` is off the board.
#[must_use]
pub fn histogram_by_search<M: Metric>(
    geometry: Geometry,
    target_blank: usize,
    threads: usize,
    reached: &(dyn Fn(u64) + Sync),
) -> Vec<u64> {
    let space = Arrangements::<M>::new(geometry, target_blank);
    let (_, sizes) = build_remainders(&space, threads, reached);
    sizes.into_iter().map(|size| size as u64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::metric::{Mtm, Stm};

    #[test]
    fn numbers_are_one_to_one_and_keep_the_parity() {
        let space = Arrangements::<Mtm>::new(Geometry::SEVEN, 5);
        assert_eq!(space.states(), 8 * 5040 / 2);
        for number in 0..space.states() {
            let (board, blank) = space.board(number);
            assert_eq!(board >> (4 * blank) & 0xf, 0);
            assert_eq!(space.number(board, blank), number);
        }
    }

    #[test]
    fn the_histograms_of_small_boards_are_those_of_a_plain_search() {
        check_small_boards::<Mtm>();
        check_small_boards::<Stm>();
    }

    /// A plain breadth-first search over boards as vectors, a tile a move
    /// or a slide a move.
    fn check_small_boards<M: Metric>() {
        use std::collections::HashMap;
        let one_tile = M::KIND == MetricKind::Stm;
        for (geometry, goal_blank) in [
            (Geometry::SEVEN, 0),
            (Geometry::SEVEN, 6),
            (Geometry::EIGHT, 0),
            (Geometry::EIGHT, 4),
            (Geometry::new(3, 2).unwrap(), 3),
        ] {
            let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
            let cells = rows * cols;
            let mut goal: Vec<u8> = (1..cells as u8).collect();
            goal.insert(goal_blank, 0);
            let mut seen = HashMap::from([(goal.clone(), ())]);
            let mut layer = std::vec![goal];
            let mut expected = Vec::new();
            while !layer.is_empty() {
                expected.push(layer.len() as u64);
                let mut next = Vec::new();
                for board in &layer {
                    let blank = board.iter().position(|&tile| tile == 0).unwrap();
                    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                        let (mut r, mut c) = ((blank / cols) as i32, (blank % cols) as i32);
                        let mut moved = board.clone();
                        let mut at = blank;
                        loop {
                            (r, c) = (r + dr, c + dc);
                            if !(0..rows as i32).contains(&r) || !(0..cols as i32).contains(&c) {
                                break;
                            }
                            let to = r as usize * cols + c as usize;
                            moved.swap(at, to);
                            at = to;
                            if seen.insert(moved.clone(), ()).is_none() {
                                next.push(moved.clone());
                            }
                            if one_tile {
                                break;
                            }
                        }
                    }
                }
                layer = next;
            }
            assert_eq!(
                histogram_by_search::<M>(geometry, goal_blank, 3, &|_| {}),
                expected,
                "{rows}x{cols}, the blank on {goal_blank}, {}",
                M::NAME
            );
        }
    }
}
