//! The sliding puzzles whose every state is in a table: the 2x4 and 3x3
//! boards. The board type, its geometry and symmetries, and the parsing
//! are shared with the 4x4 board (see [`crate::fifteen`]).

mod board;
mod board_error;
pub mod catalog;
#[cfg(feature = "alloc")]
mod count;
mod geometry;
mod goal;
mod hints;
mod packing;
mod puzzle;
pub mod rank;
#[cfg(feature = "alloc")]
mod sample;
mod solve;
pub(crate) mod spec;
pub(crate) mod symmetry;
pub mod tables;

pub use board::{Board, EightBoard, FifteenBoard, SevenBoard};
pub use board_error::BoardError;
#[cfg(feature = "alloc")]
pub use count::OptimalSolutions;
pub use geometry::{Direction, Geometry};
pub use goal::GoalClass;
pub use hints::{Moves, MovesIter};
pub use packing::Packing;
pub use puzzle::{Puzzle, Tabled};
#[cfg(feature = "alloc")]
pub use sample::{SampleError, Sampler, SplitMix64};
pub use solve::Solution;
