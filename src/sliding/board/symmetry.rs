//! Board symmetries that carry any target to its goal class's canonical
//! goal.
//!
//! A symmetry of the rectangle (the four flips and half-turns, plus the
//! transposes and quarter-turns on a square) maps cells to cells and keeps
//! adjacency, so it maps solutions to solutions. For each blank cell we
//! keep the first symmetry that carries it to the smallest cell of its
//! orbit, which is the canonical blank cell of its class. A tall board
//! (more rows than columns) is transposed first, so that it lands on the
//! wide board whose tables it shares: 4x2 is answered by the 2x4 tables.
//!
//! This file is shared with `build.rs`, which lists the goal classes from
//! it, so it uses `core` only.

use super::geometry::Geometry;
use super::limits::MAX_CELLS;

/// How many symmetries the board has: the four flips and half-turns of a
/// rectangle, plus the transposes and quarter-turns of a square.
const fn symmetries(board: Geometry) -> u8 {
    if board.rows() == board.cols() { 8 } else { 4 }
}

/// The image of `cell` of `board` under symmetry `symmetry`, a cell of the
/// board's wide orientation ([`Geometry::canonical`]). Bit 2 transposes
/// first (on a square); a tall board is always transposed first; then bit
/// 1 flips the rows and bit 0 the columns.
pub(crate) const fn map_cell(board: Geometry, symmetry: u8, cell: usize) -> usize {
    let canonical = board.canonical();
    let (rows, cols) = (canonical.rows() as usize, canonical.cols() as usize);
    let board_cols = board.cols() as usize;
    let (mut row, mut col) = (cell / board_cols, cell % board_cols);
    if board.rows() > board.cols() || symmetry & 4 != 0 {
        (row, col) = (col, row);
    }
    if symmetry & 2 != 0 {
        row = rows - 1 - row;
    }
    if symmetry & 1 != 0 {
        col = cols - 1 - col;
    }
    row * cols + col
}

/// The first symmetry that carries `cell` of `board` to the smallest cell
/// of its orbit, and that cell: the canonical blank cell of its goal class.
const fn to_class_cell(board: Geometry, cell: usize) -> (u8, usize) {
    let mut best = (0, map_cell(board, 0, cell));
    let mut symmetry = 1;
    while symmetry < symmetries(board) {
        let image = map_cell(board, symmetry, cell);
        if image < best.1 {
            best = (symmetry, image);
        }
        symmetry += 1;
    }
    best
}

/// The goal classes of `board` (either orientation): the canonical blank
/// cell of each, in increasing order, in the wide orientation's cells. The
/// first `count` entries of `cells` are used.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GoalClasses {
    pub cells: [u8; MAX_CELLS],
    pub count: usize,
}

impl GoalClasses {
    pub const fn of(board: Geometry) -> GoalClasses {
        let canonical = board.canonical();
        let mut classes = GoalClasses {
            cells: [0; MAX_CELLS],
            count: 0,
        };
        let mut cell = 0;
        while cell < canonical.cells() {
            if to_class_cell(canonical, cell).1 == cell {
                classes.cells[classes.count] = cell as u8;
                classes.count += 1;
            }
            cell += 1;
        }
        classes
    }

    /// The canonical blank cells, in increasing order.
    #[allow(dead_code, reason = "the build script lists the classes")]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.count]
    }

    /// The index of the class whose canonical blank cell is `cell`.
    const fn index(&self, cell: usize) -> usize {
        let mut class = 0;
        while self.cells[class] as usize != cell {
            class += 1;
        }
        class
    }
}

/// For each blank cell of an `N`-cell board: the cell map into the
/// canonical frame (the wide orientation, the blank on its class's cell)
/// and the goal class's index among the board's classes.
#[derive(Debug)]
pub(crate) struct Frames<const N: usize> {
    /// `to_canonical[b][cell]` is where `cell` goes when the blank is on `b`.
    pub to_canonical: [[u8; N]; N],
    /// `from_canonical[b]` is the inverse map of `to_canonical[b]`.
    pub from_canonical: [[u8; N]; N],
    /// `goal_name[b][cell]` is the tile the canonical goal holds where
    /// `cell` lands: what a target's tile on `cell` is renamed to.
    pub goal_name: [[u8; N]; N],
    /// Index of the blank cell's class in [`GoalClasses::of`] the board.
    pub class: [u8; N],
}

