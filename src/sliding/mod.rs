//! The sliding puzzles whose every state is in a table: the 2x4 and 3x3
//! boards. The board type, its geometry and symmetries, and the parsing
//! are shared with the 4x4 board (see [`crate::fifteen`]).

mod board;
mod board_error;
pub mod catalog;
mod geometry;
mod goal;
mod packing;
mod puzzle;
pub mod rank;
mod solve;
pub(crate) mod symmetry;
pub mod tables;

pub use board::{Board, EightBoard, FifteenBoard, SevenBoard};
pub use board_error::BoardError;
pub use geometry::{Direction, Geometry};
pub use goal::GoalClass;
pub use packing::Packing;
pub use puzzle::{Puzzle, Tabled};
pub use solve::Solution;
