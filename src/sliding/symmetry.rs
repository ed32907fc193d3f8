//! Board symmetries that carry any target to its goal class's canonical
//! goal.
//!
//! A symmetry of the rectangle (the four flips and half-turns, plus the
//! transposes and quarter-turns on a square) maps cells to cells and keeps
//! adjacency, so it maps solutions to solutions. For each blank cell we
//! keep the first symmetry that carries it to the smallest cell of its
//! orbit, which is the canonical blank cell of its class.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]

use super::geometry::Geometry;
use super::spec::{self, Spec};

/// For each blank cell of an `N`-cell board: the cell map into the
/// canonical frame and the goal class's index among the board's classes.
#[derive(Debug)]
pub(crate) struct Frames<const N: usize> {
    /// `to_canonical[b][cell]` is where `cell` goes when the blank is on `b`.
    pub to_canonical: [[u8; N]; N],
    /// `from_canonical[b]` is the inverse map of `to_canonical[b]`.
    pub from_canonical: [[u8; N]; N],
    /// `goal_name[b][cell]` is the tile the canonical goal holds where
    /// `cell` lands: what a target's tile on `cell` is renamed to.
    pub goal_name: [[u8; N]; N],
    /// Index of the blank cell's class in the board's list of canonical
    /// blank cells.
    pub class: [u8; N],
}

/// The image of `cell` under symmetry `symmetry` (bit 0: flip columns,
/// bit 1: flip rows, bit 2: transpose first; transposes only on squares).
const fn map_cell(geometry: Geometry, symmetry: u8, cell: usize) -> usize {
    let (rows, cols) = (geometry.rows() as usize, geometry.cols() as usize);
    let (mut row, mut col) = (cell / cols, cell % cols);
    if symmetry & 4 != 0 {
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

impl<const N: usize> Frames<N> {
    /// Builds the frames of the board `spec`, whose classes' canonical
    /// blank cells are each the smallest cell of its orbit.
    pub const fn new(spec: &Spec) -> Self {
        let geometry = spec.geometry;
        assert!(geometry.cells() == N);
        let symmetries = if geometry.rows() == geometry.cols() {
            8
        } else {
            4
        };
        let mut frames = Frames {
            to_canonical: [[0; N]; N],
            from_canonical: [[0; N]; N],
            goal_name: [[0; N]; N],
            class: [0; N],
        };
        let mut blank = 0;
        while blank < N {
            // The first symmetry reaching the smallest image of `blank`.
            let mut best = 0;
            let mut best_image = map_cell(geometry, 0, blank);
            let mut symmetry = 1;
            while symmetry < symmetries {
                let image = map_cell(geometry, symmetry, blank);
                if image < best_image {
                    (best, best_image) = (symmetry, image);
                }
                symmetry += 1;
            }
            let mut cell = 0;
            while cell < N {
                let image = map_cell(geometry, best, cell);
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
            let mut class = 0;
            while spec.classes[class].0 as usize != best_image {
                class += 1;
            }
            frames.class[blank] = class as u8;
            blank += 1;
        }
        frames
    }
}

/// The 2x4 board's frames, for the classes of its spec.
pub(crate) static SEVEN: Frames<8> = Frames::new(&spec::SEVEN);
/// The 3x3 board's frames.
pub(crate) static EIGHT: Frames<9> = Frames::new(&spec::EIGHT);
/// The 4x4 board's frames, for the classes of its pattern databases.
#[cfg_attr(
    not(feature = "fifteen"),
    allow(dead_code, reason = "used by the 4x4 search")
)]
pub(crate) static FIFTEEN: Frames<16> = Frames::new(&spec::FIFTEEN);

#[cfg(test)]
mod tests {
    use super::*;

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