impl<const N: usize> Frames<N> {
    /// Builds the frames of `board`, in either orientation.
    #[allow(dead_code, reason = "the library's board impls build them")]
    pub const fn new(board: Geometry) -> Self {
        assert!(board.cells() == N && N <= MAX_CELLS);
        let classes = GoalClasses::of(board);
        let mut frames = Frames {
            to_canonical: [[0; N]; N],
            from_canonical: [[0; N]; N],
            goal_name: [[0; N]; N],
            class: [0; N],
        };
        let mut blank = 0;
        while blank < N {
            let (best, best_image) = to_class_cell(board, blank);
            let mut cell = 0;
            while cell < N {
                let image = map_cell(board, best, cell);
                frames.to_canonical[blank][cell] = image as u8;
                frames.from_canonical[blank][image] = cell as u8;
                // The canonical goal: blank on `best_image`, then 1, 2, ...
                frames.goal_name[blank][cell] = match image {
                    _ if image == best_image => 0,
                    _ if image < best_image => image as u8 + 1,
                    _ => image as u8,
                };
                cell += 1;
            }
            frames.class[blank] = classes.index(best_image) as u8;
            blank += 1;
        }
        frames
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SEVEN: Frames<8> = Frames::new(Geometry::SEVEN);
    static EIGHT: Frames<9> = Frames::new(Geometry::EIGHT);

    #[test]
    fn classes_are_the_orbits_of_the_blank_cell() {
        let classes = |rows, cols| {
            GoalClasses::of(Geometry::new(rows, cols).unwrap())
                .cells()
                .to_vec()
        };
        assert_eq!(classes(2, 2), [0]);
        assert_eq!(classes(2, 3), [0, 1]);
        assert_eq!(classes(3, 2), [0, 1]);
        assert_eq!(classes(2, 4), [0, 1]);
        assert_eq!(classes(3, 3), [0, 1, 4]);
        assert_eq!(classes(2, 5), [0, 1, 2]);
        assert_eq!(classes(5, 2), [0, 1, 2]);
        assert_eq!(classes(4, 4), [0, 1, 5]);
    }

    #[test]
    fn a_tall_board_lands_in_the_wide_frame() {
        // 4x2, blank on cell 7 (bottom right): transposed it is cell 7 of
        // 2x4 (bottom right), a corner, flipped to cell 0.
        let tall = Geometry::new(4, 2).unwrap();
        let frames: Frames<8> = Frames::new(tall);
        assert_eq!(frames.class[7], 0);
        assert_eq!(frames.to_canonical[7][7], 0);
        // Cell 2 (second row, left) is a middle column of 2x4.
        assert_eq!(frames.class[2], 1);
        for map in &frames.to_canonical {
            for a in 0..8 {
                for b in 0..8 {
                    let (ma, mb) = (usize::from(map[a]), usize::from(map[b]));
                    assert_eq!(tall.taxicab(a, b), Geometry::SEVEN.taxicab(ma, mb));
                }
            }
        }
    }

    #[test]
    fn every_blank_cell_lands_on_its_class_cell() {
        let corner_or_middle = [0, 1, 1, 0, 0, 1, 1, 0];
        for blank in 0..8 {
            assert_eq!(SEVEN.class[blank], corner_or_middle[blank]);
            let image = SEVEN.to_canonical[blank][blank];
            assert_eq!(image, [0, 1][usize::from(corner_or_middle[blank])]);
        }
        let eight = [0, 1, 0, 1, 2, 1, 0, 1, 0];
        for blank in 0..9 {
            assert_eq!(EIGHT.class[blank], eight[blank]);
            assert_eq!(
                EIGHT.to_canonical[blank][blank],
                [0, 1, 4][usize::from(eight[blank])]
            );
        }
    }

    #[test]
    fn symmetries_keep_adjacency() {
        fn check<const N: usize>(geometry: Geometry, frames: &Frames<N>) {
            for map in &frames.to_canonical {
                for a in 0..N {
                    for b in 0..N {
                        let (ma, mb) = (usize::from(map[a]), usize::from(map[b]));
                        assert_eq!(geometry.taxicab(a, b), geometry.taxicab(ma, mb));
                    }
                }
            }
        }
        check(Geometry::SEVEN, &SEVEN);
        check(Geometry::EIGHT, &EIGHT);
    }
}
